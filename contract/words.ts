// How Italian words people and things inside a sentence, for the client's pages and the server's messages and PDFs
// alike: the d eufonica («ad Andrea», «ed Elena»), name before surname, a sector named once, a circuit whose name
// already says «Circuito». Dates and times are contract/date-words.ts's.

/** A word starting with the vowel `vowel`, accented or not, whatever its case. */
function startsWithVowel(word: string, vowel: 'a' | 'e'): boolean {
  const first = word.trimStart().charAt(0).normalize('NFD').charAt(0).toLowerCase()
  return first === vowel
}

/**
 * The preposition «a» before `next`: «ad» before a word starting with «a» (d eufonica, as today's usage keeps it
 * only before the same vowel): «ad Andrea», «a Elena», «a Marco».
 */
export function prepositionA(next: string): 'a' | 'ad' {
  return startsWithVowel(next, 'a') ? 'ad' : 'a'
}

/** The conjunction «e» before `next`: «ed» before a word starting with «e»: «ed Elena», «e Andrea», «e Marco». */
export function conjunctionE(next: string): 'e' | 'ed' {
  return startsWithVowel(next, 'e') ? 'ed' : 'e'
}

/** «ad Andrea Rossi», «a Marco Bianchi»: «a» and what follows it. */
export const toWhom = (name: string) => `${prepositionA(name)} ${name}`

/** The same words opening a sentence or a heading: «Ad Andrea Rossi». */
export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)

/** «Luca Bianchi ed Elena Rossi», «Luca, Marco e Andrea»: a list read aloud, its last item joined by «e»/«ed». */
export function joinWithE(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  const last = items[items.length - 1]!
  return `${items.slice(0, -1).join(', ')} ${conjunctionE(last)} ${last}`
}

type Named = { nome: string; cognome: string }

/** A person inside a sentence: name before surname, «Luca Bianchi». */
export function personName(person: Named): string {
  return `${person.nome} ${person.cognome}`.trim()
}

/** A person in a list sorted by surname (rankings, entrants, search results): «Bianchi Luca». */
export function sortedPersonName(person: Named): string {
  return `${person.cognome} ${person.nome}`.trim()
}

/** «Tennis», «Tennis · Junior»: the sector named after its discipline only when their names differ. */
export function sectorLabel(disciplina: string, settore: string): string {
  return settore === '' || settore === disciplina ? disciplina : `${disciplina} · ${settore}`
}

/** The articulated prepositions a circuit's name takes. */
export type CircuitPreposition = 'il' | 'del' | 'al' | 'nel'

/**
 * A circuit's name after a preposition: «del circuito Lazio Open 2026», but «del Circuito Padel Lazio 2026» when the
 * name already begins with «Circuito» (never «del circuito Circuito …»).
 */
export function circuitWith(preposition: CircuitPreposition, nome: string): string {
  return /^circuito\b/i.test(nome.trim()) ? `${preposition} ${nome}` : `${preposition} circuito ${nome}`
}
