// The rules of the profile form, as plain functions over plain data: the machine calls them, the view only
// shows their messages. The server checks the same things on its own (server/domain/codice-fiscale.ts).
import type { DatiAnagrafici, ProfiloEdit } from '../../../contract/profilo.ts'
import { PERSON_NAME, isIsoDate, normalizeTelefono } from '../../../contract/profilo.ts'
import type {
  ProfiloErrors,
  ProfiloField,
  ProfiloRules,
  ProfiloValues,
} from '../../../machines/modifica-profilo.ts'
import { codiceFiscaleUtils, hasValidCheckDigit, isCodiceFiscaleForm } from './codice-fiscale.ts'

export const FIELD_LABELS: Record<ProfiloField, string> = {
  nome: 'Nome',
  cognome: 'Cognome',
  sesso: 'Sesso',
  data_nascita: 'Data di nascita',
  codice_fiscale: 'Codice fiscale',
  provincia: 'Provincia di residenza',
  comune: 'Comune di residenza',
  telefono: 'Telefono',
}

export const NAME_MAX = 60
export const MIN_BIRTH_DATE = '1900-01-01'

/** The form's values from what the server has (null fields become empty). */
export function valuesFrom(dati: DatiAnagrafici): ProfiloValues {
  return {
    nome: dati.nome ?? '',
    cognome: dati.cognome ?? '',
    sesso: dati.sesso ?? '',
    data_nascita: dati.data_nascita ?? '',
    codice_fiscale: dati.codice_fiscale ?? '',
    provincia: dati.provincia ?? '',
    comune: dati.comune ?? '',
    telefono: dati.telefono ?? '',
  }
}

const collapseSpaces = (value: string) => value.trim().replace(/\s+/g, ' ')

function nameError(label: string, value: string): string | undefined {
  const name = collapseSpaces(value)
  if (name === '') return `Inserisci il ${label}.`
  if (name.length > NAME_MAX) return `Il ${label} può avere al massimo ${NAME_MAX} caratteri.`
  if (!PERSON_NAME.test(name)) {
    return `Il ${label} può contenere soltanto lettere, spazi, apostrofi, punti e trattini.`
  }
  return undefined
}

function birthDateError(value: string, today: string): string | undefined {
  if (value === '') return 'Inserisci la data di nascita.'
  if (!isIsoDate(value)) return 'Inserisci una data di nascita esistente.'
  if (value > today) return 'La data di nascita non può essere nel futuro.'
  if (value < MIN_BIRTH_DATE) return 'La data di nascita non può essere precedente al 1900.'
  return undefined
}

/**
 * The codice fiscale checks that need no dataset: form, check character, then consistency with surname,
 * name, birth date and sex, each compared only when that field is itself valid.
 */
function codiceFiscaleError(values: ProfiloValues, errors: ProfiloErrors): string | undefined {
  const cf = values.codice_fiscale.trim().toUpperCase()
  if (cf === '') return 'Inserisci il codice fiscale.'
  if (cf.length !== 16) return `Il codice fiscale ha 16 caratteri: ne hai inseriti ${cf.length}.`
  if (!isCodiceFiscaleForm(cf)) {
    return 'Il codice fiscale non è nel formato corretto: 6 lettere, 2 cifre, 1 lettera, 2 cifre, 1 lettera, 3 cifre e 1 lettera.'
  }
  if (!hasValidCheckDigit(cf)) {
    return "Il codice fiscale non è valido: l'ultimo carattere (di controllo) non corrisponde. Verifica di averlo trascritto correttamente."
  }
  const check = codiceFiscaleUtils.validator.codiceFiscale(cf)
  const mismatches: string[] = []
  if (!errors.cognome && !check.matchLastName(collapseSpaces(values.cognome))) mismatches.push('cognome')
  if (!errors.nome && !check.matchFirstName(collapseSpaces(values.nome))) mismatches.push('nome')
  if (!errors.data_nascita && !check.matchBirthDate(values.data_nascita)) mismatches.push('data di nascita')
  if (!errors.sesso && !check.matchGender(values.sesso)) mismatches.push('sesso')
  if (mismatches.length > 0) {
    return `Il codice fiscale non corrisponde ai dati inseriti (${mismatches.join(', ')}).`
  }
  return undefined
}

const sameName = new Intl.Collator('it', { sensitivity: 'base', ignorePunctuation: true })

/** The comune as the list spells it (case and accents aside), or '' when the list does not have it. */
export function matchComune(comuni: readonly string[], value: string): string {
  return comuni.find((name) => sameName.compare(name, value.trim()) === 0) ?? ''
}

export type ValidationContext = {
  /** The comuni of the chosen province; null while unknown (not loaded, or the province has no list). */
  comuni: readonly string[] | null
  today: string
}

/** Every problem of the form, one Italian message per field; empty when the form can be sent. */
export const validateProfilo: ProfiloRules = (
  values: ProfiloValues,
  context: ValidationContext,
): ProfiloErrors => {
  const errors: ProfiloErrors = {}
  const nome = nameError('nome', values.nome)
  if (nome) errors.nome = nome
  const cognome = nameError('cognome', values.cognome)
  if (cognome) errors.cognome = cognome
  if (values.sesso !== 'M' && values.sesso !== 'F') errors.sesso = 'Indica il sesso.'
  const birthDate = birthDateError(values.data_nascita, context.today)
  if (birthDate) errors.data_nascita = birthDate
  const cf = codiceFiscaleError(values, errors)
  if (cf) errors.codice_fiscale = cf
  if (values.provincia === '') errors.provincia = 'Scegli la provincia di residenza.'
  if (values.comune.trim() === '') {
    // Without a list for the chosen province the comune is typed in; otherwise it is chosen.
    const typed = values.provincia !== '' && (context.comuni === null || context.comuni.length === 0)
    errors.comune = typed ? 'Inserisci il comune di residenza.' : 'Scegli il comune di residenza.'
  } else if (
    context.comuni &&
    context.comuni.length > 0 &&
    matchComune(context.comuni, values.comune) === ''
  ) {
    errors.comune = 'Scegli un comune della provincia indicata.'
  }
  if (values.telefono.trim() === '') errors.telefono = 'Inserisci un numero di telefono.'
  else if (normalizeTelefono(values.telefono) === null) {
    errors.telefono =
      'Inserisci un numero di cellulare o di rete fissa italiano, ad esempio 333 1234567 o 06 12345678.'
  }
  return errors
}

/** The request of profilo/edit from valid values: trimmed names, upper-case code, national phone number. */
export function toProfiloEdit(values: ProfiloValues): ProfiloEdit {
  return {
    nome: collapseSpaces(values.nome),
    cognome: collapseSpaces(values.cognome),
    sesso: values.sesso as ProfiloEdit['sesso'],
    data_nascita: values.data_nascita,
    codice_fiscale: values.codice_fiscale.trim().toUpperCase(),
    provincia: values.provincia,
    comune: values.comune.trim(),
    telefono: normalizeTelefono(values.telefono) ?? values.telefono.trim(),
  }
}
