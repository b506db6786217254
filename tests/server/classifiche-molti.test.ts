// A players' ranking with more rows than a filter reads «few» of (FEW_ROWS, 3,000, in
// server/repositories/rankings.ts): an age group that keeps more than that is read by walking the list in order, and
// the rows above a page are counted the same way; one that keeps fewer is read from its own index and sorted. Both
// ways, and the region's own index, must give the pages of the whole filtered list, with positions among the rows
// kept (rank: equal points, the same position) and the total. The list filtered here by hand from the rankings'
// rows is the reference.
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FASCE_ETA } from '../../contract/classifiche.ts'
import { DISCIPLINE_IDS } from '../../contract/constants.ts'
import { currentSeason } from '../../contract/dates.ts'
import { rankings } from '../../server/db/schema/domain.ts'
import { birthRange } from '../../server/domain/rankings.ts'
import { buildTestApp, call, testDatabase } from '../support/server.ts'
import { uniqueLetters } from './home-news-fixtures.ts'
import { dropRankingSector, rankingSector, rebuildRankings } from './ranking-fixtures.ts'

/** A sector of this file only (61–64 are other files' own). */
const SECTOR = 65
const PLAYERS = 3_300
const season = currentSeason()
const tag = uniqueLetters(6)

let app: FastifyInstance
type Kept = { personId: number; ordine: number; punti: number; nascita: string | null; sesso: string | null }
let rows: Kept[] = []

beforeAll(async () => {
  const { db } = await testDatabase()
  const { club, tournament } = await rankingSector(SECTOR, DISCIPLINE_IDS.TENNIS, 'Prova classifica lunga')
  // Born 1950–1989 (all Over 35, four in five Over 45 in 2026), half in Lazio; points 1,000 down to 501 and again,
  // so every score is shared by six or seven players (the tie order: fewer results, then the name).
  await db.execute(sql`
    insert into persons (nome, cognome, sesso, data_nascita, provincia, club_id)
    select 'Nome' || i, ${`Molti${tag}`} || lpad(i::text, 5, '0'), case when i % 2 = 0 then 'M' else 'F' end,
           make_date(1950 + i % 40, 1 + i % 12, 1 + i % 28), case when i % 3 = 0 then 'MI' else 'RM' end, ${club.id}
    from generate_series(1, ${PLAYERS}) as i`)
  await db.execute(sql`
    insert into tournament_points (tournament_id, person_id, sector_id, risultato, categoria, punti, data)
    select ${tournament.id}, id, ${SECTOR}, 'V', 'OPEN', 1000 - (id % 500), ${`${season}-01-01`}
    from persons where cognome like ${`Molti${tag}%`}`)
  await rebuildRankings(SECTOR)
  rows = await db
    .select({
      personId: rankings.personId,
      ordine: rankings.ordine,
      punti: rankings.punti,
      nascita: rankings.nascita,
      sesso: rankings.sesso,
    })
    .from(rankings)
    .where(
      sql`${rankings.sectorId} = ${SECTOR} and ${rankings.tipo} = 'race' and ${rankings.stagione} = ${season}`,
    )
    .orderBy(rankings.ordine)
  app = await buildTestApp()
}, 120_000)

afterAll(async () => {
  await app.close()
  await dropRankingSector(SECTOR)
})

/** The filtered list by hand: the rows kept in list order, each with its position among them. */
function reference(keep: (row: Kept) => boolean) {
  const kept = rows.filter(keep)
  return kept.map((row) => ({
    id_persona: row.personId,
    posizione: 1 + kept.filter((other) => other.punti > row.punti).length,
    punti: row.punti,
  }))
}

async function page(body: Record<string, unknown>, rowstoskip: number) {
  const response = await call(app, 'classifiche/classifiche/list', {
    id_settore: SECTOR,
    tipo: 'race',
    fetchrows: 25,
    rowstoskip,
    ...body,
  })
  expect(response.status).toBe(200)
  const results = response.body.results as { id_persona: number; posizione: number; punti: number }[]
  return {
    record: response.body.record as number,
    rows: results.map(({ id_persona, posizione, punti }) => ({ id_persona, posizione, punti })),
  }
}

const over = (codice: string) => {
  const { dal, al } = birthRange(
    FASCE_ETA.find((f) => f.codice === codice)!,
    season,
  )
  return (row: Kept) =>
    row.nascita !== null &&
    (dal === undefined || row.nascita >= dal) &&
    (al === undefined || row.nascita <= al)
}

describe('a ranking longer than a filter’s «few»', () => {
  it.each([
    ['Over 35: more than 3,000 kept, walked in list order', { fascia: 'O35' }, over('O35')],
    ['Over 45: fewer than 3,000 kept, from their index', { fascia: 'O45' }, over('O45')],
    [
      'women Over 35: sex with an age group',
      { fascia: 'O35', sesso: 'F' },
      (r: Kept) => over('O35')(r) && r.sesso === 'F',
    ],
  ] as const)(
    '%s: every page is the filtered list’s, with its positions and total',
    async (_, body, keep) => {
      const want = reference(keep)
      expect(want.length).toBeGreaterThan(1_000)
      for (const at of [0, 25, 1_000, want.length - 10, want.length + 5]) {
        const got = await page(body, at)
        expect(got.record).toBe(want.length)
        expect(got.rows).toEqual(want.slice(at, at + 25))
      }
    },
  )

  it('has the Over 35 past the «few» and the Over 45 within it, so both ways are read above', () => {
    expect(reference(over('O35')).length).toBeGreaterThan(3_000)
    expect(reference(over('O45')).length).toBeLessThanOrEqual(3_000)
  })
})
