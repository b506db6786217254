// The viewer's simulate mode (after Stately's): the machine is stepped by hand, one transition at a time, with
// xstate's pure functions (no actor runs, no effect happens). Every transition leaving an active state is a
// choice; a guarded one is a choice of its own, so a product owner picks «if the condition holds» instead of
// inventing the data that would make it hold: the named guards are given the answers that select the chosen
// transition (machine.provide), and the machine's own actions then compute the context shown.
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  type StateValue,
  initialTransition,
  transition,
} from 'xstate'
import { guardLeaves, type GraphTransition, type MachineGraph } from './graph.ts'
import { activeStateIds } from './replay.ts'

/** Where a simulation is: what xstate needs to resolve it again, on the original machine or a provided one. */
export interface SimulationState {
  value: StateValue
  context: unknown
  done: boolean
}

export interface SimulationStep {
  /** The transition taken (graph.ts's key), null for the start. */
  taken: string | null
  state: SimulationState
  /** The machine's own actions could not run on an event without data: the state was set, the context kept. */
  approximate: boolean
}

type AnyTransition = ReturnType<AnyStateMachine['getTransitionData']>[number]

const stateOf = (snapshot: AnyMachineSnapshot): SimulationState => ({
  value: snapshot.value,
  context: snapshot.context as unknown,
  done: snapshot.status === 'done',
})

/** The machine's first state, from the example input (its registry entry's) when it needs one. */
export function startSimulation(machine: AnyStateMachine, input?: unknown): SimulationStep {
  const [snapshot] = initialTransition(machine, input)
  return { taken: null, state: stateOf(snapshot), approximate: false }
}

/**
 * The transitions that can be taken by hand from a state: those leaving an active state, but the eventless
 * ones (they happen by themselves), none once the machine has finished.
 */
export function simulationChoices(graph: MachineGraph, state: SimulationState): GraphTransition[] {
  if (state.done) return []
  const active = new Set([graph.root, ...activeStateIds(graph, state.value)])
  return graph.transitions.filter((t) => t.kind !== 'always' && active.has(t.source))
}

const keyOf = (t: AnyTransition) => {
  const candidates = t.eventType ? t.source.transitions.get(t.eventType) : t.source.always
  return `${t.source.id} ${t.eventType || '(always)'} #${candidates?.indexOf(t) ?? 0}`
}

/** Every assignment of true/false to the names, the all-true one first. */
function* assignments(names: readonly string[]): Generator<Record<string, boolean>> {
  for (let mask = 0; mask < 2 ** names.length; mask++)
    yield Object.fromEntries(names.map((name, i) => [name, (mask & (1 << i)) === 0]))
}

/** The target of a transition as a state value, for the fallback (`a.b.c` under the root → { a: { b: 'c' } }). */
function valueOfTarget(graph: MachineGraph, target: string): StateValue {
  const keys: string[] = []
  for (let at: string | null = target; at && at !== graph.root; at = graph.states[at]?.parent ?? null)
    keys.unshift(graph.states[at]!.key)
  let value: StateValue = keys.at(-1) ?? ''
  for (const key of keys.slice(0, -1).reverse()) value = { [key]: value }
  return value
}

/**
 * Takes one transition from a state: the event is sent with the named guards answering so that this
 * transition is the one chosen. When the actions need data the event does not carry (an answer's output),
 * the state is set to the transition's target and the context is kept (`approximate`).
 */
export function stepSimulation(
  machine: AnyStateMachine,
  graph: MachineGraph,
  state: SimulationState,
  chosen: GraphTransition,
): SimulationStep {
  const event: EventObject = { type: chosen.event }
  // The guards that decide between the candidates for this event, in every active state.
  const active = new Set([graph.root, ...activeStateIds(graph, state.value)])
  const names = [
    ...new Set(
      [...active].flatMap((id) => {
        const node = machine.getStateNodeById(id)
        return (node.transitions.get(chosen.event) ?? []).flatMap((t) => guardLeaves(t.guard as unknown))
      }),
    ),
  ]
  for (const answers of assignments(names)) {
    const guards = Object.fromEntries(names.map((name) => [name, () => answers[name]!]))
    const provided = machine.provide({ guards })
    try {
      const snapshot = provided.resolveState({ value: state.value, context: state.context as never })
      const selected = provided.getTransitionData(snapshot, event).map(keyOf)
      if (!selected.includes(chosen.key)) continue
      const [next] = transition(provided, snapshot, event)
      return { taken: chosen.key, state: stateOf(next), approximate: false }
    } catch {
      break
    }
  }
  const target = chosen.targets[0]
  const value = target ? valueOfTarget(graph, target) : state.value
  const resolved = machine.resolveState({ value, context: state.context as never })
  return { taken: chosen.key, state: stateOf(resolved), approximate: true }
}
