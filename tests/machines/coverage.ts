// Model-based testing of the statecharts (DESIGN §3, notes/model-based-testing.md), shared by the vitest suites
// and the flow report. Plain TypeScript, no vitest import: `npm run flows` runs it with tsx.
//
// 1. Plan: for each scenario (an input of the machine) a TestModel explores the machine, with the events each
//    state can take, including the done/error outcomes of invoked actors. From the adjacency map every edge
//    (source snapshot, event) becomes a path: the shortest path to the source, then the edge's event. Shortest
//    paths alone would miss edges back to already-reached states (a retry, a refresh).
// 2. Execute: each path runs against a real actor of the machine whose actors are replaced with doubles
//    (`machine.provide`): a promise double waits until the path resolves or rejects it, a callback double
//    records its input. After each step the actor's snapshot must equal the model's, and the model's spec
//    checks (written independently of the machine) run on the step.
// 3. Count: states and transitions come from the actor's own inspection events (`@xstate.microstep` lists the
//    transition definitions taken), so coverage is what the executed paths did, not what the planner hoped.
// `_nodes` (active state nodes) and `_transitions` (of @xstate.microstep) are xstate's own names for them.
/* oxlint-disable no-underscore-dangle */
import {
  type AnyActorRef,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type InspectionEvent,
  createActor,
  fromCallback,
  fromPromise,
} from 'xstate'
import { machineById } from '../../machines/index.ts'
import type { MachineLabels } from '../../machines/labels.ts'
import { narrateStep } from '../../src/statecharts/narrate.ts'
import { type StatePath, TestModel, adjacencyMapToArray, getShortestPaths, getStateNodes } from 'xstate/graph'

type AnyStateNode = ReturnType<typeof getStateNodes>[number]
type AnyTransition = AnyStateNode['always'] extends (infer T)[] | undefined ? T : never

/** One input of the machine and the events to explore from each snapshot. */
export interface Scenario {
  /** Italian, shown in the test names and the flow report. */
  name: string
  input?: unknown
  /**
   * Events the snapshot may take, including `done(id, output)` / `fail(id, error)` of its invoked actors.
   * Events the snapshot cannot take are dropped (`snapshot.can`), so a state may list its whole menu.
   */
  events?: (snapshot: AnyMachineSnapshot) => readonly AnyEventObject[]
}

/** A transition as executed against the real actor, for the spec checks. */
export interface ExecutedStep {
  scenario: Scenario
  /** null for the start of the actor. */
  before: AnyMachineSnapshot | null
  event: AnyEventObject
  after: AnyMachineSnapshot
  doubles: Doubles
  /** The steps of this path before this one, oldest first. */
  trail: readonly { event: AnyEventObject; before: AnyMachineSnapshot | null; after: AnyMachineSnapshot }[]
}

export interface MachineModel {
  machine: AnyStateMachine
  scenarios: readonly Scenario[]
  /** Actors implemented with fromCallback (they get callback doubles); all others get promise doubles. */
  callbackActors?: readonly string[]
  /**
   * What identifies a model state (default: value, status, whole context, history). A model may keep only
   * what guards and later states depend on, so that runs differing in data alone share one model state; the
   * spec checks still see the real snapshots. It must stay closed: equal abstractions, equal futures.
   */
  abstract?: (snapshot: AnyMachineSnapshot) => unknown
  /** The spec's rules, checked on every executed step; throws (node:assert) when one is broken. */
  check?: (step: ExecutedStep) => void
}

/** `xstate.done.actor.<id>` with an output: the invoked actor `id` resolves. */
export function done(id: string, output: unknown): AnyEventObject {
  return { type: `xstate.done.actor.${id}`, output, actorId: id }
}

/** `xstate.error.actor.<id>`: the invoked actor `id` rejects (plain data, turned into an Error when driven). */
export function fail(id: string, error: { message: string; [key: string]: unknown }): AnyEventObject {
  return { type: `xstate.error.actor.${id}`, error, actorId: id }
}

const DONE = 'xstate.done.actor.'
const ERROR = 'xstate.error.actor.'

// ---------------------------------------------------------------------------------------------------------------
// The machine's universe: states and transitions to cover

export interface TransitionInfo {
  key: string
  source: string
  event: string
  guard: string | null
  targets: string[]
}

function describeGuard(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null
  if (typeof guard === 'string') return guard
  if (typeof guard === 'function') {
    const inner = (guard as { guards?: unknown[] }).guards
    return inner ? `${guard.name}(${inner.map(describeGuard).join(', ')})` : guard.name || 'inline'
  }
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type)
  return 'inline'
}

function allNodes(machine: AnyStateMachine): AnyStateNode[] {
  return [machine.root, ...getStateNodes(machine.root)]
}

/** A stable key for a transition definition: source, event and position among the source's candidates. */
export function transitionKey(transition: AnyTransition): string {
  const source = transition.source
  const candidates = transition.eventType ? source.transitions.get(transition.eventType) : source.always
  const index = candidates?.indexOf(transition) ?? -1
  return `${source.id} ${transition.eventType || '(always)'} #${index}`
}

export function transitionsOf(machine: AnyStateMachine): TransitionInfo[] {
  return allNodes(machine).flatMap((node) =>
    [...[...node.transitions.values()].flat(), ...(node.always ?? [])].map((t) => ({
      key: transitionKey(t),
      source: node.id,
      event: t.eventType || '(always)',
      guard: describeGuard(t.guard),
      targets: (t.target ?? []).map((target) => target.id),
    })),
  )
}

/** Every state node except the root and history pseudo-states (never active themselves). */
export function statesOf(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root)
    .filter((node) => node.type !== 'history')
    .map((node) => node.id)
}

export function titleOf(machine: AnyStateMachine, stateId: string): string | null {
  const meta = machine.getStateNodeById(stateId).meta as { title?: string } | undefined
  return meta?.title ?? null
}

/** Italian titles of the active states, outermost first. */
export function titlesOf(snapshot: AnyMachineSnapshot): string[] {
  return snapshot._nodes
    .map((node: AnyStateNode) => (node.meta as { title?: string } | undefined)?.title)
    .filter((title: string | undefined): title is string => typeof title === 'string')
}

// ---------------------------------------------------------------------------------------------------------------
// Planning

export function historyOf(snapshot: AnyMachineSnapshot): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(snapshot.historyValue ?? {}).map(([id, nodes]) => [
      id,
      (nodes as AnyStateNode[]).map((node) => node.id),
    ]),
  )
}

const fullSnapshot = (snapshot: AnyMachineSnapshot) => ({
  value: snapshot.value,
  status: snapshot.status,
  context: snapshot.context,
  history: historyOf(snapshot),
})

export function serializerFor(model: MachineModel) {
  const abstract = model.abstract ?? fullSnapshot
  return (snapshot: AnyMachineSnapshot) => JSON.stringify(abstract(snapshot))
}

/** How a path was generated: shortest to a state, to a transition (edge), a simple path, or the tour. */
export type PathKind = 'shortest' | 'edge' | 'simple' | 'tour'

export interface PlannedPath {
  scenario: Scenario
  /** Steps as TestModel runs them: the first is `xstate.init`, each step is (event, snapshot it leads to). */
  path: StatePath<AnyMachineSnapshot, AnyEventObject>
  description: string
  /** Absent on paths built by hand (tests); planPaths always sets it. */
  kind?: PathKind
}

/** Simple paths of one scenario are kept only up to this many; beyond it they add nothing the edges miss. */
export const SIMPLE_PATH_LIMIT = 40

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/**
 * Readable event names: `✔ loadUserData {…}` for a resolved actor, `✘ loadUserData: message` for a failure.
 * `max` cuts the label for display (a step); `Infinity` keeps it whole (a path's description, its test name).
 */
export function eventLabel(event: AnyEventObject, max = 100): string {
  if (event.type.startsWith(DONE)) {
    return clip(`✔ ${event.type.slice(DONE.length)} ${JSON.stringify(event.output) ?? ''}`.trim(), max)
  }
  if (event.type.startsWith(ERROR)) {
    return clip(
      `✘ ${event.type.slice(ERROR.length)}: ${(event.error as { message?: string })?.message ?? ''}`,
      max,
    )
  }
  const { type, ...payload } = event
  return clip(Object.keys(payload).length > 0 ? `${type} ${JSON.stringify(payload)}` : type, max)
}

/**
 * A path's name, unique among the planned paths of its model and complete (every event whole): the suites use
 * it as the test name and the flow report finds the test's result by it. Two paths whose events read alike
 * (an error's message only, not its other data) get « (variante n)».
 */
function describePath(scenario: Scenario, events: readonly AnyEventObject[], taken: Set<string>): string {
  const base = `${scenario.name}: ${events.length > 0 ? events.map((e) => eventLabel(e, Infinity)).join(' → ') : 'avvio'}`
  let name = base
  for (let n = 2; taken.has(name); n++) name = `${base} (variante ${n})`
  taken.add(name)
  return name
}

/** The TestModel of one scenario, with its options and the serializer of model states. */
export function testModelFor(model: MachineModel, scenario: Scenario) {
  const serialize = serializerFor(model)
  const events = (snapshot: AnyMachineSnapshot) =>
    snapshot.status === 'active'
      ? (scenario.events?.(snapshot) ?? []).filter((event) => snapshot.can(event))
      : []
  const options = { events, input: scenario.input, serializeState: serialize }
  return {
    serialize,
    options,
    testModel: new TestModel<AnyMachineSnapshot, AnyEventObject, unknown>(model.machine, {
      ...options,
      stateMatcher: (snapshot, key) => key === '*' || snapshot.matches(key),
    }),
  }
}

type Step = StatePath<AnyMachineSnapshot, AnyEventObject>['steps'][number]

/**
 * Every simple path (no model state twice) from the initial state, depth first over the adjacency map, or
 * null when there are more than `limit` of them (they grow exponentially with loops: 7 000 for one discipline
 * scenario), in which case the per-edge paths stand in for them.
 */
function simplePaths(
  initial: StatePath<AnyMachineSnapshot, AnyEventObject>,
  edges: readonly { state: AnyMachineSnapshot; event: AnyEventObject; nextState: AnyMachineSnapshot }[],
  serialize: (snapshot: AnyMachineSnapshot) => string,
  limit: number,
): StatePath<AnyMachineSnapshot, AnyEventObject>[] | null {
  const out = new Map<string, { event: AnyEventObject; nextState: AnyMachineSnapshot }[]>()
  for (const edge of edges) {
    const key = serialize(edge.state)
    out.set(key, [...(out.get(key) ?? []), edge])
  }
  const found: StatePath<AnyMachineSnapshot, AnyEventObject>[] = []
  const visit = (steps: Step[], seen: Set<string>): boolean => {
    const last = steps.at(-1)!.state
    const next = (out.get(serialize(last)) ?? []).filter((edge) => !seen.has(serialize(edge.nextState)))
    if (steps.length > 1) {
      found.push({ state: last, steps, weight: steps.length - 1 })
      if (found.length > limit) return false
    }
    for (const edge of next) {
      const key = serialize(edge.nextState)
      seen.add(key)
      const ok = visit([...steps, { state: edge.nextState, event: edge.event }], seen)
      seen.delete(key)
      if (!ok) return false
    }
    return true
  }
  return visit(initial.steps, new Set([serialize(initial.state)])) ? found : null
}

/**
 * The paths of each scenario: the shortest path to every reachable model state, one path per edge of the
 * adjacency map (shortest path to its source, then its event), and the simple paths when there are at most
 * SIMPLE_PATH_LIMIT of them. Duplicates and paths that are a prefix of another are dropped.
 */
export function planPaths(model: MachineModel): PlannedPath[] {
  const planned: PlannedPath[] = []
  const names = new Set<string>()
  for (const scenario of model.scenarios) {
    const { serialize, options, testModel } = testModelFor(model, scenario)
    const edges = adjacencyMapToArray(testModel.getAdjacencyMap())
    const toState = new Map<string, StatePath<AnyMachineSnapshot, AnyEventObject>>()
    for (const path of getShortestPaths(model.machine, options)) toState.set(serialize(path.state), path)

    const candidates: { path: StatePath<AnyMachineSnapshot, AnyEventObject>; kind: PathKind }[] = [
      ...toState.values(),
    ].map((path) => ({ path, kind: 'shortest' }))
    for (const edge of edges) {
      const head = toState.get(serialize(edge.state))
      if (!head) throw new Error(`${model.machine.id}: nessun percorso verso ${serialize(edge.state)}`)
      candidates.push({
        kind: 'edge',
        path: {
          state: edge.nextState,
          steps: [...head.steps, { state: edge.nextState, event: edge.event }],
          weight: head.weight + 1,
        },
      })
    }
    const initial = [...toState.values()].find((path) => path.steps.length === 1)
    const simple = initial ? simplePaths(initial, edges, serialize, SIMPLE_PATH_LIMIT) : null
    for (const path of simple ?? []) candidates.push({ path, kind: 'simple' })

    const sequences = candidates.map(({ path }) => path.steps.map((step) => JSON.stringify(step.event)))
    const kept = candidates.filter((_, i) => {
      const own = sequences[i]!
      return !sequences.some(
        (other, j) =>
          (other.length > own.length || (other.length === own.length && j < i)) &&
          own.every((event, k) => other[k] === event),
      )
    })
    for (const { path, kind } of kept) {
      const events = path.steps.slice(1).map((step) => step.event)
      planned.push({ scenario, path, kind, description: describePath(scenario, events, names) })
    }
  }
  return planned
}

// ---------------------------------------------------------------------------------------------------------------
// Execution against a real actor with doubles

interface Pending {
  input: unknown
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/** The doubles of one run: pending promises and running callbacks, by invoke id. */
export class Doubles {
  readonly pending = new Map<string, Pending>()
  readonly callbacks = new Map<string, { input: unknown; sendBack: (event: AnyEventObject) => void }>()
  /** Every input each invoke id was started with, in order. */
  readonly inputs = new Map<string, unknown[]>()

  private record(id: string, input: unknown) {
    this.inputs.set(id, [...(this.inputs.get(id) ?? []), input])
  }

  promise() {
    return fromPromise<unknown, unknown>(({ input, self }) => {
      this.record(self.id, input)
      return new Promise((resolve, reject) => this.pending.set(self.id, { input, resolve, reject }))
    })
  }

  callback() {
    return fromCallback<AnyEventObject, unknown>(({ input, self, sendBack }) => {
      this.record(self.id, input)
      this.callbacks.set(self.id, { input, sendBack })
      return () => this.callbacks.delete(self.id)
    })
  }

  lastInput(id: string): unknown {
    return this.inputs.get(id)?.at(-1)
  }

  settle(id: string, outcome: { output: unknown } | { error: unknown }) {
    const pending = this.pending.get(id)
    if (!pending) throw new Error(`nessun attore '${id}' in attesa: la macchina non lo ha avviato`)
    this.pending.delete(id)
    if ('output' in outcome) pending.resolve(outcome.output)
    else {
      const data = outcome.error as { message?: string }
      pending.reject(Object.assign(new Error(String(data?.message ?? 'errore')), data))
    }
  }
}

export function actorNamesOf(machine: AnyStateMachine): string[] {
  return Object.keys(machine.implementations.actors ?? {})
}

export function withDoubles(model: MachineModel, doubles: Doubles): AnyStateMachine {
  const callbacks = new Set(model.callbackActors ?? [])
  const actors = Object.fromEntries(
    actorNamesOf(model.machine).map((name) => [
      name,
      callbacks.has(name) ? doubles.callback() : doubles.promise(),
    ]),
  )
  return model.machine.provide({ actors } as never)
}

const pick = ({ head, then }: { head: string; then: string[] }) => ({ head, then })

const NO_LABELS: MachineLabels = { events: {}, guards: {} }

/** The events of the scenario a snapshot can take (the buttons then offered), once per model state. */
const offeredCache = new WeakMap<MachineModel, Map<string, readonly AnyEventObject[]>>()
function offeredBy(
  model: MachineModel,
  scenario: Scenario,
  snapshot: AnyMachineSnapshot,
  serialize: (snapshot: AnyMachineSnapshot) => string,
): readonly AnyEventObject[] {
  if (snapshot.status !== 'active' || !scenario.events) return []
  const cache = offeredCache.get(model) ?? new Map<string, readonly AnyEventObject[]>()
  offeredCache.set(model, cache)
  const key = `${scenario.name}\u0000${serialize(snapshot)}`
  let offered = cache.get(key)
  if (!offered) {
    offered = scenario.events(snapshot).filter((event) => snapshot.can(event))
    cache.set(key, offered)
  }
  return offered
}

const settleTasks = () => new Promise<void>((resolve) => setImmediate(resolve))

export interface ExecutedPath {
  description: string
  scenario: string
  kind?: PathKind
  steps: {
    event: string
    /** The event's type (`xstate.init` for the start): the key of its Italian label. */
    eventType: string
    passedThrough: string[]
    state: unknown
    titles: string[]
    /** Keys of the transitions this step took (eventless ones included). */
    transitions: string[]
    /**
     * The step in Italian, as QA reads it in the flow report (no event types, no payloads): who does what,
     * and what must then be true (src/statecharts/narrate.ts; `sentenceOf` joins them).
     */
    head: string
    then: string[]
  }[]
  transitions: string[]
  states: string[]
  /** Each step as an edge of the model graph (serialized model states, JSON event): what the tour plans on. */
  trace: { from: string | null; event: string; to: string; transitions: string[] }[]
}

/**
 * Runs one planned path on a real actor (TestModel.testPath drives it), comparing every snapshot with the
 * model's and running the spec checks. Throws on the first disagreement.
 */
export async function runPath(model: MachineModel, planned: PlannedPath): Promise<ExecutedPath> {
  const { serialize, testModel } = testModelFor(model, planned.scenario)
  const doubles = new Doubles()
  const machine = withDoubles(model, doubles)
  const transitions = new Set<string>()
  const states = new Set<string>()
  const steps: ExecutedPath['steps'] = []
  const trace: ExecutedPath['trace'] = []
  let stepTransitions = new Set<string>()
  /** Names of the actions of the transitions this step took, for the step's Italian text. */
  let stepActions: string[] = []
  const labels = machineById(model.machine.id)?.labels ?? NO_LABELS
  /** Per microstep of the current step: the title of the state its transition left. */
  let microsteps: (string | null)[] = []
  const trail: ExecutedStep['trail'][number][] = []
  let actor: AnyActorRef | null = null

  const observe = (snapshot: AnyMachineSnapshot) => {
    for (const node of snapshot._nodes as AnyStateNode[]) if (node.parent) states.add(node.id)
  }
  const inspect = (event: InspectionEvent) => {
    // The root actor only; its initial microsteps run inside createActor, before `actor` is assigned.
    if (event.type !== '@xstate.microstep' || event.actorRef.sessionId !== event.rootId) return
    const taken = event._transitions as AnyTransition[]
    for (const t of taken) {
      for (const action of t.actions ?? []) {
        const name = typeof action === 'string' ? action : (action as { type?: unknown } | null)?.type
        if (typeof name === 'string') stepActions.push(name)
      }
      transitions.add(transitionKey(t))
      stepTransitions.add(transitionKey(t))
      if (t.source.parent) states.add(t.source.id)
    }
    const left = taken[0]?.source.meta as { title?: string } | undefined
    microsteps.push(left?.title ?? null)
    observe(event.snapshot as AnyMachineSnapshot)
  }

  const drive = async (step: { event: AnyEventObject }) => {
    const { event } = step
    const before = actor ? (actor.getSnapshot() as AnyMachineSnapshot) : null
    microsteps = []
    stepActions = []
    stepTransitions = new Set()
    if (event.type === 'xstate.init') {
      actor = createActor(machine, { input: planned.scenario.input, inspect })
      actor.start()
    } else if (!actor) {
      throw new Error('attore non avviato')
    } else if (event.type.startsWith(DONE)) {
      doubles.settle(event.type.slice(DONE.length), { output: event.output })
    } else if (event.type.startsWith(ERROR)) {
      doubles.settle(event.type.slice(ERROR.length), { error: event.error })
    } else if (event.type.startsWith('xstate.after.')) {
      throw new Error('transizioni ritardate non supportate dal conducente dei test')
    } else {
      actor.send(event)
    }
    await settleTasks()
    const after = actor!.getSnapshot() as AnyMachineSnapshot
    if (actor!.getSnapshot().status === 'error') throw (after as { error?: unknown }).error
    observe(after)
    steps.push({
      event: event.type === 'xstate.init' ? 'avvio' : eventLabel(event),
      eventType: event.type,
      // The chain of eventless steps: every state left on the way, except the one the event left.
      passedThrough: microsteps
        .slice(event.type === 'xstate.init' ? 0 : 1)
        .filter((title): title is string => title !== null),
      state: after.value,
      titles: titlesOf(after),
      transitions: [...stepTransitions],
      ...pick(
        narrateStep(labels, {
          before,
          event,
          after,
          actions: stepActions,
          offered: offeredBy(model, planned.scenario, after, serialize),
        }),
      ),
    })
    trace.push({
      from: before ? serialize(before) : null,
      event: JSON.stringify(event),
      to: serialize(after),
      transitions: [...stepTransitions],
    })
    model.check?.({ scenario: planned.scenario, before, event, after, doubles, trail: [...trail] })
    trail.push({ event, before, after })
  }

  const eventTypes = new Set(planned.path.steps.map((step) => step.event.type))
  await testModel.testPath(planned.path, {
    events: Object.fromEntries([...eventTypes].map((type) => [type, drive])),
    states: {
      '*': (expected) => {
        const actual = serialize(actor!.getSnapshot() as AnyMachineSnapshot)
        const wanted = serialize(expected)
        if (actual !== wanted) {
          throw new Error(`l'attore reale diverge dal modello:\n  atteso ${wanted}\n  reale  ${actual}`)
        }
      },
    },
  })
  actor!.stop()
  return {
    description: planned.description,
    scenario: planned.scenario.name,
    ...(planned.kind ? { kind: planned.kind } : {}),
    steps,
    transitions: [...transitions],
    states: [...states],
    trace,
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Coverage

export interface Coverage {
  machineId: string
  states: { total: number; covered: string[]; missing: string[] }
  transitions: { total: number; covered: string[]; missing: TransitionInfo[] }
}

export function coverageOf(machine: AnyStateMachine, executed: readonly ExecutedPath[]): Coverage {
  const takenStates = new Set(executed.flatMap((path) => path.states))
  const takenTransitions = new Set(executed.flatMap((path) => path.transitions))
  const allStates = statesOf(machine)
  const allTransitions = transitionsOf(machine)
  return {
    machineId: machine.id,
    states: {
      total: allStates.length,
      covered: allStates.filter((id) => takenStates.has(id)),
      missing: allStates.filter((id) => !takenStates.has(id)),
    },
    transitions: {
      total: allTransitions.length,
      covered: allTransitions.filter((t) => takenTransitions.has(t.key)).map((t) => t.key),
      missing: allTransitions.filter((t) => !takenTransitions.has(t.key)),
    },
  }
}

export function percent(covered: number, total: number): number {
  return total === 0 ? 100 : Math.round((covered / total) * 1000) / 10
}

/** Plans and runs every path of a model (used by the flow report; the suites run them one test per path). */
export async function exploreModel(model: MachineModel) {
  const planned = planPaths(model)
  const executed: ExecutedPath[] = []
  const failures: { description: string; error: string }[] = []
  for (const path of planned) {
    try {
      executed.push(await runPath(model, path))
    } catch (error) {
      failures.push({
        description: path.description,
        error: error instanceof Error ? error.message : String(error),
      })
    }
  }
  return { planned, executed, failures, coverage: coverageOf(model.machine, executed) }
}

// ---------------------------------------------------------------------------------------------------------------
// The tour: one walk that takes every transition, for QA to run as a single journey

export interface PlannedTour {
  /** Parts of the walk: each starts the actor afresh (the first from nothing, each other one is a restart). */
  segments: PlannedPath[]
  /** Steps in all, each start of the actor counted as one step. */
  length: number
  restarts: number
  /** The transitions the tour is planned to take: every transition some executed path took. */
  planned: string[]
}

interface TourEdge {
  from: string
  to: string
  step: Step
  /** The transitions this edge took when the paths were executed. */
  keys: readonly string[]
}

/**
 * Plans the tour of a model on its explored graph (the adjacency maps of every scenario, one node per model
 * state), using what the executed paths observed: which transitions each edge takes.
 *
 * The problem is the directed rural postman problem (the Chinese postman problem where only some edges must be
 * walked): here what must be walked is not an edge but a transition of the machine, and several edges take the
 * same transition, so any one of them will do. Exact solutions are NP-hard; the planner uses the classic
 * nearest-neighbour heuristic, which keeps tours short on machines of this size:
 *   1. From where the walk is, find (breadth first) the nearest edge that takes a transition not yet taken;
 *      its cost is the steps to reach its source plus one. A restart costs one step more (the new start of the
 *      actor, in the scenario whose initial state is nearest to the edge); the start itself counts as an edge,
 *      so transitions taken while starting (eventless ones) are planned for too.
 *   2. Take the cheapest (on a tie: keep walking rather than restart, then the route taking the most new
 *      transitions on the way, then the one ending where the most untaken transitions stay reachable, so the
 *      walk does not step into a dead end while work is left elsewhere), walk it, and mark every transition of
 *      every edge walked as taken.
 *   3. Repeat until every transition some edge takes is taken. The walk restarts only when that is cheaper or
 *      the only way: from a final state, or from a state that can never get back to what is left.
 * Transitions no executed path took cannot be planned for: the coverage gate reports them.
 */
export function planTour(model: MachineModel, executed: readonly ExecutedPath[]): PlannedTour {
  const observed = new Map<string, readonly string[]>()
  for (const path of executed) {
    for (const step of path.trace) {
      observed.set(
        `${path.scenario}\u0000${step.from ?? ''}\u0000${step.from === null ? '' : step.event}`,
        step.transitions,
      )
    }
  }
  const scenarios = model.scenarios.map((scenario, index) => {
    const { serialize, options, testModel } = testModelFor(model, scenario)
    const node = (snapshot: AnyMachineSnapshot) => `${index}\u0000${serialize(snapshot)}`
    const initial = getShortestPaths(model.machine, options).find((path) => path.steps.length === 1)
    if (!initial) throw new Error(`${model.machine.id}: nessuno stato iniziale per ${scenario.name}`)
    const out = new Map<string, TourEdge[]>()
    for (const edge of adjacencyMapToArray(testModel.getAdjacencyMap())) {
      const from = node(edge.state)
      const keys =
        observed.get(`${scenario.name}\u0000${serialize(edge.state)}\u0000${JSON.stringify(edge.event)}`) ??
        []
      out.set(from, [
        ...(out.get(from) ?? []),
        { from, to: node(edge.nextState), step: { state: edge.nextState, event: edge.event }, keys },
      ])
    }
    return {
      scenario,
      start: initial.steps[0]!,
      startNode: node(initial.state),
      startKeys: observed.get(`${scenario.name}\u0000\u0000`) ?? [],
      out,
    }
  })
  const outOf = (id: string) => scenarios[Number(id.split('\u0000', 1)[0])]!.out.get(id) ?? []

  /** Breadth first from a node: the edge that first reached each node. */
  const reach = (origin: string) => {
    const via = new Map<string, TourEdge | null>([[origin, null]])
    const queue = [origin]
    for (let i = 0; i < queue.length; i++) {
      for (const edge of outOf(queue[i]!)) {
        if (via.has(edge.to)) continue
        via.set(edge.to, edge)
        queue.push(edge.to)
      }
    }
    return via
  }
  const routeTo = (via: Map<string, TourEdge | null>, target: string) => {
    const route: TourEdge[] = []
    for (let edge = via.get(target); edge; edge = via.get(edge.from)) route.unshift(edge)
    return route
  }
  const fromStart = scenarios.map((s) => reach(s.startNode))

  const remaining = new Set([...observed.values()].flat())
  const planned = [...remaining]
  const segments: { scenario: Scenario; steps: Step[] }[] = []
  let here: string | null = null

  interface Option {
    restart: number | null
    route: TourEdge[]
    cost: number
    gain: number
    /** Transitions still to take that stay reachable from where the option ends (computed on ties only). */
    future?: number
  }
  const futureOf = (option: Option) => {
    if (option.future !== undefined) return option.future
    const end = option.route.at(-1)?.to ?? scenarios[option.restart!]!.startNode
    const taken = new Set([
      ...(option.restart === null ? [] : scenarios[option.restart]!.startKeys),
      ...option.route.flatMap((edge) => edge.keys),
    ])
    const ahead = new Set<string>()
    for (const [id] of reach(end)) {
      for (const edge of outOf(id)) {
        for (const key of edge.keys) if (remaining.has(key) && !taken.has(key)) ahead.add(key)
      }
    }
    option.future = ahead.size
    return option.future
  }
  const gainOf = (restart: number | null, route: readonly TourEdge[]) =>
    new Set(
      [...(restart === null ? [] : scenarios[restart]!.startKeys), ...route.flatMap((e) => e.keys)].filter(
        (key) => remaining.has(key),
      ),
    ).size
  const better = (a: Option, b: Option | null): boolean => {
    if (b === null || a.cost !== b.cost) return b === null || a.cost < b.cost
    if ((a.restart === null) !== (b.restart === null)) return a.restart === null
    if (a.gain !== b.gain) return a.gain > b.gain
    return futureOf(a) > futureOf(b)
  }

  while (remaining.size > 0) {
    let best: Option | null = null
    const consider = (restart: number | null, via: Map<string, TourEdge | null>, extra: number) => {
      for (const [id] of via) {
        for (const edge of outOf(id)) {
          if (!edge.keys.some((key) => remaining.has(key))) continue
          const route = [...routeTo(via, id), edge]
          const option: Option = { restart, route, cost: extra + route.length, gain: 0 }
          if (best !== null && option.cost > best.cost) continue
          option.gain = gainOf(restart, route)
          if (better(option, best)) best = option
        }
      }
    }
    if (here !== null) consider(null, reach(here), 0)
    scenarios.forEach((s, index) => {
      if (s.startKeys.some((key) => remaining.has(key))) {
        const option: Option = { restart: index, route: [], cost: 1, gain: gainOf(index, []) }
        if (better(option, best)) best = option
      }
      consider(index, fromStart[index]!, 1)
    })
    const chosen = best as Option | null
    if (chosen === null) break
    if (chosen.restart !== null) {
      const s = scenarios[chosen.restart]!
      segments.push({ scenario: s.scenario, steps: [s.start] })
      for (const key of s.startKeys) remaining.delete(key)
      here = s.startNode
    }
    for (const edge of chosen.route) {
      segments.at(-1)!.steps.push(edge.step)
      for (const key of edge.keys) remaining.delete(key)
      here = edge.to
    }
  }

  return {
    segments: segments.map(({ scenario, steps }, i) => ({
      scenario,
      kind: 'tour',
      path: { state: steps.at(-1)!.state, steps, weight: steps.length - 1 },
      description: `Giro, parte ${i + 1} (${scenario.name}): ${
        steps
          .slice(1)
          .map((step) => eventLabel(step.event))
          .join(' → ') || 'avvio'
      }`,
    })),
    length: segments.reduce((sum, segment) => sum + segment.steps.length, 0),
    restarts: Math.max(segments.length - 1, 0),
    planned,
  }
}

export interface ExecutedTour {
  description: string
  /** Steps in all, each start of the actor counted as one. */
  length: number
  restarts: number
  /**
   * The walk's steps. A step with `start` starts the actor in that scenario: the first one, and each restart
   * (those also have `restart: true`).
   */
  steps: (ExecutedPath['steps'][number] & { start?: string; restart?: boolean })[]
  transitions: string[]
  states: string[]
  segments: ExecutedPath[]
}

/** Runs the tour's parts one after the other, each on a fresh actor, as runPath runs a path. */
export async function runTour(model: MachineModel, tour: PlannedTour): Promise<ExecutedTour> {
  const segments: ExecutedPath[] = []
  for (const segment of tour.segments) segments.push(await runPath(model, segment))
  return {
    description: `Giro di ${tour.length} passi${
      tour.restarts > 0 ? `, con ${tour.restarts} ${tour.restarts === 1 ? 'nuovo avvio' : 'nuovi avvii'}` : ''
    }`,
    length: tour.length,
    restarts: tour.restarts,
    steps: segments.flatMap((segment, n) =>
      segment.steps.map((step, i) =>
        i > 0
          ? step
          : {
              ...step,
              event: `${n === 0 ? 'avvio' : 'nuovo avvio'}: ${segment.scenario}`,
              start: segment.scenario,
              ...(n > 0 ? { restart: true } : {}),
            },
      ),
    ),
    transitions: [...new Set(segments.flatMap((s) => s.transitions))],
    states: [...new Set(segments.flatMap((s) => s.states))],
    segments,
  }
}
