// The circuit ranking's print and export: a PDF with the federation's layout (server/documents/pdf.ts) and a
// CSV for spreadsheets (./csv.ts).
import { CIRCUIT_TIE_BREAKS } from '../../contract/circuiti.ts'
import { csvFile } from './csv.ts'
import { dayOfMonth, withPreposition } from '../../contract/date-words.ts'
import { circuitWith } from '../../contract/words.ts'
import { renderPdf } from './pdf.ts'

export type StandingsRow = {
  posizione: number
  persona: string
  circolo: string | null
  punti: number
  tappe: number
}

export type CircuitInfo = {
  id: number
  nome: string
  stagione: number
  settore: string
  tappe: number
  tappe_concluse: number
}

const number = new Intl.NumberFormat('it-IT')
const civil = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})
/** «1° marzo 2026», «8 marzo 2026» (contract/date-words.ts). */
const civilDay = (date: Date) =>
  civil
    .formatToParts(date)
    .map((part) => (part.type === 'day' ? dayOfMonth(Number(part.value)) : part.value))
    .join('')

export function standingsFilename(circuitId: number, formato: 'pdf' | 'csv') {
  return `classifica-circuito-${circuitId}.${formato}`
}

/** The standings as CSV: one header line, one line per player, in position order. */
export function standingsCsv(rows: readonly StandingsRow[]): string {
  return csvFile(
    ['Posizione', 'Giocatore', 'Circolo', 'Punti', 'Tappe'],
    rows.map((r) => [r.posizione, r.persona, r.circolo, r.punti, r.tappe]),
  )
}

/** The standings as a PDF: the circuit, how ties are broken, the table. `day` is the date it is printed for. */
export function standingsPdf(
  circuit: CircuitInfo,
  rows: readonly StandingsRow[],
  day: string,
): Promise<Buffer> {
  const date = new Date(`${day}T00:00:00Z`)
  return renderPdf(
    {
      title: `Classifica – ${circuit.nome}`,
      subject: `Classifica ${circuitWith('del', circuit.nome)}, stagione ${circuit.stagione}`,
      keywords: ['classifica', 'circuito', circuit.settore.toLowerCase(), String(circuit.stagione)],
      subtitle: `${circuit.settore} · Stagione ${circuit.stagione} · aggiornata ${withPreposition('al', civilDay(date))}`,
      date,
    },
    (w) => {
      w.paragraph(
        `Tappe concluse: ${circuit.tappe_concluse} di ${circuit.tappe}. Contano i punti di tutte le tappe concluse; ` +
          `${rows.length === 1 ? 'un giocatore classificato' : `${number.format(rows.length)} giocatori classificati`}.`,
      )
      w.subheading('A parità di punti')
      w.bullets(CIRCUIT_TIE_BREAKS.map((rule) => `${rule.charAt(0).toUpperCase()}${rule.slice(1)}.`))
      w.note('Chi è pari anche in tutti questi criteri condivide la posizione.')
      w.heading('Classifica')
      if (rows.length === 0) w.paragraph('La classifica comparirà dopo la prima tappa conclusa.')
      else
        w.table({
          headers: ['Pos.', 'Giocatore', 'Circolo', 'Punti', 'Tappe'],
          rows: rows.map((r) => [r.posizione, r.persona, r.circolo ?? '—', number.format(r.punti), r.tappe]),
          widths: [40, '*', '*', 60, 45],
        })
    },
  )
}
