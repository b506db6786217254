// The enrolment's statechart (machines/iscrizione.ts) as a table: every reachable state and context × every event
// by every kind of person (the player, the invited partner, someone else, the portal), with and without free
// places, goes through xstate's pure `transition()`, and the result is compared with the rules written here from
// docs/regole.md «Iscrizioni» and the machine's header, not from the machine's code: the target state, the context
// and the actions the server performs. A refused step leaves the snapshot as it was and `can()` agrees. The model test
// (iscrizione.test.ts) walks the paths with a real actor; this table is the fast set `npm run mutation` runs.
import { type AnyMachineSnapshot, initialTransition, transition } from 'xstate'
import { describe, expect, it } from 'vitest'
import { outcomeOf } from './table.ts'
import {
  INVITO_SCADE_GIORNI,
  ISCRIZIONE_STATES,
  ISCRIZIONE_STATE_TITLES,
  type IscrizioneState,
} from '../../contract/iscrizioni.ts'
import {
  type IscrizioneContext,
  type IscrizioneEvent,
  type IscrizioneInput,
  hasFreePlace,
  iscrizioneLabels,
  iscrizioneMachine,
} from '../../machines/iscrizione.ts'

const GIOCATORE = 1
const COMPAGNO = 2
const OUTSIDER = 3

type Outcome = { value: IscrizioneState; context: IscrizioneContext; actions: string[] } | null

/** A place is free when the server's count in the event, else the one given to the machine, says so; null: no limit. */
const placeFree = (context: IscrizioneContext, event: IscrizioneEvent) => {
  const free =
    'postiLiberi' in event && event.postiLiberi !== undefined ? event.postiLiberi : context.postiLiberi
  return free === null || (typeof free === 'number' && free >= 1)
}

/** The rules, one state at a time: where an event by whom leads, or null when it is refused. */
function rules(value: IscrizioneState, context: IscrizioneContext, event: IscrizioneEvent): Outcome {
  const player = event.by === GIOCATORE && event.by === context.giocatore
  const partner = event.by !== null && event.by === context.compagno
  const go = (
    to: IscrizioneState,
    actions: string[] = [],
    change: Partial<IscrizioneContext> = {},
  ): Outcome => ({
    value: to,
    context: { ...context, ...change },
    actions,
  })
  switch (value) {
    case 'nonIscritto':
      if (event.type !== 'iscrizione.richiedi' || !player) return null
      // Doubles: the player invites a partner who is someone else; the place is taken when the partner accepts.
      if (context.doppio)
        return event.compagno !== null && event.compagno !== event.by
          ? go('attesaCompagno', ['invitaCompagno'], { compagno: event.compagno })
          : null
      // Singles: alone, a place or else the waiting list.
      if (event.compagno !== null) return null
      return go(placeFree(context, event) ? 'iscritta' : 'listaAttesa')
    case 'attesaCompagno':
      if (event.type === 'iscrizione.accetta' && partner)
        return go(placeFree(context, event) ? 'iscritta' : 'listaAttesa', ['avvisaAccettazione'])
      if (event.type === 'iscrizione.rifiuta' && partner) return go('rifiutata', ['avvisaRifiuto'])
      // The player takes the invitation back; the partner refuses instead.
      if (event.type === 'iscrizione.ritira' && player) return go('ritirata', ['avvisaAnnullamento'])
      if (event.type === 'iscrizione.scade' && event.by === null) return go('scaduta', ['avvisaScadenza'])
      return null
    case 'iscritta':
      // Either of the pair withdraws; the freed place goes to the first waiting.
      return event.type === 'iscrizione.ritira' && (player || partner)
        ? go('ritirata', ['avvisaRitiro', 'promuoviPrimoInAttesa'])
        : null
    case 'listaAttesa':
      if (event.type === 'iscrizione.ritira' && (player || partner)) return go('ritirata', ['avvisaRitiro'])
      if (event.type === 'iscrizione.promuovi' && event.by === null)
        return go('iscritta', ['avvisaPromozione'])
      return null
    default:
      // ritirata, rifiutata, scaduta: nothing more happens (the players may enrol again, as a new entry).
      return null
  }
}

const PEOPLE = [GIOCATORE, COMPAGNO, OUTSIDER, null] as const
const PLACES = [undefined, 0, 1] as const
const withPlaces = <E extends object>(event: E) =>
  PLACES.map((postiLiberi) => (postiLiberi === undefined ? event : { ...event, postiLiberi }))
const EVENTS: IscrizioneEvent[] = PEOPLE.flatMap((by) => [
  ...[null, COMPAGNO, OUTSIDER, GIOCATORE].flatMap((compagno) =>
    withPlaces({ type: 'iscrizione.richiedi', by, compagno }),
  ),
  ...withPlaces({ type: 'iscrizione.accetta', by }),
  { type: 'iscrizione.rifiuta', by },
  { type: 'iscrizione.ritira', by },
  { type: 'iscrizione.promuovi', by },
  { type: 'iscrizione.scade', by },
]) as IscrizioneEvent[]

const who = (by: number | null) =>
  by === GIOCATORE
    ? 'the player'
    : by === COMPAGNO
      ? 'the partner'
      : by === null
        ? 'the portal'
        : 'someone else'
const describeEvent = (e: IscrizioneEvent) =>
  `${e.type} by ${who(e.by)}` +
  ('compagno' in e ? ` inviting ${who(e.compagno)}` : '') +
  ('postiLiberi' in e ? ` (${e.postiLiberi} free)` : '')

const INPUTS: IscrizioneInput[] = [
  { giocatore: GIOCATORE, doppio: false },
  { giocatore: GIOCATORE, doppio: false, postiLiberi: null },
  { giocatore: GIOCATORE, doppio: false, postiLiberi: 0 },
  { giocatore: GIOCATORE, doppio: false, postiLiberi: 1 },
  { giocatore: GIOCATORE, doppio: true },
  { giocatore: GIOCATORE, compagno: COMPAGNO, doppio: true, postiLiberi: 0 },
]

/** Every snapshot the machine reaches from a new entry with these inputs, one per distinct state and context. */
function reachable(): AnyMachineSnapshot[] {
  const seen = new Map<string, AnyMachineSnapshot>()
  const queue: AnyMachineSnapshot[] = []
  const visit = (snapshot: AnyMachineSnapshot) => {
    const key = JSON.stringify([snapshot.value, snapshot.context])
    if (seen.has(key)) return
    seen.set(key, snapshot)
    queue.push(snapshot)
  }
  for (const input of INPUTS) visit(initialTransition(iscrizioneMachine, input)[0])
  while (queue.length > 0) {
    const snapshot = queue.shift() as AnyMachineSnapshot
    for (const event of EVENTS) visit(transition(iscrizioneMachine, snapshot, event)[0])
  }
  return [...seen.values()]
}

describe('iscrizione: every state × every event by everyone, against the rules', () => {
  const snapshots = reachable()

  it('reaches every state of the enrolment', () => {
    expect(new Set(snapshots.map((s) => s.value))).toEqual(new Set(ISCRIZIONE_STATES))
  })

  it('starts not enrolled, with the player, the partner if named, the kind of event and the places if given', () => {
    // Places only when given: the machine promises none it was not told of.
    expect(
      initialTransition(iscrizioneMachine, { giocatore: GIOCATORE, doppio: false })[0].context,
    ).toStrictEqual({
      giocatore: GIOCATORE,
      compagno: null,
      doppio: false,
    })
    const [doubles] = initialTransition(iscrizioneMachine, {
      giocatore: GIOCATORE,
      compagno: COMPAGNO,
      doppio: true,
      postiLiberi: null,
    })
    expect(doubles.value).toBe('nonIscritto')
    expect(doubles.context).toStrictEqual({
      giocatore: GIOCATORE,
      compagno: COMPAGNO,
      doppio: true,
      postiLiberi: null,
    })
  })

  for (const snapshot of snapshots) {
    const value = snapshot.value as IscrizioneState
    const context = snapshot.context as IscrizioneContext
    describe(`${value} ${JSON.stringify(context)}`, () => {
      for (const event of EVENTS) {
        const expected = rules(value, context, event)
        it(`${describeEvent(event)}: ${expected === null ? 'refused' : `→ ${expected.value}`}`, () => {
          expect(snapshot.can(event)).toBe(expected !== null)
          expect(outcomeOf(iscrizioneMachine, snapshot, event)).toEqual(expected)
        })
      }
    })
  }
})

describe('hasFreePlace', () => {
  const context = (postiLiberi?: number | null): IscrizioneContext => ({
    giocatore: GIOCATORE,
    compagno: null,
    doppio: false,
    ...(postiLiberi === undefined ? {} : { postiLiberi }),
  })

  it('reads the server’s count in the event first, then the one given to the machine; null is no limit', () => {
    expect(hasFreePlace(context(0), { postiLiberi: 1 })).toBe(true)
    expect(hasFreePlace(context(1), { postiLiberi: 0 })).toBe(false)
    expect(hasFreePlace(context(1), {})).toBe(true)
    expect(hasFreePlace(context(1))).toBe(true)
    expect(hasFreePlace(context(0))).toBe(false)
    expect(hasFreePlace(context(-1))).toBe(false)
    expect(hasFreePlace(context(null))).toBe(true)
    expect(hasFreePlace(context(null), { postiLiberi: 0 })).toBe(false)
    // Nothing counted and nothing given: no place is promised.
    expect(hasFreePlace(context())).toBe(false)
  })
})

describe('iscrizione: what each state says and waits for', () => {
  const ACTIVE: IscrizioneState[] = ['attesaCompagno', 'iscritta', 'listaAttesa']
  const FINAL: IscrizioneState[] = ['ritirata', 'rifiutata', 'scaduta']

  it.each(ISCRIZIONE_STATES)(
    '%s has its title and a description, a whole sentence, for the statechart viewer',
    (value) => {
      const node = iscrizioneMachine.states[value]
      expect(node?.meta?.title).toBe(ISCRIZIONE_STATE_TITLES[value])
      expect(String(node?.meta?.description)).toMatch(/^[A-ZÀ-Ý].{20,}\.$/s)
    },
  )

  it('says how long the partner has to answer', () => {
    expect(iscrizioneMachine.states.scaduta?.meta?.description).toContain(
      `entro ${INVITO_SCADE_GIORNI} giorni`,
    )
  })

  it('is the machine the server stores entries of: iscrizione', () => {
    expect(iscrizioneMachine.id).toBe('iscrizione')
  })

  it.each(ISCRIZIONE_STATES)(
    '%s is active only while it holds or waits for a place, and ends when final',
    (value) => {
      const snapshot = iscrizioneMachine.resolveState({
        value,
        context: { giocatore: GIOCATORE, compagno: COMPAGNO, doppio: true },
      })
      expect(snapshot.hasTag('attiva')).toBe(ACTIVE.includes(value))
      expect(snapshot.status).toBe(FINAL.includes(value) ? 'done' : 'active')
    },
  )
})

describe('iscrizione: the requirement each transition implements (meta.spec)', () => {
  const SPEC: [string, unknown][] = [
    ['nonIscritto iscrizione.richiedi', 'iscrizioni doppio'],
    ['nonIscritto iscrizione.richiedi', 'iscrizioni posti'],
    ['nonIscritto iscrizione.richiedi', 'iscrizioni posti'],
    ['attesaCompagno iscrizione.accetta', 'iscrizioni doppio'],
    ['attesaCompagno iscrizione.accetta', ['iscrizioni doppio', 'iscrizioni posti']],
    ['attesaCompagno iscrizione.rifiuta', 'iscrizioni doppio'],
    ['attesaCompagno iscrizione.ritira', 'iscrizioni doppio'],
    ['attesaCompagno iscrizione.scade', 'iscrizioni scadenza'],
    ['iscritta iscrizione.ritira', 'iscrizioni ritiro'],
    ['listaAttesa iscrizione.ritira', 'iscrizioni ritiro'],
    ['listaAttesa iscrizione.promuovi', 'iscrizioni ritiro'],
  ]
  const claimed = ISCRIZIONE_STATES.flatMap((value) =>
    [...(iscrizioneMachine.states[value]?.transitions.entries() ?? [])].flatMap(([event, list]) =>
      list.map((t) => [`${value} ${event}`, (t.meta as { spec?: unknown } | undefined)?.spec]),
    ),
  )

  it('names the rule of docs/regole.md «Iscrizioni» on every transition, guarded branches too, in order', () => {
    expect(claimed).toEqual(SPEC)
  })
})

describe('iscrizione: the words of the flow report', () => {
  const used = new Set(
    ISCRIZIONE_STATES.flatMap((value) =>
      [...(iscrizioneMachine.states[value]?.transitions.values() ?? [])].flatMap((list) =>
        list.flatMap((t) => t.actions.map((a) => (typeof a === 'string' ? a : '')).filter(Boolean)),
      ),
    ),
  )

  it('says in Italian what each action of the machine does, and nothing it does not do', () => {
    expect(new Set(Object.keys(iscrizioneLabels.actions ?? {}))).toEqual(used)
    const unsaid = [...used].filter(
      (action) => !/^[a-zà-ý].{20,}[a-z)]$/.test(iscrizioneLabels.actions?.[action] ?? ''),
    )
    expect(unsaid).toEqual([])
  })

  it('says when the invitation expires', () => {
    expect(iscrizioneLabels.events['iscrizione.scade']).toContain(`dopo ${INVITO_SCADE_GIORNI} giorni`)
  })

  const role = (context: Partial<IscrizioneContext>, event: IscrizioneEvent) =>
    (iscrizioneLabels.roles as (c: IscrizioneContext, e: IscrizioneEvent) => unknown)(
      { giocatore: GIOCATORE, compagno: COMPAGNO, doppio: true, ...context },
      event,
    )

  it('names who acts by role, the portal as no one', () => {
    expect(role({}, { type: 'iscrizione.ritira', by: GIOCATORE })).toEqual({ who: 'il giocatore' })
    expect(role({}, { type: 'iscrizione.rifiuta', by: COMPAGNO })).toEqual({ who: 'il compagno invitato' })
    expect(role({}, { type: 'iscrizione.ritira', by: OUTSIDER })).toEqual({ who: 'un altro giocatore' })
    expect(role({}, { type: 'iscrizione.promuovi', by: null })).toEqual({ who: null })
  })

  it('tells an enrolment by its kind and its places, and an acceptance by its places', () => {
    expect(role({}, { type: 'iscrizione.richiedi', by: GIOCATORE, compagno: COMPAGNO })).toEqual({
      who: 'il giocatore',
      does: 'si iscrive al doppio e invita il compagno',
    })
    const singles = { compagno: null, doppio: false }
    expect(
      role(singles, { type: 'iscrizione.richiedi', by: GIOCATORE, compagno: null, postiLiberi: 1 }),
    ).toEqual({
      who: 'il giocatore',
      does: 'si iscrive, con un posto libero',
    })
    expect(
      role(singles, { type: 'iscrizione.richiedi', by: OUTSIDER, compagno: null, postiLiberi: 0 }),
    ).toEqual({
      who: 'un altro giocatore',
      does: 'si iscrive a posti esauriti',
    })
    expect(role({ postiLiberi: 1 }, { type: 'iscrizione.accetta', by: COMPAGNO })).toEqual({
      who: 'il compagno invitato',
      does: 'accetta l’invito, con un posto libero',
    })
    expect(role({}, { type: 'iscrizione.accetta', by: COMPAGNO, postiLiberi: 0 })).toEqual({
      who: 'il compagno invitato',
      does: 'accetta l’invito, a posti esauriti',
    })
  })
})
