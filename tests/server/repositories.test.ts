// The repositories on the engine the server project runs on: PGlite by default, PostgreSQL with DATABASE_URL.
import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { currentSeason, todayInItaly } from '../../contract/dates.ts'
import { UPCOMING_STATUSES } from '../../server/domain/tournaments.ts'
import { playerSearch, tessere } from '../../server/db/schema/core.ts'
import { rankings as rankingsTable } from '../../server/db/schema/domain.ts'
import { createRepositories } from '../../server/repositories/index.ts'
import { createAccount, testDatabase } from '../support/server.ts'
import { ensureReference } from './home-news-fixtures.ts'

async function repos() {
  await ensureReference()
  return createRepositories((await testDatabase()).db)
}

describe('sectors', () => {
  it('gives the scope of a sector, and nothing for an unknown one', async () => {
    const { sectors } = await repos()
    expect(await sectors.scope(SECTOR_IDS.PADEL)).toEqual({
      sectorId: SECTOR_IDS.PADEL,
      disciplineId: DISCIPLINE_IDS.PADEL,
      disciplina: 'padel',
    })
    expect(await sectors.scope(987_654)).toBeUndefined()
  })
})

describe('news', () => {
  it('inserts under the first free slug, reads the card back, and lists it first in its sector', async () => {
    const { news, sectors } = await repos()
    const scope = (await sectors.scope(SECTOR_IDS.TENNIS))!
    const typeId = (await news.typeId('comunicati'))!
    expect(await news.typeId('nessuna-tipologia')).toBeUndefined()
    const base = `repo-${randomUUID().slice(0, 8)}`
    const now = new Date()
    const values = {
      typeId,
      disciplineId: scope.disciplineId,
      sectorId: scope.sectorId,
      title: 'Titolo di prova',
      summary: 'Sommario',
      body: '<p>Corpo</p>',
      publishedAt: now,
      createdAt: now,
      updatedAt: now,
    }
    const first = await news.insert(values, base)
    const second = await news.insert(values, base)
    expect((await news.card(first))!.slug).toBe(base)
    expect((await news.card(second))!.slug).toBe(`${base}-2`)
    const page = await news.page(scope, 'comunicati', 2, 0)
    expect(page.results.map((card) => card.id)).toEqual([second, first])
    expect(page.record).toBeGreaterThanOrEqual(2)
    expect((await news.latest(scope, 1))[0]!.id).toBe(second)
    const other = (await sectors.scope(SECTOR_IDS.PADEL))!
    expect((await news.latest(other, 50)).map((card) => card.id)).not.toContain(second)
  })

  it('stores comments and gives them back oldest first, with the news by its address', async () => {
    const { news, sectors } = await repos()
    const scope = (await sectors.scope(SECTOR_IDS.TENNIS))!
    const [latest] = await news.latest(scope, 1)
    const account = await createAccount()
    const added = await news.addComment({
      newsId: latest!.id,
      accountId: account.id,
      autore: 'Ada L.',
      testo: 'Uno',
    })
    expect(added).toMatchObject({ autore: 'Ada L.', testo: 'Uno' })
    expect(typeof added.creato_il).toBe('string')
    const comments = await news.comments(latest!.id, 1000)
    expect(comments.at(-1)).toEqual(added)
    const byAddress = await news.published({
      slug: latest!.slug,
      tipologia_news: latest!.tipologia_news,
      disciplina: latest!.disciplina,
    })
    expect(byAddress?.id).toBe(latest!.id)
    expect(await news.isPublished(latest!.id)).toBe(true)
    expect(await news.isPublished(987_654_321)).toBe(false)
  })
})

describe('search', () => {
  it('finds a player of the sector by surname and name in either order, and not in another sector', async () => {
    const { players } = await repos()
    const search = {
      players: async (testo: string, sectorId: number, limit: number, viewer: number | null) =>
        (await players.search({ sectorId, testo }, limit, 0, viewer)).rows,
    }
    const cognome = `Zq${randomUUID().slice(0, 6)}`
    const account = await createAccount({ person: { nome: 'Ottavia', cognome } })
    const { db } = await testDatabase()
    await db.insert(tessere).values({
      codiceTessera: `R${account.personId}`,
      personId: account.personId!,
      tipologia: 'Agonistica',
      disciplineId: DISCIPLINE_IDS.TENNIS,
      sectorId: SECTOR_IDS.TENNIS,
      stagione: 2026,
      validaDal: '2026-01-01',
      validaAl: '2026-12-31',
    })
    for (const text of [cognome, `${cognome} ott`, `ottavia ${cognome}`]) {
      const found = await search.players(text, SECTOR_IDS.TENNIS, 10, null)
      expect({ text, found: found.map((p) => p.id_persona) }).toEqual({ text, found: [account.personId] })
    }
    expect(await search.players(cognome, SECTOR_IDS.PADEL, 10, null)).toEqual([])
    expect(await search.players(`${cognome}%`, SECTOR_IDS.TENNIS, 10, null)).toEqual([])
  })
})

describe('search by a word', () => {
  it('finds, in list order and with its total, exactly the players whose surname or name starts with the word', async () => {
    const { players } = await repos()
    const { db } = await testDatabase()
    // Independently of the search's index ranges: every findable row of the sector, filtered by the word here.
    const rows = await db
      .select({ person_id: playerSearch.personId, cognome: playerSearch.cognome, nome: playerSearch.nome })
      .from(playerSearch)
      .where(and(eq(playerSearch.sectorId, SECTOR_IDS.TENNIS), eq(playerSearch.nascosto, false)))
      .orderBy(
        sql`${playerSearch.cognome} collate "C"`,
        sql`${playerSearch.nome} collate "C"`,
        asc(playerSearch.personId),
      )
    for (const word of ['g', 'gi', 'ma', 'ros', 'luca', 'a']) {
      const expected = rows
        .filter((r) => r.cognome.startsWith(word) || r.nome.startsWith(word))
        .map((r) => r.person_id)
      expect({ word, some: expected.length > 0 }).toEqual({ word, some: true })
      for (const offset of [0, 20]) {
        const page = await players.search({ sectorId: SECTOR_IDS.TENNIS, testo: word }, 20, offset, null)
        expect({ word, offset, ids: page.rows.map((r) => r.id_persona), total: page.record }).toEqual({
          word,
          offset,
          ids: expected.slice(offset, offset + 20),
          total: expected.length,
        })
      }
    }
  })
})

describe('tournaments', () => {
  it('lists the sector’s tournaments still to come, soonest first, and its circuits of the season', async () => {
    const { tournaments } = await repos()
    const day = todayInItaly()
    const upcoming = await tournaments.upcoming(SECTOR_IDS.TENNIS, day, 50)
    expect(upcoming.length).toBeGreaterThan(0)
    for (const t of upcoming) {
      expect(t.data_fine >= day).toBe(true)
      expect(UPCOMING_STATUSES).toContain(t.stato)
    }
    const starts = upcoming.map((t) => t.data_inizio)
    expect(starts).toEqual([...starts].sort())
    const circuits = await tournaments.circuitsOfSeason(SECTOR_IDS.TENNIS, currentSeason(), day, 50)
    const next = circuits.map((c) => c.prossima_tappa)
    const firstNull = next.indexOf(null)
    // Circuits with a next stage first, by date; those without one last.
    expect(next.slice(firstNull === -1 ? next.length : firstNull).every((d) => d === null)).toBe(true)
    const dated = next.filter((d): d is string => d !== null)
    expect(dated).toEqual([...dated].sort())
  })

  it('counts the season’s figures of a sector', async () => {
    const { tournaments, sectors } = await repos()
    const figures = await tournaments.seasonFigures(
      (await sectors.scope(SECTOR_IDS.TENNIS))!,
      currentSeason(),
    )
    expect(figures.giocatori).toBeGreaterThan(0)
    expect(figures.circoli).toBeGreaterThan(0)
    const none = await tournaments.seasonFigures((await sectors.scope(SECTOR_IDS.TENNIS))!, 1990)
    expect(none).toMatchObject({ giocatori: 0, tornei: 0, partite: 0 })
  })
})

describe('rankings', () => {
  it('pages the latest national ranking by position, with its total', async () => {
    const { rankings } = await repos()
    const first = await rankings.page('nazionale', SECTOR_IDS.TENNIS, 5, 0)
    const second = await rankings.page('nazionale', SECTOR_IDS.TENNIS, 5, 5)
    expect(first.rows).toHaveLength(5)
    expect(first.record).toBe(second.record)
    const positions = [...first.rows, ...second.rows].map((r) => r.posizione)
    expect(positions).toEqual([...positions].sort((a, b) => a - b))
    // The latest season's rows, counted among that season's alone.
    const { db } = await testDatabase()
    const seasons = await db
      .select({ stagione: rankingsTable.stagione, n: sql<number>`count(*)::int` })
      .from(rankingsTable)
      .where(and(eq(rankingsTable.tipo, 'nazionale'), eq(rankingsTable.sectorId, SECTOR_IDS.TENNIS)))
      .groupBy(rankingsTable.stagione)
      .orderBy(desc(rankingsTable.stagione))
    expect(first.rows.map((r) => r.stagione)).toEqual(first.rows.map(() => seasons[0]!.stagione))
    expect(first.record).toBe(seasons[0]!.n)
    expect(await rankings.page('nazionale', 987_654, 5, 0)).toEqual({ rows: [], record: 0 })
  })
})

describe('accounts and persons', () => {
  it('saves settings with the table defaults for the rest, then updates them', async () => {
    const { accounts } = await repos()
    const account = await createAccount()
    expect(await accounts.settings(account.id)).toBeUndefined()
    const saved = await accounts.saveSettings(account.id, { newsletter: true, updatedAt: new Date() })
    expect(saved).toMatchObject({ newsletter: true, notificheEmail: true })
    await accounts.saveSettings(account.id, { notificheEmail: false, updatedAt: new Date() })
    expect(await accounts.settings(account.id)).toMatchObject({ newsletter: true, notificheEmail: false })
  })

  it('creates the person of an account once, then refuses a codice fiscale another person holds', async () => {
    const { persons } = await repos()
    const first = await createAccount({ person: null })
    const second = await createAccount({ person: null })
    const codiceFiscale = `ZZZ${randomUUID().replace(/-/g, '').slice(0, 13).toUpperCase()}`
    const values = {
      nome: 'Ada',
      cognome: 'Lovelace',
      sesso: 'F' as const,
      dataNascita: '1990-12-10',
      codiceFiscale,
      provincia: 'RM',
      comune: 'Roma',
      telefono: '3331234567',
    }
    const created = await persons.saveProfile(first, values)
    expect(created).not.toBe('taken')
    const again = await persons.saveProfile(first, { ...values, telefono: '3337654321' })
    expect(again !== 'taken' && again !== 'no-account' && again.person.id).toBe(
      created !== 'taken' && created !== 'no-account' && created.person.id,
    )
    expect(await persons.saveProfile(second, values)).toBe('taken')
    const person = created !== 'taken' && created !== 'no-account' ? created.person : undefined
    expect((await persons.withCard(person!.id))?.hasCard).toBe(false)
  })
})

describe('faq, lookup and content', () => {
  it('finds the questions by a half-typed word, and only published ones', async () => {
    const { faq } = await repos()
    const all = await faq.page({ testo: '' }, 100, 0)
    expect(all.record).toBeGreaterThan(0)
    const found = await faq.page({ testo: 'tesserament' }, 100, 0)
    expect(found.record).toBeGreaterThan(0)
    expect(found.record).toBeLessThan(all.record)
  })

  it('gives the disciplines with their sectors, the provinces, and the menu of a discipline', async () => {
    const { lookup, content } = await repos()
    const disciplines = await lookup.disciplinesWithSectors()
    expect(disciplines.find((d) => d.id === DISCIPLINE_IDS.PADEL)?.sectors.map((s) => s.id)).toContain(
      SECTOR_IDS.PADEL,
    )
    expect(await lookup.provinceExists('RM')).toBe(true)
    expect(await lookup.provinceExists('XX')).toBe(false)
    const menu = await content.menu('home', DISCIPLINE_IDS.TENNIS)
    expect(menu.length).toBeGreaterThan(0)
    expect(
      menu.every((m) => m.enabled && (m.disciplineId === null || m.disciplineId === DISCIPLINE_IDS.TENNIS)),
    ).toBe(true)
  })
})
