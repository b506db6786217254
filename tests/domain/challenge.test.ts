// The challenge rules (docs/regole.md «Sfide») as plain functions, without a database: whose refusal is a 403
// and which a 409, a result entered before the match, who decides a contested result, the deadlines, what each
// player must do next, who is told what (and by e-mail or not), and the timeline's words.
import { describe, expect, it } from 'vitest'
import { SFIDE_MESSAGES as M, SFIDA_STATE_TITLES } from '../../contract/sfide.ts'
import type { ChallengeContext, ChallengeEvent } from '../../machines/challenge.ts'
import {
  type StoredChallenge,
  challengeScore,
  checkChallengeScore,
  deadlineEvent,
  deadlineOf,
  decideEvent,
  describeEvent,
  mayDecide,
  noticesOf,
  refusalOf,
  resultTimeRefusal,
  startChallenge,
  toDoOf,
} from '../../server/domain/challenge.ts'

const PROPOSER = 1
const OPPONENT = 2
const OUTSIDER = 9

function after(stored: StoredChallenge, event: ChallengeEvent): StoredChallenge {
  const decision = decideEvent(stored, event)
  if (!decision.ok) throw new Error(`refused: ${event.type}`)
  return decision.stored
}
const proposed = (pubblica = false) =>
  startChallenge({ creatore: PROPOSER, doppio: false, pubblica, avversari: [OPPONENT] })
const accepted = () => after(proposed(), { type: 'sfida.accetta', by: OPPONENT })
const resultEntered = () => after(accepted(), { type: 'sfida.risultato', by: PROPOSER, vincitore: 1 })
const contested = () => after(resultEntered(), { type: 'sfida.contesta', by: OPPONENT })
const illegal = (state: keyof typeof SFIDA_STATE_TITLES) => M.illegal(SFIDA_STATE_TITLES[state].toLowerCase())

describe('refusalOf: 403 for a step that is not the asker’s, 409 for a step nobody may take now', () => {
  it('leaves contested results to the federation, never to one of the challenge’s players', () => {
    const refuse = (by: number, arbitro: boolean) =>
      refusalOf(contested(), { type: 'sfida.risolvi', by, arbitro, esito: 'confermato' })
    expect(refuse(PROPOSER, true)).toEqual({ status: 403, message: M.referee })
    expect(refuse(OUTSIDER, false)).toEqual({ status: 403, message: M.referee })
    expect(
      refusalOf(accepted(), { type: 'sfida.risolvi', by: OUTSIDER, arbitro: true, esito: 'annullato' }),
    ).toEqual({ status: 409, message: illegal('accepted') })
  })

  it('refuses someone outside the challenge whatever the state, except taking a place of their own on the board', () => {
    expect(refusalOf(accepted(), { type: 'sfida.accetta', by: OUTSIDER })).toEqual({
      status: 403,
      message: M.notParticipant,
    })
    const join = { type: 'sfida.aggiungiGiocatore', by: OUTSIDER, persona: OUTSIDER, lato: 2 } as const
    expect(refusalOf(proposed(false), join)).toEqual({ status: 403, message: M.notPublic })
    expect(refusalOf(proposed(true), { ...join, persona: 10 })).toEqual({
      status: 403,
      message: M.notAllowed,
    })
  })

  it('tells who entered the result that the other side confirms or contests it', () => {
    for (const type of ['sfida.conferma', 'sfida.contesta'] as const)
      expect(refusalOf(resultEntered(), { type, by: PROPOSER })).toEqual({
        status: 403,
        message: M.ownResult,
      })
    expect(refusalOf(proposed(), { type: 'sfida.annulla', by: OPPONENT })).toEqual({
      status: 403,
      message: M.notAllowed,
    })
  })

  it('says why a player cannot be added: already in, the same player twice, or the side full', () => {
    const add = (by: number, persona: number, lato: 1 | 2) =>
      refusalOf(proposed(true), { type: 'sfida.aggiungiGiocatore', by, persona, lato })
    expect(add(OPPONENT, OPPONENT, 2)).toEqual({ status: 409, message: M.alreadyIn })
    expect(add(PROPOSER, OPPONENT, 2)).toEqual({ status: 409, message: M.samePlayer })
    expect(add(PROPOSER, 5, 2)).toEqual({ status: 409, message: M.sideFull })
    expect(
      refusalOf(accepted(), { type: 'sfida.aggiungiGiocatore', by: PROPOSER, persona: 5, lato: 2 }),
    ).toEqual({ status: 409, message: illegal('accepted') })
  })

  it('tells someone taking a place on a full side of the board that the side is full', () => {
    const join = { type: 'sfida.aggiungiGiocatore', by: OUTSIDER, persona: OUTSIDER, lato: 2 } as const
    expect(refusalOf(proposed(true), join)).toEqual({ status: 409, message: M.sideFull })
  })

  it('is no decision when the machine takes no transition', () => {
    expect(decideEvent(accepted(), { type: 'sfida.accetta', by: OPPONENT })).toEqual({
      ok: false,
      from: 'accepted',
    })
  })

  it('names the state when nobody may take the step in it', () => {
    expect(refusalOf(accepted(), { type: 'sfida.accetta', by: OPPONENT })).toEqual({
      status: 409,
      message: illegal('accepted'),
    })
  })
})

describe('resultTimeRefusal', () => {
  const enter = { type: 'sfida.risultato', by: PROPOSER, vincitore: 1 } as const
  const now = new Date('2026-06-01T10:00:00Z')
  it('refuses a result before the match’s time (409), takes it from that time on', () => {
    const later = new Date('2026-06-01T18:00:00Z')
    expect(resultTimeRefusal(accepted(), enter, later, now)?.status).toBe(409)
    expect(resultTimeRefusal(accepted(), enter, now, now)).toBeNull()
    expect(resultTimeRefusal(accepted(), enter, null, now)).toBeNull()
  })
  it('leaves other refusals to the machine: another event, or a result the machine would not take', () => {
    const later = new Date('2026-06-02T10:00:00Z')
    expect(resultTimeRefusal(accepted(), { type: 'sfida.annulla', by: PROPOSER }, later, now)).toBeNull()
    expect(resultTimeRefusal(proposed(), enter, later, now)).toBeNull()
    // Cancelling a proposal for later is no result: the clock does not stop it.
    expect(resultTimeRefusal(proposed(), { type: 'sfida.annulla', by: PROPOSER }, later, now)).toBeNull()
  })
})

describe('mayDecide', () => {
  it('is the federation’s, on a contested challenge it does not play', () => {
    expect(mayDecide(contested(), OUTSIDER, true)).toBe(true)
    expect(mayDecide(contested(), null, true)).toBe(true)
    expect(mayDecide(contested(), OUTSIDER, false)).toBe(false)
    expect(mayDecide(contested(), PROPOSER, true)).toBe(false)
    expect(mayDecide(resultEntered(), OUTSIDER, true)).toBe(false)
  })
})

describe('deadlines', () => {
  const from = new Date('2026-06-01T10:00:00Z')
  it('a proposal expires after 7 days, an unanswered result stands after 48 hours', () => {
    expect(deadlineOf('proposed', from)).toEqual(new Date('2026-06-08T10:00:00Z'))
    expect(deadlineOf('resultEntered', from)).toEqual(new Date('2026-06-03T10:00:00Z'))
    expect(deadlineEvent('proposed')).toEqual({ type: 'sfida.scade', by: null })
    expect(deadlineEvent('resultEntered')).toEqual({ type: 'sfida.confermaAutomatica', by: null })
  })
  it('runs in no other state', () => {
    for (const state of ['accepted', 'contested', 'confirmed'] as const) {
      expect(deadlineOf(state, from)).toBeNull()
      expect(deadlineEvent(state)).toBeUndefined()
    }
  })
})

describe('checkChallengeScore', () => {
  it('reads the score from side 1 and names the side that won', () => {
    const won = checkChallengeScore(
      {
        esito: 'giocata',
        set: [
          { a: 6, b: 3 },
          { a: 6, b: 4 },
        ],
      },
      'set',
    )
    expect(won).toMatchObject({ ok: true, vincitore: 1 })
    const lost = checkChallengeScore(
      {
        esito: 'giocata',
        set: [
          { a: 3, b: 6 },
          { a: 4, b: 6 },
        ],
      },
      'set',
    )
    expect(lost).toMatchObject({ ok: true, vincitore: 2 })
    expect(
      challengeScore([
        { a: 6, b: 3 },
        { a: 6, b: 4 },
      ]),
    ).toBe('6-3 6-4')
  })
  it('takes the winner of a retirement from the form, for either side', () => {
    for (const lato of [1, 2] as const)
      expect(
        checkChallengeScore({ esito: 'ritiro', set: [{ a: 3, b: 2 }], vincitore_lato: lato }, 'set'),
      ).toMatchObject({ ok: true, vincitore: lato })
  })
  it('passes on the scoring’s refusal', () => {
    expect(checkChallengeScore({ esito: 'giocata', set: [{ a: 7, b: 7 }] }, 'set').ok).toBe(false)
  })
})

describe('toDoOf', () => {
  it('asks the invited to answer, both to play, the other side to confirm; nothing of others', () => {
    expect(toDoOf(proposed(), OPPONENT)).toBe('Rispondi all’invito')
    expect(toDoOf(proposed(), PROPOSER)).toBeNull()
    expect(toDoOf(accepted(), PROPOSER)).toBe('Gioca e inserisci il risultato')
    expect(toDoOf(resultEntered(), OPPONENT)).toBe('Conferma o contesta il risultato')
    expect(toDoOf(resultEntered(), PROPOSER)).toBeNull()
    expect(toDoOf(contested(), PROPOSER)).toBeNull()
    expect(toDoOf(accepted(), OUTSIDER)).toBeNull()
    expect(toDoOf(accepted(), null)).toBeNull()
  })
})

describe('noticesOf', () => {
  const names = new Map([
    [PROPOSER, 'Anna Neri'],
    [OPPONENT, 'Bruno Verdi'],
  ])
  const ctx = (people: [number, 1 | 2][]): ChallengeContext => ({
    creatore: PROPOSER,
    doppio: true,
    pubblica: false,
    partecipanti: people.map(([persona, lato]) => ({ persona, lato, risposta: 'accettata' })),
    risultato: null,
  })
  const four = ctx([
    [PROPOSER, 1],
    [3, 1],
    [OPPONENT, 2],
    [4, 2],
  ])
  const told = (action: string, by: number | null, before = four, now = four) =>
    noticesOf([action], before, now, by, names).map((n) => [n.destinatario, n.email])

  it('invites by e-mail only the players just added', () => {
    const before = ctx([
      [PROPOSER, 1],
      [OPPONENT, 2],
    ])
    const notices = noticesOf(['avvisaInvito'], before, four, PROPOSER, names)
    expect(notices).toEqual([
      {
        destinatario: 3,
        testo: 'Anna Neri ti ha invitato a una sfida: rispondi entro 7 giorni.',
        email: true,
      },
      {
        destinatario: 4,
        testo: 'Anna Neri ti ha invitato a una sfida: rispondi entro 7 giorni.',
        email: true,
      },
    ])
  })

  it('tells the others an acceptance by e-mail, a refusal and a cancellation only in the portal', () => {
    expect(told('avvisaAccettazione', OPPONENT)).toEqual([
      [PROPOSER, true],
      [3, true],
      [4, true],
    ])
    expect(told('avvisaRifiuto', OPPONENT)).toEqual([
      [PROPOSER, false],
      [3, false],
      [4, false],
    ])
    expect(told('avvisaAnnullamento', PROPOSER)).toEqual([
      [3, false],
      [OPPONENT, false],
      [4, false],
    ])
  })

  it('sends a result to confirm by e-mail to the other side only', () => {
    const notices = noticesOf(['avvisaRisultato'], four, four, OPPONENT, names)
    expect(notices.map((n) => [n.destinatario, n.email])).toEqual([
      [PROPOSER, true],
      [3, true],
    ])
    expect(notices[0]?.testo).toBe(
      'Bruno Verdi ha inserito il risultato della sfida: confermalo o contestalo entro 48 ore, poi vale come confermato.',
    )
  })

  it('tells everybody of an expiry and of the federation’s decision', () => {
    expect(told('avvisaScadenza', null).map(([p]) => p)).toEqual([PROPOSER, 3, OPPONENT, 4])
    expect(told('avvisaRisoluzione', null).map(([p]) => p)).toEqual([PROPOSER, 3, OPPONENT, 4])
  })

  it('words each notice, by e-mail only for acceptances (and invitations and results to confirm)', () => {
    const one = (action: string, by: number | null) => noticesOf([action], four, four, by, names)[0]
    expect(one('avvisaAccettazione', OPPONENT)).toEqual({
      destinatario: PROPOSER,
      testo: 'Bruno Verdi ha accettato la sfida.',
      email: true,
    })
    expect(one('avvisaRifiuto', OPPONENT)?.testo).toBe('Bruno Verdi ha rifiutato la sfida.')
    expect(one('avvisaAnnullamento', PROPOSER)?.testo).toBe('Anna Neri ha annullato la sfida.')
    expect(one('avvisaScadenza', null)).toEqual({
      destinatario: PROPOSER,
      testo: 'La sfida è scaduta: nessuna risposta in 7 giorni.',
      email: false,
    })
    expect(one('avvisaRisoluzione', null)).toEqual({
      destinatario: PROPOSER,
      testo: 'La federazione ha deciso sulla contestazione della sfida.',
      email: false,
    })
    expect(one('avvisaConferma', OPPONENT)?.email).toBe(false)
    expect(one('avvisaContestazione', OPPONENT)?.email).toBe(false)
    expect(one('avvisaScadenza', null)?.testo).not.toContain('Il portale')
  })

  it('words a confirmation by a player and by the clock apart, and names an unknown player neutrally', () => {
    const text = (by: number | null) => noticesOf(['avvisaConferma'], four, four, by, names)[0]?.testo
    expect(text(OPPONENT)).toBe('Bruno Verdi ha confermato il risultato della sfida: il Power è aggiornato.')
    expect(text(null)).toBe('Il risultato della sfida è confermato: nessuna risposta in 48 ore.')
    expect(noticesOf(['avvisaContestazione'], four, four, 4, names)[0]?.testo).toBe(
      'Un giocatore ha contestato il risultato della sfida: decide la federazione.',
    )
    expect(noticesOf(['aggiornaPower'], four, four, 4, names)).toEqual([])
  })
})

describe('describeEvent', () => {
  it('words each step of the timeline', () => {
    expect(describeEvent('sfida.proponi', 'proposed', null)).toBe('Sfida proposta')
    expect(describeEvent('sfida.accetta', 'accepted', null)).toBe('Accettata: la sfida è confermata')
    expect(describeEvent('sfida.accetta', 'proposed', null)).toBe('Ha accettato')
    expect(describeEvent('sfida.rifiuta', 'refused', null)).toBe('Ha rifiutato la sfida')
    expect(describeEvent('sfida.aggiungiGiocatore', 'proposed', null)).toBe('Giocatore aggiunto')
    expect(describeEvent('sfida.aggiungiGiocatore', 'proposed', 'Invitato Carlo')).toBe('Invitato Carlo')
    expect(describeEvent('sfida.rimuoviGiocatore', 'proposed', null)).toBe('Giocatore tolto')
    expect(describeEvent('sfida.pubblica', 'proposed', null)).toBe('Pubblicata in bacheca')
    expect(describeEvent('sfida.annulla', 'cancelled', null)).toBe('Sfida annullata')
    expect(describeEvent('sfida.scade', 'expired', null)).toBe('Scaduta: nessuna risposta in 7 giorni')
    expect(describeEvent('sfida.risultato', 'resultEntered', null)).toBe('Risultato inserito')
    expect(describeEvent('sfida.risultato', 'resultEntered', '6-3 6-4')).toBe('Risultato inserito: 6-3 6-4')
    expect(describeEvent('sfida.conferma', 'confirmed', null)).toBe('Risultato confermato')
    expect(describeEvent('sfida.contesta', 'contested', null)).toBe('Risultato contestato')
    expect(describeEvent('sfida.contesta', 'contested', 'non è andata così')).toBe(
      'Risultato contestato: «non è andata così»',
    )
    expect(describeEvent('sfida.confermaAutomatica', 'confirmed', null)).toBe(
      'Risultato confermato d’ufficio dopo 48 ore',
    )
    expect(describeEvent('sfida.risolvi', 'resolved', null)).toBe('La federazione ha deciso')
    expect(describeEvent('sfida.risolvi', 'resolved', 'vale')).toBe('La federazione ha deciso: vale')
    expect(describeEvent('seed', 'confirmed', null)).toBe('Risultato confermato')
    expect(describeEvent('seed', 'altro', null)).toBe('altro')
  })
})
