// The event journal (DESIGN.md §3): every machine and store event, timed and redacted, in a bounded log in
// sessionStorage. QA exports it ("Esporta registro") and replays it in the statechart viewer.
import type { InspectionEvent } from 'xstate'

export type JournalEntry = { at: string; source: string; type: string; payload?: unknown }

const KEY = 'journal'
const MAX_ENTRIES = 1000
const SECRET_KEYS = /token|password|secret|code_verifier|authorization|idtoken|id_token/i

/** Replaces secrets with a marker at any depth; keeps the shape so a replay still makes sense. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') {
    return typeof value === 'string' && /^eyJ[\w-]+\.[\w-]+\.[\w-]+$/.test(value) ? '[redatto]' : value
  }
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redact(item, depth + 1))
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [
      key,
      SECRET_KEYS.test(key) ? '[redatto]' : redact(item, depth + 1),
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

let flushScheduled = false
function scheduleFlush() {
  if (flushScheduled) return
  flushScheduled = true
  queueMicrotask(() => {
    flushScheduled = false
    try {
      sessionStorage.setItem(KEY, JSON.stringify(load()))
    } catch {
      // Quota reached: keep the newest half.
      buffer = load().slice(-MAX_ENTRIES / 2)
    }
  })
}

export function appendJournal(source: string, type: string, payload?: unknown) {
  const entries = load()
  entries.push({
    at: new Date().toISOString(),
    source,
    type,
    payload: payload === undefined ? undefined : redact(payload),
  })
  if (entries.length > MAX_ENTRIES) entries.splice(0, entries.length - MAX_ENTRIES)
  scheduleFlush()
}

export function readJournal(): readonly JournalEntry[] {
  return load()
}

export function clearJournal() {
  buffer = []
  scheduleFlush()
}

/** An xstate inspector: events that reach any actor of the system go to the journal. */
export function journalInspector(event: InspectionEvent) {
  if (event.type !== '@xstate.event') return
  const { type, ...payload } = event.event
  if (type.startsWith('xstate.') && !type.startsWith('xstate.done') && !type.startsWith('xstate.error'))
    return
  appendJournal(
    (event.actorRef as { id?: string }).id || 'actor',
    type,
    Object.keys(payload).length > 0 ? payload : undefined,
  )
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
    appendJournal(`store:${name}`, type, Object.keys(payload).length > 0 ? payload : undefined)
  })
}

/** The journal as a downloadable JSON file. */
export function journalBlob(): Blob {
  return new Blob([JSON.stringify({ esportato: new Date().toISOString(), eventi: readJournal() }, null, 2)], {
    type: 'application/json',
  })
}
