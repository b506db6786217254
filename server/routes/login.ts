import { eq, sql } from 'drizzle-orm'
import { endpoints } from '../../contract/endpoints.ts'
import { signOutInstant } from '../auth/accounts.ts'
import { preparedFor } from '../db/prepared.ts'
import { accounts, persons, tessere } from '../db/schema/core.ts'
import { datiIncompleti } from '../domain/profile.ts'
import type { Api } from '../http/api.ts'

// The person (if any) and whether they hold a card, in one round trip: the call after every sign-in.
const personWithCard = preparedFor((db) =>
  db
    .select({
      person: persons,
      hasCard: sql<boolean>`exists (select 1 from ${tessere} where ${tessere.personId} = ${persons.id})`,
    })
    .from(persons)
    .where(eq(persons.id, sql.placeholder('id')))
    .limit(1)
    .prepare('login_person_with_card'),
)

export default function loginRoutes(api: Api) {
  api.handle(endpoints.login, async ({ account, db }) => {
    const [row] = account.personId ? await personWithCard(db).execute({ id: account.personId }) : []
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

  api.handle(endpoints.sistemaLogin, async ({ account, db }) => {
    const previous = account.lastSignInAt
    await db.update(accounts).set({ lastSignInAt: new Date() }).where(eq(accounts.id, account.id))
    return { result: { user_id: account.id, ultimo_accesso: previous ? previous.toISOString() : null } }
  })

  api.handle(endpoints.logout, async ({ account, db }) => {
    // Every token issued until now stops working, on every device.
    await db.update(accounts).set({ signedOutAt: signOutInstant() }).where(eq(accounts.id, account.id))
    return { result: { disconnesso: true } }
  })
}
