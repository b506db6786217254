// The rankings' print and export: a PDF with the federation's layout (./pdf.ts) and a CSV for spreadsheets
// (./csv.ts), of the list the page's filters keep.
import { FASCE_ETA, TIPI_SOCIETA, type RigaGiocatore, type RigaSocieta } from '../../contract/classifiche.ts'
import { DISCIPLINES } from '../../contract/constants.ts'
import { dayOfMonth, withPreposition } from '../../contract/date-words.ts'
import type { ClassificaStampa } from '../../contract/stampe.ts'
import { csvFile } from './csv.ts'
import { renderPdf } from './pdf.ts'

export type RankingDocument = {
  pagina: ClassificaStampa
  settore: string
  filtri: Readonly<Record<string, unknown>>
  stagione: number | null
  calcolataAl: string | null
  record: number
  /** The tie rule as the page states it. */
  regola: string
} & (
  | { players: readonly RigaGiocatore[]; clubs?: undefined }
  | { clubs: readonly RigaSocieta[]; players?: undefined }
)

const TITLES: Record<ClassificaStampa, string> = {
  'race-annuale': 'Race annuale',
  'classifica-nazionale': 'Classifica nazionale',
  'classifica-affiliati': 'Classifica affiliati',
}

const number = new Intl.NumberFormat('it-IT')
const civil = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})
/** «1° marzo 2026», «8 marzo 2026». */
const civilDay = (iso: string) =>
  civil
    .formatToParts(new Date(`${iso}T00:00:00Z`))
    .map((part) => (part.type === 'day' ? dayOfMonth(Number(part.value)) : part.value))
    .join('')

/** «Tennis», «Tennis – Junior», «Padel». */
export function sectorLabel(sectorId: number): string {
  for (const d of DISCIPLINES)
    for (const s of d.settori)
      if (s.id === sectorId) return s.nome === d.nome ? d.nome : `${d.nome} – ${s.nome}`
  return ''
}

/** The filters in words: «Donne · Under 16 · Provincia RM». */
export function filtersInWords(filtri: Readonly<Record<string, unknown>>): string {
  const words: string[] = []
  if (filtri.sesso === 'M') words.push('Uomini')
  if (filtri.sesso === 'F') words.push('Donne')
  const fascia = FASCE_ETA.find((f) => f.codice === filtri.fascia)
  if (fascia) words.push(fascia.nome)
  if (typeof filtri.regione === 'string') words.push(filtri.regione)
  if (typeof filtri.provincia === 'string') words.push(`Provincia ${filtri.provincia}`)
  const tipo = TIPI_SOCIETA.find((t) => t.codice === filtri.tipo_societa)
  if (tipo) words.push(tipo.nome)
  return words.join(' · ')
}

export function rankingFilename(doc: RankingDocument, formato: 'pdf' | 'csv'): string {
  const id = Number(doc.filtri.id_settore)
  const settore =
    sectorLabel(id)
      .toLowerCase()
      .replace(/[^a-z]+/g, '-')
      .replace(/^-|-$/g, '') || `settore-${id}`
  return `${doc.pagina}-${settore}-${doc.stagione ?? 'vuota'}.${formato}`
}

/** The ranking as CSV: a header line, one line per row in list order, the position among the rows kept first. */
export function rankingCsv(doc: RankingDocument): string {
  if (doc.clubs)
    return csvFile(
      ['Posizione', 'Posizione generale', 'Circolo', 'Comune', 'Provincia', 'Punti', 'Tesserati', 'Parità'],
      doc.clubs.map((r) => [
        r.posizione,
        r.posizione_generale,
        r.circolo,
        r.comune,
        r.provincia,
        r.punti,
        r.tesserati,
        r.parita,
      ]),
    )
  return csvFile(
    ['Posizione', 'Posizione generale', 'Giocatore', 'Circolo', 'Provincia', 'Punti', 'Risultati', 'Parità'],
    doc.players.map((r) => [
      r.posizione,
      r.posizione_generale,
      r.persona,
      r.circolo,
      r.provincia,
      r.punti,
      r.tornei,
      r.parita,
    ]),
  )
}

/** The ranking as a PDF: title, sector, season and «aggiornata al», the filters, the tie rule, the table. */
export function rankingPdf(doc: RankingDocument, day: string): Promise<Buffer> {
  const title = TITLES[doc.pagina]
  const updated = doc.calcolataAl ?? day
  const filters = filtersInWords(doc.filtri)
  const rows = doc.clubs ?? doc.players
  return renderPdf(
    {
      title: `${title} – ${doc.settore}`,
      subject: `${title} ${doc.settore}, stagione ${doc.stagione ?? '—'}`,
      keywords: ['classifica', doc.pagina, doc.settore.toLowerCase(), String(doc.stagione ?? '')],
      subtitle: `${doc.settore} · Stagione ${doc.stagione ?? '—'} · aggiornata ${withPreposition('al', civilDay(updated))}`,
      date: new Date(`${updated}T00:00:00Z`),
    },
    (w) => {
      w.paragraph(
        `${filters ? `Filtri: ${filters}. ` : ''}${
          doc.record === 1
            ? doc.clubs
              ? 'Un circolo in classifica.'
              : 'Un giocatore in classifica.'
            : `${number.format(doc.record)} ${doc.clubs ? 'circoli' : 'giocatori'} in classifica.`
        }${rows.length < doc.record ? ` Qui le prime ${number.format(rows.length)} posizioni; l’elenco completo è nel CSV.` : ''}`,
      )
      w.subheading('A parità di punti')
      w.paragraph(doc.regola)
      w.heading(title)
      if (rows.length === 0) w.paragraph('Nessuna riga con questi filtri.')
      else if (doc.clubs)
        w.table({
          headers: ['Pos.', 'Circolo', 'Comune', 'Punti', 'Tess.'],
          rows: doc.clubs.map((r) => [
            r.posizione,
            r.circolo,
            `${r.comune} (${r.provincia})`,
            number.format(r.punti),
            r.tesserati,
          ]),
          widths: [40, '*', 120, 55, 40],
        })
      else
        w.table({
          headers: ['Pos.', 'Giocatore', 'Circolo', 'Prov.', 'Punti', 'Ris.'],
          rows: doc.players.map((r) => [
            r.posizione,
            r.persona,
            r.circolo ?? '—',
            r.provincia ?? '—',
            number.format(r.punti),
            r.tornei,
          ]),
          widths: [36, '*', '*', 36, 50, 32],
        })
      const ties = rows.filter((r) => r.parita !== null)
      if (ties.length > 0) {
        w.subheading('Le parità in questo elenco')
        w.bullets(ties.map((r) => `${r.posizione}. ${'persona' in r ? r.persona : r.circolo}: ${r.parita}`))
      }
    },
  )
}
