// A signed-in tennis player for the server tests: an account with a person, a card of this season unless told
// otherwise, a Power in the tennis sector when told, and the settings a test needs (hidden from searches, no
// challenge e-mails, the federation's role).
import { randomUUID } from 'node:crypto'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { currentSeason } from '../../contract/dates.ts'
import { tessere } from '../../server/db/schema/core.ts'
import { powerRatings, userSettings } from '../../server/db/schema/domain.ts'
import { createAccount, testDatabase, tokenFor } from './server.ts'

export type TestPlayer = {
  personId: number
  token: string
  email: string
  accountId: string
  cognome: string
}

export type PlayerOptions = {
  nome?: string
  /** A unique surname by default (searches find exactly this player). */
  cognome?: string
  sesso?: 'M' | 'F'
  card?: boolean
  power?: number
  hidden?: boolean
  noChallengeMail?: boolean
  role?: 'player' | 'editor' | 'admin'
}

export async function makeTennisPlayer(options: PlayerOptions = {}): Promise<TestPlayer> {
  const { db } = await testDatabase()
  const cognome = options.cognome ?? `Prova${randomUUID().slice(0, 8)}`
  const account = await createAccount({
    person: { nome: options.nome ?? 'Gioc', cognome, sesso: options.sesso ?? 'M' },
    account: { role: options.role ?? 'player' },
  })
  const personId = account.personId!
  const stagione = currentSeason()
  if (options.card !== false) await db.insert(tessere).values(tennisCard(personId, stagione))
  if (options.power !== undefined)
    await db.insert(powerRatings).values({
      personId,
      sectorId: SECTOR_IDS.TENNIS,
      power: options.power,
      partite: 20,
      partiteTorneo: 12,
      provvisorio: false,
      promozione: false,
      aggiornatoIl: new Date(),
    })
  if (options.hidden || options.noChallengeMail)
    await db.insert(userSettings).values({
      accountId: account.id,
      visibileRicerche: !options.hidden,
      notificheSfide: !options.noChallengeMail,
    })
  return { personId, token: await tokenFor(account), email: account.email, accountId: account.id, cognome }
}

/** A competitive tennis card of a season (this one unless told), valid all year, with a code of its own. */
export function tennisCard(personId: number, stagione = currentSeason()): typeof tessere.$inferInsert {
  return {
    codiceTessera: `T${randomUUID().replace(/-/g, '').slice(0, 15).toUpperCase()}`,
    personId,
    tipologia: 'Agonistica',
    disciplineId: DISCIPLINE_IDS.TENNIS,
    sectorId: SECTOR_IDS.TENNIS,
    stagione,
    validaDal: `${stagione}-01-01`,
    validaAl: `${stagione}-12-31`,
  }
}
