// The discipline choice (machines/discipline.ts) step by step, fast: `npm run mutation` runs these against each
// mutant (the model's paths are in discipline.test.ts).
import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { type DisciplineInput, type LookupResponse, disciplineMachine } from '../../machines/discipline.ts'
import { DISCIPLINE, LOOKUP } from './models/discipline.model.ts'

const tick = () => new Promise<void>((resolve) => setImmediate(resolve))

function startDiscipline(input: DisciplineInput) {
  const calls: unknown[] = []
  const machine = disciplineMachine.provide({
    actors: {
      loadDisciplines: fromPromise(
        async ({ input: request }: { input: { keys: 'ss' } }): Promise<LookupResponse> => {
          calls.push(request)
          return LOOKUP
        },
      ),
    },
  })
  return { actor: createActor(machine, { input }).start(), calls }
}

describe('discipline: first visit (spec §4)', () => {
  it('defaults to tennis, sector 1, on a window wider than 991 px', () => {
    const { actor } = startDiscipline({ viewportWidth: 992 })
    expect(actor.getSnapshot().context).toMatchObject({
      disciplina: 'tennis',
      id_settore: 1,
      redirectTo: null,
    })
  })

  it('asks for a choice on a window of 991 px or less', () => {
    const { actor } = startDiscipline({ viewportWidth: 991 })
    expect(actor.getSnapshot().context).toMatchObject({
      disciplina: null,
      id_settore: null,
      lastLocation: '/scelta-disciplina',
      redirectTo: '/scelta-disciplina',
    })
  })

  it('does not ask for a choice on a phone opened at an address outside the route table («Pagina non trovata»)', () => {
    const { actor } = startDiscipline({ viewportWidth: 375, openedAtKnownPath: false })
    expect(actor.getSnapshot().context).toMatchObject({
      disciplina: null,
      id_settore: null,
      lastLocation: null,
      redirectTo: null,
    })
    // On a computer the default still applies: it sends nowhere.
    const wide = startDiscipline({ viewportWidth: 1280, openedAtKnownPath: false }).actor
    expect(wide.getSnapshot().context).toMatchObject({
      disciplina: 'tennis',
      id_settore: 1,
      redirectTo: null,
    })
  })

  it('keeps a stored choice on any window', () => {
    const { actor } = startDiscipline({ viewportWidth: 1920, storedDisciplina: 'Padel', storedSectorId: '2' })
    expect(actor.getSnapshot().context).toMatchObject({ disciplina: 'padel', id_settore: 2 })
  })
})

describe('discipline: the list and the choice', () => {
  it("fetches lookup/get with keys 'ss' once, then chooses a discipline and its sectors", async () => {
    const { actor, calls } = startDiscipline({ viewportWidth: 1280 })
    actor.send({ type: 'discipline.load' })
    await tick()
    expect(actor.getSnapshot().matches('ready')).toBe(true)
    expect(actor.getSnapshot().can({ type: 'discipline.load' })).toBe(false)
    expect(calls).toEqual([{ keys: 'ss' }])
    expect(actor.getSnapshot().context.settori).toEqual(DISCIPLINE[0]!.settori)

    actor.send({ type: 'discipline.choose', disciplina: 'padel' })
    expect(actor.getSnapshot().context).toMatchObject({
      disciplina: 'padel',
      id_settore: 2,
      settori: [{ id_settore: 2, settore: 'Padel' }],
    })
    actor.send({ type: 'discipline.choose', disciplina: 'tennis', id_settore: 4 })
    expect(actor.getSnapshot().context.id_settore).toBe(4)
  })

  it('does not fetch again when the list is already loaded', () => {
    const { actor, calls } = startDiscipline({ viewportWidth: 1280, discipline: DISCIPLINE })
    actor.send({ type: 'discipline.load' })
    expect(actor.getSnapshot().matches('ready')).toBe(true)
    expect(calls).toEqual([])
  })

  it('derives the discipline from a stored sector once the list arrives', async () => {
    const { actor } = startDiscipline({ viewportWidth: 390, storedSectorId: 9 })
    actor.send({ type: 'discipline.load' })
    await tick()
    expect(actor.getSnapshot().context).toMatchObject({ disciplina: 'tennis', id_settore: 9 })
  })

  it('toggles or sets ricorda_scelta', () => {
    const { actor } = startDiscipline({ viewportWidth: 1280 })
    actor.send({ type: 'discipline.rememberChoice' })
    expect(actor.getSnapshot().context.ricorda_scelta).toBe(true)
    actor.send({ type: 'discipline.rememberChoice', value: true })
    expect(actor.getSnapshot().context.ricorda_scelta).toBe(true)
    actor.send({ type: 'discipline.rememberChoice', value: false })
    expect(actor.getSnapshot().context.ricorda_scelta).toBe(false)
  })
})

describe('discipline: the sector in the query (spec §2 "On load")', () => {
  it('a link to a page sets discipline and sector, then opens that page without the choice', () => {
    const { actor } = startDiscipline({
      viewportWidth: 1280,
      storedDisciplina: 'padel',
      storedSectorId: 2,
      storedLastLocation: '/faq',
    })
    actor.send({
      type: 'discipline.fromQuery',
      settore: '1',
      disciplina: 'TENNIS',
      path: '/news-dettaglio/27',
    })
    expect(actor.getSnapshot().context).toMatchObject({
      disciplina: 'tennis',
      id_settore: 1,
      redirectTo: '/news-dettaglio/27',
    })
  })

  it('a new visitor on a phone opens the shared page, not the choice (the first-visit detour is dropped)', () => {
    const { actor } = startDiscipline({ viewportWidth: 375 })
    expect(actor.getSnapshot().context.redirectTo).toBe('/scelta-disciplina')
    actor.send({
      type: 'discipline.fromQuery',
      settore: '1',
      disciplina: 'tennis',
      path: '/news-dettaglio/27',
    })
    expect(actor.getSnapshot().context).toMatchObject({
      disciplina: 'tennis',
      id_settore: 1,
      redirectTo: '/news-dettaglio/27',
    })
  })

  it('a link naming the stored sector just opens its page', () => {
    const { actor } = startDiscipline({ viewportWidth: 375, storedDisciplina: 'tennis', storedSectorId: 1 })
    actor.send({ type: 'discipline.fromQuery', settore: 1, disciplina: 'tennis', path: '/news?pagina=2' })
    expect(actor.getSnapshot().context).toMatchObject({
      disciplina: 'tennis',
      id_settore: 1,
      redirectTo: '/news?pagina=2',
    })
  })

  it("a link naming no page sends the user to the last stored location (the spec's rule)", () => {
    const { actor } = startDiscipline({
      viewportWidth: 1280,
      storedDisciplina: 'tennis',
      storedSectorId: 1,
      storedLastLocation: '/classifiche/race-annuale',
    })
    actor.send({ type: 'discipline.fromQuery', settore: '3', disciplina: 'BEACH-TENNIS', path: '/' })
    expect(actor.getSnapshot().context).toMatchObject({
      disciplina: 'beach-tennis',
      id_settore: 3,
      redirectTo: '/classifiche/race-annuale',
    })
  })

  it('ignores a link naming no page with the stored sector, or no valid sector', () => {
    const { actor } = startDiscipline({ viewportWidth: 1280, storedDisciplina: 'tennis', storedSectorId: 1 })
    for (const settore of ['abc', null]) {
      expect(
        actor
          .getSnapshot()
          .can({ type: 'discipline.fromQuery', settore, disciplina: 'padel', path: '/home' }),
      ).toBe(false)
    }
    expect(actor.getSnapshot().can({ type: 'discipline.fromQuery', settore: '1', path: '/' })).toBe(false)
    expect(
      actor.getSnapshot().can({ type: 'discipline.fromQuery', settore: '1', path: '//evil.example/' }),
    ).toBe(false)
  })

  it('goes to /home when no location was stored, or only the choice itself', () => {
    for (const storedLastLocation of [null, '/scelta-disciplina']) {
      const { actor } = startDiscipline({
        viewportWidth: 1280,
        storedDisciplina: 'tennis',
        storedSectorId: 1,
        storedLastLocation,
      })
      actor.send({ type: 'discipline.fromQuery', settore: 2, disciplina: 'padel' })
      expect(actor.getSnapshot().context.redirectTo).toBe('/home')
    }
  })
})
