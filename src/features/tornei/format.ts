// How the tournament pages word dates, money and people. Dates and numbers come from the portal's one format
// module (src/ui/format.ts: Intl it-IT, Italy's time zone, «1°» and the elision «dall’8»); here only what is the
// tournaments' own: the period of a tournament, an instant, the fee and the names of a side.
import { formatDateTime, formatDayMonth, formatPeriod, formatTime, formatNumber } from '../../ui/format.ts'

export { formatNumber }

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' })

/** A tournament's days in a sentence, with the year: «dall’8 all’11 maggio 2026», «il 3 maggio 2026». */
export const formatDateRange = (from: string, to: string) => formatPeriod(from, to, { year: 'always' })
/** An instant in Italy's time: «28 aprile 2026 alle ore 12:00». */
export const formatInstant = (iso: string) => formatDateTime(iso)
/** A match's time for the bracket: «28 apr, 12:00». */
export const formatShortInstant = (iso: string) => `${formatDayMonth(iso)}, ${formatTime(iso)}`
/** 1500 cents → «15,00 €»; 0 → «Gratuita». */
export const formatFee = (cents: number) => (cents === 0 ? 'Gratuita' : euro.format(cents / 100))
/** «Mario Rossi / Luca Bianchi». */
export const sideName = (giocatori: readonly { nome: string }[]) => giocatori.map((g) => g.nome).join(' / ')
