// Helpers of the fast machine tests (`*.fast.test.ts`): xstate's pure `initialTransition()`/`transition()` and
// nothing else, so that `npm run mutation` can rerun a machine's rules in milliseconds for each mutant. An
// invoked actor does not run: the step returns its `xstate.spawnChild` action (id, source, input), and the test
// answers with the actor's done or error event, as the real actor would.
import {
  type AnyActorLogic,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventFromLogic,
  type InputFrom,
  createActor,
  initialTransition,
  toPromise,
  transition,
} from 'xstate'
import { expect } from 'vitest'
import { type MachineLabels, eventLabelKey } from '../../machines/labels.ts'
import { guardLeaves } from '../../src/statecharts/graph.ts'

type Action = { type: string; params?: unknown }
export type Started = { id: string; src: string; input: unknown }

export interface Step {
  snapshot: AnyMachineSnapshot
  /** The actors the step started, in order. */
  started: Started[]
  /** The actors the step stopped (their ids). */
  stopped: string[]
}

function stepOf(snapshot: AnyMachineSnapshot, actions: readonly Action[]): Step {
  const started: Started[] = []
  const stopped: string[] = []
  for (const action of actions) {
    const params = action.params as { id?: string; src?: unknown; input?: unknown; actorRef?: { id: string } }
    if (action.type === 'xstate.spawnChild')
      started.push({ id: String(params.id), src: String(params.src), input: params.input })
    if (action.type === 'xstate.stopChild') stopped.push(String(params.actorRef?.id ?? params.id))
  }
  return { snapshot, started, stopped }
}

/** The machine's first snapshot for this input, and the actors it starts. */
export function start<M extends AnyStateMachine>(machine: M, input?: InputFrom<M>): Step {
  const [snapshot, actions] = initialTransition(machine as AnyStateMachine, input as never)
  return stepOf(snapshot, actions as readonly Action[])
}

/** One event, without running anything: the next snapshot (the same object when the event is refused). */
export function send<M extends AnyStateMachine>(
  machine: M,
  snapshot: AnyMachineSnapshot,
  event: EventFromLogic<M> | { type: `xstate.${string}`; [key: string]: unknown },
): Step {
  const [next, actions] = transition(machine as AnyStateMachine, snapshot, event as never)
  return stepOf(next, actions as readonly Action[])
}

/** Events in a row from a snapshot; the last step. */
export function sendAll<M extends AnyStateMachine>(
  machine: M,
  snapshot: AnyMachineSnapshot,
  events: readonly (EventFromLogic<M> | { type: `xstate.${string}`; [key: string]: unknown })[],
): Step {
  let step: Step = { snapshot, started: [], stopped: [] }
  for (const event of events) step = send(machine, step.snapshot, event)
  return step
}

/** What an invoked actor sends when it resolves. */
export const done = (id: string, output?: unknown) => ({ type: `xstate.done.actor.${id}` as const, output })
/** What an invoked actor sends when it rejects. */
export const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}` as const, error })

type Node = AnyStateMachine['root']

/** Every state node of the machine (the root excluded), with its dotted path. */
export function statesOf(machine: AnyStateMachine): { path: string; node: Node }[] {
  const found: { path: string; node: Node }[] = []
  const visit = (node: Node, prefix: string) => {
    for (const [key, child] of Object.entries(node.states ?? {}) as [string, Node][]) {
      const path = prefix === '' ? key : `${prefix}.${key}`
      found.push({ path, node: child })
      visit(child, path)
    }
  }
  visit(machine.root, '')
  return found
}

/**
 * Each state speaks to product owners in the statechart viewer and the flow report (STYLE.md): an Italian title
 * (a capitalised phrase, no full stop) and a description that is a whole sentence; no two titles alike.
 */
export function expectStatesDescribed(machine: AnyStateMachine) {
  const states = statesOf(machine).map(({ path, node }) => {
    const meta = node.meta as { title?: unknown; description?: unknown } | undefined
    return { path, title: String(meta?.title), description: String(meta?.description) }
  })
  for (const state of states)
    expect(state).toEqual({
      path: state.path,
      title: expect.stringMatching(/^[A-ZÀ-Ý«][^.]*[a-zà-ý»)?]$/),
      description: expect.stringMatching(/^[A-ZÀ-Ý«].*[a-zà-ý»)]\.$/s),
    })
  expect(new Set(states.map((s) => s.title)).size).toBe(states.length)
}

/**
 * Each event the machine's transitions listen to and each named guard they use has Italian words in the
 * machine's vocabulary, for the statechart viewer and the flow report (as labels.test.ts checks for all).
 */
export function expectLabelled(machine: AnyStateMachine, labels: MachineLabels) {
  const events = new Set<string>()
  const guards = new Set<string>()
  const visit = (node: Node) => {
    for (const [event, list] of node.transitions.entries()) {
      events.add(eventLabelKey(event, node.id))
      for (const t of list) for (const name of guardLeaves(t.guard)) guards.add(name)
    }
    for (const t of node.always ?? []) for (const name of guardLeaves(t.guard)) guards.add(name)
    for (const child of Object.values(node.states ?? {}) as Node[]) visit(child)
  }
  visit(machine.root)
  const words = expect.stringMatching(/^[\p{L}«]/u)
  for (const event of events)
    expect({ event, label: labels.events[event]?.trim() }).toEqual({ event, label: words })
  for (const guard of guards)
    expect({ guard, label: labels.guards[guard]?.trim() }).toEqual({ guard, label: words })
}

/**
 * The actors the application must provide (API calls) fail loudly when it does not, naming the machine and the
 * actor: a wiring bug then takes the machine's error path instead of hanging (machines/actor-contracts.ts).
 */
export async function expectProvidedByTheApplication(machine: AnyStateMachine, names: readonly string[]) {
  const actors = machine.implementations.actors as Record<string, AnyActorLogic>
  for (const name of names) {
    const actor = createActor(actors[name] as AnyActorLogic, { input: {} }).start()
    await expect(toPromise(actor)).rejects.toThrow(`${machine.id}: l'attore '${name}' deve essere fornito`)
  }
}
