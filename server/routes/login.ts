import { endpoints } from '../../contract/endpoints.ts'
import { signOutInstant } from '../auth/accounts.ts'
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

  api.handle(endpoints.logout, async ({ account, repos }) => {
    // Every token issued until now stops working, on every device.
    await repos.accounts.signOut(account.id, signOutInstant())
    return { result: { disconnesso: true } }
  })
}
