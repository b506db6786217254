// The status of a tournament at an instant (issue 19, item 4; server/domain/tournaments.ts): a stored
// `iscrizioni_aperte`, or a `programmato` whose window has begun, follows the instants; every other stored status
// was set on purpose and stands.
import { describe, expect, it } from 'vitest'
import {
  NOT_STARTED_STATUSES,
  PLAYED_OUTCOMES,
  UPCOMING_STATUSES,
  tournamentStatusAt,
} from '../../server/domain/tournaments.ts'

const at = (iso: string) => new Date(iso)
const window = {
  status: 'iscrizioni_aperte',
  iscrizioniDal: at('2026-03-01T08:00:00Z'),
  iscrizioniAl: at('2026-03-10T18:00:00Z'),
  dataInizio: '2026-03-14',
}

describe('tournamentStatusAt', () => {
  it('is still programmato before the enrolment window opens', () => {
    expect(tournamentStatusAt(window, at('2026-03-01T07:59:59Z'))).toBe('programmato')
  })

  it('is open from the first instant of the window to its last', () => {
    expect(tournamentStatusAt(window, at('2026-03-01T08:00:00Z'))).toBe('iscrizioni_aperte')
    expect(tournamentStatusAt(window, at('2026-03-10T18:00:00Z'))).toBe('iscrizioni_aperte')
  })

  it('is closed once the deadline has passed', () => {
    expect(tournamentStatusAt(window, at('2026-03-10T18:00:01Z'))).toBe('iscrizioni_chiuse')
  })

  it('opens a programmato tournament whose window has begun, and leaves one whose window has not', () => {
    const programmato = { ...window, status: 'programmato' }
    expect(tournamentStatusAt(programmato, at('2026-03-01T08:00:00Z'))).toBe('iscrizioni_aperte')
    expect(tournamentStatusAt(programmato, at('2026-03-01T07:59:59Z'))).toBe('programmato')
    expect(tournamentStatusAt(programmato, at('2026-03-11T00:00:00Z'))).toBe('iscrizioni_chiuse')
  })

  it('leaves a programmato tournament with no window programmato', () => {
    const noWindow = { ...window, status: 'programmato', iscrizioniDal: null, iscrizioniAl: null }
    expect(tournamentStatusAt(noWindow, at('2026-03-20T10:00:00Z'))).toBe('programmato')
  })

  it('without a deadline closes enrolment on the first day in Italy, not before', () => {
    const noDeadline = { ...window, iscrizioniAl: null }
    // 23:30 UTC on the 13th is already the 14th in Rome (UTC+1 in March).
    expect(tournamentStatusAt(noDeadline, at('2026-03-13T22:59:59Z'))).toBe('iscrizioni_aperte')
    expect(tournamentStatusAt(noDeadline, at('2026-03-13T23:00:00Z'))).toBe('iscrizioni_chiuse')
  })

  it('with no opening instant an open tournament is open until its deadline', () => {
    const noStart = { ...window, iscrizioniDal: null }
    expect(tournamentStatusAt(noStart, at('2026-02-01T00:00:00Z'))).toBe('iscrizioni_aperte')
    expect(tournamentStatusAt(noStart, at('2026-03-11T00:00:00Z'))).toBe('iscrizioni_chiuse')
  })

  it('keeps a status set on purpose whatever the instants say', () => {
    for (const status of ['iscrizioni_chiuse', 'in_corso', 'concluso', 'annullato'])
      expect(tournamentStatusAt({ ...window, status }, at('2026-03-05T10:00:00Z'))).toBe(status)
  })
})

describe('the status lists the reads share', () => {
  it('counts running tournaments as upcoming and leaves out finished and cancelled ones', () => {
    expect([...UPCOMING_STATUSES].sort()).toEqual(
      ['in_corso', 'iscrizioni_aperte', 'iscrizioni_chiuse', 'programmato'].sort(),
    )
  })

  it('counts only tournaments before their start as not started', () => {
    expect([...NOT_STARTED_STATUSES].sort()).toEqual(
      ['iscrizioni_aperte', 'iscrizioni_chiuse', 'programmato'].sort(),
    )
  })

  it('counts a retirement as played and a walkover as not', () => {
    expect([...PLAYED_OUTCOMES].sort()).toEqual(['giocata', 'ritiro'])
  })
})
