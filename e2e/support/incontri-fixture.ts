// The team tie the captains' journey plays (e2e/incontri.spec.ts), added to the freshly seeded e2e database before
// the portal starts: a tennis team tournament (id CAPTAINS_TOURNAMENT_ID) with one group and two teams of four,
// Luca Bianchi (giocatore@demo.it) captain of the home team and Andrea Ricci (admin@demo.it) of the visitors, every
// player with a tennis card of this season, and one tie between them, not yet scheduled. Until the championships'
// seed (issue 21 item 1) gives the demo players a team, the journey brings its own.
import { and, eq, gte } from 'drizzle-orm'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { currentSeason, todayInItaly } from '../../contract/dates.ts'
import type { Db } from '../../server/db/client.ts'
import { accounts, clubs, persons, tessere } from '../../server/db/schema/core.ts'
import {
  championships,
  drawGroups,
  draws,
  teamMembers,
  teamTies,
  teams,
  tournaments,
} from '../../server/db/schema/domain.ts'

export const CAPTAINS_TOURNAMENT_ID = 900_001

export async function addCaptainsTie(db: Db): Promise<void> {
  const [existing] = await db.select().from(tournaments).where(eq(tournaments.id, CAPTAINS_TOURNAMENT_ID))
  if (existing) return
  const season = currentSeason()
  const personOf = async (email: string) => {
    const [row] = await db.select({ id: accounts.personId }).from(accounts).where(eq(accounts.email, email))
    if (!row?.id) throw new Error(`Account dimostrativo ${email} senza giocatore`)
    return row.id
  }
  const luca = await personOf('giocatore@demo.it')
  const andrea = await personOf('admin@demo.it')
  const [a, b] = await db.select({ id: clubs.id }).from(clubs).limit(2)
  const [championship] = await db
    .insert(championships)
    .values({
      nome: `Coppa dei capitani ${season}`,
      disciplineId: DISCIPLINE_IDS.TENNIS,
      sectorId: SECTOR_IDS.TENNIS,
      stagione: season,
      genere: 'M',
      dataInizio: `${season}-01-01`,
      dataFine: `${season + 1}-06-30`,
      status: 'in_corso',
    })
    .returning({ id: championships.id })
  await db.insert(tournaments).values({
    id: CAPTAINS_TOURNAMENT_ID,
    nome: `Serie C maschile – Coppa dei capitani ${season}`,
    disciplineId: DISCIPLINE_IDS.TENNIS,
    sectorId: SECTOR_IDS.TENNIS,
    tipo: 'CA',
    categoria: 'OPEN',
    specialita: 'singolare',
    genere: 'M',
    formula: 'girone',
    championshipId: championship!.id,
    dataInizio: `${season}-01-01`,
    dataFine: `${season + 1}-06-30`,
    status: 'in_corso',
  })
  const [draw] = await db
    .insert(draws)
    .values({
      tournamentId: CAPTAINS_TOURNAMENT_ID,
      tipo: 'gironi',
      nome: 'Gironi',
      dimensione: 2,
      seedHash: 'c'.repeat(64),
      hashPubblicatoIl: new Date(),
    })
    .returning({ id: draws.id })
  const [group] = await db
    .insert(drawGroups)
    .values({ drawId: draw!.id, nome: 'Girone 1', ordine: 1 })
    .returning({ id: drawGroups.id })
  const names = [
    ['Marco', 'Capitani'],
    ['Paolo', 'Schierati'],
    ['Giorgio', 'Doppisti'],
    ['Stefano', 'Rossetti'],
    ['Matteo', 'Ospitali'],
    ['Fabio', 'Trasferta'],
  ]
  const others = await db
    .insert(persons)
    .values(names.map(([nome, cognome]) => ({ nome: nome!, cognome: cognome!, sesso: 'M' })))
    .returning({ id: persons.id })
  const today = todayInItaly()
  for (const personId of [luca, andrea, ...others.map((o) => o.id)]) {
    const valid = await db
      .select({ id: tessere.id })
      .from(tessere)
      .where(
        and(
          eq(tessere.personId, personId),
          eq(tessere.disciplineId, DISCIPLINE_IDS.TENNIS),
          gte(tessere.validaAl, `${season}-12-31`),
        ),
      )
    if (valid.length === 0)
      await db.insert(tessere).values({
        codiceTessera: `CAP${personId}`.slice(0, 20),
        personId,
        tipologia: 'Agonistica',
        disciplineId: DISCIPLINE_IDS.TENNIS,
        sectorId: SECTOR_IDS.TENNIS,
        stagione: season,
        validaDal: today,
        validaAl: `${season}-12-31`,
      })
  }
  const team = async (clubId: number, nome: string, captain: number, roster: number[]) => {
    const [row] = await db
      .insert(teams)
      .values({
        tournamentId: CAPTAINS_TOURNAMENT_ID,
        clubId,
        nome,
        captainPersonId: captain,
        groupId: group!.id,
      })
      .returning({ id: teams.id })
    await db.insert(teamMembers).values(
      [captain, ...roster].map((personId, k) => ({
        teamId: row!.id,
        personId,
        ruolo: k === 0 ? 'capitano' : 'giocatore',
      })),
    )
    return row!.id
  }
  const ids = others.map((o) => o.id)
  const home = await team(a!.id, 'Tennis Club Bianchi', luca, ids.slice(0, 3))
  const away = await team(b!.id, 'Circolo Ricci', andrea, ids.slice(3, 6))
  await db.insert(teamTies).values({
    tournamentId: CAPTAINS_TOURNAMENT_ID,
    groupId: group!.id,
    giornata: 1,
    homeTeamId: home,
    awayTeamId: away,
    clubId: a!.id,
  })
}
