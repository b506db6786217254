import { createStore } from '@xstate/store'
import { reset } from '@xstate/store/reset'
import type { Tessera } from '../../contract/giocatori.ts'
import { SECTOR_IDS } from '../../contract/constants.ts'

export type Tessere = {
  results: Tessera[]
  record: number
  /** Status of the last card call when not 200: stored only (spec §8). */
  status: number | null
}

export const tessereStore = createStore({
  context: { results: [], record: 0, status: null } as Tessere,
  on: {
    loaded: (_context, event: { results: Tessera[]; record: number; status: number }) => ({
      results: event.results,
      record: event.record,
      status: event.status === 200 ? null : event.status,
    }),
    cleared: () => ({ results: [], record: 0, status: null }),
  },
}).with(reset())

/** Cards split by sector into tennis, padel and beach tennis (spec §3). */
export function cardsBySector(cards: readonly Tessera[]) {
  return {
    tennis: cards.filter(
      (c) =>
        c.id_settore === SECTOR_IDS.TENNIS ||
        c.id_settore === SECTOR_IDS.FITPJ ||
        c.id_settore === SECTOR_IDS.WHEELCHAIR,
    ),
    padel: cards.filter((c) => c.id_settore === SECTOR_IDS.PADEL),
    beach: cards.filter((c) => c.id_settore === SECTOR_IDS.BEACH),
  }
}
