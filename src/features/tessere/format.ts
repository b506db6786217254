// How /elenco-tessere groups and words the cards: plain functions, Italian formats (Intl it-IT).
import { DISCIPLINES } from '../../../contract/constants.ts'
import type { Tessera } from '../../../contract/giocatori.ts'
import { cardsBySector } from '../../stores/tessere.ts'

export type GruppoTessere = { key: string; titolo: string; tessere: readonly Tessera[] }

/** Tennis, padel and beach tennis as spec §3 splits them, then any other sector (pickleball…) so none hides. */
export function groupTessere(cards: readonly Tessera[]): GruppoTessere[] {
  const { tennis, padel, beach } = cardsBySector(cards)
  const grouped = new Set<Tessera>([...tennis, ...padel, ...beach])
  const groups: GruppoTessere[] = [
    { key: 'tennis', titolo: 'Tennis', tessere: tennis },
    { key: 'padel', titolo: 'Padel', tessere: padel },
    { key: 'beach', titolo: 'Beach tennis', tessere: beach },
    { key: 'altri', titolo: 'Altri settori', tessere: cards.filter((card) => !grouped.has(card)) },
  ]
  return groups.filter((group) => group.tessere.length > 0)
}

const disciplineNames = new Map<string, string>(DISCIPLINES.map((d) => [d.codice, d.nome]))

export const disciplinaLabel = (codice: string) => disciplineNames.get(codice) ?? codice

const dateFormat = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/** '2026-01-01' → '1 gennaio 2026' (a civil date: formatted in UTC so no time zone shifts the day). */
export function formatDate(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`)
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date)
}

/** A season is a year: never '2.026'. */
export const formatStagione = (stagione: number) =>
  new Intl.NumberFormat('it-IT', { useGrouping: false }).format(stagione)

export const formatCount = (n: number) => new Intl.NumberFormat('it-IT').format(n)

export type StatoTessera = 'valida' | 'scaduta' | 'futura'

/** Whether the card is valid on `today` (AAAA-MM-GG), expired, or not valid yet. */
export function statoTessera(card: Pick<Tessera, 'valida_dal' | 'valida_al'>, today: string): StatoTessera {
  if (today < card.valida_dal) return 'futura'
  if (today > card.valida_al) return 'scaduta'
  return 'valida'
}

export const STATO_LABELS: Record<StatoTessera, string> = {
  valida: 'Valida',
  scaduta: 'Scaduta',
  futura: 'Non ancora valida',
}
