// Notices in the portal (issue 19 item 7): the caller's unseen notices, and marking them seen. An account
// without a player has none.
import { endpoints } from '../../contract/endpoints.ts'
import type { Api } from '../http/api.ts'

export default function avvisiRoutes(api: Api) {
  api.handle(endpoints.avvisiList, async ({ repos, account }) => {
    if (account.personId === null) return { results: [], record: 0 }
    return repos.avvisi.unseen(account.personId)
  })

  api.handle(endpoints.avvisiLetti, async ({ repos, body, account }) => {
    if (account.personId === null) return { results: [], record: 0 }
    return repos.avvisi.markSeen(account.personId, body.id_avvisi, new Date())
  })
}
