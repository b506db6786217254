// The graph of a statechart as the viewer draws it: every state node and every transition, read from the
// machine's own state nodes. `toDirectedGraph` of xstate/graph leaves out eventless (`always`) transitions,
// so they are read here from `stateNode.always`; delayed (`after`) ones are in `stateNode.transitions`.
// Keys and counts are those of the flow report (tests/machines/coverage.ts): states are all nodes but the root
// and history pseudo-states; transitions are event, eventless and delayed transitions alike.
import { type AnyStateMachine, and, not, or } from 'xstate'
import { eventLabelKey, type MachineLabels } from '../../machines/labels.ts'

type AnyStateNode = AnyStateMachine['root']
type AnyTransition = NonNullable<AnyStateNode['always']>[number]

export type StateKind = 'root' | 'atomic' | 'compound' | 'parallel' | 'final' | 'history'
export type TransitionKind = 'event' | 'always' | 'after' | 'done' | 'error'

export interface GraphState {
  /** xstate's id, e.g. `session.authenticated.ready`. */
  id: string
  key: string
  parent: string | null
  kind: StateKind
  /** Italian title (meta.title), or the state's key. */
  title: string
  description: string | null
  /** The spec requirement it implements (meta.spec). */
  spec: string | null
  /** The id of the initial child of a compound state. */
  initial: string | null
  /** Deep history (`history: 'deep'`). */
  deep: boolean
  /** The message the user reads on reaching this state (meta.message), drawn in its box. */
  message: string | null
  children: string[]
}

export interface GraphTransition {
  /** Same key as the flow report: `<source id> <event or (always)> #<index among its candidates>`. */
  key: string
  source: string
  /** Target state ids; empty when the transition stays in its state (actions only). */
  targets: string[]
  event: string
  kind: TransitionKind
  /** What makes it happen, in Italian. */
  label: string
  /** The condition, readable (meta.guard in Italian when given, else the named guard), or null. */
  guard: string | null
  /** The guard as named in the machine, e.g. `and(isFirstVisit, isWideViewport)`. */
  guardName: string | null
  /** Unguarded, after guarded candidates for the same event: taken when none of them applies. */
  otherwise: boolean
  /** Something went wrong: an invoked actor failed, or an event or guard the machine's labels call a failure. */
  failure: boolean
  description: string | null
  spec: string | null
}

export interface MachineGraph {
  id: string
  root: string
  states: Record<string, GraphState>
  /** State ids in document order (parents before children), root first. */
  order: string[]
  transitions: GraphTransition[]
}

type Meta = {
  title?: unknown
  description?: unknown
  spec?: unknown
  guard?: unknown
  label?: unknown
  message?: unknown
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : Array.isArray(value) ? value.join(', ') : null

function metaOf(value: unknown): Meta {
  return value !== null && typeof value === 'object' ? (value as Meta) : {}
}

type Combinator = 'and' | 'or' | 'not'

// Known by their `check` (shared by every and(), or(), not()): function names do not survive minification.
const COMBINATORS = new Map<unknown, Combinator>([
  [(and([]) as unknown as { check: unknown }).check, 'and'],
  [(or([]) as unknown as { check: unknown }).check, 'or'],
  [(not('x') as unknown as { check: unknown }).check, 'not'],
])

function combinatorOf(guard: unknown): { kind: Combinator; guards: unknown[] } | null {
  if (typeof guard !== 'function') return null
  const { check, guards } = guard as { check?: unknown; guards?: unknown[] }
  const kind = COMBINATORS.get(check)
  return kind && Array.isArray(guards) ? { kind, guards } : null
}

/** The guard as named in the machine: `hasToken`, `and(isAuthRoute, not(hasToken))`. */
export function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null
  if (typeof guard === 'string') return guard
  const combined = combinatorOf(guard)
  if (combined) return `${combined.kind}(${combined.guards.map(guardName).join(', ')})`
  if (typeof guard === 'object' && 'type' in guard) return String((guard as { type: unknown }).type)
  return 'condizione'
}

/** The named guards a guard is made of, combinators opened: `and(isAuthRoute, not(hasToken))` → both. */
export function guardLeaves(guard: unknown): string[] {
  if (guard === undefined || guard === null) return []
  const combined = combinatorOf(guard)
  if (combined) return combined.guards.flatMap(guardLeaves)
  const name = guardName(guard)
  return name === null ? [] : [name]
}

/**
 * The guard in words, each named guard by its Italian label when `words` has one: `la pagina richiede
 * l'accesso e manca il token` when `negated` words `not(hasToken)`, else `… e non è vero che c'è un token`
 * (without any words: `isAuthRoute e non hasToken`).
 */
export function guardText(
  guard: unknown,
  words: Readonly<Record<string, string>> = {},
  negated: Readonly<Record<string, string>> = {},
): string | null {
  if (guard === undefined || guard === null) return null
  const combined = combinatorOf(guard)
  if (combined?.kind === 'not') {
    const name = combinatorOf(combined.guards[0]) ? null : guardName(combined.guards[0])
    if (name !== null && negated[name] !== undefined) return negated[name]
    const inner = guardText(combined.guards[0], words, negated)
    // A named guard reads `non hasToken`; a sentence reads `non è vero che c'è un token`.
    return inner !== null && /\s/.test(inner) ? `non è vero che ${inner}` : `non ${inner}`
  }
  if (combined)
    return combined.guards
      .map((inner) => guardText(inner, words, negated))
      .join(combined.kind === 'and' ? ' e ' : ' o ')
  const name = guardName(guard)
  return name === null ? null : (words[name] ?? name)
}

const DONE = 'xstate.done.actor.'
const ERROR = 'xstate.error.actor.'
const AFTER = 'xstate.after.'

function kindOf(event: string): TransitionKind {
  if (event === '') return 'always'
  if (event.startsWith(AFTER)) return 'after'
  if (event.startsWith(DONE)) return 'done'
  if (event.startsWith(ERROR)) return 'error'
  return 'event'
}

/** `xstate.after.5000.session.x` → '5000'. */
function delayOf(event: string, sourceId: string): string {
  const rest = event.slice(AFTER.length)
  return rest.endsWith(`.${sourceId}`) ? rest.slice(0, -sourceId.length - 1) : rest
}

function duration(delay: string): string {
  const ms = Number(delay)
  if (!Number.isFinite(ms)) return delay
  if (ms >= 60_000 && ms % 60_000 === 0) return `${ms / 60_000} min`
  if (ms >= 1000 && ms % 1000 === 0) return `${ms / 1000} s`
  return `${ms} ms`
}

/** What makes a transition happen, in Italian: the machine's label for the event when it has one. */
export function eventText(
  event: string,
  sourceId: string,
  words: Readonly<Record<string, string>> = {},
): string {
  const word = event === '' ? undefined : words[eventLabelKey(event, sourceId)]
  if (word !== undefined) return word
  switch (kindOf(event)) {
    case 'always':
      return 'subito (automatica)'
    case 'after':
      return `dopo ${duration(delayOf(event, sourceId))}`
    case 'done':
      return `${event.slice(DONE.length)} riuscito`
    case 'error':
      return `${event.slice(ERROR.length)} fallito`
    default:
      return event === '*' ? 'qualsiasi evento' : event
  }
}

function kindOfNode(node: AnyStateNode, isRoot: boolean): StateKind {
  if (isRoot) return 'root'
  if (node.type === 'history') return 'history'
  if (node.type === 'final') return 'final'
  if (node.type === 'parallel') return 'parallel'
  if (node.type === 'compound') return 'compound'
  return 'atomic'
}

const NO_LABELS: MachineLabels = { events: {}, guards: {} }

/**
 * Every state node and transition of a machine. Transitions are labelled by their meta (title, guard) when
 * given, else by the machine's Italian vocabulary (`labels`), else by the names in the machine.
 */
export function machineGraph(
  machine: AnyStateMachine,
  labels: MachineLabels = NO_LABELS,
  /** The machine's Italian name (the registry's), the title of its frame when its root has none in meta. */
  title?: string,
): MachineGraph {
  const states: Record<string, GraphState> = {}
  const order: string[] = []
  const transitions: GraphTransition[] = []
  const failures = new Set(labels.failures ?? [])

  const visit = (node: AnyStateNode, parent: string | null) => {
    const meta = metaOf(node.meta)
    const children = Object.values(node.states ?? {}) as AnyStateNode[]
    const initialTarget = node.initial?.target[0]
    states[node.id] = {
      id: node.id,
      key: node.key,
      parent,
      kind: kindOfNode(node, parent === null),
      title: text(meta.title) ?? (parent === null ? (title ?? machine.id) : node.key),
      description: text(meta.description) ?? text(node.description),
      spec: text(meta.spec),
      initial: node.type === 'compound' || parent === null ? (initialTarget?.id ?? null) : null,
      deep: (node as { history?: unknown }).history === 'deep',
      message: text(meta.message),
      children: children.map((child) => child.id),
    }
    order.push(node.id)
    const candidates: [string, readonly AnyTransition[]][] = [
      ...[...node.transitions.entries()].map(
        ([event, list]) => [event, list] as [string, readonly AnyTransition[]],
      ),
      ['', node.always ?? []],
    ]
    for (const [event, list] of candidates) {
      list.forEach((t, index) => {
        const tMeta = metaOf((t as { meta?: unknown }).meta)
        const guard = t.guard as unknown
        transitions.push({
          key: `${node.id} ${event || '(always)'} #${index}`,
          source: node.id,
          targets: (t.target ?? []).map((target) => target.id),
          event: event || '(always)',
          kind: kindOf(event),
          label: text(tMeta.title) ?? text(tMeta.label) ?? eventText(event, node.id, labels.events),
          guard: text(tMeta.guard) ?? guardText(guard, labels.guards, labels.negated),
          guardName: guardName(guard),
          otherwise: guard === undefined && index > 0,
          failure:
            kindOf(event) === 'error' ||
            failures.has(event) ||
            guardLeaves(guard).some((name) => failures.has(name)),
          description: text(tMeta.description) ?? text((t as { description?: unknown }).description),
          spec: text(tMeta.spec),
        })
      })
    }
    for (const child of children) visit(child, node.id)
  }
  visit(machine.root, null)
  return { id: machine.id, root: machine.root.id, states, order, transitions }
}

/** The figures a drawing must show: state nodes (without root and history) and transitions. */
export function graphCounts(graph: MachineGraph): { states: number; transitions: number } {
  return {
    states: Object.values(graph.states).filter((s) => s.kind !== 'root' && s.kind !== 'history').length,
    transitions: graph.transitions.length,
  }
}

/** The chain of ancestors of a state, root first, the state last. */
export function ancestry(graph: MachineGraph, id: string): string[] {
  const chain: string[] = []
  for (let at: string | null = id; at !== null; at = graph.states[at]?.parent ?? null) chain.unshift(at)
  return chain
}
