// The age groups of the players' rankings at their edges: for every group, who was born on its first and last day
// is in it and who was born a day outside is not, as birthRange (server/domain/rankings.ts, docs/regole.md
// «Classifiche») says. The ranking's statements write those dates in SQL for the season they read with the total,
// in two ways (the total from ranking_counts by birth year, or counted from the rows when a region and a province
// are both given): both are held to the domain's function here, the rows and the total.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FASCE_ETA } from '../../contract/classifiche.ts'
import { DISCIPLINE_IDS } from '../../contract/constants.ts'
import { currentSeason } from '../../contract/dates.ts'
import { persons } from '../../server/db/schema/core.ts'
import { tournamentPoints } from '../../server/db/schema/domain.ts'
import { birthRange } from '../../server/domain/rankings.ts'
import { buildTestApp, call, testDatabase } from '../support/server.ts'
import { uniqueLetters } from './home-news-fixtures.ts'
import { dropRankingSector, rankingSector, rebuildRankings } from './ranking-fixtures.ts'

/** A sector of this file only (61–63 are other files' own). */
const SECTOR = 64
const season = currentSeason()
const tag = uniqueLetters(6)

/** One player born on each edge of every age group, and one a day past it; one with no birth date. */
function birthDates(): (string | null)[] {
  const dates = new Set<string>()
  for (const group of FASCE_ETA) {
    if ('fino' in group) {
      dates.add(`${season - group.fino}-01-01`)
      dates.add(`${season - group.fino - 1}-12-31`)
    }
    if ('da' in group) {
      dates.add(`${season - group.da}-12-31`)
      dates.add(`${season - group.da + 1}-01-01`)
    }
  }
  return [...dates, null]
}

let app: FastifyInstance
const born = new Map<number, string | null>()

beforeAll(async () => {
  const { db } = await testDatabase()
  const { club, tournament } = await rankingSector(SECTOR, DISCIPLINE_IDS.PADEL, 'Prova fasce d’età')
  let punti = 10
  for (const [i, dataNascita] of birthDates().entries()) {
    const [person] = await db
      .insert(persons)
      .values({
        nome: `Nato${i}`,
        cognome: `Fasce${tag}`,
        sesso: i % 2 ? 'F' : 'M',
        dataNascita,
        provincia: 'RM',
        clubId: club.id,
      })
      .returning()
    born.set(person!.id, dataNascita)
    await db.insert(tournamentPoints).values({
      tournamentId: tournament.id,
      personId: person!.id,
      sectorId: SECTOR,
      risultato: 'V',
      categoria: 'OPEN',
      punti: (punti += 10),
      data: `${season}-01-01`,
    })
  }
  await rebuildRankings(SECTOR)
  app = await buildTestApp()
})

afterAll(async () => {
  await app.close()
  await dropRankingSector(SECTOR)
})

async function kept(body: Record<string, unknown>) {
  const response = await call(app, 'classifiche/classifiche/list', {
    id_settore: SECTOR,
    tipo: 'race',
    fetchrows: 100,
    ...body,
  })
  expect(response.status).toBe(200)
  const rows = response.body.results as { id_persona: number }[]
  return { ids: rows.map((r) => r.id_persona).sort((a, b) => a - b), record: response.body.record }
}

/** Who the domain's birth dates keep (ISO dates compare as text). */
function expected(group: (typeof FASCE_ETA)[number], sesso?: string) {
  const { dal, al } = birthRange(group, season)
  return [...born]
    .filter(
      ([, date]) => date !== null && (dal === undefined || date >= dal) && (al === undefined || date <= al),
    )
    .filter(([id]) => sesso === undefined || [...born.keys()].indexOf(id) % 2 === (sesso === 'F' ? 1 : 0))
    .map(([id]) => id)
    .sort((a, b) => a - b)
}

describe('the age groups of the players’ rankings', () => {
  it('has players on both sides of every edge, and one without a birth date in no group', async () => {
    const all = await kept({})
    expect(all.record).toBe(born.size)
    for (const group of FASCE_ETA) {
      const ids = expected(group)
      expect(ids.length).toBeGreaterThan(0)
      expect(ids.length).toBeLessThan(born.size - 1)
    }
  })

  it.each(FASCE_ETA.map((group) => [group.codice, group] as const))(
    '%s keeps who birthRange keeps, with its total, however the total is counted',
    async (codice, group) => {
      const want = expected(group)
      expect(await kept({ fascia: codice })).toEqual({ ids: want, record: want.length })
      // A region with a province: the total is counted from the rows, not from ranking_counts.
      expect(await kept({ fascia: codice, regione: 'Lazio', provincia: 'RM' })).toEqual({
        ids: want,
        record: want.length,
      })
      const women = expected(group, 'F')
      expect(await kept({ fascia: codice, sesso: 'F' })).toEqual({ ids: women, record: women.length })
    },
  )

  it('reads the season asked for in the race, and an empty one as empty', async () => {
    const last = await call(app, 'classifiche/classifiche/list', {
      id_settore: SECTOR,
      tipo: 'race',
      stagione: season - 1,
      fascia: 'O35',
    })
    expect(last.body).toMatchObject({ results: [], record: 0, stagione: season - 1 })
    const current = await call(app, 'classifiche/classifiche/list', {
      id_settore: SECTOR,
      tipo: 'race',
      stagione: season,
      fascia: 'O35',
    })
    expect(current.body).toMatchObject({ stagione: season, record: expected(FASCE_ETA[4]).length })
  })
})
