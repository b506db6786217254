// The name of a circuit a link filters the calendar by when the sector's list does not hold it (a link of
// another discipline, written before the sector travelled in addresses): loaded only then, so the calendar's first
// load does not carry the circuit's contract (CalendarioFilters.tsx).
import { circuitiView } from '../../../contract/circuiti.ts'
import { callApi } from '../../api/client.ts'

export async function circuitName(id: number, signal?: AbortSignal): Promise<string> {
  return (await callApi(circuitiView, { id }, signal ? { signal } : {})).result.nome
}
