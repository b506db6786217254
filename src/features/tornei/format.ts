// How the tournament pages word dates, money and people, no JSX: dates and numbers through src/ui/format.ts.
import { withPreposition } from '../../../contract/date-words.ts'
import { formatDate, formatDateTime, formatPeriod, formatShortDateTime } from '../../ui/format.ts'

export { formatNumber } from '../../ui/format.ts'

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' })

/** '3 maggio 2026', '1° maggio 2026'. */
export const formatDay = (iso: string) => formatDate(iso)
/** 'sab 3 mag'. */
export const formatWeekday = (iso: string) =>
  formatDate(iso, { weekday: 'short', month: 'short', year: 'never' })
/** 'dal 3 al 5 maggio 2026', 'dal 30 aprile al 2 maggio 2026', 'dall’8 all’11 maggio 2026', or one day. */
export const formatDateRange = (from: string, to: string) =>
  from === to ? formatDay(from) : formatPeriod(from, to, { year: 'always' })
/** An instant in Italy's time: '28 aprile 2026 alle 12:00'. */
export const formatInstant = (iso: string) => formatDateTime(iso)
/** 'al 28 aprile 2026 alle 12:00', 'all’8 maggio 2026 alle 9:30': a deadline after «fino». */
export const formatUntil = (iso: string) => withPreposition('al', formatDateTime(iso))
/** 'il 28 apr alle 12:00', 'l’8 mag alle 9:30': when a match is scheduled, in a sentence. */
export const formatShortInstant = (iso: string) => withPreposition('il', formatShortDateTime(iso))
/** 1500 cents → '15,00 €'; 0 → 'Gratuita'. */
export const formatFee = (cents: number) => (cents === 0 ? 'Gratuita' : euro.format(cents / 100))
/** «Mario Rossi / Luca Bianchi». */
export const sideName = (giocatori: readonly { nome: string }[]) => giocatori.map((g) => g.nome).join(' / ')
