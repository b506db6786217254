// Which compound states of each machine are unfolded in the viewer, and the layout that follows: large
// machines start folded beyond the first level; a toggle folds or unfolds a state; selecting a state or a
// transition hidden in a fold (from the search or the details) unfolds what hides it.
import { useCallback, useMemo, useState } from 'react'
import type { Selection } from './Drawing.tsx'
import { defaultExpanded, unfoldedFor } from './fold.ts'
import type { MachineGraph } from './graph.ts'
import { layoutMachine, type MachineLayout } from './layout.ts'

const layouts = new Map<string, MachineLayout>()

function layoutOf(graph: MachineGraph, expanded: ReadonlySet<string>): MachineLayout {
  const key = `${graph.id} ${[...expanded].sort().join(' ')}`
  let laid = layouts.get(key)
  if (!laid) {
    laid = layoutMachine(graph, { expanded })
    layouts.set(key, laid)
  }
  return laid
}

export function useFolding(
  graph: MachineGraph,
  selection: Selection,
): { layout: MachineLayout; toggle: (state: string) => void } {
  const [unfolded, setUnfolded] = useState<Record<string, ReadonlySet<string>>>({})
  /** The selection current at the last toggle: what it unfolded stays as the user then left it. */
  const [settled, setSettled] = useState<Selection>(null)
  const chosen = unfolded[graph.id] ?? defaultExpanded(graph)

  const expanded = useMemo(() => {
    if (!selection || selection === settled) return chosen
    const ids =
      'state' in selection
        ? [selection.state]
        : graph.transitions
            .filter((t) => t.key === selection.transition)
            .flatMap((t) => [t.source, ...t.targets])
    return unfoldedFor(graph, chosen, ids)
  }, [graph, chosen, selection, settled])

  const toggle = useCallback(
    (state: string) => {
      const next = new Set(expanded)
      if (!next.delete(state)) next.add(state)
      setUnfolded((all) => ({ ...all, [graph.id]: next }))
      setSettled(selection)
    },
    [graph, expanded, selection],
  )

  const layout = useMemo(() => layoutOf(graph, expanded), [graph, expanded])
  return { layout, toggle }
}
