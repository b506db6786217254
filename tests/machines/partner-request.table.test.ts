// The partner request's statechart (machines/partner-request.ts) as a table: every reachable state × every event
// by every kind of person (the listing's author, the requester, someone else, the portal) goes through xstate's
// pure `transition()`, and the result is compared with the rules written here from docs/regole.md «Cerca compagno»
// and the machine's header, not from the machine's code: the target state, the context and the actions the
// server performs. A refused step leaves the snapshot as it was and `can()` agrees. The model test
// (partner-request.test.ts) walks the paths with a real actor; this table is the fast set `npm run mutation` runs.
import { type AnyMachineSnapshot, initialTransition, transition } from 'xstate'
import { describe, expect, it } from 'vitest'
import { userActions } from './table.ts'
import {
  RICHIESTA_STATES,
  RICHIESTA_STATE_TITLES,
  type RichiestaState,
} from '../../contract/cerca-compagno.ts'
import {
  type PartnerRequestContext,
  type PartnerRequestEvent,
  type PartnerRequestInput,
  partnerRequestLabels,
  partnerRequestMachine,
} from '../../machines/partner-request.ts'

const AUTORE = 1
const RICHIEDENTE = 2
const OUTSIDER = 3

type Outcome = { value: RichiestaState; actions: string[] } | null

/** The rules, one state at a time: where an event by whom leads, or null when it is refused. */
function rules(value: RichiestaState, context: PartnerRequestContext, event: PartnerRequestEvent): Outcome {
  const isAuthor = event.by === context.autore
  const isRequester = event.by === context.richiedente
  switch (value) {
    case 'nuova':
      // The requester sends it, never to a listing of their own.
      return event.type === 'richiesta.invia' && isRequester && !isAuthor
        ? { value: 'sent', actions: ['avvisaAutore'] }
        : null
    case 'sent':
      if (event.type === 'richiesta.conferma' && isAuthor)
        return { value: 'confirmed', actions: ['avvisaConferma', 'chiudiAnnuncio'] }
      if (event.type === 'richiesta.rifiuta' && isAuthor)
        return { value: 'refused', actions: ['avvisaRifiuto'] }
      if (event.type === 'richiesta.cancella' && isRequester)
        return { value: 'cancelled', actions: ['avvisaCancellazione'] }
      // Only the portal lets a request lapse, when the listing closes.
      if (event.type === 'richiesta.decade' && event.by === null)
        return { value: 'cancelled', actions: ['avvisaAnnuncioChiuso'] }
      return null
    default:
      // confirmed, refused, cancelled: nothing more happens.
      return null
  }
}

const PEOPLE = [AUTORE, RICHIEDENTE, OUTSIDER, null] as const
const EVENTS = PEOPLE.flatMap((by) =>
  (
    [
      'richiesta.invia',
      'richiesta.conferma',
      'richiesta.rifiuta',
      'richiesta.cancella',
      'richiesta.decade',
    ] as const
  ).map((type) => ({ type, by }) as PartnerRequestEvent),
)

const who = (by: number | null) =>
  by === AUTORE
    ? 'the author'
    : by === RICHIEDENTE
      ? 'the requester'
      : by === null
        ? 'the portal'
        : 'someone else'

/** Every snapshot the machine reaches from a new request with this input. */
function reachable(input: PartnerRequestInput): AnyMachineSnapshot[] {
  const [start] = initialTransition(partnerRequestMachine, input)
  const seen = new Map<string, AnyMachineSnapshot>([[JSON.stringify(start.value), start]])
  const queue: AnyMachineSnapshot[] = [start]
  while (queue.length > 0) {
    const snapshot = queue.shift() as AnyMachineSnapshot
    for (const event of EVENTS) {
      const [next] = transition(partnerRequestMachine, snapshot, event)
      const key = JSON.stringify(next.value)
      if (!seen.has(key)) {
        seen.set(key, next)
        queue.push(next)
      }
    }
  }
  return [...seen.values()]
}

describe('richiesta di gioco: every state × every event by everyone, against the rules', () => {
  const input = { autore: AUTORE, richiedente: RICHIEDENTE }
  const snapshots = reachable(input)

  it('reaches every state of the request', () => {
    expect(new Set(snapshots.map((s) => s.value))).toEqual(new Set(RICHIESTA_STATES))
  })

  it('starts new, with the author and the requester', () => {
    const [start] = initialTransition(partnerRequestMachine, input)
    expect(start.value).toBe('nuova')
    expect(start.context).toEqual({ autore: AUTORE, richiedente: RICHIEDENTE })
  })

  for (const snapshot of snapshots) {
    const value = snapshot.value as RichiestaState
    const context = snapshot.context as PartnerRequestContext
    describe(`${value}`, () => {
      for (const event of EVENTS) {
        const expected = rules(value, context, event)
        it(`${event.type} by ${who(event.by)}: ${expected === null ? 'refused' : `→ ${expected.value}`}`, () => {
          const [next, actions] = transition(partnerRequestMachine, snapshot, event)
          expect(snapshot.can(event)).toBe(expected !== null)
          expect(next === snapshot ? null : { value: next.value, actions: userActions(actions) }).toEqual(
            expected,
          )
          // The people never change along the way.
          expect(next.context).toEqual(context)
        })
      }
    })
  }

  it('never lets a player ask to play with themselves: their own listing refuses the request', () => {
    const [start] = initialTransition(partnerRequestMachine, { autore: AUTORE, richiedente: AUTORE })
    for (const event of EVENTS) {
      expect(start.can(event)).toBe(false)
      expect(transition(partnerRequestMachine, start, event)[0]).toBe(start)
    }
  })
})

describe('richiesta di gioco: what each state says and waits for', () => {
  const FINAL: RichiestaState[] = ['confirmed', 'refused', 'cancelled']

  it.each(RICHIESTA_STATES)(
    '%s has its title and a description, a whole sentence, for the statechart viewer',
    (value) => {
      const node = partnerRequestMachine.states[value]
      expect(node?.meta?.title).toBe(RICHIESTA_STATE_TITLES[value])
      expect(String(node?.meta?.description)).toMatch(/^[A-ZÀ-Ý].{20,}\.$/s)
    },
  )

  it('is the machine the server stores requests of: richiestaCompagno', () => {
    expect(partnerRequestMachine.id).toBe('richiestaCompagno')
  })

  it.each(RICHIESTA_STATES)('%s waits for the author only when sent, and ends only when final', (value) => {
    const snapshot = partnerRequestMachine.resolveState({
      value,
      context: { autore: AUTORE, richiedente: RICHIEDENTE },
    })
    expect(snapshot.hasTag('inAttesa')).toBe(value === 'sent')
    expect(snapshot.status).toBe(FINAL.includes(value) ? 'done' : 'active')
  })
})

describe('richiesta di gioco: the requirement each transition implements (meta.spec)', () => {
  const SPEC: Record<string, string | string[]> = {
    'nuova richiesta.invia': 'cerca compagno richiesta',
    'sent richiesta.conferma': ['cerca compagno risposta', 'cerca compagno decadenza'],
    'sent richiesta.rifiuta': 'cerca compagno risposta',
    'sent richiesta.cancella': 'cerca compagno risposta',
    'sent richiesta.decade': 'cerca compagno decadenza',
  }
  const claimed = RICHIESTA_STATES.flatMap((value) =>
    [...(partnerRequestMachine.states[value]?.transitions.entries() ?? [])].flatMap(([event, list]) =>
      list.map((t) => [`${value} ${event}`, (t.meta as { spec?: unknown } | undefined)?.spec] as const),
    ),
  )

  it('names the rule of docs/regole.md «Cerca compagno» on every transition', () => {
    expect(Object.fromEntries(claimed)).toEqual(SPEC)
    expect(claimed).toHaveLength(5)
  })
})

describe('richiesta di gioco: the words of the flow report', () => {
  const used = new Set(
    RICHIESTA_STATES.flatMap((value) =>
      [...(partnerRequestMachine.states[value]?.transitions.values() ?? [])].flatMap((list) =>
        list.flatMap((t) => t.actions.map((a) => (typeof a === 'string' ? a : '')).filter(Boolean)),
      ),
    ),
  )

  it('says in Italian what each action of the machine does, and nothing it does not do', () => {
    expect(new Set(Object.keys(partnerRequestLabels.actions ?? {}))).toEqual(used)
    const unsaid = [...used].filter(
      (action) => !/^[a-zà-ý].{20,}[a-z)]$/.test(partnerRequestLabels.actions?.[action] ?? ''),
    )
    expect(unsaid).toEqual([])
  })

  const role = (event: PartnerRequestEvent) =>
    (partnerRequestLabels.roles as (c: PartnerRequestContext, e: PartnerRequestEvent) => unknown)(
      { autore: AUTORE, richiedente: RICHIEDENTE },
      event,
    )

  it('names who acts by role: the author, the requester, another player, the portal as no one', () => {
    expect(role({ type: 'richiesta.conferma', by: AUTORE })).toEqual({ who: 'l’autore dell’annuncio' })
    expect(role({ type: 'richiesta.cancella', by: RICHIEDENTE })).toEqual({ who: 'il richiedente' })
    expect(role({ type: 'richiesta.invia', by: OUTSIDER })).toEqual({ who: 'un altro giocatore' })
    expect(role({ type: 'richiesta.decade', by: null })).toEqual({ who: null })
  })
})
