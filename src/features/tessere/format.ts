// How /elenco-tessere groups and words the cards: plain functions (dates and numbers are src/ui/format.ts's).
import { DISCIPLINES } from '../../../contract/constants.ts'
import type { Tessera } from '../../../contract/giocatori.ts'
import { cardsBySector } from '../../stores/tessere.ts'
import { href } from '../../app/paths.ts'
import type { StatoTessera } from '../../../contract/tessere.ts'

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

export { statoTessera, type StatoTessera } from '../../../contract/tessere.ts'

/** The address a card's QR code carries: the public check, with the card's random id and nothing else. */
export function verificaUrl(verifica: string, origin: string = window.location.origin): string {
  return `${origin}${href('verificaTessera', { verifica })}`
}

export const STATO_LABELS: Record<StatoTessera, string> = {
  valida: 'Valida',
  scaduta: 'Scaduta',
  futura: 'Non ancora valida',
}
