// The codice fiscale rules of /modifica-profilo: form, check character, and consistency with the person's
// surname, name, birth date, sex and (through the Belfiore code) an existing birthplace at that date.
import { CheckDigitizer, CodiceFiscaleUtils, Matcher } from '@marketto/codice-fiscale-utils'

export type PersonaCf = {
  nome: string
  cognome: string
  sesso: 'M' | 'F'
  /** AAAA-MM-GG */
  dataNascita: string
}

/** What can be wrong with a codice fiscale, in the order the user should fix it. */
export type CfProblem =
  'forma' | 'carattere_controllo' | 'cognome' | 'nome' | 'data_nascita' | 'sesso' | 'luogo_nascita'

const FORM = new RegExp(`^(?:${Matcher.CODICE_FISCALE})$`)

// The Belfiore dataset (about 230 kB of code) is loaded on the first check, not at start-up.
let utils: Promise<CodiceFiscaleUtils> | undefined
function codiceFiscaleUtils(): Promise<CodiceFiscaleUtils> {
  utils ??= import('@marketto/belfiore-connector-embedded').then(
    (module) => new CodiceFiscaleUtils(module.belfioreConnector),
  )
  return utils
}

export function normalizeCodiceFiscale(value: string): string {
  return value.trim().toUpperCase()
}

/**
 * The problems of `codiceFiscale` for this person; empty when it is valid and consistent. A malformed code
 * stops at 'forma', a wrong check character at 'carattere_controllo': the rest would only add noise.
 */
export async function codiceFiscaleProblems(codiceFiscale: string, persona: PersonaCf): Promise<CfProblem[]> {
  const cf = normalizeCodiceFiscale(codiceFiscale)
  if (!FORM.test(cf)) return ['forma']
  if (CheckDigitizer.checkDigit(cf.slice(0, 15)) !== cf[15]) return ['carattere_controllo']
  const cfu = await codiceFiscaleUtils()
  const check = cfu.validator.codiceFiscale(cf)
  const problems: CfProblem[] = []
  if (!check.matchLastName(persona.cognome)) problems.push('cognome')
  if (!check.matchFirstName(persona.nome)) problems.push('nome')
  if (!check.matchBirthDate(persona.dataNascita)) problems.push('data_nascita')
  if (!check.matchGender(persona.sesso)) problems.push('sesso')
  // A comune or foreign state that exists, and existed on the birth date the code carries.
  if ((await cfu.parser.cfToBirthPlace(cf, true)) === null) problems.push('luogo_nascita')
  return problems
}

const MISMATCH_LABELS: Partial<Record<CfProblem, string>> = {
  cognome: 'cognome',
  nome: 'nome',
  data_nascita: 'data di nascita',
  sesso: 'sesso',
}

/** The Italian message for the problems (null when there are none), shown to the user as is. */
export function codiceFiscaleMessage(problems: readonly CfProblem[]): string | null {
  if (problems.length === 0) return null
  if (problems.includes('forma')) {
    return 'Il codice fiscale non è nel formato corretto: 6 lettere, 2 cifre, 1 lettera, 2 cifre, 1 lettera, 3 cifre e 1 lettera.'
  }
  if (problems.includes('carattere_controllo')) {
    return "Il codice fiscale non è valido: l'ultimo carattere (di controllo) non corrisponde. Verifica di averlo trascritto correttamente."
  }
  const mismatches = problems.flatMap((p) => MISMATCH_LABELS[p] ?? [])
  const parts: string[] = []
  if (mismatches.length > 0) {
    parts.push(`Il codice fiscale non corrisponde ai dati inseriti (${mismatches.join(', ')}).`)
  }
  if (problems.includes('luogo_nascita')) {
    parts.push(
      'Il luogo di nascita indicato dal codice fiscale non esiste o non era valido alla data di nascita.',
    )
  }
  return parts.join(' ')
}
