// Replay of an exported journal ("Esporta registro"): each entry that a registered machine received carries
// the machine's id and the state value it reached in the live run. The replay recomputes that state with
// xstate's pure transition functions (no actor runs, no effect happens) and compares.
import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type EventObject,
  type StateValue,
  initialTransition,
  transition,
} from 'xstate'
import type { MachineLabels } from '../../machines/labels.ts'
import type { JournalEntry } from '../journal/journal.ts'
import { eventText, type MachineGraph } from './graph.ts'
import { eventHead, labelOf } from './narrate.ts'

/** journal.ts's SERVER_STATE, written again so that the viewer imports no code of the portal's first chunk. */
export const SERVER_STATE = 'server.stato'

export interface ReplayStep {
  index: number
  entry: JournalEntry
  /** The event in Italian, from its machine's labels («Il server risponde (tessere caricate)»): no xstate names. */
  said: string
  /** The state of every machine after this entry, as recomputed (null before a machine's first start). */
  states: Record<string, StateValue | null>
  /** For an entry of a machine: does the recomputed state equal the recorded one? null otherwise. */
  matches: boolean | null
  recomputed: StateValue | null
  /** Keys (as in graph.ts) of the transitions the event took, besides the eventless ones that followed. */
  taken: string[]
  /** An Italian message when the replay could not apply the entry. */
  problem: string | null
}

/** Reads an exported journal file: `{ esportato, eventi: [...] }`, or a bare list of entries. */
export function parseJournal(json: unknown): JournalEntry[] {
  const list = Array.isArray(json)
    ? json
    : json !== null && typeof json === 'object' && Array.isArray((json as { eventi?: unknown }).eventi)
      ? (json as { eventi: unknown[] }).eventi
      : null
  if (!list) throw new Error('Il file non è un registro esportato dal portale (manca l’elenco «eventi»).')
  return list.filter(
    (item): item is JournalEntry =>
      item !== null &&
      typeof item === 'object' &&
      typeof (item as JournalEntry).type === 'string' &&
      typeof (item as JournalEntry).source === 'string',
  )
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/** A machine the viewer knows: its labels give its events' Italian words. */
export interface KnownMachine {
  id: string
  machine: AnyStateMachine
  labels?: MachineLabels
}

/**
 * What a journal entry says happened, in Italian: by its machine's labels (who does what, as the flow report's
 * steps say it, given the snapshot before when the replay has it), else by the label any machine gives its
 * type, else in generic words («dopo 1 min», «loadX riuscito»). Never xstate's internal event names.
 */
export function entryWords(
  entry: JournalEntry,
  machines: readonly KnownMachine[],
  before: AnyMachineSnapshot | null = null,
): string {
  const event = { ...((entry.payload ?? {}) as Record<string, unknown>), type: entry.type }
  if (entry.type === 'xstate.init') return 'Avvio'
  if (entry.type === SERVER_STATE) return 'Stato letto dal server'
  const own = machines.find((m) => m.id === entry.machine)?.labels
  if (own && before) return eventHead(own, before, event)
  const labels = [own, ...machines.map((m) => m.labels)].filter((l): l is MachineLabels => !!l)
  const label = labels.map((l) => labelOf(l, event)).find((l): l is string => !!l)
  // `xstate.after.<ms>.<machine>.<state>` → `xstate.after.<ms>`: the delay, without the id of the state.
  return label ?? eventText(entry.type.replace(/^(xstate\.after\.\d+)\..*$/, '$1'), '')
}

/** Replays the journal on the given machines; one step per entry. */
export function replayJournal(
  entries: readonly JournalEntry[],
  machines: readonly KnownMachine[],
): ReplayStep[] {
  const byId = new Map(machines.map((entry) => [entry.id, entry.machine]))
  const snapshots = new Map<string, AnyMachineSnapshot>()
  const states = (): Record<string, StateValue | null> =>
    Object.fromEntries(machines.map(({ id }) => [id, snapshots.get(id)?.value ?? null]))
  return entries.map((entry, index) => {
    let matches: boolean | null = null
    let recomputed: StateValue | null = null
    let problem: string | null = null
    let taken: string[] = []
    const machine = entry.machine ? byId.get(entry.machine) : undefined
    const said = entryWords(entry, machines, entry.machine ? (snapshots.get(entry.machine) ?? null) : null)
    if (entry.machine && !machine) problem = `Macchina «${entry.machine}» non registrata nel visualizzatore.`
    if (machine && entry.machine) {
      try {
        const payload = (entry.payload ?? {}) as Record<string, unknown>
        let next: AnyMachineSnapshot
        if (entry.type === 'xstate.init') {
          ;[next] = initialTransition(machine, payload.input)
        } else if (entry.type === SERVER_STATE) {
          // A lifecycle state the portal read from the server: taken as it was read.
          next = machine.resolveState({
            value: payload.value as StateValue,
            context: payload.context as never,
          })
        } else {
          const current = snapshots.get(entry.machine)
          if (!current) throw new Error('evento ricevuto prima dell’avvio della macchina')
          const event = { ...payload, type: entry.type }
          taken = takenKeys(machine, current, event)
          ;[next] = transition(machine, current, event)
        }
        snapshots.set(entry.machine, next)
        recomputed = next.value
        matches = entry.state === undefined ? null : same(next.value, entry.state)
      } catch (error) {
        problem = `Non riproducibile: ${error instanceof Error ? error.message : String(error)}`
        matches = false
      }
    }
    return { index, entry, said, states: states(), matches, recomputed, taken, problem }
  })
}

type AnyTransition = ReturnType<AnyStateMachine['getTransitionData']>[number]

/** The transitions an event takes from a snapshot, keyed as graph.ts keys them. */
function takenKeys(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): string[] {
  return machine.getTransitionData(snapshot, event).map((t: AnyTransition) => {
    const candidates = t.eventType ? t.source.transitions.get(t.eventType) : t.source.always
    return `${t.source.id} ${t.eventType || '(always)'} #${candidates?.indexOf(t) ?? 0}`
  })
}

/** The ids of the state nodes active in a state value (outermost first), e.g. 'a' + { b: 'c' }. */
export function activeStateIds(graph: MachineGraph, value: StateValue | null | undefined): string[] {
  const active: string[] = []
  const walk = (parent: string, at: StateValue) => {
    const children = graph.states[parent]?.children ?? []
    const childByKey = (key: string) => children.find((id) => graph.states[id]?.key === key)
    if (typeof at === 'string') {
      const child = childByKey(at)
      if (child) active.push(child)
      return
    }
    for (const [key, inner] of Object.entries(at)) {
      const child = childByKey(key)
      if (!child) continue
      active.push(child)
      if (inner !== undefined) walk(child, inner as StateValue)
    }
  }
  if (value !== null && value !== undefined) walk(graph.root, value)
  return active
}

/** A state value in words: the titles of its innermost active states. */
export function stateWords(graph: MachineGraph, value: StateValue | null | undefined): string {
  const active = activeStateIds(graph, value)
  const leaves = active.filter((id) => !active.some((other) => graph.states[other]?.parent === id))
  return leaves.length > 0 ? leaves.map((id) => graph.states[id]?.title ?? id).join(' + ') : 'non avviata'
}
