// The clubs of a sector's discipline for the club filters (src/ui/ClubFilter.tsx): one club named by its id, or
// those whose name or town starts with the text.
import { societaRicerca } from '../../contract/calendario.ts'
import { callApi } from '../api/client.ts'

/** The club a shared link filters by, to name it in the filter. */
export async function loadClub(params: { id_settore: number; id_circolo: number }, signal?: AbortSignal) {
  if (params.id_circolo === 0) return null
  const answer = await callApi(societaRicerca, params, signal ? { signal } : {})
  return answer.result[0] ?? null
}

/** The club search of the filter (the quick search machine's `search` actor). */
export async function searchClubs(input: { testo: string; id_settore: number }, signal?: AbortSignal) {
  const answer = await callApi(societaRicerca, input, signal ? { signal } : {})
  return { giocatori: [], circoli: answer.result }
}
