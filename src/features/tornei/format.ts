// How the tournament pages word dates, money and people: Italian formats (Intl it-IT), no JSX.
// (To be folded into src/ui/format.ts once that shared module lands.)

const day = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})
const dayMonth = new Intl.DateTimeFormat('it-IT', { day: 'numeric', month: 'long', timeZone: 'UTC' })
const weekday = new Intl.DateTimeFormat('it-IT', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
})
const instant = new Intl.DateTimeFormat('it-IT', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Rome',
})
const shortInstant = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/Rome',
})
const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' })
const number = new Intl.NumberFormat('it-IT')

/** A civil date 'YYYY-MM-DD' read as that day wherever the browser is. */
const civil = (iso: string) => new Date(`${iso}T00:00:00Z`)

/** '3 maggio 2026'. */
export const formatDay = (iso: string) => day.format(civil(iso))
/** 'sab 3 mag'. */
export const formatWeekday = (iso: string) => weekday.format(civil(iso))
/** «dal»/«al» elide before 8 and 11 (otto, undici): «dall’8 all’11 maggio». */
const elided = (prep: 'dal' | 'al', text: string) =>
  /^(8|11)\b/.test(text) ? `${prep.slice(0, -1)}ll’${text}` : `${prep} ${text}`

/** 'dal 3 al 5 maggio 2026', 'dal 30 aprile al 2 maggio 2026', 'dall’8 all’11 maggio 2026', or one day. */
export function formatDateRange(from: string, to: string): string {
  if (from === to) return formatDay(from)
  const sameYear = from.slice(0, 4) === to.slice(0, 4)
  const sameMonth = sameYear && from.slice(5, 7) === to.slice(5, 7)
  const start = sameMonth
    ? String(Number(from.slice(8, 10)))
    : sameYear
      ? dayMonth.format(civil(from))
      : formatDay(from)
  return `${elided('dal', start)} ${elided('al', formatDay(to))}`
}
/** An instant in Italy's time: '28 aprile 2026 alle ore 12:00'. */
export const formatInstant = (iso: string) => instant.format(new Date(iso))
/** '28 apr, 12:00'. */
export const formatShortInstant = (iso: string) => shortInstant.format(new Date(iso))
/** 1500 cents → '15,00 €'; 0 → 'Gratuita'. */
export const formatFee = (cents: number) => (cents === 0 ? 'Gratuita' : euro.format(cents / 100))
export const formatNumber = (n: number) => number.format(n)
/** «Mario Rossi / Luca Bianchi». */
export const sideName = (giocatori: readonly { nome: string }[]) => giocatori.map((g) => g.nome).join(' / ')
