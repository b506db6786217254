// A well-formed codice fiscale for invented people: surname, name, birth date and sex coded as the Agenzia delle
// Entrate does, a place code derived from the comune, the official check character, and omocodia on clashes.
// Written here rather than taken from a library because the seed encodes up to 200k people and needs only this.
import { createHash } from 'node:crypto'

const VOWELS = new Set('AEIOU')
const MONTHS = 'ABCDEHLMPRST'
const OMOCODIA = 'LMNPQRSTUV'
// Values of the characters in odd (1st, 3rd…) positions for the check character.
const ODD: Record<string, number> = {
  '0': 1, '1': 0, '2': 5, '3': 7, '4': 9, '5': 13, '6': 15, '7': 17, '8': 19, '9': 21,
  A: 1, B: 0, C: 5, D: 7, E: 9, F: 13, G: 15, H: 17, I: 19, J: 21, K: 2, L: 4, M: 18, N: 20, O: 11, P: 3,
  Q: 6, R: 8, S: 12, T: 14, U: 16, V: 10, W: 22, X: 25, Y: 24, Z: 23,
} // prettier-ignore

function letters(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
}

function split(text: string) {
  const chars = [...letters(text)]
  return { consonants: chars.filter((c) => !VOWELS.has(c)), vowels: chars.filter((c) => VOWELS.has(c)) }
}

function surnameCode(cognome: string): string {
  const { consonants, vowels } = split(cognome)
  return [...consonants, ...vowels, 'X', 'X', 'X'].slice(0, 3).join('')
}

function nameCode(nome: string): string {
  const { consonants, vowels } = split(nome)
  // Four or more consonants: the first, third and fourth.
  if (consonants.length >= 4) return consonants[0]! + consonants[2]! + consonants[3]!
  return [...consonants, ...vowels, 'X', 'X', 'X'].slice(0, 3).join('')
}

const placeCodes = new Map<string, string>()

/** A place code shaped like a Belfiore code (a letter and three digits), stable for each comune. */
export function placeCode(comune: string): string {
  let code = placeCodes.get(comune)
  if (code === undefined) {
    const digest = createHash('sha256').update(letters(comune)).digest()
    code = 'ABCDEFGHILM'[digest[0]! % 11]! + String(digest.readUInt16BE(1) % 1000).padStart(3, '0')
    placeCodes.set(comune, code)
  }
  return code
}

export function checkCharacter(first15: string): string {
  let sum = 0
  for (let i = 0; i < 15; i++) {
    const c = first15[i]!
    if (i % 2 === 0) sum += ODD[c]!
    else sum += c >= '0' && c <= '9' ? c.charCodeAt(0) - 48 : c.charCodeAt(0) - 65
  }
  return String.fromCharCode(65 + (sum % 26))
}

/** The codice fiscale of a person; `variant` > 0 applies omocodia (digits replaced from the right). */
export function codiceFiscale(
  person: { nome: string; cognome: string; sesso: 'M' | 'F'; dataNascita: string; comune: string },
  variant = 0,
): string {
  const [year, month, day] = person.dataNascita.split('-')
  const dayCode = String(Number(day) + (person.sesso === 'F' ? 40 : 0)).padStart(2, '0')
  const chars = [
    ...surnameCode(person.cognome),
    ...nameCode(person.nome),
    ...year!.slice(2),
    MONTHS[Number(month) - 1]!,
    ...dayCode,
    ...placeCode(person.comune),
  ]
  // Omocodia replaces digits from the right: positions 14, 13, 12, 10, 9, 7, 6 (0-based).
  const digitPositions = [14, 13, 12, 10, 9, 7, 6]
  for (let bit = 0; bit < digitPositions.length; bit++) {
    if (variant & (1 << bit)) {
      const position = digitPositions[bit]!
      chars[position] = OMOCODIA[Number(chars[position])]!
    }
  }
  const first15 = chars.join('')
  return first15 + checkCharacter(first15)
}

/** True when the text is shaped like a codice fiscale and its check character is right. */
export function isWellFormed(code: string): boolean {
  if (
    !/^[A-Z]{6}[0-9LMNPQRSTUV]{2}[ABCDEHLMPRST][0-9LMNPQRSTUV]{2}[A-Z][0-9LMNPQRSTUV]{3}[A-Z]$/.test(code)
  ) {
    return false
  }
  return checkCharacter(code.slice(0, 15)) === code[15]
}
