// The write benchmarks' data: one open tournament with 25 places, and players with a tennis card and a token.
// Enrolment: each connection enrols a player and withdraws again, over and over: the places fill, the rest wait,
// every withdrawal promotes the first waiting. All requests of the run contend for one tournament's row lock, the
// worst case of a popular tournament. Challenges: the same players, in pairs. Recreated at every start.
import { randomUUID } from 'node:crypto'
import { and, eq, inArray, like } from 'drizzle-orm'
import { SignJWT, importJWK } from 'jose'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { currentSeason, todayInItaly } from '../../contract/dates.ts'
import type { Config } from '../../server/config.ts'
import type { Db } from '../../server/db/client.ts'
import { avvisi } from '../../server/db/schema/avvisi.ts'
import { accounts, persons, tessere } from '../../server/db/schema/core.ts'
import { tournamentEntries, tournaments } from '../../server/db/schema/domain.ts'
import { loadOrCreateSigningKeys } from '../../server/idp/keys.ts'

/**
 * Two pools of 200: one for the warm-up, one for the measured run. autocannon resets a connection's context at
 * each round (enrol, withdraw), so each round takes the next player of its pool: with 4 × 50 connections a player
 * comes back only long after their last round ended.
 */
export const BENCH_PLAYERS = 400
const NAME = 'Torneo del benchmark delle iscrizioni'
const DAY = 86_400_000

export async function prepareEnrolmentBench(db: Db, config: Config) {
  const day = (offset: number) => todayInItaly(new Date(Date.now() + offset * DAY))
  const [existing] = await db
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(eq(tournaments.nome, NAME))
  if (existing) await db.delete(tournaments).where(eq(tournaments.id, existing.id))
  const [tournament] = await db
    .insert(tournaments)
    .values({
      nome: NAME,
      disciplineId: DISCIPLINE_IDS.TENNIS,
      sectorId: SECTOR_IDS.TENNIS,
      tipo: 'TR',
      categoria: 'OPEN',
      specialita: 'singolare',
      genere: 'X',
      dataInizio: day(30),
      dataFine: day(32),
      iscrizioniDal: new Date(Date.now() - DAY),
      iscrizioniAl: new Date(Date.now() + 20 * DAY),
      maxIscritti: 25,
      status: 'iscrizioni_aperte',
    })
    .returning({ id: tournaments.id })

  const emails = Array.from({ length: BENCH_PLAYERS }, (_, i) => `bench-iscrizioni-${i}@bench.example`)
  let players = await db
    .select({ id: accounts.id, email: accounts.email, personId: accounts.personId })
    .from(accounts)
    .where(inArray(accounts.email, emails))
  if (players.length < BENCH_PLAYERS) {
    await db.delete(accounts).where(like(accounts.email, 'bench-iscrizioni-%'))
    const people = await db
      .insert(persons)
      .values(emails.map((_, i) => ({ nome: 'Bench', cognome: `Giocatore${i}`, sesso: i % 2 ? 'F' : 'M' })))
      .returning({ id: persons.id })
    const stagione = currentSeason()
    await db.insert(tessere).values(
      people.map((p) => ({
        codiceTessera: `B${randomUUID().replace(/-/g, '').slice(0, 15)}`,
        personId: p.id,
        tipologia: 'Agonistica',
        disciplineId: DISCIPLINE_IDS.TENNIS,
        sectorId: SECTOR_IDS.TENNIS,
        stagione,
        validaDal: `${stagione}-01-01`,
        validaAl: `${stagione}-12-31`,
      })),
    )
    players = await db
      .insert(accounts)
      .values(
        emails.map((email, i) => ({
          email,
          passwordHash: '!bench',
          emailVerifiedAt: new Date(),
          personId: people[i]!.id,
          privacyAcceptedAt: new Date(),
          profilation: false,
        })),
      )
      .returning({ id: accounts.id, email: accounts.email, personId: accounts.personId })
  }
  await db.delete(tournamentEntries).where(and(eq(tournamentEntries.tournamentId, tournament!.id)))
  // A new day for the daily cap of notices (AVVISI_MAX_GIORNO): a run earlier today must not limit this one.
  await db.delete(avvisi).where(
    inArray(
      avvisi.mittenteId,
      players.map((p) => p.personId!),
    ),
  )

  const keys = await loadOrCreateSigningKeys(db)
  const jwk = keys.privateJwks[0]!
  const key = await importJWK(jwk, 'RS256')
  const now = Math.floor(Date.now() / 1000)
  const tokens = await Promise.all(
    players.map((p) =>
      new SignJWT({ emails: [p.email] })
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid! })
        .setSubject(p.id)
        .setIssuer(config.identity.issuers[0]!)
        .setAudience(config.identity.clientId)
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(key),
    ),
  )
  return { tournamentId: tournament!.id, tokens, personIds: players.map((p) => p.personId!) }
}
