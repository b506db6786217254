// The quick search's machine with its calls: loaded when the search field first takes the focus
// (QuickSearch.tsx), not with the home.
import { fromPromise } from 'xstate'
// The contract module itself, not the endpoints table: /home's bundle carries only its own calls.
import * as endpoints from '../../../contract/home.ts'
import { ricercaRapidaMachine } from '../../../machines/ricerca-rapida.ts'
import { callApi } from '../../api/client.ts'

export { searchText } from '../../../machines/ricerca-rapida.ts'

export const logic = ricercaRapidaMachine.provide({
  actors: {
    search: fromPromise(async ({ input, signal }) => {
      const [giocatori, circoli] = await Promise.all([
        callApi(
          endpoints.ricercaGiocatori,
          { ...input, fetchrows: endpoints.SEARCH_MAX_RESULTS },
          { signal },
        ),
        callApi(endpoints.ricercaCircoli, { ...input, fetchrows: endpoints.SEARCH_MAX_RESULTS }, { signal }),
      ])
      return { giocatori: giocatori.results, circoli: circoli.results }
    }),
  },
})
