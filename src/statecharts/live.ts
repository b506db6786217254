// Live mode: the portal's journal posts each entry on a BroadcastChannel (src/journal/journal.ts) and answers
// 'richiesta' with the whole journal, so a viewer opened later starts from the current states.
import type { JournalEntry } from '../journal/journal.ts'

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
