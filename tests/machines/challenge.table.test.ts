// The challenge's statechart (machines/challenge.ts) as a table: from four challenges (singles and doubles, by
// invitation and on the public board), every reachable state and context × every event by everyone (the proposer,
// the players, a stranger, the portal, the federation) goes through xstate's pure `transition()`, and the result
// is compared with the rules written here from docs/regole.md «Sfide» and the machine's own header, not from the
// machine's code: the target state, the context and the actions the server performs. A step the rules refuse must
// leave the snapshot as it was, and `can()` (what the client asks to show a button) must agree. The model test
// (challenge.test.ts) walks the paths with a real actor; this table is the fast set `npm run mutation` runs.
import { type AnyMachineSnapshot, initialTransition, transition } from 'xstate'
import { describe, expect, it } from 'vitest'
import { userActions } from './table.ts'
import { SFIDA_STATE_TITLES } from '../../contract/sfide.ts'
import {
  type ChallengeContext,
  type ChallengeEvent,
  type ChallengeInput,
  type Lato,
  challengeLabels,
  challengeMachine,
  challengePersonRole,
} from '../../machines/challenge.ts'

type State =
  | 'proposed'
  | 'accepted'
  | 'resultEntered'
  | 'contested'
  | 'refused'
  | 'cancelled'
  | 'expired'
  | 'confirmed'
  | 'resolved'
type Outcome = { value: State; context: ChallengeContext; actions: string[] } | null

const PROPOSER = 1
const PEOPLE = [1, 2, 3, 4, 5] as const
const REFEREE = 9

/** The rules, one state at a time: where an event by whom leads, or null when it is refused. */
function rules(value: State, context: ChallengeContext, event: ChallengeEvent): Outcome {
  const size = context.doppio ? 2 : 1
  const player = (persona: number | null) => context.partecipanti.find((p) => p.persona === persona)
  const go = (to: State, change: Partial<ChallengeContext> = {}, actions: string[] = []): Outcome => ({
    value: to,
    context: { ...context, ...change },
    actions,
  })
  /** Both sides full and everyone has said yes. */
  const complete = (people: ChallengeContext['partecipanti']) =>
    ([1, 2] as const).every((lato) => people.filter((p) => p.lato === lato).length === size) &&
    people.every((p) => p.risposta === 'accettata')
  const by = event.by
  switch (value) {
    case 'proposed': {
      const me = player(by)
      switch (event.type) {
        case 'sfida.accetta': {
          // An invited player who has not answered accepts; the last answer, with every place taken, starts it.
          if (me?.risposta !== 'in_attesa') return null
          const partecipanti = context.partecipanti.map((p) =>
            p.persona === by ? { ...p, risposta: 'accettata' as const } : p,
          )
          return go(complete(partecipanti) ? 'accepted' : 'proposed', { partecipanti }, [
            'avvisaAccettazione',
          ])
        }
        case 'sfida.rifiuta':
          // One refusal is enough to close it.
          return me?.risposta === 'in_attesa' ? go('refused', {}, ['avvisaRifiuto']) : null
        case 'sfida.aggiungiGiocatore': {
          const room = context.partecipanti.filter((p) => p.lato === event.lato).length < size
          if (player(event.persona) !== undefined || !room) return null
          // The proposer invites someone else to a side with room: the invited player must answer.
          if (by === PROPOSER && event.persona !== by) {
            const partecipanti = [
              ...context.partecipanti,
              { persona: event.persona, lato: event.lato, risposta: 'in_attesa' as const },
            ]
            return go('proposed', { partecipanti }, ['avvisaInvito'])
          }
          // On the public board a player takes an open place for themselves, as if they had accepted.
          if (context.pubblica && by === event.persona) {
            const partecipanti = [
              ...context.partecipanti,
              { persona: event.persona, lato: event.lato, risposta: 'accettata' as const },
            ]
            return go(complete(partecipanti) ? 'accepted' : 'proposed', { partecipanti }, [
              'avvisaAccettazione',
            ])
          }
          return null
        }
        case 'sfida.rimuoviGiocatore':
          // The proposer removes an invited player, or a player leaves; the proposer is never removed.
          if (event.persona === context.creatore || player(event.persona) === undefined) return null
          if (by !== PROPOSER && by !== event.persona) return null
          return go('proposed', {
            partecipanti: context.partecipanti.filter((p) => p.persona !== event.persona),
          })
        case 'sfida.pubblica':
          return by === PROPOSER && !context.pubblica ? go('proposed', { pubblica: true }) : null
        case 'sfida.annulla':
          // Only while proposed, and only by who proposed it.
          return by === PROPOSER ? go('cancelled', {}, ['avvisaAnnullamento']) : null
        case 'sfida.scade':
          // Seven days without an answer: the portal decides.
          return by === null ? go('expired', {}, ['avvisaScadenza']) : null
        default:
          return null
      }
    }
    case 'accepted':
      // A player enters the result: who entered it and the side that won.
      return event.type === 'sfida.risultato' && by !== null && player(by)?.risposta === 'accettata'
        ? go('resultEntered', { risultato: { inseritoDa: by, vincitore: event.vincitore } }, [
            'avvisaRisultato',
          ])
        : null
    case 'resultEntered': {
      // The other side confirms or contests, never who entered it or their partner; 48 hours confirm it.
      const enteredBy = player(context.risultato?.inseritoDa ?? null)
      const otherSide =
        player(by) !== undefined && enteredBy !== undefined && player(by)?.lato !== enteredBy.lato
      if (event.type === 'sfida.conferma' && otherSide)
        return go('confirmed', {}, ['aggiornaPower', 'avvisaConferma'])
      if (event.type === 'sfida.contesta' && otherSide) return go('contested', {}, ['avvisaContestazione'])
      if (event.type === 'sfida.confermaAutomatica' && by === null)
        return go('confirmed', {}, ['aggiornaPower', 'avvisaConferma'])
      return null
    }
    case 'contested':
      // The federation decides, never on a challenge its own person plays in; a result that stands counts for Power.
      if (event.type === 'sfida.risolvi' && event.arbitro && player(by) === undefined)
        return go(
          'resolved',
          {},
          event.esito === 'confermato' ? ['aggiornaPower', 'avvisaRisoluzione'] : ['avvisaRisoluzione'],
        )
      return null
    default:
      // refused, cancelled, expired, confirmed, resolved: nothing more happens.
      return null
  }
}

const EVENTS: ChallengeEvent[] = [
  ...PEOPLE.flatMap((by) => [
    { type: 'sfida.accetta', by } as const,
    { type: 'sfida.rifiuta', by } as const,
    { type: 'sfida.pubblica', by } as const,
    { type: 'sfida.annulla', by } as const,
    { type: 'sfida.conferma', by } as const,
    { type: 'sfida.contesta', by } as const,
    { type: 'sfida.risultato', by, vincitore: 1 } as const,
    { type: 'sfida.risultato', by, vincitore: 2 } as const,
    ...PEOPLE.flatMap((persona) => [
      { type: 'sfida.aggiungiGiocatore', by, persona, lato: 1 } as const,
      { type: 'sfida.aggiungiGiocatore', by, persona, lato: 2 } as const,
      { type: 'sfida.rimuoviGiocatore', by, persona } as const,
    ]),
  ]),
  { type: 'sfida.scade', by: null },
  { type: 'sfida.scade', by: PROPOSER } as unknown as ChallengeEvent,
  { type: 'sfida.confermaAutomatica', by: null },
  { type: 'sfida.confermaAutomatica', by: 2 } as unknown as ChallengeEvent,
  ...[REFEREE, 2, null].flatMap((by) =>
    [true, false].flatMap((arbitro) =>
      (['confermato', 'annullato'] as const).map(
        (esito) => ({ type: 'sfida.risolvi', by, arbitro, esito }) as const,
      ),
    ),
  ),
]

/**
 * Walks the snapshots reachable from `input` and answers each step where the machine and the rules differ. Each
 * snapshot reached is checked against every event; the walk follows all of them to new snapshots, except that
 * places are given, taken and left only by the people in `movers`, so that the doubles do not grow into every
 * arrangement of five people.
 */
function disagreements(
  input: ChallengeInput,
  movers: readonly number[],
): { states: Set<string>; wrong: string[] } {
  const explored = (event: ChallengeEvent) =>
    (event.type !== 'sfida.aggiungiGiocatore' && event.type !== 'sfida.rimuoviGiocatore') ||
    movers.includes(event.persona)
  const [start] = initialTransition(challengeMachine, input)
  const seen = new Set([JSON.stringify([start.value, start.context])])
  const queue: AnyMachineSnapshot[] = [start]
  const states = new Set<string>()
  const wrong: string[] = []
  while (queue.length > 0) {
    const snapshot = queue.shift() as AnyMachineSnapshot
    states.add(snapshot.value as string)
    for (const event of EVENTS) {
      const expected = rules(snapshot.value as State, snapshot.context as ChallengeContext, event)
      const [next, actions] = transition(challengeMachine, snapshot, event)
      const got =
        next === snapshot ? null : { value: next.value, context: next.context, actions: userActions(actions) }
      if (JSON.stringify(got) !== JSON.stringify(expected) || snapshot.can(event) !== (expected !== null))
        wrong.push(
          `${JSON.stringify([snapshot.value, snapshot.context])} ${JSON.stringify(event)}: ${JSON.stringify(got)}`,
        )
      const key = JSON.stringify([next.value, next.context])
      if (explored(event) && !seen.has(key)) {
        seen.add(key)
        queue.push(next)
      }
    }
  }
  return { states, wrong }
}

const ALL_STATES: State[] = [
  'proposed',
  'accepted',
  'resultEntered',
  'contested',
  'refused',
  'cancelled',
  'expired',
  'confirmed',
  'resolved',
]

describe('sfida: every state × every event by everyone, against the rules', () => {
  it.each<[string, ChallengeInput, number[]]>([
    ['singles by invitation', { creatore: PROPOSER, doppio: false, pubblica: false, avversari: [2] }, [2, 5]],
    [
      'singles on the board, nobody invited',
      { creatore: PROPOSER, doppio: false, pubblica: true, avversari: [] },
      [2, 5],
    ],
    [
      'doubles by invitation',
      { creatore: PROPOSER, doppio: true, pubblica: false, compagno: 2, avversari: [3, 4] },
      [5],
    ],
    [
      'doubles on the board, one place open',
      { creatore: PROPOSER, doppio: true, pubblica: true, compagno: 2, avversari: [3] },
      [5],
    ],
  ])(
    '%s',
    (_, input, movers) => {
      const { states, wrong } = disagreements(input, movers)
      expect(wrong.slice(0, 5)).toEqual([])
      expect([...states].sort()).toEqual([...ALL_STATES].sort())
    },
    30_000,
  )

  it('doubles on the board with no partner yet: one newcomer filling the opponents’ side does not start it', () => {
    // Only person 5 moves, so side 1 stays one short: the challenge can end unplayed but never start.
    const input = { creatore: PROPOSER, doppio: true, pubblica: true, compagno: null, avversari: [3] }
    const { states, wrong } = disagreements(input, [5])
    expect(wrong.slice(0, 5)).toEqual([])
    expect([...states].sort()).toEqual(['cancelled', 'expired', 'proposed', 'refused'])
  }, 30_000)

  it('starts proposed, the proposer on side 1 having accepted, the invited players waiting', () => {
    const [start] = initialTransition(challengeMachine, {
      creatore: PROPOSER,
      doppio: true,
      pubblica: false,
      compagno: 2,
      avversari: [3, 4],
    })
    expect(start.value).toBe('proposed')
    expect(start.context).toEqual({
      creatore: PROPOSER,
      doppio: true,
      pubblica: false,
      partecipanti: [
        { persona: 1, lato: 1, risposta: 'accettata' },
        { persona: 2, lato: 1, risposta: 'in_attesa' },
        { persona: 3, lato: 2, risposta: 'in_attesa' },
        { persona: 4, lato: 2, risposta: 'in_attesa' },
      ],
      risultato: null,
    })
  })

  it('invites no partner to a singles challenge', () => {
    const [start] = initialTransition(challengeMachine, {
      creatore: PROPOSER,
      doppio: false,
      pubblica: false,
      compagno: 2,
      avversari: [3],
    })
    expect((start.context as ChallengeContext).partecipanti.map((p) => p.persona)).toEqual([1, 3])
  })

  it('leaves the partner’s place open in doubles proposed without one', () => {
    const [start] = initialTransition(challengeMachine, {
      creatore: PROPOSER,
      doppio: true,
      pubblica: true,
      compagno: null,
      avversari: [3],
    })
    expect((start.context as ChallengeContext).partecipanti.map((p) => p.persona)).toEqual([1, 3])
  })
})

describe('sfida: what each state says and waits for', () => {
  const WAITING: State[] = ['proposed', 'resultEntered']
  const FINAL: State[] = ['refused', 'cancelled', 'expired', 'confirmed', 'resolved']
  const context: ChallengeContext = {
    creatore: PROPOSER,
    doppio: false,
    pubblica: false,
    partecipanti: [{ persona: PROPOSER, lato: 1, risposta: 'accettata' }],
    risultato: null,
  }

  it.each(ALL_STATES)(
    '%s has its title and a description, a whole sentence, for the statechart viewer',
    (value) => {
      const node = challengeMachine.states[value]
      expect(node?.meta?.title).toBe(SFIDA_STATE_TITLES[value])
      expect(String(node?.meta?.description)).toMatch(/^[A-ZÀ-Ý].*[a-zà-ý0-9)]\.$/s)
    },
  )

  it.each(ALL_STATES)(
    '%s waits for someone only when someone must answer, and ends only when final',
    (value) => {
      const snapshot = challengeMachine.resolveState({ value, context })
      expect(snapshot.hasTag('inAttesa')).toBe(WAITING.includes(value))
      expect(snapshot.hasTag('conclusa')).toBe(FINAL.includes(value))
      expect(snapshot.status).toBe(FINAL.includes(value) ? 'done' : 'active')
    },
  )

  it('is the machine the server stores challenges of: sfida', () => {
    expect(challengeMachine.id).toBe('sfida')
  })
})

describe('sfida: the requirement each transition implements (meta.spec)', () => {
  const SPEC: Record<string, string> = {
    'proposed sfida.accetta': 'sfide accettazione',
    'proposed sfida.rifiuta': 'sfide accettazione',
    'proposed sfida.aggiungiGiocatore #0': 'sfide invitati',
    'proposed sfida.aggiungiGiocatore #1': 'sfide bacheca',
    'proposed sfida.aggiungiGiocatore #2': 'sfide bacheca',
    'proposed sfida.rimuoviGiocatore': 'sfide invitati',
    'proposed sfida.pubblica': 'sfide bacheca',
    'proposed sfida.annulla': 'sfide annullamento',
    'proposed sfida.scade': 'sfide scadenza',
    'accepted sfida.risultato': 'sfide risultato',
    'resultEntered sfida.conferma': 'sfide risultato',
    'resultEntered sfida.contesta': 'sfide risultato',
    'resultEntered sfida.confermaAutomatica': 'sfide conferma automatica',
    'contested sfida.risolvi': 'sfide contestazione',
  }
  const claimed = ALL_STATES.flatMap((value) =>
    [...(challengeMachine.states[value]?.transitions.entries() ?? [])].flatMap(([event, list]) =>
      list.map((t, i) => {
        const key = `${value} ${event}`
        return [
          SPEC[key] === undefined ? `${key} #${i}` : key,
          (t.meta as { spec?: string } | undefined)?.spec,
        ] as const
      }),
    ),
  )

  it('names the rule of docs/regole.md «Sfide» on every transition, guarded branches too', () => {
    expect(claimed).toHaveLength(16)
    expect(claimed.filter(([key, spec]) => spec !== SPEC[key])).toEqual([])
  })
})

describe('sfida: the words of the flow report', () => {
  const used = new Set(
    ALL_STATES.flatMap((value) =>
      [...(challengeMachine.states[value]?.transitions.values() ?? [])].flatMap((list) =>
        list.flatMap((t) => t.actions.map((a) => (typeof a === 'string' ? a : '')).filter(Boolean)),
      ),
    ),
  )

  it('says in Italian what each action of the machine does, and nothing it does not do', () => {
    expect(new Set(Object.keys(challengeLabels.actions ?? {}))).toEqual(used)
    const unsaid = [...used].filter(
      (action) => !/^[a-zà-ý].{20,}[a-z)]$/.test(challengeLabels.actions?.[action] ?? ''),
    )
    expect(unsaid).toEqual([])
  })

  const context: ChallengeContext = {
    creatore: PROPOSER,
    doppio: true,
    pubblica: true,
    partecipanti: [
      { persona: 1, lato: 1, risposta: 'accettata' },
      { persona: 2, lato: 1, risposta: 'accettata' },
      { persona: 3, lato: 2, risposta: 'accettata' },
      { persona: 4, lato: 2, risposta: 'in_attesa' },
    ],
    risultato: null,
  }
  const role = (event: ChallengeEvent) =>
    (challengeLabels.roles as (c: ChallengeContext, e: ChallengeEvent) => unknown)(context, event)

  it('names each person by role: proposer, partner, opponents in order, a stranger, the portal', () => {
    expect([1, 2, 3, 4, 5, null].map((persona) => challengePersonRole(context, persona))).toEqual([
      'il giocatore che ha proposto',
      'il compagno',
      'l’avversario',
      'il secondo avversario',
      'un giocatore che non è nella sfida',
      'il portale',
    ])
  })

  it('says what the proposer or a player does with the places', () => {
    const add = (by: number, persona: number, lato: Lato): ChallengeEvent => ({
      type: 'sfida.aggiungiGiocatore',
      by,
      persona,
      lato,
    })
    expect(role(add(5, 5, 2))).toEqual({
      who: 'un giocatore che non è nella sfida',
      does: 'prende un posto libero nella parte avversaria',
    })
    expect(role(add(5, 5, 1))).toEqual({
      who: 'un giocatore che non è nella sfida',
      does: 'prende un posto libero nella parte di chi ha proposto',
    })
    expect(role(add(1, 5, 1))).toEqual({
      who: 'il giocatore che ha proposto',
      does: 'invita un altro giocatore nella parte di chi ha proposto',
    })
    expect(role(add(1, 4, 2))).toEqual({
      who: 'il giocatore che ha proposto',
      does: 'invita il secondo avversario nella parte avversaria',
    })
    expect(role({ type: 'sfida.rimuoviGiocatore', by: 3, persona: 3 })).toEqual({
      who: 'l’avversario',
      does: 'lascia la sfida',
    })
    expect(role({ type: 'sfida.rimuoviGiocatore', by: 1, persona: 2 })).toEqual({
      who: 'il giocatore che ha proposto',
      does: 'toglie dalla sfida il compagno',
    })
  })

  it('says who entered the result and which side won, and who acts plainly otherwise', () => {
    expect(role({ type: 'sfida.risultato', by: 3, vincitore: 1 })).toEqual({
      who: 'l’avversario',
      does: 'inserisce il risultato (vince la parte di chi ha proposto)',
    })
    expect(role({ type: 'sfida.risultato', by: 2, vincitore: 2 })).toEqual({
      who: 'il compagno',
      does: 'inserisce il risultato (vince la parte avversaria)',
    })
    expect(role({ type: 'sfida.accetta', by: 4 })).toEqual({ who: 'il secondo avversario' })
    expect(role({ type: 'sfida.scade', by: null })).toEqual({ who: null })
  })

  it('tells the federation’s decision and its verdict, and one who decides without being a referee', () => {
    const risolvi = (
      by: number | null,
      arbitro: boolean,
      esito: 'confermato' | 'annullato',
    ): ChallengeEvent => ({
      type: 'sfida.risolvi',
      by,
      arbitro,
      esito,
    })
    expect(role(risolvi(REFEREE, true, 'confermato'))).toEqual({
      who: 'la federazione',
      does: 'decide sulla contestazione (il risultato vale)',
    })
    expect(role(risolvi(null, true, 'annullato'))).toEqual({
      who: 'la federazione',
      does: 'decide sulla contestazione (il risultato è annullato)',
    })
    expect(role(risolvi(2, true, 'annullato'))).toEqual({
      who: 'la federazione, con il compagno che gioca la sfida,',
      does: 'decide sulla contestazione (il risultato è annullato)',
    })
    expect(role(risolvi(3, false, 'confermato'))).toEqual({
      who: 'l’avversario',
      does: 'prova a decidere sulla contestazione senza essere arbitro (il risultato vale)',
    })
  })
})
