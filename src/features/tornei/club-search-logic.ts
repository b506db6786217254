// The calendar's club search (the quick-search machine asking for clubs): loaded when the club field first
// takes the focus (CalendarioFilters.tsx), not with the calendar.
import { fromPromise } from 'xstate'
import { ricercaRapidaMachine } from '../../../machines/ricerca-rapida.ts'
import { searchClubs } from './calendario-data.ts'

export const logic = ricercaRapidaMachine.provide({
  actors: { search: fromPromise(({ input, signal }) => searchClubs(input, signal)) },
})
