// Fixtures of the home and news tests: each test adds its own rows (unique names), so assertions hold whatever
// the seed put in the shared database. Reference rows are added only when the seed has not already done so.
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { DISCIPLINES } from '../../contract/constants.ts'
import { newsTypes } from '../../server/db/schema/content.ts'
import { disciplines, provinces, regions, sectors, tessere } from '../../server/db/schema/core.ts'
import { clubDisciplines, clubs } from '../../server/db/schema/domain.ts'
import { persons } from '../../server/db/schema/core.ts'
import { testDatabase } from '../support/server.ts'

let reference: Promise<void> | undefined

/** Disciplines, sectors, the province of Rome and two news types, as the reference data defines them. */
export function ensureReference(): Promise<void> {
  reference ??= (async () => {
    const { db } = await testDatabase()
    await db
      .insert(disciplines)
      .values(DISCIPLINES.map((d, i) => ({ id: d.id, codice: d.codice, nome: d.nome, ordine: i + 1 })))
      .onConflictDoNothing()
    await db
      .insert(sectors)
      .values(
        DISCIPLINES.flatMap((d) =>
          d.settori.map((s, i) => ({ id: s.id, disciplineId: d.id, nome: s.nome, ordine: i + 1 })),
        ),
      )
      .onConflictDoNothing()
    await db.insert(regions).values({ id: 12, nome: 'Lazio' }).onConflictDoNothing()
    const [lazio] = await db.select().from(regions).where(eq(regions.nome, 'Lazio'))
    await db
      .insert(provinces)
      .values({ sigla: 'RM', nome: 'Roma', regionId: lazio!.id })
      .onConflictDoNothing()
    await db
      .insert(newsTypes)
      .values([
        { id: 1, codice: 'comunicati', nome: 'Comunicati', ordine: 1 },
        { id: 3, codice: 'eventi', nome: 'Eventi', ordine: 3 },
      ])
      .onConflictDoNothing()
  })()
  return reference
}

/** A short unique token of letters only (names and prefixes must not collide with seeded data). */
export function uniqueLetters(length = 8): string {
  const alphabet = 'bcdfghjklmnpqrstvwxz'
  const bytes = randomUUID().replace(/-/g, '')
  let out = ''
  for (let i = 0; i < length; i++)
    out += alphabet[parseInt(bytes.slice(i * 2, i * 2 + 2), 16) % alphabet.length]
  return out
}

export async function newsTypeId(codice: string): Promise<number> {
  const { db } = await testDatabase()
  const [row] = await db.select({ id: newsTypes.id }).from(newsTypes).where(eq(newsTypes.codice, codice))
  return row!.id
}

/** A player with a card of each given sector for the season. */
export async function player(nome: string, cognome: string, sectorIds: number[], stagione: number) {
  const { db } = await testDatabase()
  const [person] = await db.insert(persons).values({ nome, cognome, provincia: 'RM' }).returning()
  for (const sectorId of sectorIds) {
    const [sector] = await db.select().from(sectors).where(eq(sectors.id, sectorId))
    await db.insert(tessere).values({
      codiceTessera: `X${uniqueLetters(12)}`,
      personId: person!.id,
      tipologia: 'Agonistica',
      disciplineId: sector!.disciplineId,
      sectorId,
      stagione,
      validaDal: `${stagione}-01-01`,
      validaAl: `${stagione}-12-31`,
    })
  }
  return person!
}

/** An active club in Rome offering the given disciplines. */
export async function club(nome: string, disciplineIds: number[], attivo = true) {
  const { db } = await testDatabase()
  const [row] = await db
    .insert(clubs)
    .values({
      codice: `RM${uniqueLetters(8)}`,
      nome,
      provincia: 'RM',
      comune: 'Roma',
      indirizzo: 'Via del Foro Italico 1',
      attivo,
    })
    .returning()
  if (disciplineIds.length > 0) {
    await db
      .insert(clubDisciplines)
      .values(disciplineIds.map((disciplineId) => ({ clubId: row!.id, disciplineId })))
  }
  return row!
}

/** Rows of a table as plain counts, for "before and after" assertions. */
export async function countWhere(query: ReturnType<typeof sql>): Promise<number> {
  const { db } = await testDatabase()
  const result = await db.execute(sql`select count(*)::int as n from (${query}) as q`)
  const rows = (result as unknown as { rows: { n: number }[] }).rows
  return rows[0]!.n
}
