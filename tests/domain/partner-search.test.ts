// The partner-search rules (server/domain/partner-search.ts) as plain functions: a new listing's refusals in the
// order a player meets them, when a listing is on the board, the machine's decisions and the notices' wording.
import { describe, expect, it } from 'vitest'
import { CERCA_COMPAGNO_MESSAGES as M } from '../../contract/cerca-compagno.ts'
import {
  decideNewRequest,
  decideRequestEvent,
  formatPeriod,
  isListingOpen,
  listingClosedRefusal,
  listingName,
  listingRefusal,
  messageNoticeOf,
  messageRefusal,
  requestNoticesOf,
  requestRefusalOf,
  storedRequestOf,
  sharedContact,
} from '../../server/domain/partner-search.ts'

const TODAY = '2026-06-15'
const valid = {
  author: { personId: 7, visible: true, activeListings: 0, sameTournament: false },
  sectorExists: true,
  sectorId: 2,
  provinceExists: true,
  provincia: 'RM',
  tournamentId: null,
  tournament: null,
  dataDal: '2026-06-15',
  dataAl: '2026-07-15',
  today: TODAY,
}

describe('listingRefusal', () => {
  it('accepts a valid listing', () => {
    expect(listingRefusal(valid)).toBeNull()
  })

  it('refuses in the order the player meets the rules', () => {
    const everything = {
      ...valid,
      author: { personId: null, visible: false, activeListings: 9, sameTournament: true },
      sectorExists: false,
      provinceExists: false,
      dataAl: '2026-06-01',
    }
    expect(listingRefusal(everything)?.message).toBe(M.noPerson)
    expect(listingRefusal({ ...everything, author: { ...everything.author, personId: 7 } })?.message).toBe(
      M.hiddenAuthor,
    )
    expect(listingRefusal({ ...valid, sectorExists: false, provinceExists: false })).toEqual({
      status: 400,
      message: M.sectorNotFound(2),
    })
    expect(listingRefusal({ ...valid, author: { ...valid.author, activeListings: 5 } })).toEqual({
      status: 409,
      message: M.tooManyListings,
    })
  })

  it('wants a doubles tournament of the same sector, still to be played', () => {
    const tournament = {
      sectorId: 2,
      tipo: 'TR',
      specialita: 'doppio',
      status: 'programmato',
      dataFine: '2026-07-01',
    }
    const withTournament = { ...valid, tournamentId: 3, tournament }
    expect(listingRefusal(withTournament)).toBeNull()
    expect(listingRefusal({ ...withTournament, tournament: null })?.message).toBe(M.tournamentNotFound)
    expect(listingRefusal({ ...withTournament, tournament: { ...tournament, sectorId: 1 } })?.message).toBe(
      M.tournamentSector,
    )
    expect(listingRefusal({ ...withTournament, tournament: { ...tournament, tipo: 'CA' } })?.message).toBe(
      M.tournamentNotDoubles,
    )
    expect(
      listingRefusal({ ...withTournament, tournament: { ...tournament, dataFine: '2026-06-14' } })?.message,
    ).toBe(M.tournamentOver)
    expect(
      listingRefusal({ ...withTournament, author: { ...valid.author, sameTournament: true } })?.message,
    ).toBe(M.sameTournament)
    // Without a tournament, another general listing is no duplicate.
    expect(listingRefusal({ ...valid, author: { ...valid.author, sameTournament: true } })).toBeNull()
  })

  it('refuses a province it does not know (400, naming it)', () => {
    expect(listingRefusal({ ...valid, provinceExists: false })).toEqual({
      status: 400,
      message: M.provinceNotFound('RM'),
    })
  })

  it('wants a doubles tournament: a singles one is refused too', () => {
    const tournament = {
      sectorId: 2,
      tipo: 'TR',
      specialita: 'singolare',
      status: 'programmato',
      dataFine: TODAY,
    }
    expect(listingRefusal({ ...valid, tournamentId: 3, tournament })).toEqual({
      status: 400,
      message: M.tournamentNotDoubles,
    })
  })

  it('takes a tournament until its last day, unless it is concluded or cancelled (409)', () => {
    const tournament = { sectorId: 2, tipo: 'TR', specialita: 'doppio', status: 'in_corso', dataFine: TODAY }
    const over = (status: string) =>
      listingRefusal({ ...valid, tournamentId: 3, tournament: { ...tournament, status } })
    expect(over('in_corso')).toBeNull()
    expect(over('concluso')).toEqual({ status: 409, message: M.tournamentOver })
    expect(over('annullato')).toEqual({ status: 409, message: M.tournamentOver })
  })

  it('checks the dates: order, not past, at most 180 days, starting within a year', () => {
    const at = (dataDal: string, dataAl: string) => listingRefusal({ ...valid, dataDal, dataAl })?.message
    expect(at('2026-06-20', '2026-06-19')).toBe(M.datesOrder)
    expect(at('2026-06-01', '2026-06-14')).toBe(M.datesPast)
    expect(at('2026-06-01', '2026-06-15')).toBeUndefined()
    expect(at('2026-06-15', '2026-12-11')).toBeUndefined()
    expect(at('2026-06-15', '2026-12-12')).toBe(M.datesTooLong)
    expect(at('2027-06-15', '2027-06-20')).toBeUndefined()
    expect(at('2027-06-16', '2027-06-20')).toBe(M.datesTooFar)
  })
})

describe('the board', () => {
  it('shows an active listing until its last day', () => {
    expect(isListingOpen({ status: 'attivo', dataAl: TODAY }, TODAY)).toBe(true)
    expect(isListingOpen({ status: 'attivo', dataAl: '2026-06-14' }, TODAY)).toBe(false)
    expect(isListingOpen({ status: 'chiuso', dataAl: '2026-07-14' }, TODAY)).toBe(false)
    expect(listingClosedRefusal({ status: 'chiuso', dataAl: '2026-06-14' }, TODAY)).toBe(M.listingClosed)
    expect(listingClosedRefusal({ status: 'attivo', dataAl: '2026-06-14' }, TODAY)).toBe(M.listingExpired)
    expect(listingClosedRefusal({ status: 'attivo', dataAl: TODAY }, TODAY)).toBeNull()
  })
})

describe('the machine’s decisions', () => {
  it('a request to someone else’s listing is sent and tells the author; to one’s own it is refused', () => {
    expect(decideNewRequest({ autore: 1, richiedente: 2 }, 2)).toEqual({
      ok: true,
      from: 'nuova',
      to: 'sent',
      actions: ['avvisaAutore'],
    })
    expect(decideNewRequest({ autore: 1, richiedente: 1 }, 1)).toEqual({ ok: false, from: 'nuova' })
  })

  it('a confirmation closes the listing; an event the machine refuses is not a decision', () => {
    const stored = { value: 'sent' as const, context: { autore: 1, richiedente: 2 } }
    expect(decideRequestEvent(stored, { type: 'richiesta.conferma', by: 1 })).toMatchObject({
      ok: true,
      to: 'confirmed',
      actions: ['avvisaConferma', 'chiudiAnnuncio'],
    })
    expect(decideRequestEvent(stored, { type: 'richiesta.conferma', by: 2 }).ok).toBe(false)
    expect(
      decideRequestEvent({ ...stored, value: 'refused' }, { type: 'richiesta.cancella', by: 2 }).ok,
    ).toBe(false)
  })

  it('refuses a step of the other party with 403, saying whose it is; a step nobody may take with 409', () => {
    const stored = { value: 'sent' as const, context: { autore: 1, richiedente: 2 } }
    expect(requestRefusalOf(stored, { type: 'richiesta.conferma', by: 2 })).toEqual({
      status: 403,
      message: M.confirm,
    })
    expect(requestRefusalOf(stored, { type: 'richiesta.rifiuta', by: 2 })).toEqual({
      status: 403,
      message: M.refuse,
    })
    expect(requestRefusalOf(stored, { type: 'richiesta.cancella', by: 1 })).toEqual({
      status: 403,
      message: M.cancel,
    })
    expect(
      requestRefusalOf({ ...stored, value: 'confirmed' }, { type: 'richiesta.cancella', by: 2 }),
    ).toEqual({
      status: 409,
      message: M.illegal('confermata: giocate insieme'),
    })
  })

  it('reads the stored request from its status column, an unknown status as cancelled', () => {
    expect(storedRequestOf({ status: 'confirmed', autore: 1, richiedente: 2 })).toEqual({
      value: 'confirmed',
      context: { autore: 1, richiedente: 2 },
    })
    expect(storedRequestOf({ status: 'decaduta', autore: 1, richiedente: 2 }).value).toBe('cancelled')
  })

  it('words the notices for the other player', () => {
    const names = new Map([
      [1, 'Anna Neri'],
      [2, 'Marco Blu'],
    ])
    const annuncio = listingName({
      torneo: null,
      disciplina: 'Padel',
      periodo: formatPeriod('2026-06-08', '2026-06-11'),
    })
    expect(annuncio).toBe('di Padel dall’8 all’11 giugno 2026')
    expect(requestNoticesOf(['avvisaAutore'], { autore: 1, richiedente: 2 }, annuncio, names)).toEqual([
      {
        destinatario: 1,
        testo:
          'Marco Blu vorrebbe giocare con te: ha risposto al tuo annuncio di Padel dall’8 all’11 giugno 2026.',
      },
    ])
    expect(
      requestNoticesOf(['avvisaConferma', 'chiudiAnnuncio'], { autore: 1, richiedente: 2 }, 'X', names),
    ).toHaveLength(1)
  })

  it('tell the requester of a confirmation, a refusal and a closed listing, the author of a cancellation', () => {
    const names = new Map([
      [1, 'Anna Neri'],
      [2, 'Marco Blu'],
    ])
    const to = (action: string) =>
      requestNoticesOf([action], { autore: 1, richiedente: 2 }, 'X', names).map((n) => n.destinatario)
    expect(to('avvisaConferma')).toEqual([2])
    expect(to('avvisaRifiuto')).toEqual([2])
    expect(to('avvisaAnnuncioChiuso')).toEqual([2])
    expect(to('avvisaCancellazione')).toEqual([1])
    expect(to('chiudiAnnuncio')).toEqual([])
    const [refused] = requestNoticesOf(['avvisaRifiuto'], { autore: 1, richiedente: 2 }, 'X', names)
    const [cancelled] = requestNoticesOf(['avvisaCancellazione'], { autore: 1, richiedente: 2 }, 'X', names)
    expect(refused?.testo).toContain('Anna Neri')
    expect(cancelled?.testo).toContain('Marco Blu')
    expect(refused?.testo).not.toBe(cancelled?.testo)
  })

  it('writes periods as Italian does', () => {
    expect(formatPeriod('2026-06-01', '2026-06-01')).toBe('il 1° giugno 2026')
    expect(formatPeriod('2026-06-08', '2026-06-08')).toBe('l’8 giugno 2026')
    expect(formatPeriod('2026-05-28', '2026-06-03')).toBe('dal 28 maggio al 3 giugno 2026')
    expect(formatPeriod('2026-12-20', '2027-01-11')).toBe('dal 20 dicembre 2026 all’11 gennaio 2027')
    expect(listingName({ torneo: 'Open di Roma', disciplina: 'Padel', periodo: '' })).toBe(
      'per il torneo «Open di Roma»',
    )
  })
})

describe('after a confirmed request (issue 19)', () => {
  const parties = { autore: 1, richiedente: 2 }
  const confirmed = { value: 'confirmed' as const, context: parties }
  const shares = { email: 'a@b.it', telefono: '3331112222', condividiEmail: true, condividiTelefono: false }

  it('shows each player only what the other chose to share, and only once confirmed', () => {
    expect(sharedContact(confirmed, 1, shares)).toEqual({ email: 'a@b.it', telefono: null })
    expect(sharedContact(confirmed, 2, { ...shares, condividiEmail: false })).toEqual({
      email: null,
      telefono: null,
    })
    expect(sharedContact(confirmed, 3, shares)).toBeNull()
    for (const value of ['sent', 'refused', 'cancelled'] as const)
      expect(sharedContact({ value, context: parties }, 1, shares)).toBeNull()
  })

  it('lets the two players write to each other, nobody else, and not before confirming', () => {
    expect(messageRefusal(confirmed, 1)).toBeNull()
    expect(messageRefusal(confirmed, 2)).toBeNull()
    expect(messageRefusal(confirmed, 3)).toEqual({ status: 403, message: M.notParty })
    expect(messageRefusal(confirmed, null)).toEqual({ status: 403, message: M.notParty })
    expect(messageRefusal({ value: 'sent', context: parties }, 2)).toEqual({
      status: 409,
      message: M.messageNotConfirmed,
    })
    const names = new Map([[2, 'Marco Blu']])
    expect(messageNoticeOf(parties, 2, 'di Padel', 'A sabato', names)).toEqual({
      destinatario: 1,
      testo: 'Marco Blu ti scrive (annuncio di Padel): «A sabato»',
    })
  })
})
