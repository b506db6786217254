// Model of the discipline choice (spec §2 "On load", §4): first-visit defaults, the list loaded once, the
// choice of a discipline and its sectors, the query override. Rules checked on every executed step.
import assert from 'node:assert/strict'
import type { AnyEventObject, AnyMachineSnapshot } from 'xstate'
import { MESSAGES } from '../../../contract/common.ts'
import type { Disciplina } from '../../../contract/lookup.ts'
import {
  type DisciplineContext,
  type DisciplineInput,
  type LookupResponse,
  disciplineMachine,
} from '../../../machines/discipline.ts'
import { type ExecutedStep, type MachineModel, done, fail } from '../coverage.ts'

export const DISCIPLINE: Disciplina[] = [
  {
    id: 4332,
    disciplina: 'tennis',
    nome: 'Tennis',
    settori: [
      { id_settore: 1, settore: 'Tennis' },
      { id_settore: 4, settore: 'Junior' },
      { id_settore: 9, settore: 'Wheelchair' },
    ],
  },
  { id: 172, disciplina: 'padel', nome: 'Padel', settori: [{ id_settore: 2, settore: 'Padel' }] },
  {
    id: 171,
    disciplina: 'beach-tennis',
    nome: 'Beach Tennis',
    settori: [{ id_settore: 3, settore: 'Beach' }],
  },
]
export const LOOKUP: LookupResponse = { result: [{ discipline: DISCIPLINE }] }
export const EMPTY_LOOKUP: LookupResponse = { result: [] }
export const NETWORK_FAILURE = { message: 'Failed to fetch' }

function disciplineEvents(snapshot: AnyMachineSnapshot): AnyEventObject[] {
  const events: AnyEventObject[] = [
    { type: 'discipline.load' },
    { type: 'discipline.retry' },
    { type: 'discipline.choose', disciplina: 'padel' },
    { type: 'discipline.choose', disciplina: 'tennis', id_settore: 9 },
    // Sector 2 is padel's: choosing tennis with it falls back to tennis' first sector.
    { type: 'discipline.choose', disciplina: 'TENNIS', id_settore: 2 },
    { type: 'discipline.choose', disciplina: 'curling' },
    { type: 'discipline.rememberChoice' },
    // A link naming no page (the root), and links to a page (spec §2 "On load"; the shared page wins).
    { type: 'discipline.fromQuery', settore: '2', disciplina: 'PADEL', path: '/' },
    { type: 'discipline.fromQuery', settore: '1', disciplina: 'Tennis', path: '/' },
    { type: 'discipline.fromQuery', settore: '2', disciplina: 'PADEL', path: '/news-dettaglio/7#commenti' },
    { type: 'discipline.fromQuery', settore: '1', disciplina: 'Tennis', path: '/news?pagina=2' },
    // Not a local address: never a destination.
    { type: 'discipline.fromQuery', settore: '3', disciplina: 'beach-tennis', path: '//altro.sito/x' },
    { type: 'router.redirected' },
  ]
  if (snapshot.matches('loading')) {
    events.push(
      done('loadDisciplines', LOOKUP),
      done('loadDisciplines', EMPTY_LOOKUP),
      fail('loadDisciplines', NETWORK_FAILURE),
    )
  }
  return events
}

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as DisciplineContext
const settoriOf = (code: string | null) => DISCIPLINE.find((d) => d.disciplina === code)?.settori ?? []

function checkDiscipline({ scenario, before, event, after, doubles }: ExecutedStep) {
  const input = scenario.input as DisciplineInput
  const now = ctx(after)
  assert.equal(after.hasTag('busy'), after.matches('loading'))
  if (now.discipline !== null)
    assert.deepEqual(now.settori, settoriOf(now.disciplina), 'settori della disciplina')

  if (event.type === 'xstate.init') {
    assert.ok(after.matches('idle'))
    const nothingStored = !input.storedDisciplina && !input.storedSectorId
    if (nothingStored && input.viewportWidth > 991) {
      assert.equal(now.disciplina, 'tennis')
      assert.equal(now.id_settore, 1)
      assert.equal(now.redirectTo, null)
    } else if (nothingStored && input.openedAtKnownPath === false) {
      // Opened at an unknown address: «Pagina non trovata» stays, no detour.
      assert.equal(now.disciplina, null)
      assert.equal(now.lastLocation, input.storedLastLocation ?? null)
      assert.equal(now.redirectTo, null)
    } else if (nothingStored) {
      assert.equal(now.disciplina, null)
      assert.equal(now.lastLocation, '/scelta-disciplina')
      assert.equal(now.redirectTo, '/scelta-disciplina')
    } else {
      assert.equal(now.disciplina, input.storedDisciplina)
      assert.equal(now.id_settore, Number(input.storedSectorId))
      assert.equal(now.redirectTo, null)
    }
    return
  }
  assert.ok(before)
  const was = ctx(before)

  if (event.type === 'discipline.load') {
    if (was.discipline !== null) {
      assert.ok(after.matches('ready'), 'elenco già caricato: nessuna nuova richiesta')
      assert.equal(doubles.inputs.has('loadDisciplines'), false)
    } else {
      assert.ok(after.matches('loading'))
      assert.deepEqual(doubles.lastInput('loadDisciplines'), { keys: 'ss' })
    }
  }
  if (event.type === 'discipline.retry') {
    assert.ok(after.matches('loading'))
    assert.equal(now.error, null)
    assert.deepEqual(doubles.lastInput('loadDisciplines'), { keys: 'ss' })
  }
  if (event.type === 'xstate.done.actor.loadDisciplines') {
    const list = (event.output as LookupResponse).result[0]?.discipline ?? []
    if (list.length > 0) {
      assert.ok(after.matches('ready'))
      assert.deepEqual(now.discipline, list)
    } else {
      assert.ok(after.matches('failed'), 'un elenco vuoto non è utilizzabile')
      assert.equal(now.error, MESSAGES.generic)
    }
  }
  if (event.type === 'xstate.error.actor.loadDisciplines') {
    assert.ok(after.matches('failed'))
    assert.equal(now.error, MESSAGES.generic)
  }
  if (event.type === 'discipline.choose') {
    const code = String(event.disciplina).toLowerCase()
    const settori = settoriOf(code)
    assert.equal(now.disciplina, code)
    assert.deepEqual(now.settori, settori)
    const belongs = settori.some((s) => s.id_settore === event.id_settore)
    assert.equal(now.id_settore, belongs ? event.id_settore : settori[0]!.id_settore)
  }
  if (event.type === 'discipline.rememberChoice') assert.equal(now.ricorda_scelta, !was.ricorda_scelta)
  if (event.type === 'discipline.fromQuery') {
    const path = String(event.path)
    const isPage =
      path.startsWith('/') && !path.startsWith('//') && !['/', '/scelta-disciplina'].includes(path)
    if (Number(event.settore) === was.id_settore) {
      // The stored sector: nothing changes but the address, which loses the choice it carried.
      assert.ok(isPage, 'stesso settore: solo un link a una pagina')
      assert.equal(now.id_settore, was.id_settore)
      assert.equal(now.disciplina, was.disciplina)
      assert.equal(now.redirectTo, path)
    } else {
      assert.equal(now.id_settore, Number(event.settore))
      assert.equal(now.disciplina, String(event.disciplina).toLowerCase())
      const last =
        was.lastLocation && !['/', '/scelta-disciplina'].includes(was.lastLocation)
          ? was.lastLocation
          : '/home'
      // The shared page wins; a link naming no page goes where the user was (spec §2), never to the choice.
      assert.equal(now.redirectTo, isPage ? path : last)
    }
    assert.deepEqual(after.value, before.value)
  }
  if (event.type === 'router.redirected') assert.equal(now.redirectTo, null)
}

/**
 * The model state: what the guards read (the choice, whether the list is loaded, a pending redirect). The
 * ricorda_scelta flag and the list's contents change nothing downstream; checkDiscipline verifies them.
 */
function abstractDiscipline(snapshot: AnyMachineSnapshot) {
  const c = ctx(snapshot)
  return {
    value: snapshot.value,
    disciplina: c.disciplina,
    id_settore: c.id_settore,
    loaded: c.discipline !== null,
    redirectTo: c.redirectTo !== null,
    error: c.error !== null,
  }
}

export const disciplineModel: MachineModel = {
  machine: disciplineMachine,
  abstract: abstractDiscipline,
  scenarios: [
    {
      name: 'Primo accesso da computer',
      input: { storedDisciplina: null, storedSectorId: null, viewportWidth: 1280 },
      events: disciplineEvents,
    },
    {
      name: 'Primo accesso da telefono',
      input: { storedDisciplina: null, storedSectorId: null, viewportWidth: 390 },
      events: disciplineEvents,
    },
    {
      name: 'Primo accesso da telefono a un indirizzo sconosciuto',
      input: { storedDisciplina: null, storedSectorId: null, viewportWidth: 390, openedAtKnownPath: false },
      events: disciplineEvents,
    },
    {
      name: 'Scelta salvata (padel), con ultima posizione',
      input: {
        storedDisciplina: 'padel',
        storedSectorId: '2',
        viewportWidth: 390,
        storedLastLocation: '/tornei/calendario-tornei',
        ricordaScelta: true,
      },
      events: disciplineEvents,
    },
    {
      name: 'Elenco già caricato',
      input: { storedDisciplina: 'tennis', storedSectorId: 1, viewportWidth: 1280, discipline: DISCIPLINE },
      events: disciplineEvents,
    },
  ],
  check: checkDiscipline,
}
