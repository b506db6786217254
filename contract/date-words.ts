// How Italian writes a day of the month in a sentence, for the client's dates (src/ui/format.ts) and the server's
// PDFs alike: the first of the month is an ordinal («1° gennaio»), and an articulated preposition elides before a
// number read with a vowel («dall’8», «all’11», «l’8 dicembre»; the typographic apostrophe, as Intl and the PDFs write it).
import { ITALY_TIME_ZONE } from './dates.ts'

/** The day of the month as Italian writes it before a month: 1 → '1°', 8 → '8'. */
export function dayOfMonth(day: number): string {
  return day === 1 ? '1°' : String(day)
}

/** Day numbers read with an initial vowel: otto, undici, ottanta… (only 8 and 11 are days of a month). */
const VOWEL_NUMBER = /^(8|11)(\D|$)/

/** The articulated prepositions a date takes: «il 3», «dal 3», «al 3», «del 3», «nel», «sul». */
export type Preposition = 'il' | 'dal' | 'al' | 'del' | 'nel' | 'sul'

/**
 * The preposition joined to the day text that follows it, with elision before 8 and 11:
 * `withPreposition('dal', '8 dic')` → «dall’8 dic», `withPreposition('dal', '1° gennaio')` → «dal 1° gennaio»,
 * `withPreposition('il', '11 marzo')` → «l’11 marzo». `text` starts with the day's digits.
 */
export function withPreposition(preposition: Preposition, text: string): string {
  if (!VOWEL_NUMBER.test(text)) return `${preposition} ${text}`
  return preposition === 'il' ? `l’${text}` : `${preposition}l’${text}`
}

// Times of day: one style everywhere, «alle 12:00» (never «ore 12:00», «12.00», «h 12»), hours without a leading
// zero as Italian writes them («alle 9:30»), and «all’1:30» since «una» begins with a vowel.

const clock = new Intl.DateTimeFormat('it-IT', {
  timeZone: ITALY_TIME_ZONE,
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h23',
})

/** The time of day in Italy: «9:30», «12:00», «0:15». */
export function timeOfDay(at: Date): string {
  return clock.format(at)
}

/** A time of day after «a»: «alle 12:00», «alle 9:05», «all’1:30». `time` is «H:MM» (or «HH:MM»). */
export function atTime(time: string): string {
  const plain = time.replace(/^0(\d)/, '$1')
  return /^1(\D|$)/.test(plain) ? `all’${plain}` : `alle ${plain}`
}

const longDay = new Intl.DateTimeFormat('it-IT', {
  timeZone: ITALY_TIME_ZONE,
  day: 'numeric',
  month: 'long',
  year: 'numeric',
})

/** An instant in a sentence, in Italy's time: «3 marzo 2026 alle 12:00», «1° aprile 2026 alle 9:30». */
export function momentInWords(at: Date): string {
  const day = longDay
    .formatToParts(at)
    .map((part) => (part.type === 'day' ? dayOfMonth(Number(part.value)) : part.value))
    .join('')
  return `${day} ${atTime(timeOfDay(at))}`
}
