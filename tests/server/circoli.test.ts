// The clubs' API: /lista-circoli's search (ricerca_circoli, nearest first with a position), a club's page
// (societa/view) and its teams (societa/squadre/view).
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { POSIZIONE_INCOMPLETA } from '../../contract/home.ts'
import { CIRCOLO_NOT_FOUND } from '../../contract/circoli.ts'
import { clubs, clubRankings, courts, teamMembers, teams } from '../../server/db/schema/domain.ts'
import { buildTestApp, call, testDatabase } from '../support/server.ts'
import { club, ensureReference, uniqueLetters } from './home-news-fixtures.ts'

let app: FastifyInstance
beforeAll(async () => {
  await ensureReference()
  app = await buildTestApp()
})
afterAll(() => app.close())

async function placed(
  nome: string,
  where: { latitudine: number; longitudine: number } | null,
  provincia = 'RM',
) {
  const row = await club(nome, [DISCIPLINE_IDS.PADEL])
  const { db } = await testDatabase()
  await db
    .update(clubs)
    .set({ provincia, ...(where ?? { latitudine: null, longitudine: null }) })
    .where(eq(clubs.id, row.id))
  return row
}

type Found = { id_circolo: number; nome: string; distanza_km: number | null; provincia: string }

describe('ricerca_circoli on /lista-circoli', () => {
  it('lists the nearest first with the distance in km, clubs without coordinates last; alphabetical without a position', async () => {
    const tag = uniqueLetters(6)
    const milano = await placed(`${tag} Alfa Milano`, { latitudine: 45.4642, longitudine: 9.19 }, 'MI')
    const nowhere = await placed(`${tag} Beta senza coordinate`, null)
    const napoli = await placed(`${tag} Gamma Napoli`, { latitudine: 40.8518, longitudine: 14.2681 }, 'NA')
    const roma = await placed(`${tag} Zeta Roma`, { latitudine: 41.9028, longitudine: 12.4964 })

    const near = await call(app, 'ricerca_circoli', {
      id_settore: SECTOR_IDS.PADEL,
      testo: tag,
      latitudine: 41.9,
      longitudine: 12.5,
    })
    expect(near.status).toBe(200)
    const rows = near.body.results as Found[]
    expect(rows.map((r) => r.id_circolo)).toEqual([roma.id, napoli.id, milano.id, nowhere.id])
    // Haversine on a sphere of 6371 km, worked by hand: Roma–Napoli about 189 km, Roma–Milano about 477 km.
    expect(rows[0]!.distanza_km).toBeLessThan(1)
    expect(rows[1]!.distanza_km).toBeGreaterThan(185)
    expect(rows[1]!.distanza_km).toBeLessThan(192)
    expect(rows[2]!.distanza_km).toBeGreaterThan(472)
    expect(rows[2]!.distanza_km).toBeLessThan(482)
    expect(rows[3]!.distanza_km).toBeNull()
    expect(near.body.record).toBe(4)

    const plain = await call(app, 'ricerca_circoli', { id_settore: SECTOR_IDS.PADEL, testo: tag })
    expect((plain.body.results as Found[]).map((r) => r.id_circolo)).toEqual([
      milano.id,
      nowhere.id,
      napoli.id,
      roma.id,
    ])
    expect((plain.body.results as Found[]).every((r) => r.distanza_km === null)).toBe(true)
  })

  it('filters by province, and lists without any text (the page opens on every club of the discipline)', async () => {
    const tag = uniqueLetters(6)
    const inMilano = await placed(`${tag} Uno`, null, 'MI')
    await placed(`${tag} Due`, null, 'NA')
    const byProvince = await call(app, 'ricerca_circoli', {
      id_settore: SECTOR_IDS.PADEL,
      testo: tag,
      provincia: 'MI',
    })
    expect((byProvince.body.results as Found[]).map((r) => r.id_circolo)).toEqual([inMilano.id])

    const all = await call(app, 'ricerca_circoli', { id_settore: SECTOR_IDS.PADEL, fetchrows: 100 })
    expect(all.status).toBe(200)
    const { db } = await testDatabase()
    const counted = (await db.execute(
      sql`select count(*)::int as n from clubs c where c.attivo and exists (select 1 from club_disciplines d where d.club_id = c.id and d.discipline_id = ${DISCIPLINE_IDS.PADEL})`,
    )) as unknown as { rows: [{ n: number }] }
    const { n } = counted.rows[0]
    expect(all.body.record).toBe(n)
    const names = (all.body.results as Found[]).map((r) => r.nome.toLowerCase())
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
  })

  it('refuses half a position, and a latitude out of range', async () => {
    const half = await call(app, 'ricerca_circoli', { id_settore: SECTOR_IDS.PADEL, latitudine: 41.9 })
    expect(half.status).toBe(400)
    expect(half.body.message).toBe(POSIZIONE_INCOMPLETA)
    const far = await call(app, 'ricerca_circoli', {
      id_settore: SECTOR_IDS.PADEL,
      latitudine: 91,
      longitudine: 0,
    })
    expect(far.status).toBe(400)
    expect(far.body.message).toContain('«latitudine»')
  })
})

describe('societa/view', () => {
  it("shows a club: address with its map link, contacts, courts per discipline, its places in the affiliates' ranking", async () => {
    const { db } = await testDatabase()
    const [ranked] = await db
      .select({ clubId: clubRankings.clubId, sectorId: clubRankings.sectorId })
      .from(clubRankings)
      .orderBy(clubRankings.clubId)
      .limit(1)
    const response = await call(app, 'societa/view', {
      id_circolo: ranked!.clubId,
      id_settore: ranked!.sectorId,
    })
    expect(response.status).toBe(200)
    const circolo = response.body.result as any
    const [stored] = await db.select().from(clubs).where(eq(clubs.id, ranked!.clubId))
    expect(circolo).toMatchObject({
      id: stored!.id,
      nome: stored!.nome,
      indirizzo: stored!.indirizzo,
      telefono: stored!.telefono,
    })
    expect(circolo.mappa_url).toBe(
      `https://www.openstreetmap.org/search?query=${encodeURIComponent(
        `${stored!.indirizzo}, ${[stored!.cap, stored!.comune].filter(Boolean).join(' ')}, ${stored!.provincia}, Italia`,
      )}`,
    )
    const storedCourts = await db.select().from(courts).where(eq(courts.clubId, stored!.id))
    expect(circolo.discipline.reduce((n: number, d: { campi: unknown[] }) => n + d.campi.length, 0)).toBe(
      storedCourts.length,
    )
    for (const d of circolo.discipline)
      expect(d.campi.length).toBe(storedCourts.filter((c) => c.disciplineId === d.id_disciplina).length)
    expect(circolo.classifica_affiliati[0].id_settore).toBe(ranked!.sectorId)
    const [place] = await db
      .select()
      .from(clubRankings)
      .where(and(eq(clubRankings.clubId, stored!.id), eq(clubRankings.sectorId, ranked!.sectorId)))
      .orderBy(sql`${clubRankings.stagione} desc`)
      .limit(1)
    expect(circolo.classifica_affiliati[0]).toMatchObject({
      posizione: place!.posizione,
      punti: place!.punti,
      stagione: place!.stagione,
    })
    expect(circolo.prossimi_tornei.length).toBeLessThanOrEqual(5)
    for (const t of circolo.prossimi_tornei) expect(t.id_circolo).toBe(stored!.id)
  })

  it('answers 404 with an Italian message for a club that does not exist', async () => {
    const response = await call(app, 'societa/view', {
      id_circolo: 2_000_000_000,
      id_settore: SECTOR_IDS.TENNIS,
    })
    expect(response.status).toBe(404)
    expect(response.body.message).toBe(CIRCOLO_NOT_FOUND)
  })
})

describe('societa/squadre/view', () => {
  it("lists the club's teams with their tournament, captain and players", async () => {
    const { db } = await testDatabase()
    const [some] = await db.select({ clubId: teams.clubId }).from(teams).limit(1)
    const stored = await db.select().from(teams).where(eq(teams.clubId, some!.clubId))
    const response = await call(app, 'societa/squadre/view', { id_circolo: some!.clubId, fetchrows: 100 })
    expect(response.status).toBe(200)
    expect(response.body.record).toBe(stored.length)
    expect((response.body.results as { id: number }[]).map((t) => t.id).sort()).toEqual(
      stored.map((t) => t.id).sort(),
    )
    const first = (
      response.body.results as { id: number; giocatori: number; id_capitano: number; capitano: string }[]
    )[0]!
    const members = await db.select().from(teamMembers).where(eq(teamMembers.teamId, first.id))
    expect(first.giocatori).toBe(members.length)
    expect(first.id_capitano).toBe(stored.find((t) => t.id === first.id)!.captainPersonId)
    expect(first.capitano).toMatch(/\S+ \S+/)
  })

  it('answers an empty list for a club without teams, 404 for a club that does not exist', async () => {
    const lonely = await club(`${uniqueLetters(6)} Senza squadre`, [DISCIPLINE_IDS.TENNIS])
    const empty = await call(app, 'societa/squadre/view', { id_circolo: lonely.id })
    expect(empty.body).toEqual({ results: [], record: 0 })
    const missing = await call(app, 'societa/squadre/view', { id_circolo: 2_000_000_000 })
    expect(missing.status).toBe(404)
  })
})
