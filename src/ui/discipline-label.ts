import { DISCIPLINES } from '../../contract/constants.ts'
import { sectorLabel } from '../../contract/words.ts'

/**
 * 'Tennis', or 'Tennis · Junior' when the sector is named otherwise than its discipline; null for an unknown
 * discipline. One rule for the header badge, the home title and every other place that names the choice.
 */
export function disciplineLabel(disciplina: string | null, id_settore: number | null): string | null {
  const known = DISCIPLINES.find((d) => d.codice === disciplina)
  if (!known) return null
  const sector = known.settori.find((s) => s.id === id_settore)
  return sectorLabel(known.nome, sector?.nome ?? '')
}
