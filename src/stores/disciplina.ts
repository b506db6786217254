import { createStore } from '@xstate/store'
import { reset } from '@xstate/store/reset'
import type { Disciplina, Settore } from '../../contract/lookup.ts'
import { readStored, readStoredInt } from './storage.ts'

/** Discipline data of spec §3; the discipline machine decides, this store holds the outcome. */
export type DisciplinaState = {
  disciplina: string | null
  id_settore: number | null
  discipline: Disciplina[]
  settori: Settore[]
  loaded: boolean
  ricorda_scelta: boolean
}

export function initialDisciplina(): DisciplinaState {
  return {
    disciplina: readStored('disciplina'),
    id_settore: readStoredInt('id_settore'),
    discipline: [],
    settori: [],
    loaded: false,
    // Remembering is the default; a choice kept only in session storage is one the user chose not to remember.
    ricorda_scelta: (() => {
      try {
        return !(sessionStorage.getItem('id_settore') !== null && localStorage.getItem('id_settore') === null)
      } catch {
        return true
      }
    })(),
  }
}

export const disciplinaStore = createStore({
  context: initialDisciplina(),
  on: {
    synced: (_context, event: { state: DisciplinaState }) => event.state,
  },
  // A full reset forgets the choice, not only what was loaded since this page load.
}).with(
  reset({
    to: (): DisciplinaState => ({
      disciplina: null,
      id_settore: null,
      discipline: [],
      settori: [],
      loaded: false,
      ricorda_scelta: true,
    }),
  }),
)
