// A player for a portal started as a process (tests/support/portal-process.ts): a person, an account (a password
// when the test signs in with it), a tennis card of the season, and a token that portal accepts (its issuer and
// audience, signed with the keys it keeps in the database). Used by the crash and the replica tests.
import { randomUUID } from 'node:crypto'
import { SignJWT, importJWK } from 'jose'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { currentSeason } from '../../contract/dates.ts'
import { hashPassword } from '../../server/auth/password.ts'
import type { Config } from '../../server/config.ts'
import type { Database } from '../../server/db/client.ts'
import { accounts, persons, tessere } from '../../server/db/schema/core.ts'
import { loadOrCreateSigningKeys } from '../../server/idp/keys.ts'

export type ProcessPlayer = { personId: number; accountId: string; email: string; token: string }

export async function makeProcessPlayer(
  db: Database['db'],
  identity: Config['identity'],
  options: { label: string; password?: string },
): Promise<ProcessPlayer> {
  const season = currentSeason()
  const [person] = await db
    .insert(persons)
    .values({
      nome: options.label,
      cognome: `${options.label}${randomUUID().slice(0, 8)}`,
      sesso: 'M',
      dataNascita: '1990-04-12',
      comune: 'Roma',
    })
    .returning({ id: persons.id })
  const email = `${options.label.toLowerCase()}-${randomUUID()}@example.it`
  const [account] = await db
    .insert(accounts)
    .values({
      email,
      passwordHash: options.password ? await hashPassword(options.password) : '!test',
      emailVerifiedAt: new Date(),
      personId: person!.id,
      privacyAcceptedAt: new Date(),
      profilation: false,
    })
    .returning()
  await db.insert(tessere).values({
    codiceTessera: `P${randomUUID().replace(/-/g, '').slice(0, 15).toUpperCase()}`,
    personId: person!.id,
    tipologia: 'Agonistica',
    disciplineId: DISCIPLINE_IDS.TENNIS,
    sectorId: SECTOR_IDS.TENNIS,
    stagione: season,
    validaDal: `${season}-01-01`,
    validaAl: `${season}-12-31`,
  })
  const jwk = (await loadOrCreateSigningKeys(db)).privateJwks[0]!
  const now = Math.floor(Date.now() / 1000)
  const token = await new SignJWT({ emails: [email], preferred_username: email, tfp: 'B2C_1_signupsignin' })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid! })
    .setSubject(account!.id)
    .setIssuer(identity.issuers[0]!)
    .setAudience(identity.clientId)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(await importJWK(jwk, 'RS256'))
  return { personId: person!.id, accountId: account!.id, email, token }
}
