// Folding compound states: a folded state is drawn as one box, its children hidden, and the transitions that
// leave or reach its children are drawn from or to its box. Large machines start folded beyond the first level
// (the root's children are drawn, their own children are not); a selection unfolds what hides it.
import { type MachineGraph, ancestry } from './graph.ts'

/** A machine with more states than this starts with its compound states folded. */
export const LARGE_MACHINE_STATES = 10

/** Whether a state has children that a fold can hide. */
export const foldable = (graph: MachineGraph, id: string): boolean =>
  id !== graph.root && (graph.states[id]?.children.length ?? 0) > 0

/** Every compound state unfolded. */
export function allExpanded(graph: MachineGraph): Set<string> {
  return new Set(graph.order.filter((id) => foldable(graph, id)))
}

/** What a machine shows first: everything on small machines; on large ones, the root's children only. */
export function defaultExpanded(graph: MachineGraph): Set<string> {
  const states = Object.values(graph.states).filter((s) => s.kind !== 'root' && s.kind !== 'history')
  return states.length > LARGE_MACHINE_STATES ? new Set() : allExpanded(graph)
}

/** The box a state is drawn in: itself, or its outermost folded ancestor. */
export function shownAs(graph: MachineGraph, expanded: ReadonlySet<string>, id: string): string {
  for (const at of ancestry(graph, id).slice(1)) {
    if (at === id) return id
    if (foldable(graph, at) && !expanded.has(at)) return at
  }
  return id
}

/** Whether a state is folded (drawn as one box with its children hidden). */
export const isFolded = (graph: MachineGraph, expanded: ReadonlySet<string>, id: string): boolean =>
  foldable(graph, id) && !expanded.has(id)

/** `expanded` with the ancestors of `ids` unfolded, so that each of them is drawn in its own box. */
export function unfoldedFor(
  graph: MachineGraph,
  expanded: ReadonlySet<string>,
  ids: readonly string[],
): Set<string> {
  const next = new Set(expanded)
  for (const id of ids)
    for (const at of ancestry(graph, id).slice(0, -1)) if (foldable(graph, at)) next.add(at)
  return next
}

/** The states a folded state hides (its descendants, history markers left out). */
export function hiddenStates(graph: MachineGraph, id: string): string[] {
  return (graph.states[id]?.children ?? []).flatMap((child) => [
    ...(graph.states[child]?.kind === 'history' ? [] : [child]),
    ...hiddenStates(graph, child),
  ])
}
