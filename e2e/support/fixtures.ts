// Accounts the e2e journeys need beyond the demo ones, added to the freshly seeded e2e database before the
// portal starts: one per combination of stored consents, read-only for the journeys (none of them saves), so a
// rerun against a kept server finds them as they were.
import { and, desc, eq, isNotNull, isNull, notInArray } from 'drizzle-orm'
import type { Db } from '../../server/db/client.ts'
import { currentSeason } from '../../contract/dates.ts'
import { accounts, persons, regions, tessere } from '../../server/db/schema/core.ts'
import { circuits, rankings, tournaments, userSettings } from '../../server/db/schema/domain.ts'

/** privacy: the notice accepted; profilation: true, false or null (never chosen). */
export const CONSENT_ACCOUNTS = [
  { email: 'consensi-tutti@demo.it', privacy: true, profilation: true },
  { email: 'consensi-solo-privacy@demo.it', privacy: true, profilation: false },
  { email: 'consensi-solo-profilazione@demo.it', privacy: false, profilation: true },
  { email: 'consensi-nessuno@demo.it', privacy: false, profilation: false },
  { email: 'consensi-mai-scelti@demo.it', privacy: false, profilation: null },
] as const

/**
 * The password-reset journey's own account (e2e/session.spec.ts): it leaves with another password, so no other
 * journey signs in with it (one that did, later in the run, found the demo password refused).
 */
export const RESET_ACCOUNT = 'reimposta-password@demo.it'

/** The two-devices sign-out journey's own account (e2e/esci-dispositivi.spec.ts): signed out everywhere. */
export const TWO_DEVICES_ACCOUNT = 'due-dispositivi@demo.it'

/** The notices journey's own account (e2e/avvisi-tipi.spec.ts): it starts with no notice at all. */
export const NOTICES_ACCOUNT = 'avvisi@demo.it'

const ADDED_ACCOUNTS = [
  ...CONSENT_ACCOUNTS,
  { email: RESET_ACCOUNT, privacy: true, profilation: false },
  { email: TWO_DEVICES_ACCOUNT, privacy: true, profilation: false },
  { email: NOTICES_ACCOUNT, privacy: true, profilation: false },
]

/**
 * Adds the consent accounts and the password-reset one, each to a seeded person with complete registration data and no account yet, with
 * the demo password (copied from a demo account). Does nothing when they exist already.
 */
export async function addConsentAccounts(db: Db, demoEmail: string) {
  const existing = await db
    .select({ email: accounts.email })
    .from(accounts)
    .where(eq(accounts.email, CONSENT_ACCOUNTS[0].email))
  if (existing.length > 0) return
  const [demo] = await db.select().from(accounts).where(eq(accounts.email, demoEmail))
  if (!demo) throw new Error(`Account dimostrativo ${demoEmail} assente: il database non è stato generato?`)
  const taken = (
    await db.select({ id: accounts.personId }).from(accounts).where(isNotNull(accounts.personId))
  ).map((row) => row.id!)
  const free = await db
    .select({ id: persons.id })
    .from(persons)
    .where(
      and(
        notInArray(persons.id, taken),
        isNotNull(persons.codiceFiscale),
        isNotNull(persons.telefono),
        isNotNull(persons.sesso),
        isNotNull(persons.dataNascita),
        isNotNull(persons.provincia),
        isNotNull(persons.comune),
      ),
    )
    .orderBy(persons.id)
    .limit(ADDED_ACCOUNTS.length)
  if (free.length < ADDED_ACCOUNTS.length) throw new Error('Non ci sono abbastanza persone senza account')
  const acceptedAt = new Date('2025-10-12T08:30:00.000Z')
  await db.insert(accounts).values(
    ADDED_ACCOUNTS.map((fixture, i) => ({
      email: fixture.email,
      passwordHash: demo.passwordHash,
      emailVerifiedAt: acceptedAt,
      personId: free[i]!.id,
      privacyAcceptedAt: fixture.privacy ? acceptedAt : null,
      profilation: fixture.profilation,
    })),
  )
  // Checked, not assumed: a journey that read another state would prove nothing.
  const stored = await db
    .select({ email: accounts.email })
    .from(accounts)
    .where(and(eq(accounts.email, 'consensi-mai-scelti@demo.it'), isNull(accounts.profilation)))
  if (stored.length !== 1) throw new Error('Account dei consensi non creati come previsto')
}

/** The padel circuit of the shared-link journey (e2e/link-condivisi.spec.ts): the small seed has circuits of tennis only. */
export const PADEL_CIRCUIT = { sectorId: 2, stato: 'iscrizioni_aperte' } as const

/**
 * Adds a padel circuit whose stage is a seeded padel tournament with open enrolment (its region and season give
 * the circuit its name). Does nothing when the sector has a circuit already.
 */
export async function addPadelCircuit(db: Db): Promise<void> {
  const existing = await db.select({ id: circuits.id }).from(circuits).where(eq(circuits.sectorId, 2))
  if (existing.length > 0) return
  const [stage] = await db
    .select({
      id: tournaments.id,
      disciplineId: tournaments.disciplineId,
      dataInizio: tournaments.dataInizio,
      regione: regions.nome,
    })
    .from(tournaments)
    .innerJoin(regions, eq(regions.id, tournaments.regionId))
    .where(
      and(
        eq(tournaments.sectorId, PADEL_CIRCUIT.sectorId),
        eq(tournaments.status, PADEL_CIRCUIT.stato),
        isNull(tournaments.circuitId),
      ),
    )
    .orderBy(tournaments.dataInizio, tournaments.id)
    .limit(1)
  if (!stage)
    throw new Error('Nessun torneo di padel con iscrizioni aperte: il database non è stato generato?')
  const stagione = Number(stage.dataInizio.slice(0, 4))
  const [circuit] = await db
    .insert(circuits)
    .values({
      nome: `Trofeo Padel ${stage.regione} ${stagione}`,
      disciplineId: stage.disciplineId,
      sectorId: PADEL_CIRCUIT.sectorId,
      stagione,
      descrizione: `Circuito padel della stagione ${stagione}.`,
    })
    .returning({ id: circuits.id })
  await db.update(tournaments).set({ circuitId: circuit!.id, tappa: 1 }).where(eq(tournaments.id, stage.id))
}

/** A ranked tennis player who chose not to appear in the player searches (e2e/giocatori.spec.ts). */
export const HIDDEN_PLAYER = { email: 'nascosto@demo.it', sectorId: 1 } as const

/**
 * Gives the last player of the tennis race who has no account one, with «Compari nelle ricerche» off. Does
 * nothing when the account exists already.
 */
export async function addHiddenPlayer(db: Db, demoEmail: string): Promise<void> {
  const existing = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.email, HIDDEN_PLAYER.email))
  if (existing.length > 0) return
  const [demo] = await db.select().from(accounts).where(eq(accounts.email, demoEmail))
  if (!demo) throw new Error(`Account dimostrativo ${demoEmail} assente: il database non è stato generato?`)
  const [person] = await db
    .select({ id: rankings.personId })
    .from(rankings)
    .leftJoin(accounts, eq(accounts.personId, rankings.personId))
    .where(and(eq(rankings.tipo, 'race'), eq(rankings.sectorId, HIDDEN_PLAYER.sectorId), isNull(accounts.id)))
    .orderBy(desc(rankings.stagione), desc(rankings.posizione), desc(rankings.personId))
    .limit(1)
  if (!person)
    throw new Error('Nessun giocatore in classifica senza account: il database non è stato generato?')
  const [account] = await db
    .insert(accounts)
    .values({
      email: HIDDEN_PLAYER.email,
      passwordHash: demo.passwordHash,
      emailVerifiedAt: new Date('2025-10-12T08:30:00.000Z'),
      personId: person.id,
      privacyAcceptedAt: new Date('2025-10-12T08:30:00.000Z'),
      profilation: false,
    })
    .returning({ id: accounts.id })
  await db.insert(userSettings).values({ accountId: account!.id, visibileRicerche: false })
}

/** The account the «Elimina l’account» journey deletes (e2e/dati-personali.spec.ts). */
export const DELETION_ACCOUNT = {
  email: 'elimina-account@demo.it',
  nome: 'Ottavia',
  cognome: 'Cancellieri',
  codiceFiscale: 'CNCTTV88M41H501Z',
} as const

/**
 * Gives the deletion journey a player of its own, with complete registration data and the demo password: made
 * again on each start when a previous run deleted it (its old person stays anonymised, without the codice
 * fiscale, so the new one can take it).
 */
export async function addDeletionAccount(db: Db, demoEmail: string): Promise<void> {
  const existing = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.email, DELETION_ACCOUNT.email))
  if (existing.length > 0) return
  const [demo] = await db.select().from(accounts).where(eq(accounts.email, demoEmail))
  if (!demo) throw new Error(`Account dimostrativo ${demoEmail} assente: il database non è stato generato?`)
  const [person] = await db
    .insert(persons)
    .values({
      nome: DELETION_ACCOUNT.nome,
      cognome: DELETION_ACCOUNT.cognome,
      sesso: 'F',
      dataNascita: '1988-08-01',
      codiceFiscale: DELETION_ACCOUNT.codiceFiscale,
      provincia: 'RM',
      comune: 'Roma',
      telefono: '3471112233',
      email: DELETION_ACCOUNT.email,
    })
    .returning({ id: persons.id })
  await db.insert(accounts).values({
    email: DELETION_ACCOUNT.email,
    passwordHash: demo.passwordHash,
    emailVerifiedAt: new Date('2025-10-12T08:30:00.000Z'),
    personId: person!.id,
    privacyAcceptedAt: new Date('2025-10-12T08:30:00.000Z'),
    profilation: false,
  })
}

/**
 * The account of the hostile-values journey (e2e/valori-ostili.spec.ts, issue 24 item 4): it writes markup and SQL
 * into comments, help-desk requests and partner listings, so it is its own, and no other journey reads what it wrote.
 */
export const HOSTILE_VALUES_ACCOUNT = 'valori-ostili@demo.it'

/**
 * Adds that account to a seeded person with complete registration data, a tennis card of this season and no
 * account yet, with the demo password (copied from a demo account). Does nothing when it exists already.
 */
export async function addHostileValuesAccount(db: Db, demoEmail: string): Promise<void> {
  const existing = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.email, HOSTILE_VALUES_ACCOUNT))
  if (existing.length > 0) return
  const [demo] = await db.select().from(accounts).where(eq(accounts.email, demoEmail))
  if (!demo) throw new Error(`Account dimostrativo ${demoEmail} assente: il database non è stato generato?`)
  const stagione = currentSeason()
  const [person] = await db
    .select({ id: persons.id })
    .from(persons)
    .innerJoin(
      tessere,
      and(eq(tessere.personId, persons.id), eq(tessere.stagione, stagione), eq(tessere.sectorId, 1)),
    )
    .leftJoin(accounts, eq(accounts.personId, persons.id))
    .where(
      and(
        isNull(accounts.id),
        isNotNull(persons.codiceFiscale),
        isNotNull(persons.telefono),
        isNotNull(persons.sesso),
        isNotNull(persons.dataNascita),
        isNotNull(persons.provincia),
        isNotNull(persons.comune),
      ),
    )
    .orderBy(desc(persons.id))
    .limit(1)
  if (!person) throw new Error('Nessuna persona tesserata senza account: il database non è stato generato?')
  const acceptedAt = new Date('2025-10-12T08:30:00.000Z')
  await db.insert(accounts).values({
    email: HOSTILE_VALUES_ACCOUNT,
    passwordHash: demo.passwordHash,
    emailVerifiedAt: acceptedAt,
    personId: person.id,
    privacyAcceptedAt: acceptedAt,
    profilation: false,
  })
}
