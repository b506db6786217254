// «I miei dati» (docs/regole.md «I miei dati»): the export's name, the forms of a name replaced in others' texts,
// and how recent a sign-in must be to delete an account without a password.
import { describe, expect, it } from 'vitest'
import {
  ACCESSO_RECENTE,
  FRESH_SIGN_IN_SECONDS,
  PASSWORD_ERRATA,
  capitanoUscito,
  exportFileName,
  isFreshSignIn,
  nameForms,
} from '../../server/domain/dati-personali.ts'

describe('exportFileName', () => {
  it('names the export after the day it was made (UTC)', () => {
    expect(exportFileName(new Date('2026-11-27T23:30:00Z'))).toBe('i-miei-dati-2026-11-27.json')
  })
})

describe('nameForms', () => {
  it('searches the name first and surname first, once each', () => {
    expect(nameForms({ nome: 'Giulia', cognome: 'Rossi' })).toEqual(['Giulia Rossi', 'Rossi Giulia'])
    expect(nameForms({ nome: '', cognome: 'Rossi' })).toEqual(['Rossi'])
  })

  it('does not search names of fewer than 3 letters, which would match inside other words', () => {
    expect(nameForms({ nome: 'A', cognome: 'B' })).toEqual([])
    expect(nameForms({ nome: 'A', cognome: 'Bo' })).toEqual(['A Bo', 'Bo A'])
  })
})

describe('isFreshSignIn', () => {
  const issuedAt = 1_800_000_000
  it('counts a sign-in up to 10 minutes old, not a second more', () => {
    expect(FRESH_SIGN_IN_SECONDS).toBe(600)
    expect(isFreshSignIn(issuedAt, (issuedAt + 600) * 1000)).toBe(true)
    expect(isFreshSignIn(issuedAt, (issuedAt + 601) * 1000)).toBe(false)
  })

  it('does not count a token without an issue time', () => {
    expect(isFreshSignIn(undefined, issuedAt * 1000)).toBe(false)
  })
})

describe('capitanoUscito', () => {
  it('names the team and the tournament, and says to ask the federation for a new captain', () => {
    const text = capitanoUscito('Leoni', 'Serie C 2026')
    expect(text).toContain('«Leoni» (Serie C 2026)')
    expect(text).toContain('Contatta la federazione')
  })
})

describe('the refusals of «Elimina account»', () => {
  it('a wrong password says the account was not deleted', () => {
    expect(PASSWORD_ERRATA).toContain('password non è corretta')
    expect(PASSWORD_ERRATA).toContain('non è stato eliminato')
  })

  it('a sign-in too old asks to sign in again and names the window the check allows', () => {
    expect(ACCESSO_RECENTE).toContain('accedi di nuovo')
    expect(ACCESSO_RECENTE).toContain(`entro ${FRESH_SIGN_IN_SECONDS / 60} minuti`)
  })
})
