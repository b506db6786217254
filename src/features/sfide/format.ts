// How the challenge pages word a challenge, no JSX: sides, sectors, scores, Power. Dates and numbers through
// src/ui/format.ts.
import { DISCIPLINES } from '../../../contract/constants.ts'
import { scoringOfSector } from '../../../contract/scores.ts'
import type { RigaSfida } from '../../../contract/sfide.ts'
import { sectorLabel as sectorOf } from '../../../contract/words.ts'
import { sideSize, type Lato } from '../../../machines/challenge.ts'

export { formatDateTime, formatDateTimeWith, formatDayMonth, formatNumber } from '../../ui/format.ts'

type Player = RigaSfida['partecipanti'][number]

/** «Tennis», «Tennis · Junior», «Padel»: the sector a challenge is played in. */
export function sectorLabel(idSettore: number): string {
  for (const discipline of DISCIPLINES) {
    const sector = discipline.settori.find((s) => s.id === idSettore)
    if (sector) return sectorOf(discipline.nome, sector.nome)
  }
  return 'Disciplina sconosciuta'
}

export const SPECIALITA_LABELS = { singolare: 'Singolare', doppio: 'Doppio' } as const

export const playersOf = (row: Pick<RigaSfida, 'partecipanti'>, lato: Lato): Player[] =>
  row.partecipanti.filter((p) => p.lato === lato)

/** Places still open on a side: a challenge on the board fills them with whoever takes them. */
export const openPlaces = (row: Pick<RigaSfida, 'partecipanti' | 'specialita'>, lato: Lato) =>
  Math.max(0, sideSize({ doppio: row.specialita === 'doppio' }) - playersOf(row, lato).length)

/** «Luca Bianchi / Mario Rossi», «Luca Bianchi / posto libero», «posto libero». */
export function sideName(row: Pick<RigaSfida, 'partecipanti' | 'specialita'>, lato: Lato): string {
  const names = playersOf(row, lato).map((p) => p.nome)
  for (let i = 0; i < openPlaces(row, lato); i++) names.push('posto libero')
  return names.join(' / ')
}

/** «Luca Bianchi contro Andrea Ricci»: how a challenge is named in lists, titles and dialogs. */
export const matchTitle = (row: Pick<RigaSfida, 'partecipanti' | 'specialita'>) =>
  `${sideName(row, 1)} contro ${sideName(row, 2)}`

/** Pickleball counts points in games to 11; tennis, padel and beach tennis play sets of games. */
export const isRallyScoring = (idSettore: number) => scoringOfSector(idSettore) === 'rally'

const power = new Intl.NumberFormat('it-IT', { maximumFractionDigits: 1 })

/** A Power value: «47», «47,3». */
export const formatPower = (value: number) => power.format(value)

/** A Power change: «+2,4», «−1», «0». */
export function formatPowerChange(before: number, after: number): string {
  const delta = Math.round((after - before) * 10) / 10
  if (delta === 0) return '0'
  return delta > 0 ? `+${power.format(delta)}` : `−${power.format(-delta)}`
}
