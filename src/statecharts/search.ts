// The viewer's search: which machines, states and transitions a query names.
import type { MachineGraph } from './graph.ts'

export interface SearchableMachine {
  id: string
  title: string
  description: string
  graph: MachineGraph
}

/** A state or transition that the query names, to select it in the drawing. */
export type SearchHit =
  { state: string; text: string; why: string } | { transition: string; text: string; why: string }

export interface SearchResult<M extends SearchableMachine> {
  machine: M
  hits: SearchHit[]
}

/** Lower case, without accents: «Città» and «citta» alike. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

/**
 * The machines the query names (every one for an empty query), each with the states (title, name,
 * description, spec ids) and transitions (Italian label, event type, condition, description, spec ids) it
 * names. A machine is listed when its own name or description matches, or when one of its parts does.
 */
export function searchMachines<M extends SearchableMachine>(
  machines: readonly M[],
  query: string,
): SearchResult<M>[] {
  const words = fold(query.trim())
  if (!words) return machines.map((machine) => ({ machine, hits: [] }))
  const matching = (...fields: (string | null)[]) =>
    fields.find((field) => field && fold(field).includes(words))
  const results: SearchResult<M>[] = []
  for (const machine of machines) {
    const { graph } = machine
    const titleOf = (id: string) => graph.states[id]?.title ?? id
    const hits: SearchHit[] = []
    for (const id of graph.order) {
      const state = graph.states[id]
      if (!state || state.kind === 'root' || state.kind === 'history') continue
      const why = matching(state.title, state.key, state.description, state.spec)
      if (why) hits.push({ state: id, text: `stato «${state.title}»`, why })
    }
    for (const t of graph.transitions) {
      const why = matching(t.label, t.event, t.guard, t.description, t.spec)
      if (!why) continue
      const target = t.targets[0]
      hits.push({
        transition: t.key,
        text: `«${t.label}» da «${titleOf(t.source)}»${target ? ` a «${titleOf(target)}»` : ''}`,
        why,
      })
    }
    if (hits.length > 0 || matching(machine.title, machine.id, machine.description))
      results.push({ machine, hits })
  }
  return results
}
