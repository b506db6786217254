// The tie's statechart (machines/tie.ts) as a table: every reachable state and context × every event by every
// kind of person (home captain, visiting captain, someone else, the portal, the federation) goes through xstate's
// pure `transition()`, and the result is compared with the rules written here from docs/regole.md «Campionati a
// squadre» and the machine's own header, not from the machine's code: the target state, the context and the
// actions the server performs. A step the rules refuse must leave the snapshot as it was, and `can()` (what the
// client asks to show a button) must agree. The model test (tie.test.ts) walks the paths with a real actor; this
// table is the fast set `npm run mutation` runs against each mutant of the machine.
import { type AnyMachineSnapshot, initialTransition, transition } from 'xstate'
import { describe, expect, it } from 'vitest'
import { outcomeOf } from './table.ts'
import { TIE_STATES, TIE_STATE_TITLES, type Squadra, type TieState } from '../../contract/incontri.ts'
import { type TieContext, type TieEvent, sideOf, tieLabels, tieMachine } from '../../machines/tie.ts'

const CASA = 1
const OSPITI = 2
const OUTSIDER = 3

type Outcome = { value: TieState; context: TieContext; actions: string[] } | null

const sideOfPerson = (by: number | null): Squadra | undefined =>
  by === CASA ? 'casa' : by === OSPITI ? 'ospiti' : undefined

/** The rules, one state at a time: where an event by whom leads, or null when it is refused. */
function rules(value: TieState, context: TieContext, event: TieEvent): Outcome {
  const side = sideOfPerson(event.by)
  const go = (to: TieState, change: Partial<TieContext> = {}, actions: string[] = []): Outcome => ({
    value: to,
    context: { ...context, ...change },
    actions,
  })
  switch (value) {
    case 'unscheduled':
      // The home captain proposes day and time.
      return event.type === 'incontro.proponiData' && side === 'casa'
        ? go('proposed', { proposta: 'casa' })
        : null
    case 'proposed': {
      // Only the captain who did not propose answers: accept, decline (back to the home captain) or propose another.
      const answers = side !== undefined && side !== context.proposta
      if (!answers) return null
      if (event.type === 'incontro.proponiData') return go('proposed', { proposta: side })
      if (event.type === 'incontro.accettaData') return go('scheduled', { proposta: null })
      if (event.type === 'incontro.rifiutaData') return go('unscheduled', { proposta: null })
      return null
    }
    case 'scheduled': {
      if (event.type === 'incontro.schieramento' && side !== undefined) {
        // A captain sends (or changes) the lineup; the second one in makes both visible.
        const schieramenti = { ...context.schieramenti, [side]: true }
        return go(schieramenti.casa && schieramenti.ospiti ? 'lineupsSubmitted' : 'scheduled', {
          schieramenti,
        })
      }
      if (event.type === 'incontro.scadenzaSchieramenti' && event.by === null) {
        // One hour before the start: the team that sent its lineup wins by walkover, both lose when neither did.
        const vincitore = context.schieramenti.casa ? 'casa' : context.schieramenti.ospiti ? 'ospiti' : null
        return go('walkedOver', { vincitore }, ['aggiornaClassifica'])
      }
      return null
    }
    case 'lineupsSubmitted':
      return event.type === 'incontro.generaPartite' && side !== undefined ? go('playing') : null
    case 'playing':
      return event.type === 'incontro.risultato' && side !== undefined
        ? go('resultEntered', { risultato: side })
        : null
    case 'resultEntered': {
      // The other captain confirms or contests; 48 hours without an answer confirm it (the portal acts).
      const otherCaptain = side !== undefined && side !== context.risultato
      if (event.type === 'incontro.conferma' && otherCaptain)
        return go('confirmed', {}, ['aggiornaPower', 'aggiornaClassifica'])
      if (event.type === 'incontro.contesta' && otherCaptain) return go('contested')
      if (event.type === 'incontro.confermaAutomatica' && event.by === null)
        return go('confirmed', {}, ['aggiornaPower', 'aggiornaClassifica'])
      return null
    }
    case 'contested':
      // The federation decides, never as a captain of the tie: a result that stands counts for Power and points.
      if (event.type === 'incontro.risolvi' && event.arbitro && side === undefined)
        return go(
          'resolved',
          {},
          event.esito === 'confermato' ? ['aggiornaPower', 'aggiornaClassifica'] : ['aggiornaClassifica'],
        )
      return null
    default:
      // confirmed, resolved, walkedOver: nothing more happens.
      return null
  }
}

const PEOPLE = [CASA, OSPITI, OUTSIDER, null] as const
const EVENTS: TieEvent[] = [
  ...PEOPLE.flatMap((by) =>
    (
      [
        'incontro.proponiData',
        'incontro.accettaData',
        'incontro.rifiutaData',
        'incontro.schieramento',
        'incontro.generaPartite',
        'incontro.risultato',
        'incontro.conferma',
        'incontro.contesta',
      ] as const
    ).flatMap((type) => (by === null ? [] : [{ type, by } as TieEvent])),
  ),
  ...PEOPLE.flatMap((by) => [
    { type: 'incontro.scadenzaSchieramenti', by } as TieEvent,
    { type: 'incontro.confermaAutomatica', by } as TieEvent,
  ]),
  ...PEOPLE.flatMap((by) =>
    [true, false].flatMap((arbitro) =>
      (['confermato', 'annullato'] as const).map(
        (esito) => ({ type: 'incontro.risolvi', by, arbitro, esito }) as TieEvent,
      ),
    ),
  ),
]

const describeEvent = (e: TieEvent) =>
  `${e.type} by ${e.by === CASA ? 'home captain' : e.by === OSPITI ? 'visiting captain' : e.by === null ? 'the portal' : 'someone else'}` +
  ('arbitro' in e ? ` (arbitro ${e.arbitro}, ${e.esito})` : '')

/** Every snapshot the machine reaches from a new tie, one per distinct state and context. */
function reachable(): AnyMachineSnapshot[] {
  const [start] = initialTransition(tieMachine, { casa: CASA, ospiti: OSPITI })
  const seen = new Map<string, AnyMachineSnapshot>([[JSON.stringify([start.value, start.context]), start]])
  const queue: AnyMachineSnapshot[] = [start]
  while (queue.length > 0) {
    const snapshot = queue.shift() as AnyMachineSnapshot
    for (const event of EVENTS) {
      const [next] = transition(tieMachine, snapshot, event)
      const key = JSON.stringify([next.value, next.context])
      if (!seen.has(key)) {
        seen.set(key, next)
        queue.push(next)
      }
    }
  }
  return [...seen.values()]
}

describe('incontro: every state × every event by everyone, against the rules', () => {
  const snapshots = reachable()

  it('reaches every state of the tie', () => {
    expect(new Set(snapshots.map((s) => s.value))).toEqual(new Set(TIE_STATES))
  })

  it('starts unscheduled, with the captains and nothing proposed, sent or entered', () => {
    const [start] = initialTransition(tieMachine, { casa: CASA, ospiti: OSPITI })
    expect(start.value).toBe('unscheduled')
    expect(start.context).toEqual({
      capitani: { casa: CASA, ospiti: OSPITI },
      proposta: null,
      schieramenti: { casa: false, ospiti: false },
      risultato: null,
      vincitore: null,
    })
  })

  for (const snapshot of snapshots) {
    const value = snapshot.value as TieState
    const context = snapshot.context as TieContext
    describe(`${value} ${JSON.stringify({ ...context, capitani: undefined })}`, () => {
      for (const event of EVENTS) {
        const expected = rules(value, context, event)
        it(`${describeEvent(event)}: ${expected === null ? 'refused' : `→ ${expected.value}`}`, () => {
          expect(snapshot.can(event)).toBe(expected !== null)
          expect(outcomeOf(tieMachine, snapshot, event)).toEqual(expected)
        })
      }
    })
  }
})

describe('incontro: what each state says and waits for', () => {
  const WAITING: TieState[] = ['unscheduled', 'proposed', 'scheduled', 'resultEntered']
  const FINAL: TieState[] = ['confirmed', 'resolved', 'walkedOver']

  it.each(TIE_STATES)(
    '%s has its title and a description, a whole sentence, for the statechart viewer',
    (value) => {
      const node = tieMachine.states[value]
      expect(node?.meta?.title).toBe(TIE_STATE_TITLES[value])
      expect(String(node?.meta?.description)).toMatch(/^[A-ZÀ-Ý].*[a-zà-ý)]\.$/s)
    },
  )

  it('is the machine the server stores ties of: incontro', () => {
    expect(tieMachine.id).toBe('incontro')
  })

  it.each(TIE_STATES)(
    '%s waits for a captain only when a captain must answer, and ends only when final',
    (value) => {
      const snapshot = tieMachine.resolveState({
        value,
        context: {
          capitani: { casa: CASA, ospiti: OSPITI },
          proposta: null,
          schieramenti: { casa: false, ospiti: false },
          risultato: null,
          vincitore: null,
        },
      })
      expect(snapshot.hasTag('inAttesa')).toBe(WAITING.includes(value))
      expect(snapshot.hasTag('concluso')).toBe(FINAL.includes(value))
      expect(snapshot.status).toBe(FINAL.includes(value) ? 'done' : 'active')
    },
  )
})

describe('sideOf', () => {
  const context = { capitani: { casa: CASA, ospiti: OSPITI } }

  it('names the team a captain leads, and none for anyone else or for the portal', () => {
    expect(sideOf(context, CASA)).toBe('casa')
    expect(sideOf(context, OSPITI)).toBe('ospiti')
    expect(sideOf(context, OUTSIDER)).toBeUndefined()
    expect(sideOf(context, null)).toBeUndefined()
  })
})

describe('incontro: the requirement each transition implements (meta.spec, the flow report’s trace)', () => {
  const SPEC: Record<string, string> = {
    'unscheduled incontro.proponiData': 'incontri data',
    'proposed incontro.proponiData': 'incontri data',
    'proposed incontro.accettaData': 'incontri data',
    'proposed incontro.rifiutaData': 'incontri data',
    'scheduled incontro.schieramento': 'incontri schieramenti',
    'scheduled incontro.scadenzaSchieramenti': 'incontri tavolino',
    'lineupsSubmitted incontro.generaPartite': 'incontri schieramenti',
    'playing incontro.risultato': 'incontri risultato',
    'resultEntered incontro.conferma': 'incontri risultato',
    'resultEntered incontro.contesta': 'incontri risultato',
    'resultEntered incontro.confermaAutomatica': 'incontri conferma automatica',
    'contested incontro.risolvi': 'incontri contestazione',
  }
  const claimed = TIE_STATES.flatMap((value) =>
    [...(tieMachine.states[value]?.transitions.entries() ?? [])].flatMap(([event, list]) =>
      list.map((t) => [`${value} ${event}`, (t.meta as { spec?: string } | undefined)?.spec] as const),
    ),
  )

  it('names the rule of docs/regole.md «Campionati a squadre» on every transition, guarded branches too', () => {
    expect(claimed).toHaveLength(14)
    expect(claimed.filter(([key, spec]) => spec !== SPEC[key])).toEqual([])
    expect(new Set(claimed.map(([key]) => key))).toEqual(new Set(Object.keys(SPEC)))
  })
})

describe('incontro: the words of the flow report', () => {
  const used = new Set(
    TIE_STATES.flatMap((value) =>
      [...(tieMachine.states[value]?.transitions.values() ?? [])].flatMap((list) =>
        list.flatMap((t) => t.actions.map((a) => (typeof a === 'string' ? a : '')).filter(Boolean)),
      ),
    ),
  )

  it('says in Italian what each action of the machine does, and nothing it does not do', () => {
    expect(new Set(Object.keys(tieLabels.actions ?? {}))).toEqual(used)
    const unsaid = [...used].filter(
      (action) => !/^[a-zà-ý].{20,}[a-z)]$/.test(tieLabels.actions?.[action] ?? ''),
    )
    expect(unsaid).toEqual([])
  })

  const context: TieContext = {
    capitani: { casa: CASA, ospiti: OSPITI },
    proposta: null,
    schieramenti: { casa: false, ospiti: false },
    risultato: null,
    vincitore: null,
  }
  const role = (event: TieEvent) =>
    (tieLabels.roles as (c: TieContext, e: TieEvent) => unknown)(context, event)

  it('names who acts by role: a captain by team, the portal as no one, anyone else as not a captain', () => {
    expect(role({ type: 'incontro.proponiData', by: CASA })).toEqual({ who: 'il capitano di casa' })
    expect(role({ type: 'incontro.accettaData', by: OSPITI })).toEqual({ who: 'il capitano ospite' })
    expect(role({ type: 'incontro.risultato', by: OUTSIDER })).toEqual({
      who: 'un giocatore che non è capitano nell’incontro',
    })
    expect(role({ type: 'incontro.confermaAutomatica', by: null })).toEqual({ who: null })
  })

  it('tells the federation’s decision and its verdict, and one who decides without being a referee', () => {
    const risolvi = (by: number | null, arbitro: boolean, esito: 'confermato' | 'annullato'): TieEvent => ({
      type: 'incontro.risolvi',
      by,
      arbitro,
      esito,
    })
    expect(role(risolvi(OUTSIDER, true, 'confermato'))).toEqual({
      who: 'la federazione',
      does: 'decide sulla contestazione (il risultato vale)',
    })
    expect(role(risolvi(CASA, true, 'annullato'))).toEqual({
      who: 'la federazione, con il capitano di casa,',
      does: 'decide sulla contestazione (il risultato è annullato)',
    })
    expect(role(risolvi(OSPITI, false, 'confermato'))).toEqual({
      who: 'il capitano ospite',
      does: 'prova a decidere sulla contestazione senza essere arbitro (il risultato vale)',
    })
    expect(role(risolvi(OUTSIDER, false, 'annullato'))).toEqual({
      who: 'un giocatore',
      does: 'prova a decidere sulla contestazione senza essere arbitro (il risultato è annullato)',
    })
  })
})
