// Clubs: how a club's page groups its courts and how far a club is said to be. Plain functions (no SQL, no HTTP).
import type { DisciplinaCircolo } from '../../contract/circoli.ts'

export { mapSearchUrl } from './tournament-detail.ts'

/** A discipline the club offers with one of its courts (nulls for a discipline without courts yet). */
export type CourtRow = {
  id_disciplina: number
  disciplina: string
  nome: string | null
  superficie: string | null
  coperto: boolean | null
  illuminato: boolean | null
}

/** Court rows (one per court, or one without a court for a discipline that has none yet) grouped by discipline. */
export function courtsByDiscipline(rows: readonly CourtRow[]): DisciplinaCircolo[] {
  const groups = new Map<
    number,
    { id_disciplina: number; disciplina: string; campi: DisciplinaCircolo['campi'][number][] }
  >()
  for (const row of rows) {
    let group = groups.get(row.id_disciplina)
    if (!group) {
      group = { id_disciplina: row.id_disciplina, disciplina: row.disciplina, campi: [] }
      groups.set(row.id_disciplina, group)
    }
    if (row.nome !== null && row.superficie !== null)
      group.campi.push({
        nome: row.nome,
        superficie: row.superficie,
        coperto: row.coperto === true,
        illuminato: row.illuminato === true,
      })
  }
  return [...groups.values()]
}

/** A distance as the list shows it: kilometres with one decimal; null when the club has no coordinates. */
export function distanceShown(km: number | null): number | null {
  return km === null ? null : Math.round(km * 10) / 10
}

/** The asked sector's place first, the others in the portal's order (as the repository gives them). */
export function askedSectorFirst<T extends { id_settore: number }>(
  places: readonly T[],
  sectorId: number,
): T[] {
  return [
    ...places.filter((p) => p.id_settore === sectorId),
    ...places.filter((p) => p.id_settore !== sectorId),
  ]
}
