// What the table tests of the lifecycle machines (tests/machines/*.table.test.ts) compare with their rules: a step
// through xstate's pure `transition()`, reduced to what the rules speak of. A refused event leaves the snapshot as it
// was (null); a taken one gives the state, the context and the actions the server performs (xstate's own internal
// actions left out).
import { type AnyMachineSnapshot, type AnyStateMachine, type EventFromLogic, transition } from 'xstate'

/** The actions of a step the application performs, in order: xstate's own (`xstate.*`) left out. */
export const userActions = (actions: readonly { type: string }[]) =>
  actions.map((a) => a.type).filter((type) => !type.startsWith('xstate.'))

/** One step of `machine` from `snapshot` by `event`: null when refused, else where it leads and what it does. */
export function outcomeOf<M extends AnyStateMachine>(
  machine: M,
  snapshot: AnyMachineSnapshot,
  event: EventFromLogic<M>,
): { value: unknown; context: unknown; actions: string[] } | null {
  const [next, actions] = transition(machine, snapshot as never, event) as [
    AnyMachineSnapshot,
    { type: string }[],
  ]
  return next === snapshot
    ? null
    : { value: next.value, context: next.context, actions: userActions(actions) }
}
