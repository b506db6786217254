import { personName } from '../../contract/words.ts'

/** The registration data a person must have before browsing (spec §4, guard 1). */
export const REQUIRED_PROFILE_FIELDS = [
  'nome',
  'cognome',
  'sesso',
  'dataNascita',
  'codiceFiscale',
  'provincia',
  'comune',
  'telefono',
] as const

type ProfileLike = { [K in (typeof REQUIRED_PROFILE_FIELDS)[number]]?: string | null }

/** 1 when the account has no person yet or the person lacks any required field; 0 otherwise. */
export function datiIncompleti(person: ProfileLike | null | undefined): 0 | 1 {
  if (!person) return 1
  return REQUIRED_PROFILE_FIELDS.every((field) => (person[field] ?? '').trim() !== '') ? 0 : 1
}

/** «Luca Bianchi» (contract/words.ts), or '' for no person. */
export function fullName(person: { nome: string; cognome: string } | null | undefined): string {
  return person ? personName(person) : ''
}
