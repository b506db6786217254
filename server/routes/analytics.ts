import { endpoints } from '../../contract/endpoints.ts'
import type { Api } from '../http/api.ts'

export default function analyticsRoutes(api: Api) {
  api.handle(endpoints.pageView, async ({ repos, body, caller }) => {
    const account = await caller()
    // Paths only (no query string, which may carry personal data or sign-in codes).
    await repos.analytics.recordPageView({
      path: body.path.split(/[?#]/)[0]!,
      referrer: body.referrer?.split(/[?#]/)[0] ?? null,
      sectorId: body.id_settore ?? null,
      accountId: account?.id ?? null,
    })
    return { result: { registrata: true } }
  })
}
