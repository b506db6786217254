// The shipping form's rules (machines/dati-spedizione.ts): the contract's field rules plus the comune's CAPs,
// so the user learns at once what the server would refuse. Plain checks: no Effect on the page's first load.
import {
  CAP_PATTERN,
  INDIRIZZO_CON_CIVICO,
  SPEDIZIONE_LIMITS,
  type DatiSpedizione,
} from '../../../contract/profilo.ts'
import type { SpedizioneRules, SpedizioneValues } from '../../../machines/dati-spedizione.ts'

export const SPEDIZIONE_LABELS = {
  presso: 'Presso (facoltativo)',
  indirizzo: 'Indirizzo e numero civico',
  provincia: 'Provincia',
  comune: 'Comune',
  cap: 'CAP',
} as const

export const validateSpedizione: SpedizioneRules = (values, comuni) => {
  const errors: ReturnType<SpedizioneRules> = {}
  const indirizzo = values.indirizzo.trim()
  if (indirizzo === '') errors.indirizzo = 'Scrivi la via e il numero civico.'
  else if (indirizzo.length > SPEDIZIONE_LIMITS.indirizzo) {
    errors.indirizzo = `Al massimo ${SPEDIZIONE_LIMITS.indirizzo} caratteri.`
  } else if (!INDIRIZZO_CON_CIVICO.test(indirizzo)) {
    errors.indirizzo = 'Aggiungi il numero civico (oppure «snc» se non c’è).'
  }
  if (values.presso.trim().length > SPEDIZIONE_LIMITS.presso) {
    errors.presso = `Al massimo ${SPEDIZIONE_LIMITS.presso} caratteri.`
  }
  if (values.provincia === '') errors.provincia = 'Scegli la provincia.'
  const comune = values.comune.trim()
  if (comune === '') errors.comune = 'Scegli il comune.'
  else if (comuni && comuni.length > 0 && !comuni.some((c) => c.nome === comune)) {
    errors.comune = 'Scegli un comune della provincia indicata.'
  }
  if (!CAP_PATTERN.test(values.cap.trim())) {
    errors.cap = 'Il CAP è formato da 5 cifre.'
  } else {
    const caps = comuni?.find((c) => c.nome === comune)?.cap ?? []
    if (caps.length > 0 && !caps.includes(values.cap.trim())) errors.cap = `Non è un CAP di ${comune}.`
  }
  return errors
}

export function spedizioneValuesFrom(saved: DatiSpedizione | null): SpedizioneValues {
  return {
    presso: saved?.presso ?? '',
    indirizzo: saved?.indirizzo ?? '',
    provincia: saved?.provincia ?? '',
    comune: saved?.comune ?? '',
    cap: saved?.cap ?? '',
  }
}

/** The request: trimmed, an empty «presso» left out. */
export function toSpedizioneEdit(values: SpedizioneValues) {
  const presso = values.presso.trim()
  return {
    ...(presso ? { presso } : {}),
    indirizzo: values.indirizzo.trim(),
    cap: values.cap.trim(),
    provincia: values.provincia,
    comune: values.comune.trim(),
  }
}
