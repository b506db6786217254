// The enrolment rules (docs/regole.md «Iscrizioni») as plain functions: each refusal and its Italian message, and
// the machine's decisions as the server takes them (pure transitions, the very snapshot back when refused).
import { describe, expect, it } from 'vitest'
import {
  INVITO_SCADE_GIORNI,
  ISCRIZIONI_MESSAGES as M,
  ISCRIZIONI_NOTICES as N,
} from '../../contract/iscrizioni.ts'
import {
  type PlayerFacts,
  type TournamentFacts,
  decideEvent,
  decideNewEntry,
  effectivePower,
  enrolmentRefusal,
  formatMoment,
  invitationDueAt,
  invitationExpired,
  levelLimit,
  noticesOf,
  playerRefusal,
  refusalOf,
  statusOfState,
  storedMachineOf,
  windowRefusal,
  withdrawalRefusal,
} from '../../server/domain/enrolment.ts'

const NOW = new Date('2026-05-10T10:00:00Z')
const OPENS = new Date('2026-04-01T07:00:00Z')
const CLOSES = new Date('2026-05-20T10:00:00Z')

const tournament = (over: Partial<TournamentFacts> = {}): TournamentFacts => ({
  nome: 'Torneo di primavera',
  tipo: 'TR',
  status: 'iscrizioni_aperte',
  specialita: 'singolare',
  genere: 'X',
  categoria: 'OPEN',
  disciplina: 'Tennis',
  iscrizioniDal: OPENS,
  iscrizioniAl: CLOSES,
  dataInizio: '2026-05-23',
  ...over,
})
const player = (over: Partial<PlayerFacts> = {}): PlayerFacts => ({
  personId: 1,
  nome: 'Mario Rossi',
  sesso: 'M',
  tessera: true,
  power: 52.4,
  ...over,
})

describe('the enrolment window', () => {
  it('is open between the opening and the deadline', () => {
    expect(windowRefusal(tournament(), NOW)).toBeNull()
  })
  it('refuses before it opens and after it closes, saying when (Italy’s time)', () => {
    expect(windowRefusal(tournament(), new Date('2026-03-31T10:00:00Z'))).toBe(
      M.notYetOpen('1° aprile 2026 alle 9:00'),
    )
    expect(windowRefusal(tournament(), new Date('2026-05-20T10:00:01Z'))).toBe(
      M.closed('20 maggio 2026 alle 12:00'),
    )
    expect(formatMoment(CLOSES)).toBe('20 maggio 2026 alle 12:00')
    // The portal's one time style, and the article elided before 8 and 11.
    expect(M.closed(formatMoment(CLOSES))).toBe('Le iscrizioni si sono chiuse il 20 maggio 2026 alle 12:00.')
    expect(M.notYetOpen(formatMoment(new Date('2026-05-08T07:30:00Z')))).toBe(
      'Le iscrizioni apriranno l’8 maggio 2026 alle 9:30.',
    )
  })
  it('refuses team events, cancelled and running tournaments', () => {
    expect(windowRefusal(tournament({ tipo: 'CA' }), NOW)).toBe(M.teamEvent)
    expect(windowRefusal(tournament({ status: 'annullato' }), NOW)).toBe(M.cancelled)
    expect(windowRefusal(tournament({ status: 'in_corso' }), NOW)).not.toBeNull()
  })
  it('without a deadline closes on the first day', () => {
    expect(windowRefusal(tournament({ iscrizioniAl: null, dataInizio: '2026-05-10' }), NOW)).not.toBeNull()
    expect(windowRefusal(tournament({ iscrizioniAl: null, dataInizio: '2026-05-11' }), NOW)).toBeNull()
  })
})

describe('why the enrolment window is closed, in the words the player reads', () => {
  it('a running tournament whose deadline passed names the deadline', () => {
    expect(windowRefusal(tournament({ status: 'in_corso' }), new Date('2026-05-24T10:00:00Z'))).toBe(
      M.closed('20 maggio 2026 alle 12:00'),
    )
  })

  it('without a deadline, names the first day from that day on', () => {
    expect(windowRefusal(tournament({ iscrizioniAl: null, dataInizio: '2026-05-10' }), NOW)).toBe(
      M.closed('2026-05-10'),
    )
  })

  it('entries closed early (the draw announced) before the deadline say so', () => {
    expect(windowRefusal(tournament({ status: 'iscrizioni_chiuse' }), NOW)).toBe(M.closedEarly)
    expect(
      windowRefusal(tournament({ status: 'in_corso', iscrizioniAl: null, dataInizio: '2026-05-11' }), NOW),
    ).toBe(M.closedEarly)
  })

  it('a tournament not yet open without an opening date says it is not open', () => {
    expect(windowRefusal(tournament({ status: 'programmato', iscrizioniDal: null }), NOW)).toBe(M.notOpen)
  })
})

describe('who may play', () => {
  it('needs a card of the discipline for the current season', () => {
    expect(playerRefusal(tournament(), player({ tessera: false }), NOW)).toBe(M.noCard('Tennis', 2026))
  })
  it('keeps men’s and women’s events to their players; mixed ones to all', () => {
    expect(playerRefusal(tournament({ genere: 'F' }), player(), NOW)).toBe(M.gender('F'))
    expect(playerRefusal(tournament({ genere: 'M' }), player({ sesso: 'F' }), NOW)).toBe(M.gender('M'))
    expect(playerRefusal(tournament({ genere: 'X' }), player({ sesso: 'F' }), NOW)).toBeNull()
  })
  it('limits LIMIT 65 and LIMIT 45 by Power, the limit itself included', () => {
    expect(levelLimit('OPEN')).toBeNull()
    expect(levelLimit('LIMIT_65')).toBe(65)
    expect(levelLimit('LIMIT_45')).toBe(45)
    expect(playerRefusal(tournament({ categoria: 'LIMIT_45' }), player(), NOW)).toBe(M.level(45, '52,4'))
    expect(playerRefusal(tournament({ categoria: 'LIMIT_65' }), player(), NOW)).toBeNull()
    expect(playerRefusal(tournament({ categoria: 'LIMIT_45' }), player({ power: 45 }), NOW)).toBeNull()
    expect(playerRefusal(tournament({ categoria: 'LIMIT_65' }), player({ power: 65.1 }), NOW)).toBe(
      M.level(65, '65,1'),
    )
    expect(playerRefusal(tournament({ categoria: 'OPEN' }), player({ power: 98 }), NOW)).toBeNull()
    // A whole Power is written with its decimal, as the player page shows it.
    expect(playerRefusal(tournament({ categoria: 'LIMIT_45' }), player({ power: 50 }), NOW)).toBe(
      M.level(45, '50,0'),
    )
  })
  it('judges a player never rated by the starting Power (40)', () => {
    expect(effectivePower(null)).toBe(40)
    expect(playerRefusal(tournament({ categoria: 'LIMIT_45' }), player({ power: null }), NOW)).toBeNull()
  })
})

describe('an enrolment request', () => {
  const base = { tournament: tournament(), player: player(), partnerId: null, partner: null, now: NOW }
  it('passes when every rule holds', () => {
    expect(enrolmentRefusal(base)).toBeNull()
  })
  it('needs a player behind the account', () => {
    expect(enrolmentRefusal({ ...base, player: null })).toEqual({ status: 403, message: M.noPerson })
  })
  it('checks the window before the player', () => {
    expect(
      enrolmentRefusal({ ...base, player: null, tournament: tournament({ status: 'annullato' }) }),
    ).toEqual({ status: 409, message: M.cancelled })
  })
  it('wants a partner in doubles and none in singles, never oneself', () => {
    const doubles = tournament({ specialita: 'doppio' })
    const wrong = (message: string) => ({ status: 400, message })
    expect(enrolmentRefusal({ ...base, tournament: doubles })).toEqual(wrong(M.partnerMissing))
    expect(enrolmentRefusal({ ...base, partnerId: 2, partner: player({ personId: 2 }) })).toEqual(
      wrong(M.partnerInSingles),
    )
    expect(enrolmentRefusal({ ...base, tournament: doubles, partnerId: 1, partner: player() })).toEqual(
      wrong(M.partnerIsSelf),
    )
    expect(enrolmentRefusal({ ...base, tournament: doubles, partnerId: 2, partner: null })).toEqual({
      status: 404,
      message: M.partnerNotFound,
    })
  })
  it('checks the partner too, with one neutral answer that tells nothing of them', () => {
    const doubles = tournament({ specialita: 'doppio', categoria: 'LIMIT_65', genere: 'M' })
    const partner = player({ personId: 2, nome: 'Luca Bianchi', power: 60 })
    const neutral = { status: 404, message: M.partnerNotFound }
    for (const facts of [
      { ...partner, power: 70 },
      { ...partner, tessera: false },
      { ...partner, sesso: 'F' },
    ])
      expect(enrolmentRefusal({ ...base, tournament: doubles, partnerId: 2, partner: facts })).toEqual(
        neutral,
      )
    expect(
      enrolmentRefusal({ ...base, tournament: doubles, partnerId: 2, partner, partnerEntered: true }),
    ).toEqual(neutral)
    expect(enrolmentRefusal({ ...base, tournament: doubles, partnerId: 2, partner })).toBeNull()
  })
})

describe('withdrawal', () => {
  it('is possible until the tournament starts', () => {
    expect(withdrawalRefusal(tournament(), NOW)).toBeNull()
    expect(withdrawalRefusal(tournament({ dataInizio: '2026-05-10' }), NOW)).toBe(M.withdrawTooLate)
    expect(withdrawalRefusal(tournament({ status: 'in_corso' }), NOW)).toBe(M.withdrawTooLate)
  })
})

describe('an unanswered doubles invitation', () => {
  const SENT = new Date('2026-05-01T10:00:00Z')
  it(`is due ${INVITO_SCADE_GIORNI} days after it was sent, or earlier when enrolment closes`, () => {
    expect(INVITO_SCADE_GIORNI).toBe(7)
    expect(invitationDueAt(SENT, null)).toEqual(new Date('2026-05-08T10:00:00Z'))
    expect(invitationDueAt(SENT, CLOSES)).toEqual(new Date('2026-05-08T10:00:00Z'))
    expect(invitationDueAt(SENT, new Date('2026-05-03T22:00:00Z'))).toEqual(new Date('2026-05-03T22:00:00Z'))
  })
  it('has expired from its due time on, not a moment before', () => {
    const t = tournament()
    expect(invitationExpired(SENT, t, new Date('2026-05-08T09:59:59Z'))).toBe(false)
    expect(invitationExpired(SENT, t, new Date('2026-05-08T10:00:00Z'))).toBe(true)
    const early = tournament({ iscrizioniAl: new Date('2026-05-03T22:00:00Z') })
    expect(invitationExpired(SENT, early, new Date('2026-05-03T21:59:00Z'))).toBe(false)
    expect(invitationExpired(SENT, early, new Date('2026-05-03T22:00:00Z'))).toBe(true)
  })
  it('without an enrolment deadline, expires when the tournament’s first day comes (Italy’s time)', () => {
    const open = tournament({ iscrizioniAl: null, dataInizio: '2026-05-04' })
    expect(invitationExpired(SENT, open, new Date('2026-05-03T21:59:00Z'))).toBe(false)
    expect(invitationExpired(SENT, open, new Date('2026-05-03T22:00:00Z'))).toBe(true)
  })
})

describe('the machine decides, as the server asks it', () => {
  it('a singles request with a place enrols, without one goes to the waiting list', () => {
    const enrolled = decideNewEntry(
      { giocatore: 1, doppio: false },
      { type: 'iscrizione.richiedi', by: 1, compagno: null, postiLiberi: 1 },
    )
    expect(enrolled).toMatchObject({ ok: true, from: 'nonIscritto', to: 'iscritta', actions: [] })
    const waiting = decideNewEntry(
      { giocatore: 1, doppio: false },
      { type: 'iscrizione.richiedi', by: 1, compagno: null, postiLiberi: 0 },
    )
    expect(waiting).toMatchObject({ ok: true, to: 'listaAttesa' })
  })
  it('someone else cannot enrol a player', () => {
    expect(
      decideNewEntry(
        { giocatore: 1, doppio: false },
        { type: 'iscrizione.richiedi', by: 2, compagno: null, postiLiberi: 3 },
      ),
    ).toEqual({ ok: false, from: 'nonIscritto' })
  })
  it('a doubles request invites the partner and stores who', () => {
    const invited = decideNewEntry(
      { giocatore: 1, doppio: true },
      { type: 'iscrizione.richiedi', by: 1, compagno: 2, postiLiberi: 0 },
    )
    expect(invited).toMatchObject({
      ok: true,
      to: 'attesaCompagno',
      stored: { value: 'attesaCompagno', context: { giocatore: 1, compagno: 2, doppio: true } },
      actions: ['invitaCompagno'],
    })
  })
  it('only the invited partner answers; the player may cancel the invitation', () => {
    const stored = { value: 'attesaCompagno', context: { giocatore: 1, compagno: 2, doppio: true } }
    expect(decideEvent(stored, { type: 'iscrizione.accetta', by: 1, postiLiberi: 3 }).ok).toBe(false)
    expect(decideEvent(stored, { type: 'iscrizione.accetta', by: 3, postiLiberi: 3 }).ok).toBe(false)
    expect(decideEvent(stored, { type: 'iscrizione.accetta', by: 2, postiLiberi: 3 })).toMatchObject({
      ok: true,
      to: 'iscritta',
      actions: ['avvisaAccettazione'],
    })
    expect(decideEvent(stored, { type: 'iscrizione.accetta', by: 2, postiLiberi: 0 })).toMatchObject({
      to: 'listaAttesa',
    })
    expect(decideEvent(stored, { type: 'iscrizione.rifiuta', by: 2 })).toMatchObject({ to: 'rifiutata' })
    expect(decideEvent(stored, { type: 'iscrizione.ritira', by: 2 }).ok).toBe(false)
    expect(decideEvent(stored, { type: 'iscrizione.ritira', by: 1 })).toMatchObject({ to: 'ritirata' })
  })
  it('only the portal makes an invitation expire, and only while it waits for an answer', () => {
    const stored = { value: 'attesaCompagno', context: { giocatore: 1, compagno: 2, doppio: true } }
    expect(decideEvent(stored, { type: 'iscrizione.scade', by: null })).toMatchObject({
      ok: true,
      to: 'scaduta',
      stored: { value: 'scaduta', context: { giocatore: 1, compagno: 2 } },
      actions: ['avvisaScadenza'],
    })
    for (const by of [1, 2, 3]) {
      const event = { type: 'iscrizione.scade', by } as unknown as { type: 'iscrizione.scade'; by: null }
      expect(decideEvent(stored, event).ok).toBe(false)
    }
    for (const value of ['iscritta', 'listaAttesa', 'ritirata', 'rifiutata', 'scaduta'])
      expect(decideEvent({ ...stored, value }, { type: 'iscrizione.scade', by: null }).ok).toBe(false)
    expect(refusalOf(stored, { type: 'iscrizione.ritira', by: 2 })).toEqual({
      status: 403,
      message: M.withdraw,
    })
    expect(refusalOf(stored, { type: 'iscrizione.accetta', by: 1, postiLiberi: 3 })).toEqual({
      status: 403,
      message: M.accept,
    })
    expect(
      refusalOf({ ...stored, value: 'rifiutata' }, { type: 'iscrizione.accetta', by: 2, postiLiberi: 3 }),
    ).toEqual({ status: 409, message: M.illegal('invito rifiutato dal compagno') })
    expect(statusOfState('scaduta')).toBe('ritirato')
  })
  it('withdrawing an enrolled entry asks to promote the first waiting; a waiting one does not', () => {
    const enrolled = { value: 'iscritta', context: { giocatore: 1, compagno: null, doppio: false } }
    expect(decideEvent(enrolled, { type: 'iscrizione.ritira', by: 1 })).toMatchObject({
      to: 'ritirata',
      actions: ['avvisaRitiro', 'promuoviPrimoInAttesa'],
    })
    const waiting = { ...enrolled, value: 'listaAttesa' }
    expect(decideEvent(waiting, { type: 'iscrizione.ritira', by: 1 })).toMatchObject({
      actions: ['avvisaRitiro'],
    })
    expect(decideEvent(waiting, { type: 'iscrizione.promuovi', by: null })).toMatchObject({
      to: 'iscritta',
      actions: ['avvisaPromozione'],
    })
    expect(decideEvent(enrolled, { type: 'iscrizione.promuovi', by: null }).ok).toBe(false)
    expect(decideEvent({ ...enrolled, value: 'ritirata' }, { type: 'iscrizione.ritira', by: 1 }).ok).toBe(
      false,
    )
  })
  it('reads rows written before the machine from their status, and projects states back to it', () => {
    const legacy = { macchina: null, personId: 5, partnerId: 6, doppio: true }
    expect(storedMachineOf({ ...legacy, status: 'lista_attesa' })).toEqual({
      value: 'listaAttesa',
      context: { giocatore: 5, compagno: 6, doppio: true },
    })
    expect(storedMachineOf({ ...legacy, status: 'ritirato' }).value).toBe('ritirata')
    expect(statusOfState('iscritta')).toBe('iscritto')
    expect(statusOfState('attesaCompagno')).toBe('in_attesa_compagno')
    expect(statusOfState('rifiutata')).toBe('ritirato')
  })
})

describe('notices', () => {
  const names = new Map([
    [1, 'Mario Rossi'],
    [2, 'Luca Bianchi'],
  ])
  const pair = { giocatore: 1, compagno: 2, doppio: true }
  it('tell the other person what happened', () => {
    expect(noticesOf(['invitaCompagno'], pair, 'attesaCompagno', 'Coppa', names)).toEqual([
      { destinatario: 2, testo: 'Mario Rossi ti ha invitato come compagno al torneo «Coppa».' },
    ])
    expect(noticesOf(['avvisaRifiuto'], pair, 'rifiutata', 'Coppa', names)[0]!.destinatario).toBe(1)
    expect(noticesOf(['avvisaAccettazione'], pair, 'listaAttesa', 'Coppa', names)[0]!.testo).toContain(
      'lista d’attesa',
    )
  })
  it('tell the one of a pair who did not withdraw it, and nobody in singles', () => {
    expect(noticesOf(['avvisaRitiro'], pair, 'ritirata', 'Coppa', names, 2)).toEqual([
      {
        destinatario: 1,
        testo: 'Luca Bianchi ha ritirato l’iscrizione della vostra coppia al torneo «Coppa».',
      },
    ])
    expect(noticesOf(['avvisaRitiro'], pair, 'ritirata', 'Coppa', names, 1)[0]!.destinatario).toBe(2)
    const single = { giocatore: 1, compagno: null, doppio: false }
    expect(noticesOf(['avvisaRitiro'], single, 'ritirata', 'Coppa', names, 1)).toEqual([])
  })
  it('tell both players of a pair that moved up from the waiting list', () => {
    expect(
      noticesOf(['avvisaPromozione'], pair, 'iscritta', 'Coppa', names).map((n) => n.destinatario),
    ).toEqual([1, 2])
    expect(noticesOf(['promuoviPrimoInAttesa'], pair, 'ritirata', 'Coppa', names)).toEqual([])
  })
  it('tell both that an invitation expired unanswered', () => {
    expect(noticesOf(['avvisaScadenza'], pair, 'scaduta', 'Coppa', names)).toEqual([
      {
        destinatario: 1,
        testo:
          'Luca Bianchi non ha risposto in tempo: l’invito al torneo «Coppa» è scaduto. Puoi iscriverti di nuovo, anche con un altro compagno.',
      },
      { destinatario: 2, testo: 'L’invito di Mario Rossi al torneo «Coppa» è scaduto senza risposta.' },
    ])
  })
})

describe('notices, the cases no other test meets', () => {
  const pair = { giocatore: 1, compagno: 2, doppio: true }
  const single = { giocatore: 1, compagno: null, doppio: false }
  const names = new Map([
    [1, 'Mario Rossi'],
    [2, 'Luca Bianchi'],
  ])

  it('an accepted invitation with a place says the pair is enrolled; one on the waiting list says so', () => {
    expect(noticesOf(['avvisaAccettazione'], pair, 'iscritta', 'Coppa', names)).toEqual([
      { destinatario: 1, testo: N.accepted('Luca Bianchi', 'Coppa') },
    ])
    expect(noticesOf(['avvisaAccettazione'], pair, 'listaAttesa', 'Coppa', names)).toEqual([
      { destinatario: 1, testo: N.acceptedWaiting('Luca Bianchi', 'Coppa') },
    ])
  })

  it('a cancelled invitation tells the partner, and nobody in singles', () => {
    expect(noticesOf(['avvisaAnnullamento'], pair, 'ritirata', 'Coppa', names)).toEqual([
      { destinatario: 2, testo: N.cancelled('Mario Rossi', 'Coppa') },
    ])
    expect(noticesOf(['avvisaAnnullamento'], single, 'ritirata', 'Coppa', names)).toEqual([])
  })

  it('a single player moved up is told alone; a withdrawal by the portal or an expiry in singles tells nobody', () => {
    expect(noticesOf(['avvisaPromozione'], single, 'iscritta', 'Coppa', names)).toEqual([
      { destinatario: 1, testo: N.promoted('Coppa') },
    ])
    expect(noticesOf(['avvisaRitiro'], pair, 'ritirata', 'Coppa', names, null)).toEqual([])
    expect(noticesOf(['avvisaScadenza'], single, 'scaduta', 'Coppa', names)).toEqual([])
  })

  it('names someone whose name is unknown «Il giocatore»', () => {
    expect(noticesOf(['invitaCompagno'], pair, 'attesaCompagno', 'Coppa', new Map())).toEqual([
      { destinatario: 2, testo: N.invited('Il giocatore', 'Coppa') },
    ])
  })
})

describe('stored entries and refusals, the cases no other test meets', () => {
  const legacy = { macchina: null, personId: 5, partnerId: null, doppio: false }

  it('reads enrolled and partner-waiting rows written before the machine', () => {
    expect(storedMachineOf({ ...legacy, status: 'iscritto' }).value).toBe('iscritta')
    expect(storedMachineOf({ ...legacy, status: 'in_attesa_compagno' }).value).toBe('attesaCompagno')
    expect(statusOfState('listaAttesa')).toBe('lista_attesa')
  })

  it('keeps a stored machine whose state it knows, and reads the status when it does not', () => {
    const macchina = { value: 'listaAttesa', context: { giocatore: 5, compagno: null, doppio: false } }
    expect(storedMachineOf({ ...legacy, macchina, status: 'iscritto' })).toBe(macchina)
    expect(
      storedMachineOf({ ...legacy, macchina: { ...macchina, value: 'sconosciuto' }, status: 'iscritto' })
        .value,
    ).toBe('iscritta')
  })

  it('tells the player that only the invited partner may refuse', () => {
    const waiting = { value: 'attesaCompagno', context: { giocatore: 1, compagno: 2, doppio: true } }
    expect(refusalOf(waiting, { type: 'iscrizione.rifiuta', by: 1 })).toEqual({
      status: 403,
      message: M.refuse,
    })
  })
})

describe('enrolmentRefusal, the player’s own eligibility', () => {
  it('refuses a player without a card with their own reason (403), before looking at any partner', () => {
    expect(
      enrolmentRefusal({
        tournament: tournament(),
        player: player({ tessera: false }),
        partnerId: null,
        partner: null,
        now: NOW,
      }),
    ).toEqual({ status: 403, message: M.noCard('Tennis', 2026) })
  })
})
