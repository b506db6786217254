// The effects of the personal calendar feed (src/ui/FeedPersonaleContent.tsx): whether the player has one, and the raw
// answers of renewing and revoking it, for the confirmed-action dialog.
import {
  feedPersonaleRevoca,
  feedPersonaleRinnova,
  feedPersonaleView,
  type FeedPersonale,
} from '../../contract/torneo.ts'
import { isFailedResponse, type SubmitResponse } from '../../machines/confirmed-action.ts'
import { callApi, submitRaw } from '../api/client.ts'

export async function loadFeedPersonale(_: void, signal?: AbortSignal): Promise<FeedPersonale> {
  return (await callApi(feedPersonaleView, {}, { signal })).result
}

const ACTIONS = { rinnova: feedPersonaleRinnova, revoca: feedPersonaleRevoca }

/**
 * Renews (or creates) or revokes the feed and resolves with the raw answer, for the dialog. A successful answer
 * hands `onPath` the feed's path with its secret (null once revoked): only this answer carries it, the server
 * keeps it hashed, so this is the one chance to show it.
 */
export async function submitFeedPersonale(
  action: keyof typeof ACTIONS,
  onPath: (path: string | null) => void,
): Promise<SubmitResponse> {
  const answer = await submitRaw(ACTIONS[action], {})
  if (!isFailedResponse(answer)) {
    onPath((answer.body as { result?: Partial<FeedPersonale> } | null)?.result?.url ?? null)
  }
  return answer
}
