// Registration data rules besides the codice fiscale (server/domain/anagrafica.ts): the birth date's range, the
// comuni of each province from the ISTAT list, and the shipping address's CAP, comune and province together.
import { describe, expect, it } from 'vitest'
import {
  birthDateProblem,
  canonicalComune,
  capsOf,
  comuniOf,
  istatOf,
  shippingAddressProblem,
} from '../../server/domain/anagrafica.ts'

describe('birthDateProblem', () => {
  const now = new Date('2026-11-27T10:00:00Z')

  it('accepts a birth date from 1 January 1900 to today in Italy', () => {
    expect(birthDateProblem('1900-01-01', now)).toBeNull()
    expect(birthDateProblem('2026-11-27', now)).toBeNull()
  })

  it('refuses a date in the future, today in Italy being the limit', () => {
    expect(birthDateProblem('2026-11-28', now)).toBe('La data di nascita non può essere nel futuro.')
    // 23:30 UTC on the 27th is already the 28th in Italy.
    expect(birthDateProblem('2026-11-28', new Date('2026-11-27T23:30:00Z'))).toBeNull()
  })

  it('refuses a date before 1900', () => {
    expect(birthDateProblem('1899-12-31', now)).toBe('La data di nascita non può essere precedente al 1900.')
  })
})

describe('the comuni of a province', () => {
  it('lists the comuni of a province in Italian alphabetical order', () => {
    const comuni = comuniOf('RM')
    expect(comuni).toContain('Roma')
    expect(comuni).toContain('Fiumicino')
    expect(comuni).not.toContain('Milano')
    expect([...comuni]).toEqual([...comuni].sort(new Intl.Collator('it').compare))
  })

  it('knows no comune of a sigla the ISTAT list lacks', () => {
    expect(comuniOf('XX')).toEqual([])
  })

  it('spells a comune as the ISTAT list does, whatever the case and accents typed', () => {
    expect(canonicalComune('RM', 'roma')).toBe('Roma')
    expect(canonicalComune('FC', 'forli')).toBe('Forlì')
    expect(canonicalComune('RM', 'Milano')).toBeNull()
  })

  it('matches a comune without its apostrophe or with a space for it', () => {
    expect(canonicalComune('RM', 'SantAngelo Romano')).toBe("Sant'Angelo Romano")
    expect(canonicalComune('RM', 'Sant Angelo Romano')).toBe("Sant'Angelo Romano")
  })

  it('takes the comune as typed for a province the list does not know', () => {
    expect(canonicalComune('XX', 'Villaggio')).toBe('Villaggio')
  })

  it('finds the ISTAT code and the CAPs of a comune', () => {
    expect(istatOf('RM', 'Roma')).toBe('058091')
    expect(istatOf('RM', 'Milano')).toBeUndefined()
    expect(capsOf('MI', 'Milano')).toContain('20121')
    expect(capsOf('RM', 'Milano')).toEqual([])
  })
})

describe('shippingAddressProblem', () => {
  it('accepts a CAP of the comune, and answers the comune as the list spells it', () => {
    expect(shippingAddressProblem({ cap: '47121', comune: 'FORLI', provincia: 'FC' })).toEqual({
      comune: 'Forlì',
    })
  })

  it('refuses a comune outside the province', () => {
    expect(shippingAddressProblem({ cap: '20121', comune: 'Milano', provincia: 'RM' })).toEqual({
      message: 'Il comune «Milano» non si trova nella provincia di RM.',
    })
  })

  it('refuses a CAP of another comune, naming the one CAP of a small comune', () => {
    expect(capsOf('TO', 'Agliè')).toEqual(['10011'])
    expect(shippingAddressProblem({ cap: '00100', comune: 'aglie', provincia: 'TO' })).toEqual({
      message: 'Il CAP 00100 non è di Agliè: il CAP di Agliè è 10011.',
    })
  })

  it('refuses a CAP of another comune, naming the range of a large city', () => {
    const caps = capsOf('MI', 'Milano')
    expect(caps.length).toBeGreaterThan(1)
    expect(shippingAddressProblem({ cap: '00100', comune: 'Milano', provincia: 'MI' })).toEqual({
      message: `Il CAP 00100 non è di Milano: il CAP di Milano va da ${caps[0]} a ${caps.at(-1)}.`,
    })
  })

  it('takes the address as typed where the lists know no comune', () => {
    expect(shippingAddressProblem({ cap: '09999', comune: 'Villaggio', provincia: 'XX' })).toEqual({
      comune: 'Villaggio',
    })
  })
})
