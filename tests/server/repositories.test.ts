// The repositories on the engine the server project runs on: PGlite by default, PostgreSQL with DATABASE_URL.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { tessere } from '../../server/db/schema/core.ts'
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
    const { search } = await repos()
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
      const found = await search.players(text, SECTOR_IDS.TENNIS, 10)
      expect({ text, found: found.map((p) => p.id_persona) }).toEqual({ text, found: [account.personId] })
    }
    expect(await search.players(cognome, SECTOR_IDS.PADEL, 10)).toEqual([])
    expect(await search.players(`${cognome}%`, SECTOR_IDS.TENNIS, 10)).toEqual([])
  })
})
