// The event journal (DESIGN.md §3): every machine and store event, timed and redacted, in a bounded log in
// sessionStorage. QA exports it ("Esporta registro") and replays it in the statechart viewer; a viewer open in
// the same browser follows it live (./broadcast.ts).
import type { AnyActorRef, AnyMachineSnapshot, InspectionEvent, StateValue } from 'xstate'
import { startBroadcast } from './broadcast.ts'

export type JournalEntry = {
  at: string
  source: string
  type: string
  payload?: unknown
  /** For an event a machine's root actor took (or its start, `xstate.init` with `{ input }`): its id… */
  machine?: string
  /** …and the state value it reached, so a replay can check that it reaches the same. */
  state?: StateValue
}

const KEY = 'journal'
const MAX_ENTRIES = 1000
const SECRET_KEYS = /token|password|secret|code_verifier|authorization|idtoken|id_token/i

/** Replaces secrets with a marker at any depth; keeps the shape so a replay still makes sense. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'function') return undefined
  // An Error's message is not enumerable: kept, since guards read it (e.g. the password-reset code).
  if (value instanceof Error) return redact({ ...value, name: value.name, message: value.message }, depth)
  if (depth > 6 || value === null || typeof value !== 'object') {
    return typeof value === 'string' && /^eyJ[\w-]+\.[\w-]+\.[\w-]+$/.test(value) ? '[redatto]' : value
  }
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redact(item, depth + 1))
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [
      key,
      // Only texts and objects can hold a secret; an absent one (null, '') and a flag (hasToken) stay as they
      // are, since a replay's guards ask whether there is one.
      SECRET_KEYS.test(key) &&
      ((typeof item === 'string' && item !== '') || (item !== null && typeof item === 'object'))
        ? '[redatto]'
        : redact(item, depth + 1),
    ]),
  )
}

let buffer: JournalEntry[] | null = null

function load(): JournalEntry[] {
  if (buffer) return buffer
  try {
    buffer = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as JournalEntry[]
  } catch {
    buffer = []
  }
  return buffer
}

/**
 * Runs `work` once the browser has nothing more urgent to do (at most `timeout` ms later): writing the whole
 * journal after every event of start-up held the main thread of every page while it was becoming usable.
 */
function whenIdle(work: () => void, timeout = 1000) {
  const idle = (
    globalThis as { requestIdleCallback?: (run: () => void, options: { timeout: number }) => number }
  ).requestIdleCallback
  if (idle) idle(work, { timeout })
  else setTimeout(work, 0)
}

function flush() {
  flushScheduled = false
  try {
    sessionStorage.setItem(KEY, JSON.stringify(load()))
  } catch {
    // Quota reached: keep the newest half.
    buffer = load().slice(-MAX_ENTRIES / 2)
  }
}

let flushScheduled = false
function scheduleFlush() {
  if (flushScheduled) return
  flushScheduled = true
  whenIdle(() => {
    if (flushScheduled) flush()
  })
}

// Leaving the page (a reload, a link to the identity service) writes what is still waiting: the next page reads it.
globalThis.addEventListener?.('pagehide', () => {
  if (flushScheduled) flush()
})

/**
 * Posts each new entry to a statechart viewer open in this browser: opened when the browser is idle after the
 * first entry, announcing the journal so far; each entry after that is posted as it comes.
 */
let broadcast: ((entry: JournalEntry) => void) | null | undefined
let broadcastOpening = false

export function appendJournal(
  source: string,
  type: string,
  payload?: unknown,
  reached?: { machine: string; state: StateValue },
) {
  const entries = load()
  const entry: JournalEntry = {
    at: new Date().toISOString(),
    source,
    type,
    payload: payload === undefined ? undefined : redact(payload),
    ...reached,
  }
  entries.push(entry)
  if (entries.length > MAX_ENTRIES) entries.splice(0, entries.length - MAX_ENTRIES)
  scheduleFlush()
  // Opening the channel announces the journal so far, this entry and those until it opens included.
  if (broadcast) broadcast(entry)
  else if (broadcast === undefined && !broadcastOpening) {
    broadcastOpening = true
    whenIdle(() => {
      broadcast = startBroadcast(load)
    })
  }
}

export function readJournal(): readonly JournalEntry[] {
  return load()
}

export function clearJournal() {
  buffer = []
  journaledSnapshots.clear()
  scheduleFlush()
}

const payloadOf = (payload: Record<string, unknown>) =>
  Object.keys(payload).length > 0 ? payload : undefined

/**
 * An xstate inspector: events that reach any actor of the system go to the journal. A root machine's start is
 * journaled with its input and first state, its other events once taken, with the state they led to.
 */
export function journalInspector(event: InspectionEvent) {
  if (event.type !== '@xstate.event' && event.type !== '@xstate.snapshot') return
  const { type, ...payload } = event.event
  const actor = event.actorRef as AnyActorRef & { logic: { id?: string } }
  const machine = actor.sessionId === event.rootId ? actor.logic.id : undefined
  const taken = event.type === '@xstate.snapshot'
  if (machine) {
    if (taken === (type === 'xstate.init') || type === 'xstate.stop') return
    const { value } = (taken ? event.snapshot : actor.getSnapshot()) as { value: StateValue }
    appendJournal(machine, type, payloadOf(payload), { machine, state: value })
  } else if (!taken && !(type.startsWith('xstate.') && !/^xstate\.(done|error)/.test(type))) {
    appendJournal(actor.id || 'actor', type, payloadOf(payload))
  }
}

/** Journals the events of a @xstate/store store. */
export function journalStore(
  name: string,
  store: { inspect: (observer: (event: { type: string; event?: unknown }) => void) => unknown },
) {
  store.inspect((inspection) => {
    if (inspection.type !== '@xstate.event') return
    const event = inspection.event as { type: string } & Record<string, unknown>
    const { type, ...payload } = event
    appendJournal(`store:${name}`, type, payloadOf(payload))
  })
}

/** The event type of a lifecycle snapshot the portal resolved from the server's answer (journalSnapshot). */
export const SERVER_STATE = 'server.stato'
/** The snapshots already journaled, so that a page rendering one again does not journal it twice. */
const journaledSnapshots = new Set<string>()

/**
 * Journals a lifecycle machine's snapshot (challenge, enrolment, partner request, tie) as the page resolved it
 * from the server's answer: no actor runs these machines in the browser, the server decides each step, so the
 * journal and the live viewer see the states the portal read. Once per distinct state; returns the snapshot.
 */
export function journalSnapshot<S extends AnyMachineSnapshot>(snapshot: S): S {
  const machine = (snapshot.machine as { id: string }).id
  const payload = { value: snapshot.value, context: snapshot.context as unknown }
  const key = `${machine} ${JSON.stringify(payload)}`
  if (!journaledSnapshots.has(key)) {
    if (journaledSnapshots.size >= MAX_ENTRIES) journaledSnapshots.clear()
    journaledSnapshots.add(key)
    appendJournal(machine, SERVER_STATE, payload, { machine, state: snapshot.value })
  }
  return snapshot
}
