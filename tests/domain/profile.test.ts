// The registration data a person must have before browsing (spec §4, guard 1) and the name pages show.
import { describe, expect, it } from 'vitest'
import { REQUIRED_PROFILE_FIELDS, datiIncompleti, fullName } from '../../server/domain/profile.ts'

const complete = {
  nome: 'Luca',
  cognome: 'Bianchi',
  sesso: 'M',
  dataNascita: '1990-05-12',
  codiceFiscale: 'BNCLCU90E12H501X',
  provincia: 'RM',
  comune: 'Roma',
  telefono: '3331234567',
}

describe('datiIncompleti', () => {
  it('is 0 when every required field is filled', () => {
    expect(datiIncompleti(complete)).toBe(0)
  })

  it('is 1 for an account with no person yet', () => {
    expect(datiIncompleti(null)).toBe(1)
    expect(datiIncompleti(undefined)).toBe(1)
  })

  it('is 1 when any one required field is missing, null, empty or blank', () => {
    for (const field of REQUIRED_PROFILE_FIELDS) {
      const { [field]: _, ...without } = complete
      expect(datiIncompleti(without), `${field} missing`).toBe(1)
      expect(datiIncompleti({ ...complete, [field]: null }), `${field} null`).toBe(1)
      expect(datiIncompleti({ ...complete, [field]: '' }), `${field} empty`).toBe(1)
      expect(datiIncompleti({ ...complete, [field]: '   ' }), `${field} blank`).toBe(1)
    }
  })

  it('asks for the eight fields of the registration', () => {
    expect([...REQUIRED_PROFILE_FIELDS].sort()).toEqual(
      ['codiceFiscale', 'cognome', 'comune', 'dataNascita', 'nome', 'provincia', 'sesso', 'telefono'].sort(),
    )
  })
})

describe('fullName', () => {
  it('is the first name then the surname', () => {
    expect(fullName({ nome: 'Luca', cognome: 'Bianchi' })).toBe('Luca Bianchi')
  })

  it('is empty for no person', () => {
    expect(fullName(null)).toBe('')
    expect(fullName(undefined)).toBe('')
  })
})
