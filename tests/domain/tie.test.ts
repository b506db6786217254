// The team championship tie rules (docs/regole.md «Campionati a squadre») as plain functions, without a database:
// 403 and 409 refusals, the deadlines, the dates a captain may propose, what each captain must do next, the tie's
// result from its rubbers, who is told what, and the timeline's words.
import { describe, expect, it } from 'vitest'
import { INCONTRI_MESSAGES as M, TIE_STATE_TITLES, type TieState } from '../../contract/incontri.ts'
import type { TieEvent } from '../../machines/tie.ts'
import {
  type StoredTie,
  type TieNoticeFacts,
  checkTieResult,
  contestNotices,
  decideTie,
  describeTieEvent,
  proposalDateRefusal,
  startTie,
  tieDeadlineEvent,
  tieDeadlineOf,
  tieNotices,
  tieRefusalOf,
  tieScore,
  tieToDo,
} from '../../server/domain/tie.ts'

const HOME = 1
const AWAY = 2
const ADMIN = 9

function after(stored: StoredTie, event: TieEvent): StoredTie {
  const decision = decideTie(stored, event)
  if (!decision.ok) throw new Error(`refused: ${event.type}`)
  return decision.stored
}
const unscheduled = () => startTie({ casa: HOME, ospiti: AWAY })
const proposed = () => after(unscheduled(), { type: 'incontro.proponiData', by: HOME })
const scheduled = () => after(proposed(), { type: 'incontro.accettaData', by: AWAY })
const homeLineup = () => after(scheduled(), { type: 'incontro.schieramento', by: HOME })
const lineups = () => after(homeLineup(), { type: 'incontro.schieramento', by: AWAY })
const playing = () => after(lineups(), { type: 'incontro.generaPartite', by: HOME })
const resultEntered = () => after(playing(), { type: 'incontro.risultato', by: HOME })
const contested = () => after(resultEntered(), { type: 'incontro.contesta', by: AWAY })
const illegal = (state: TieState) => M.illegal(TIE_STATE_TITLES[state].toLowerCase())

describe('tieRefusalOf: 403 for a step that is the other captain’s, 409 for a step nobody may take now', () => {
  it('leaves a contested result to the federation, never to a captain of the tie', () => {
    const decide = (by: number, arbitro: boolean) =>
      tieRefusalOf(contested(), { type: 'incontro.risolvi', by, arbitro, esito: 'confermato' })
    expect(decide(HOME, true)).toEqual({ status: 403, message: M.referee })
    expect(decide(ADMIN, false)).toEqual({ status: 403, message: M.referee })
    expect(
      tieRefusalOf(playing(), { type: 'incontro.risolvi', by: ADMIN, arbitro: true, esito: 'annullato' }),
    ).toEqual({ status: 409, message: illegal('playing') })
  })

  it('refuses anyone but the two captains', () => {
    expect(tieRefusalOf(unscheduled(), { type: 'incontro.proponiData', by: ADMIN })).toEqual({
      status: 403,
      message: M.notCaptainOfTie,
    })
  })

  it('says whose step it is: the home captain proposes, the other answers, the other side confirms', () => {
    expect(tieRefusalOf(unscheduled(), { type: 'incontro.proponiData', by: AWAY })).toEqual({
      status: 403,
      message: M.homeProposes,
    })
    expect(tieRefusalOf(proposed(), { type: 'incontro.accettaData', by: HOME })).toEqual({
      status: 403,
      message: M.answerOwn,
    })
    for (const type of ['incontro.conferma', 'incontro.contesta'] as const)
      expect(tieRefusalOf(resultEntered(), { type, by: HOME })).toEqual({ status: 403, message: M.ownResult })
  })

  it('names the state when neither captain may take the step', () => {
    expect(tieRefusalOf(scheduled(), { type: 'incontro.proponiData', by: HOME })).toEqual({
      status: 409,
      message: illegal('scheduled'),
    })
  })
})

describe('deadlines', () => {
  const start = new Date('2026-06-06T15:00:00Z')
  const from = new Date('2026-06-01T10:00:00Z')
  it('lineups are due an hour before the start; an unanswered result stands after 48 hours', () => {
    expect(tieDeadlineOf('scheduled', start, from)).toEqual(new Date('2026-06-06T14:00:00Z'))
    expect(tieDeadlineOf('scheduled', null, from)).toBeNull()
    expect(tieDeadlineOf('resultEntered', start, from)).toEqual(new Date('2026-06-03T10:00:00Z'))
    expect(tieDeadlineEvent('scheduled')).toEqual({ type: 'incontro.scadenzaSchieramenti', by: null })
    expect(tieDeadlineEvent('resultEntered')).toEqual({ type: 'incontro.confermaAutomatica', by: null })
  })
  it('runs in no other state', () => {
    for (const state of ['proposed', 'playing', 'contested'] as const) {
      expect(tieDeadlineOf(state, start, from)).toBeNull()
      expect(tieDeadlineEvent(state)).toBeUndefined()
    }
  })
})

describe('proposalDateRefusal', () => {
  const now = new Date('2026-06-01T10:00:00Z')
  it('wants a start that leaves time for the lineups: more than an hour ahead', () => {
    expect(proposalDateRefusal(new Date('2026-06-01T11:00:00Z'), now, '2026-06-30')).toBe(M.dateInPast)
    expect(proposalDateRefusal(new Date('2026-06-01T11:00:01Z'), now, '2026-06-30')).toBeNull()
  })
  it('refuses a day after the tournament’s last one (Italy’s day), saying which', () => {
    expect(proposalDateRefusal(new Date('2026-06-30T22:00:00Z'), now, '2026-06-30')).toBe(
      M.dateTooLate('30/06/2026'),
    )
    expect(proposalDateRefusal(new Date('2026-06-30T21:59:59Z'), now, '2026-06-30')).toBeNull()
  })
})

describe('tieToDo', () => {
  it('tells each captain the step that waits for them, and nothing to others', () => {
    expect(tieToDo(unscheduled(), HOME)).toBe('Proponi giorno e ora')
    expect(tieToDo(unscheduled(), AWAY)).toBeNull()
    expect(tieToDo(proposed(), AWAY)).toBe('Rispondi alla data proposta')
    expect(tieToDo(proposed(), HOME)).toBeNull()
    expect(tieToDo(scheduled(), AWAY)).toBe('Invia lo schieramento')
    expect(tieToDo(homeLineup(), HOME)).toBeNull()
    expect(tieToDo(homeLineup(), AWAY)).toBe('Invia lo schieramento')
    expect(tieToDo(lineups(), AWAY)).toBe('Genera le partite')
    expect(tieToDo(playing(), AWAY)).toBe('Inserisci i risultati')
    expect(tieToDo(resultEntered(), AWAY)).toBe('Conferma o contesta il risultato')
    expect(tieToDo(resultEntered(), HOME)).toBeNull()
    expect(tieToDo(unscheduled(), ADMIN)).toBeNull()
    expect(tieToDo(unscheduled(), null)).toBeNull()
  })
})

describe('checkTieResult and tieScore', () => {
  const played = (numero: number, home: boolean) =>
    ({
      numero,
      esito: 'giocata',
      set: home
        ? [
            { a: 6, b: 2 },
            { a: 6, b: 3 },
          ]
        : [
            { a: 2, b: 6 },
            { a: 3, b: 6 },
          ],
    }) as const

  it('checks every rubber once, the home side as «A», and the side that won more rubbers wins the tie', () => {
    const checked = checkTieResult([played(1, true), played(2, false), played(3, false)], 3, 'set')
    expect(checked.ok && checked.rubbers.map((r) => [r.numero, r.vincitore])).toEqual([
      [1, 'casa'],
      [2, 'ospiti'],
      [3, 'ospiti'],
    ])
    expect(tieScore(checked.ok ? checked.rubbers : [])).toEqual({ casa: 1, ospiti: 2, vincitore: 'ospiti' })
    expect(tieScore([{ vincitore: 'casa' }, { vincitore: null }])).toEqual({
      casa: 1,
      ospiti: 0,
      vincitore: 'casa',
    })
  })

  it('takes the winner of a retirement from the form', () => {
    const checked = checkTieResult(
      [{ numero: 1, esito: 'ritiro', set: [{ a: 2, b: 1 }], vincitore: 'ospiti' }],
      1,
      'set',
    )
    expect(checked.ok && checked.rubbers[0]?.vincitore).toBe('ospiti')
  })

  it('refuses a rubber missing, entered twice, beyond the tie’s rubbers, or with a wrong score', () => {
    expect(checkTieResult([played(1, true)], 2, 'set')).toEqual({ ok: false, message: M.resultMissing(2) })
    expect(checkTieResult([played(1, true), played(1, false)], 1, 'set')).toEqual({
      ok: false,
      message: M.resultMissing(1),
    })
    expect(checkTieResult([played(1, true), played(4, true)], 1, 'set')).toEqual({
      ok: false,
      message: M.lineupUnknownRubber(4),
    })
    const wrong = checkTieResult([{ numero: 1, esito: 'giocata', set: [{ a: 7, b: 7 }] }], 1, 'set')
    expect(wrong.ok === false && wrong.message.startsWith('Partita n. 1: ')).toBe(true)
  })
})

describe('notices to the captains', () => {
  const facts: TieNoticeFacts = {
    casa: 'Leoni',
    ospiti: 'Tigri',
    giornata: 3,
    punti: { casa: 2, ospiti: 1 },
    momento: 'sabato 6 giugno alle 17:00',
    scadenza: 'sabato 6 giugno alle 16:00',
    nota: null,
  }
  const head = 'Leoni – Tigri (giornata 3): '
  const notices = (before: StoredTie, event: TieEvent, f = facts) =>
    tieNotices(before, after(before, event), event, f)

  it('tell the other captain of a proposal, an answer, a result, a confirmation, a contest', () => {
    expect(notices(unscheduled(), { type: 'incontro.proponiData', by: HOME })).toEqual([
      {
        destinatario: AWAY,
        testo: `${head}il capitano di casa propone sabato 6 giugno alle 17:00. Accetta la data o proponine un’altra.`,
      },
    ])
    expect(notices(proposed(), { type: 'incontro.accettaData', by: AWAY })).toEqual([
      {
        destinatario: HOME,
        testo: `${head}il capitano ospite ha accettato la data: sabato 6 giugno alle 17:00. Invia lo schieramento entro sabato 6 giugno alle 16:00.`,
      },
    ])
    expect(notices(proposed(), { type: 'incontro.rifiutaData', by: AWAY })[0]?.testo).toBe(
      `${head}il capitano ospite ha rifiutato la data proposta: proponine un’altra.`,
    )
    expect(notices(playing(), { type: 'incontro.risultato', by: AWAY })).toEqual([
      {
        destinatario: HOME,
        testo: `${head}il risultato inserito è Leoni 2 – 1 Tigri. Confermalo o contestalo entro sabato 6 giugno alle 16:00: poi vale come confermato.`,
      },
    ])
    expect(notices(resultEntered(), { type: 'incontro.conferma', by: AWAY })[0]?.testo).toBe(
      `${head}il capitano ospite ha confermato il risultato Leoni 2 – 1 Tigri.`,
    )
    expect(
      notices(resultEntered(), { type: 'incontro.contesta', by: AWAY }, { ...facts, nota: 'set 2' }),
    ).toEqual([
      {
        destinatario: HOME,
        testo: `${head}il capitano ospite ha contestato il risultato che hai inserito («set 2»). Decide la federazione.`,
      },
    ])
  })

  it('tell both captains of the federation’s decision and of a deadline that passed; nobody of a lineup', () => {
    const decided = notices(contested(), {
      type: 'incontro.risolvi',
      by: ADMIN,
      arbitro: true,
      esito: 'annullato',
    })
    expect(decided.map((n) => n.destinatario)).toEqual([HOME, AWAY])
    expect(decided[0]?.testo).toBe(
      `${head}la federazione ha deciso sulla contestazione: il risultato Leoni 2 – 1 Tigri è annullato.`,
    )
    const auto = notices(
      resultEntered(),
      { type: 'incontro.confermaAutomatica', by: null },
      { ...facts, punti: null },
    )
    expect(auto.map((n) => n.destinatario)).toEqual([HOME, AWAY])
    expect(auto[0]?.testo).toBe(
      `${head}nessuna risposta in 48 ore: il risultato inserito è confermato d’ufficio.`,
    )
    const walkover = notices(homeLineup(), { type: 'incontro.scadenzaSchieramenti', by: null })
    expect(walkover[1]?.testo).toBe(
      `${head}lo schieramento di Tigri non è arrivato un’ora prima dell’inizio: vince a tavolino Leoni.`,
    )
    expect(notices(scheduled(), { type: 'incontro.scadenzaSchieramenti', by: null })[0]?.testo).toBe(
      `${head}nessuno dei due schieramenti è arrivato un’ora prima dell’inizio: l’incontro è perso da entrambe le squadre.`,
    )
    expect(notices(scheduled(), { type: 'incontro.schieramento', by: HOME })).toEqual([])
  })

  it('ask the federation, and not a captain of the tie, to decide a contest', () => {
    const event = { type: 'incontro.contesta', by: AWAY } as const
    expect(contestNotices(resultEntered(), event, facts, [ADMIN, HOME, 10])).toEqual(
      [ADMIN, 10].map((destinatario) => ({
        destinatario,
        testo:
          'Leoni – Tigri (giornata 3): il capitano ospite ha contestato il risultato Leoni 2 – 1 Tigri. Decidi se vale o se è annullato.',
      })),
    )
    expect(contestNotices(resultEntered(), { type: 'incontro.conferma', by: AWAY }, facts, [ADMIN])).toEqual(
      [],
    )
  })
})

describe('describeTieEvent', () => {
  it('words each step of the timeline, with the note where there is one', () => {
    expect(describeTieEvent('incontro.proponiData', 'proposed', null)).toBe('Data proposta')
    expect(describeTieEvent('incontro.proponiData', 'proposed', 'sabato')).toBe('Data proposta: sabato')
    expect(describeTieEvent('incontro.accettaData', 'scheduled', null)).toBe('Data accettata')
    expect(describeTieEvent('incontro.rifiutaData', 'unscheduled', null)).toBe(
      'Data rifiutata: il capitano di casa ne propone un’altra',
    )
    expect(describeTieEvent('incontro.schieramento', 'lineupsSubmitted', null)).toBe(
      'Schieramento inviato: ora sono visibili entrambi',
    )
    expect(describeTieEvent('incontro.schieramento', 'scheduled', null)).toBe('Schieramento inviato')
    expect(describeTieEvent('incontro.scadenzaSchieramenti', 'walkedOver', null)).toBe(
      'Schieramento mancante all’ora limite: incontro a tavolino',
    )
    expect(describeTieEvent('incontro.generaPartite', 'playing', null)).toBe(
      'Partite generate dai due schieramenti',
    )
    expect(describeTieEvent('incontro.risultato', 'resultEntered', null)).toBe('Risultato inserito')
    expect(describeTieEvent('incontro.conferma', 'confirmed', null)).toBe('Risultato confermato')
    expect(describeTieEvent('incontro.contesta', 'contested', 'no')).toBe('Risultato contestato: no')
    expect(describeTieEvent('incontro.confermaAutomatica', 'confirmed', null)).toBe(
      'Risultato confermato d’ufficio dopo 48 ore',
    )
    expect(describeTieEvent('incontro.risolvi', 'resolved', null)).toBe('La federazione ha deciso')
    expect(describeTieEvent('seed', 'confirmed', null)).toBe('Risultato confermato')
  })
})

describe('decideTie: what the server stores and performs', () => {
  it('refuses an event the machine does not take, storing nothing', () => {
    expect(decideTie(unscheduled(), { type: 'incontro.proponiData', by: AWAY })).toEqual({
      ok: false,
      from: 'unscheduled',
    })
  })

  it('answers the actions the server performs, and only those', () => {
    const confirmed = decideTie(resultEntered(), { type: 'incontro.conferma', by: AWAY })
    expect(confirmed).toMatchObject({ ok: true, from: 'resultEntered', to: 'confirmed' })
    expect(confirmed.ok && confirmed.actions).toEqual(['aggiornaPower', 'aggiornaClassifica'])
    const answered = decideTie(proposed(), { type: 'incontro.accettaData', by: AWAY })
    expect(answered.ok && answered.actions).toEqual([])
  })
})

describe('the refusals a captain reads, and the notices of the rarer steps', () => {
  const facts: TieNoticeFacts = {
    casa: 'Leoni',
    ospiti: 'Tigri',
    giornata: 3,
    punti: null,
    momento: 'sabato 6 giugno alle 17:00',
    scadenza: 'sabato 6 giugno alle 16:00',
    nota: 'set 2 in dubbio',
  }
  const head = 'Leoni – Tigri (giornata 3): '
  const notices = (before: StoredTie, event: TieEvent) =>
    tieNotices(before, after(before, event), event, facts)

  it('the visiting captain cannot propose the first date; the proposer cannot answer their own', () => {
    expect(tieRefusalOf(unscheduled(), { type: 'incontro.proponiData', by: AWAY })).toEqual({
      status: 403,
      message: M.homeProposes,
    })
    expect(tieRefusalOf(proposed(), { type: 'incontro.accettaData', by: HOME })).toEqual({
      status: 403,
      message: M.answerOwn,
    })
    // Proposing again over one's own proposal is answering it: the other captain's step.
    expect(tieRefusalOf(proposed(), { type: 'incontro.proponiData', by: HOME })).toEqual({
      status: 403,
      message: M.answerOwn,
    })
  })

  it('nothing waits for someone who is not a captain, nor for nobody', () => {
    expect(tieToDo(proposed(), null)).toBeNull()
    expect(tieToDo(proposed(), ADMIN)).toBeNull()
  })

  it('a date declined by the home captain says they will propose another', () => {
    const counter = after(proposed(), { type: 'incontro.proponiData', by: AWAY })
    expect(notices(counter, { type: 'incontro.rifiutaData', by: HOME })).toEqual([
      {
        destinatario: AWAY,
        testo: `${head}il capitano di casa ha rifiutato la data proposta: ne proporrà un’altra.`,
      },
    ])
  })

  it('the federation’s decision with its note, and a result that stands', () => {
    const decided = notices(contested(), {
      type: 'incontro.risolvi',
      by: ADMIN,
      arbitro: true,
      esito: 'confermato',
    })
    expect(decided[1]).toEqual({
      destinatario: AWAY,
      testo: `${head}la federazione ha deciso sulla contestazione: il risultato inserito vale (set 2 in dubbio).`,
    })
  })

  it('the federation is told of a contest with no score and a note', () => {
    expect(contestNotices(resultEntered(), { type: 'incontro.contesta', by: AWAY }, facts, [ADMIN])).toEqual([
      {
        destinatario: ADMIN,
        testo:
          'Leoni – Tigri (giornata 3): il capitano ospite ha contestato il risultato («set 2 in dubbio»). Decidi se vale o se è annullato.',
      },
    ])
  })
})
