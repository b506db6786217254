// The journal's live feed for the statechart viewer (src/statecharts/live.ts): each new entry is posted as
// `{ voce }` on a BroadcastChannel, and a viewer's 'richiesta' is answered with the whole journal as
// `{ registro }`. Part of the first chunk: every page opens it once idle after the journal's first entry.
import type { JournalEntry } from './journal.ts'

/** The channel's name; the viewer's LIVE_CHANNEL is the same (a test holds them equal). */
export const CHANNEL = 'portale-registro'

/** Opens the channel, announces the journal so far, and returns the function posting each new entry. */
export function startBroadcast(
  journal: () => readonly JournalEntry[],
): ((entry: JournalEntry) => void) | null {
  if (typeof BroadcastChannel !== 'function') return null
  const channel = new BroadcastChannel(CHANNEL)
  const post = (message: unknown) => {
    try {
      channel.postMessage(message)
    } catch {
      // A value the channel cannot clone: the viewer misses one entry, the portal goes on.
    }
  }
  channel.onmessage = (message) => {
    if (message.data === 'richiesta') post({ registro: journal() })
  }
  post({ registro: journal() })
  return (entry) => post({ voce: entry })
}
