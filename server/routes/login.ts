import { endpoints } from '../../contract/endpoints.ts'
import { feedPersonalePath } from '../../contract/stampe.ts'
import { signOutInstant } from '../auth/accounts.ts'
import { feedTokenHash, newFeedToken } from '../domain/calendar-feed.ts'
import { datiIncompleti } from '../domain/profile.ts'
import type { Api } from '../http/api.ts'

export default function loginRoutes(api: Api) {
  api.handle(endpoints.login, async ({ account, repos }) => {
    const row = account.personId ? await repos.persons.withCard(account.personId) : undefined
    return {
      result: {
        profilation: account.profilation ? 1 : 0,
        privacy: account.privacyAcceptedAt ? 1 : 0,
        dati_incompleti: datiIncompleti(row?.person),
        tessera_associata: row?.hasCard ? 1 : 0,
        user_id: account.id,
      },
    }
  })

  api.handle(endpoints.sistemaLogin, async ({ account, repos }) => {
    const previous = account.lastSignInAt
    await repos.accounts.recordSignIn(account.id, new Date())
    return { result: { user_id: account.id, ultimo_accesso: previous ? previous.toISOString() : null } }
  })

  // «Esci»: this device only. The client forgets its tokens and ends its session at the identity service (MSAL's
  // logout redirect ends the session of this browser's cookie); the other devices stay signed in.
  api.handle(endpoints.logout, async () => ({ result: { disconnesso: true } }))

  // «Esci da tutti i dispositivi»: every token issued until now stops working, on every device, and the personal
  // calendar feed gets a new secret (docs/regole.md, «Uscita»).
  api.handle(endpoints.logoutOvunque, async ({ account, repos }) => {
    const secret = newFeedToken()
    const renewed = await repos.accounts.signOutEverywhere(
      account.id,
      signOutInstant(),
      feedTokenHash(secret),
    )
    return { result: { disconnesso: true, feed_url: renewed ? feedPersonalePath(secret) : null } }
  })
}
