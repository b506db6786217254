// Live mode: the portal's journal posts each entry on a BroadcastChannel (src/journal/journal.ts) and answers
// 'richiesta' with the whole journal, so a viewer opened later starts from the current states.
import type { JournalEntry } from '../journal/journal.ts'
import { entryWords, type KnownMachine } from './replay.ts'

/**
 * The channel's name, the same as journal.ts's CHANNEL (a test holds them equal). Written again here so that
 * the viewer imports no code of the portal's first chunk, which would make the two entries share a chunk.
 */
export const LIVE_CHANNEL = 'portale-registro'

/** The entries a message of the portal carries: `{ voce }` one, `{ registro }` all. */
export function liveMessageEntries(data: unknown): JournalEntry[] {
  if (data === null || typeof data !== 'object') return []
  const message = data as { voce?: JournalEntry; registro?: JournalEntry[] }
  if (message.voce && typeof message.voce.type === 'string') return [message.voce]
  if (Array.isArray(message.registro))
    return message.registro.filter((entry) => typeof entry?.type === 'string')
  return []
}

/** The live banner: the last event the portal's machines took, in words, or that the viewer waits for one. */
export function liveStatus(
  entry: JournalEntry | null,
  machines: readonly (KnownMachine & { title?: string })[],
): string {
  if (!entry) return 'Dal vivo: in attesa di eventi da una scheda del portale aperta in questo browser.'
  const machine = machines.find((m) => m.id === (entry.machine ?? entry.source))
  const where = machine?.title ? ` («${machine.title}»)` : ''
  return `Dal vivo: ultimo evento «${entryWords(entry, machines)}»${where}, ${new Date(entry.at).toLocaleTimeString('it-IT')}.`
}
