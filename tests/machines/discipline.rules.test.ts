// The discipline choice (machines/discipline.ts) rule by rule through xstate's pure `transition()`: the first
// visit's default (spec §4), the list loaded once, the choice of a discipline and its sector, a shared link's
// sector (spec §2 «On load») and the way back to the page. The rules come from the spec and the machine's header,
// not from its code; a refused step leaves the snapshot as it was. Fast: `npm run mutation` runs it per mutant.
import {
  type AnyActorLogic,
  type AnyMachineSnapshot,
  createActor,
  initialTransition,
  transition,
} from 'xstate'
import { describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import type { Disciplina } from '../../contract/lookup.ts'
import {
  type DisciplineContext,
  type DisciplineEvent,
  type DisciplineInput,
  type LookupResponse,
  disciplineLabels,
  disciplineMachine,
  disciplineOf,
  findDisciplina,
  settoriOf,
} from '../../machines/discipline.ts'
import { DISCIPLINE, LOOKUP } from './models/discipline.model.ts'

const TENNIS = DISCIPLINE[0]!
const PADEL = DISCIPLINE[1]!
/** A discipline the federation lists without sectors yet. */
const EMPTY: Disciplina = { id: 9, disciplina: 'pickleball', nome: 'Pickleball', settori: [] }
const LIST = [...DISCIPLINE, EMPTY]

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as DisciplineContext
const start = (input: Partial<DisciplineInput> = {}) =>
  initialTransition(disciplineMachine, { viewportWidth: 1280, ...input })[0]
const step = (
  snapshot: AnyMachineSnapshot,
  event: DisciplineEvent | { type: string; [key: string]: unknown },
) => transition(disciplineMachine, snapshot, event as never)[0]
const at = (value: string, context: Partial<DisciplineContext> = {}) =>
  disciplineMachine.resolveState({
    value,
    context: {
      discipline: LIST,
      disciplina: 'tennis',
      id_settore: 1,
      settori: TENNIS.settori,
      ricorda_scelta: false,
      viewportWidth: 1280,
      openedAtKnownPath: true,
      lastLocation: null,
      redirectTo: null,
      error: null,
      ...context,
    },
  })

describe('discipline: the stored choice and the first visit (spec §4)', () => {
  it('starts from what was stored, the code in lower case and the sector only when it is one', () => {
    const snapshot = start({
      storedDisciplina: 'TENNIS',
      storedSectorId: '4',
      discipline: LIST,
      ricordaScelta: true,
      storedLastLocation: '/news',
    })
    expect(snapshot.value).toBe('idle')
    expect(ctx(snapshot)).toEqual({
      discipline: LIST,
      disciplina: 'tennis',
      id_settore: 4,
      settori: TENNIS.settori,
      ricorda_scelta: true,
      viewportWidth: 1280,
      openedAtKnownPath: true,
      lastLocation: '/news',
      redirectTo: null,
      error: null,
    })
    for (const storedSectorId of ['0', 0, -2, '1.5', 'padel', '', null, undefined])
      expect([storedSectorId, ctx(start({ storedDisciplina: 'padel', storedSectorId })).id_settore]).toEqual([
        storedSectorId,
        null,
      ])
    expect(ctx(start({ storedDisciplina: 'padel', storedSectorId: 2 })).id_settore).toBe(2)
  })

  it('knows no sectors before the list, and no choice nor memory by default', () => {
    expect(ctx(start({ storedDisciplina: 'padel', storedSectorId: 2 }))).toMatchObject({
      discipline: null,
      settori: [],
      ricorda_scelta: false,
      lastLocation: null,
    })
  })

  it('chooses tennis, sector 1, on a first visit wider than 991 px', () => {
    expect(ctx(start({ viewportWidth: 992 }))).toMatchObject({
      disciplina: 'tennis',
      id_settore: 1,
      redirectTo: null,
      lastLocation: null,
    })
  })

  it('asks for the choice on a first visit of 991 px or less, at a page of the portal', () => {
    expect(ctx(start({ viewportWidth: 991 }))).toMatchObject({
      disciplina: null,
      id_settore: null,
      redirectTo: '/scelta-disciplina',
      lastLocation: '/scelta-disciplina',
    })
    // At an unknown address «Pagina non trovata» stays: no detour.
    expect(ctx(start({ viewportWidth: 400, openedAtKnownPath: false }))).toMatchObject({
      disciplina: null,
      redirectTo: null,
      lastLocation: null,
    })
  })

  it('is no first visit once a discipline or a sector is stored, on any window', () => {
    for (const stored of [{ storedDisciplina: 'padel' }, { storedSectorId: 2 }])
      for (const viewportWidth of [400, 1280])
        expect(ctx(start({ ...stored, viewportWidth }))).toMatchObject({
          redirectTo: null,
          lastLocation: null,
          ...(stored.storedSectorId
            ? { id_settore: 2, disciplina: null }
            : { disciplina: 'padel', id_settore: null }),
        })
  })
})

describe('discipline: the list, loaded once', () => {
  it('goes straight to ready when the list is already loaded, else loads it', () => {
    expect(step(start({ discipline: LIST }), { type: 'discipline.load' }).value).toBe('ready')
    const loading = step(start(), { type: 'discipline.load' })
    expect(loading.value).toBe('loading')
    expect(loading.hasTag('busy')).toBe(true)
    expect(start().hasTag('busy')).toBe(false)
  })

  it('takes the list and, for a stored sector alone, the discipline it belongs to', () => {
    const loading = step(start({ storedSectorId: 4, viewportWidth: 400 }), { type: 'discipline.load' })
    const ready = step(loading, { type: 'xstate.done.actor.loadDisciplines', output: LOOKUP })
    expect(ready.value).toBe('ready')
    expect(ctx(ready)).toMatchObject({
      discipline: DISCIPLINE,
      disciplina: 'tennis',
      id_settore: 4,
      settori: TENNIS.settori,
      error: null,
    })
    // A stored discipline wins; a sector no discipline has gives none.
    const stored = step(
      step(start({ storedDisciplina: 'padel', storedSectorId: 4 }), { type: 'discipline.load' }),
      { type: 'xstate.done.actor.loadDisciplines', output: LOOKUP },
    )
    expect(ctx(stored)).toMatchObject({ disciplina: 'padel', settori: PADEL.settori })
    const orphan = step(step(start({ storedSectorId: 77 }), { type: 'discipline.load' }), {
      type: 'xstate.done.actor.loadDisciplines',
      output: LOOKUP,
    })
    expect(ctx(orphan)).toMatchObject({ disciplina: null, settori: [] })
  })

  it('fails with the generic message on an empty answer or an error, and «Riprova» loads again', () => {
    const loading = step(start(), { type: 'discipline.load' })
    for (const output of [{ result: [] }, { result: [{ discipline: [] }] }] satisfies LookupResponse[]) {
      const failed = step(loading, { type: 'xstate.done.actor.loadDisciplines', output })
      expect(failed.value).toBe('failed')
      expect(ctx(failed).error).toBe(MESSAGES.generic)
      expect(ctx(failed).discipline).toBeNull()
    }
    const failed = step(loading, {
      type: 'xstate.error.actor.loadDisciplines',
      error: new Error('Failed to fetch'),
    })
    expect(failed.value).toBe('failed')
    expect(ctx(failed).error).toBe(MESSAGES.generic)
    const again = step(failed, { type: 'discipline.retry' })
    expect(again.value).toBe('loading')
    expect(ctx(again).error).toBeNull()
    expect(step(again, { type: 'xstate.done.actor.loadDisciplines', output: LOOKUP }).value).toBe('ready')
  })

  it('retries only after a failure, and loads only from idle', () => {
    for (const value of ['idle', 'loading', 'ready'])
      expect(at(value).can({ type: 'discipline.retry' })).toBe(false)
    for (const value of ['loading', 'ready', 'failed'])
      expect(at(value).can({ type: 'discipline.load' })).toBe(false)
  })
})

describe('discipline: choosing', () => {
  it('takes a discipline of the list, in any case, with the given sector when it is one of its own', () => {
    const chosen = step(at('ready'), { type: 'discipline.choose', disciplina: 'TENNIS', id_settore: 9 })
    expect(ctx(chosen)).toMatchObject({ disciplina: 'tennis', id_settore: 9, settori: TENNIS.settori })
    expect(
      ctx(step(at('ready'), { type: 'discipline.choose', disciplina: 'tennis', id_settore: 2 })),
    ).toMatchObject({ id_settore: 1 })
    expect(ctx(step(at('ready'), { type: 'discipline.choose', disciplina: 'padel' }))).toMatchObject({
      disciplina: 'padel',
      id_settore: 2,
      settori: PADEL.settori,
    })
    expect(ctx(step(at('ready'), { type: 'discipline.choose', disciplina: 'pickleball' }))).toMatchObject({
      disciplina: 'pickleball',
      id_settore: null,
      settori: [],
    })
  })

  it('keeps the list’s own spelling of the code chosen', () => {
    const spelled = at('ready', { discipline: [{ ...PADEL, disciplina: 'Padel' }] })
    expect(ctx(step(spelled, { type: 'discipline.choose', disciplina: 'PADEL' })).disciplina).toBe('Padel')
  })

  it('refuses a discipline not in the list, and any choice before the list is ready', () => {
    const ready = at('ready')
    expect(ready.can({ type: 'discipline.choose', disciplina: 'golf' })).toBe(false)
    expect(step(ready, { type: 'discipline.choose', disciplina: 'golf' })).toBe(ready)
    expect(at('idle').can({ type: 'discipline.choose', disciplina: 'padel' })).toBe(false)
    expect(at('failed').can({ type: 'discipline.choose', disciplina: 'padel' })).toBe(false)
  })

  it('remembers the choice on request, anywhere: toggled, or set', () => {
    for (const value of ['idle', 'loading', 'ready', 'failed']) {
      const toggled = step(at(value), { type: 'discipline.rememberChoice' })
      expect([
        value,
        ctx(toggled).ricorda_scelta,
        ctx(step(toggled, { type: 'discipline.rememberChoice' })).ricorda_scelta,
      ]).toEqual([value, true, false])
      expect(ctx(step(toggled, { type: 'discipline.rememberChoice', value: true })).ricorda_scelta).toBe(true)
      expect(ctx(step(at(value), { type: 'discipline.rememberChoice', value: false })).ricorda_scelta).toBe(
        false,
      )
    }
  })
})

describe('discipline: a shared link’s sector (spec §2 «On load»)', () => {
  const query = (settore: unknown, path?: string | null, disciplina?: string | null) =>
    ({
      type: 'discipline.fromQuery',
      settore,
      ...(path === undefined ? {} : { path }),
      ...(disciplina === undefined ? {} : { disciplina }),
    }) as DisciplineEvent

  it('a link to a page with another sector sets discipline and sector, and opens that page', () => {
    for (const value of ['idle', 'loading', 'ready', 'failed']) {
      const linked = step(at(value), query('2', '/tornei?x=1#t', 'PADEL'))
      expect([value, linked.value, ctx(linked)]).toEqual([
        value,
        value,
        expect.objectContaining({
          id_settore: 2,
          disciplina: 'padel',
          settori: PADEL.settori,
          redirectTo: '/tornei?x=1#t',
        }),
      ])
    }
  })

  it('without a discipline in the link, takes the sector’s own, or keeps the one chosen before the list', () => {
    expect(ctx(step(at('ready'), query(2, '/news')))).toMatchObject({
      disciplina: 'padel',
      settori: PADEL.settori,
    })
    expect(ctx(step(at('idle', { discipline: null, settori: [] }), query(2, '/news')))).toMatchObject({
      disciplina: 'tennis',
      id_settore: 2,
      settori: [],
    })
    expect(ctx(step(at('ready'), query(77, '/news', '')))).toMatchObject({
      disciplina: 'tennis',
      id_settore: 77,
    })
  })

  it('a link naming no page goes to the last stored location, or /home', () => {
    const lastly = { lastLocation: '/tornei/calendario-tornei' }
    for (const path of [
      '/',
      '/scelta-disciplina',
      '/scelta-disciplina?x=1',
      null,
      '//altro.sito/pagina',
      'https://altro.sito/',
      '/\\altro',
    ])
      expect([path, ctx(step(at('ready', lastly), query(2, path))).redirectTo]).toEqual([
        path,
        '/tornei/calendario-tornei',
      ])
    expect(ctx(step(at('ready', lastly), query(2))).redirectTo).toBe('/tornei/calendario-tornei')
    expect(ctx(step(at('ready'), query(2, '/'))).redirectTo).toBe('/home')
    expect(ctx(step(at('ready', { lastLocation: '/scelta-disciplina' }), query(2, '/'))).redirectTo).toBe(
      '/home',
    )
    expect(ctx(step(at('ready', { lastLocation: '/' }), query(3, '/'))).redirectTo).toBe('/home')
  })

  it('a link naming the stored sector just opens its page, and with no page does nothing', () => {
    const same = step(at('ready'), query('1', '/news', 'padel'))
    expect(ctx(same)).toMatchObject({ disciplina: 'tennis', id_settore: 1, redirectTo: '/news' })
    const nothing = at('ready', { lastLocation: '/tornei' })
    expect(nothing.can(query(1, '/'))).toBe(false)
    expect(step(nothing, query(1, '/'))).toBe(nothing)
  })

  it('ignores a link whose sector is no sector', () => {
    const ready = at('ready')
    for (const settore of ['0', '-1', '2.5', 'padel', '', null, undefined, true])
      expect([settore, step(ready, query(settore, '/news')) === ready]).toEqual([settore, true])
  })

  it('ignores a link whose sector is no sector even when none is stored yet', () => {
    const unchosen = at('idle', { disciplina: null, id_settore: null, settori: [] })
    for (const settore of ['0', 'padel', null])
      expect([settore, step(unchosen, query(settore, '/news')) === unchosen]).toEqual([settore, true])
  })

  it('clears the way once the router got there, and only then', () => {
    const pending = step(at('ready'), query(2, '/news'))
    const arrived = step(pending, { type: 'router.redirected' })
    expect(ctx(arrived).redirectTo).toBeNull()
    expect(arrived.can({ type: 'router.redirected' })).toBe(false)
    expect(step(arrived, { type: 'router.redirected' })).toBe(arrived)
  })
})

describe('discipline: the helpers the pages read', () => {
  it('finds a discipline and its sectors by code in any case, and none without a list or a code', () => {
    expect(findDisciplina(LIST, 'Padel')).toBe(PADEL)
    expect(findDisciplina(null, 'padel')).toBeUndefined()
    expect(findDisciplina(LIST, null)).toBeUndefined()
    expect(settoriOf(LIST, 'TENNIS')).toEqual(TENNIS.settori)
    expect(settoriOf(LIST, 'golf')).toEqual([])
    expect(disciplineOf(LOOKUP)).toBe(DISCIPLINE)
    expect(disciplineOf({ result: [] })).toEqual([])
  })
})

describe('discipline: what the statechart viewer shows', () => {
  it('titles and describes each state in Italian', () => {
    const titles = Object.fromEntries(
      Object.entries(disciplineMachine.states).map(([key, node]) => [key, node.meta?.title]),
    )
    expect(titles).toEqual({
      starting: 'Scelta iniziale della disciplina',
      idle: "In attesa dell'elenco delle discipline",
      loading: 'Caricamento delle discipline',
      ready: 'Discipline disponibili',
      failed: 'Discipline non disponibili',
    })
    for (const node of Object.values(disciplineMachine.states))
      expect(String(node.meta?.description)).toMatch(/^[A-ZÀ-Ý].{15,}\.$/)
    expect(disciplineMachine.id).toBe('discipline')
  })

  it('names the requirement of each step (meta.spec)', () => {
    const claimed = Object.entries(disciplineMachine.states).flatMap(([key, node]) => [
      ...(node.always ?? []).map((t) => [
        `${key} always`,
        (t.meta as { spec?: unknown } | undefined)?.spec ?? null,
      ]),
      ...[...node.transitions.entries()].flatMap(([event, list]) =>
        list.map((t) => [`${key} ${event}`, (t.meta as { spec?: unknown } | undefined)?.spec ?? null]),
      ),
    ])
    expect(claimed).toEqual([
      ['starting always', '§4 primo accesso'],
      ['starting always', '§4 primo accesso'],
      ['starting always', null],
      ['idle discipline.load', '§4 disciplina'],
      ['idle discipline.load', null],
      ['loading xstate.done.actor.loadDisciplines', '§8 altro errore'],
      ['loading xstate.done.actor.loadDisciplines', null],
      ['loading xstate.error.actor.loadDisciplines', '§8 altro errore'],
      ['ready discipline.choose', '§4 disciplina'],
      ['failed discipline.retry', null],
    ])
  })

  it('names its guards in Italian', () => {
    expect(Object.keys(disciplineLabels.guards).sort()).toEqual([
      'hasPendingRedirect',
      'isDifferentSector',
      'isEmptyLookup',
      'isFirstVisit',
      'isKnownDisciplina',
      'isListLoaded',
      'isOpenedAtKnownPath',
      'isSharedPage',
      'isStoredSector',
      'isWideViewport',
    ])
  })
})

describe('discipline: the list the application must provide', () => {
  const tick = () => new Promise<void>((resolve) => setImmediate(resolve))

  it('fails loudly, naming the actor, when the application did not provide it: «Riprova», never a hang', async () => {
    const actor = createActor(disciplineMachine, { input: { viewportWidth: 1280 } }).start()
    actor.send({ type: 'discipline.load' })
    await tick()
    expect(actor.getSnapshot().value).toBe('failed')
    actor.stop()
    const missing = createActor(disciplineMachine.implementations.actors.loadDisciplines as AnyActorLogic, {
      input: {},
    })
    missing.subscribe({ error: () => {} })
    missing.start()
    await tick()
    expect(String((missing.getSnapshot() as { error?: Error }).error?.message)).toBe(
      "discipline: l'attore 'loadDisciplines' deve essere fornito con machine.provide()",
    )
  })
})
