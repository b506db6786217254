// The club filter's search (the quick-search machine asking for clubs): loaded when the club field first
// takes the focus (src/ui/ClubFilter.tsx), not with the page.
import { fromPromise } from 'xstate'
import { ricercaRapidaMachine } from '../../machines/ricerca-rapida.ts'
import { searchClubs } from './club-search.ts'

export const logic = ricercaRapidaMachine.provide({
  actors: { search: fromPromise(({ input, signal }) => searchClubs(input, signal)) },
})
