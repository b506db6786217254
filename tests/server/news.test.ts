import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import { MESSAGES } from '../../contract/common.ts'
import { NEWS_PUBLISH_REFUSED } from '../../contract/news.ts'
import { news, newsComments, videos } from '../../server/db/schema/content.ts'
import { buildTestApp, call, createAccount, testDatabase, tokenFor } from '../support/server.ts'
import { ensureReference, newsTypeId, uniqueLetters } from './home-news-fixtures.ts'

let app: FastifyInstance
beforeAll(async () => {
  await ensureReference()
  app = await buildTestApp()
})
afterAll(() => app.close())

type Row = Record<string, unknown>
const results = (body: Row) => body.results as Row[]
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000)

type NewsValues = Partial<typeof news.$inferInsert> & { title: string }

/** Inserts news with unique slugs; `tipo` is the code of its tipologia. */
async function addNews(items: (NewsValues & { tipo?: string })[]) {
  const { db } = await testDatabase()
  const rows = []
  for (const { tipo = 'comunicati', ...item } of items) {
    const [row] = await db
      .insert(news)
      .values({
        typeId: await newsTypeId(tipo),
        slug: `${item.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${uniqueLetters(6)}`,
        summary: `Sommario di ${item.title}`,
        body: `<p>Testo di ${item.title}</p>`,
        publishedAt: minutesAgo(1),
        ...item,
      })
      .returning()
    rows.push(row!)
  }
  return rows
}

async function signedIn(role: 'player' | 'editor' | 'admin' = 'player', person = true) {
  const account = await createAccount({
    ...(person ? { person: { nome: 'Giulia', cognome: 'Rossi' } } : { person: null }),
    account: { role },
  })
  return { account, token: await tokenFor(account) }
}

describe('news/list', () => {
  it("pages the sector's news, newest first, with the total", async () => {
    const tag = uniqueLetters()
    await addNews(
      Array.from({ length: 5 }, (_, i) => ({
        title: `Junior ${i} ${tag}`,
        disciplineId: DISCIPLINE_IDS.TENNIS,
        sectorId: SECTOR_IDS.FITPJ,
        publishedAt: minutesAgo(10 - i),
      })),
    )
    const { token } = await signedIn()
    const all = await call(
      app,
      'news/list',
      { id_settore: SECTOR_IDS.FITPJ, rowstoskip: 0, fetchrows: 100 },
      token,
    )
    expect(all.status).toBe(200)
    const total = all.body.record as number
    expect(total).toBeGreaterThanOrEqual(5)
    const first = await call(
      app,
      'news/list',
      { id_settore: SECTOR_IDS.FITPJ, rowstoskip: 0, fetchrows: 2 },
      token,
    )
    const second = await call(
      app,
      'news/list',
      { id_settore: SECTOR_IDS.FITPJ, rowstoskip: 2, fetchrows: 2 },
      token,
    )
    expect(first.body.record).toBe(total)
    expect([...results(first.body), ...results(second.body)].map((n) => n.id)).toEqual(
      results(all.body)
        .slice(0, 4)
        .map((n) => n.id),
    )
    const dates = results(all.body).map((n) => String(n.pubblicata_il))
    expect([...dates].sort().reverse()).toEqual(dates)
    const mine = results(all.body).filter((n) => String(n.titolo).endsWith(tag))
    expect(mine.map((n) => n.titolo)).toEqual([4, 3, 2, 1, 0].map((i) => `Junior ${i} ${tag}`))
    expect(mine[0]).toMatchObject({
      tipologia_news: 'comunicati',
      tipologia: 'Comunicati',
      disciplina: 'tennis',
      id_settore: SECTOR_IDS.FITPJ,
      sommario: `Sommario di Junior 4 ${tag}`,
      in_evidenza: false,
    })
  })

  it('shows a sector its own news, its discipline-wide news and federation news, not other sectors', async () => {
    const tag = uniqueLetters()
    await addNews([
      { title: `Settore ${tag}`, disciplineId: DISCIPLINE_IDS.TENNIS, sectorId: SECTOR_IDS.WHEELCHAIR },
      { title: `Disciplina ${tag}`, disciplineId: DISCIPLINE_IDS.TENNIS, sectorId: null },
      { title: `Federazione ${tag}`, disciplineId: null, sectorId: null },
      { title: `Altro settore ${tag}`, disciplineId: DISCIPLINE_IDS.TENNIS, sectorId: SECTOR_IDS.FITPJ },
      { title: `Padel ${tag}`, disciplineId: DISCIPLINE_IDS.PADEL, sectorId: SECTOR_IDS.PADEL },
      { title: `Non pubblicata ${tag}`, disciplineId: DISCIPLINE_IDS.TENNIS, publishedAt: null },
      {
        title: `Programmata ${tag}`,
        disciplineId: DISCIPLINE_IDS.TENNIS,
        publishedAt: new Date(Date.now() + 86_400_000),
      },
    ])
    const { token } = await signedIn()
    const response = await call(
      app,
      'news/list',
      { id_settore: SECTOR_IDS.WHEELCHAIR, fetchrows: 100 },
      token,
    )
    const titles = results(response.body)
      .map((n) => String(n.titolo))
      .filter((t) => t.endsWith(tag))
    expect(titles.sort()).toEqual([`Disciplina ${tag}`, `Federazione ${tag}`, `Settore ${tag}`])
    for (const item of results(response.body)) {
      expect(['tennis', 'federazione']).toContain(item.disciplina)
      expect([null, SECTOR_IDS.WHEELCHAIR]).toContain(item.id_settore)
    }
    expect(results(response.body).find((n) => n.titolo === `Federazione ${tag}`)?.disciplina).toBe(
      'federazione',
    )
  })

  it('filters by tipologia', async () => {
    const tag = uniqueLetters()
    await addNews([
      { title: `Evento ${tag}`, tipo: 'eventi', disciplineId: DISCIPLINE_IDS.BEACH_TENNIS },
      { title: `Comunicato ${tag}`, tipo: 'comunicati', disciplineId: DISCIPLINE_IDS.BEACH_TENNIS },
    ])
    const { token } = await signedIn()
    const response = await call(
      app,
      'news/list',
      { id_settore: SECTOR_IDS.BEACH, tipologia_news: 'eventi', fetchrows: 100 },
      token,
    )
    expect(results(response.body).every((n) => n.tipologia_news === 'eventi')).toBe(true)
    const titles = results(response.body).map((n) => n.titolo)
    expect(titles).toContain(`Evento ${tag}`)
    expect(titles).not.toContain(`Comunicato ${tag}`)
    expect(response.body.record).toBe(results(response.body).length)
    const none = await call(app, 'news/list', { id_settore: SECTOR_IDS.BEACH, tipologia_news: 'inesistente' })
    expect(none.body).toEqual({ results: [], record: 0 })
  })

  it('refuses bad paging and filters in Italian', async () => {
    const paging = await call(app, 'news/list', { id_settore: 1, rowstoskip: -1 })
    expect(paging.status).toBe(400)
    // The Italian detail of paging fields comes from contract/common.ts and contract/decode.ts.
    expect(paging.body.message).toMatch(/^Richiesta non valida: il campo «rowstoskip»/)
    const type = await call(app, 'news/list', { id_settore: 1, tipologia_news: 'Eventi!' })
    expect(type.status).toBe(400)
    expect(type.body.message).toContain('«tipologia_news» deve essere il codice di una tipologia')
    const sector = await call(app, 'news/list', { id_settore: 42 })
    expect(sector.status).toBe(400)
    expect(sector.body.message).toBe('Richiesta non valida: il settore 42 non esiste.')
  })
})

describe('news/tipologie/get', () => {
  it('lists the tipologie in order', async () => {
    const response = await call(app, 'news/tipologie/get', {})
    expect(response.status).toBe(200)
    const codes = (response.body.result as { codice: string; nome: string }[]).map((t) => t.codice)
    expect(codes).toContain('comunicati')
    expect(codes).toContain('eventi')
    expect(codes.indexOf('comunicati')).toBeLessThan(codes.indexOf('eventi'))
  })
})

describe('news/view', () => {
  it('shows the same article by id and by disciplina, tipologia and titolo, with its videos and comments', async () => {
    const { db } = await testDatabase()
    const tag = uniqueLetters()
    const [item] = await addNews([
      {
        title: `Finale ${tag}`,
        slug: `finale-${tag}`,
        tipo: 'eventi',
        disciplineId: DISCIPLINE_IDS.PADEL,
        sectorId: SECTOR_IDS.PADEL,
        body: '<p>La finale</p>',
        image: '/media/news/news-2.jpg',
        imageAlt: 'Campo da padel',
        featured: true,
      },
    ])
    await db.insert(videos).values({
      newsId: item!.id,
      disciplineId: DISCIPLINE_IDS.PADEL,
      title: `Highlights ${tag}`,
      videoUrl: '/media/video/video-2.mp4',
      posterUrl: '/media/video/poster-2.jpg',
      durationSeconds: 4,
      publishedAt: minutesAgo(1),
    })
    await db.insert(newsComments).values([
      { newsId: item!.id, autore: 'Luca B.', testo: 'Prima!', createdAt: minutesAgo(3) },
      { newsId: item!.id, autore: 'Nascosto', testo: 'Rimosso', visibile: false },
      { newsId: item!.id, autore: 'Sara T.', testo: 'Che partita', createdAt: minutesAgo(2) },
    ])

    const byId = await call(app, 'news/view', { id: item!.id })
    expect(byId.status).toBe(200)
    const bySlug = await call(app, 'news/view', {
      disciplina: 'padel',
      tipologia_news: 'eventi',
      titolo: `finale-${tag}`,
    })
    expect(bySlug.status).toBe(200)
    expect(bySlug.body).toEqual(byId.body)
    const article = byId.body.result as Row
    expect(article).toMatchObject({
      id: item!.id,
      titolo: `Finale ${tag}`,
      slug: `finale-${tag}`,
      disciplina: 'padel',
      tipologia_news: 'eventi',
      tipologia: 'Eventi',
      corpo: '<p>La finale</p>',
      immagine: '/media/news/news-2.jpg',
      immagine_alt: 'Campo da padel',
      in_evidenza: true,
      puo_commentare: false,
    })
    expect((article.commenti as Row[]).map((c) => [c.autore, c.testo])).toEqual([
      ['Luca B.', 'Prima!'],
      ['Sara T.', 'Che partita'],
    ])
    expect(article.video).toEqual([
      expect.objectContaining({
        titolo: `Highlights ${tag}`,
        video_url: '/media/video/video-2.mp4',
        sottotitoli_url: '/media/video/video-2.it.vtt',
        poster_url: '/media/video/poster-2.jpg',
        id_news: item!.id,
      }),
    ])
  })

  it('tells a signed-in user that they may comment (the server decides)', async () => {
    const [item] = await addNews([
      { title: `Commentabile ${uniqueLetters()}`, disciplineId: DISCIPLINE_IDS.TENNIS },
    ])
    const { token } = await signedIn()
    const response = await call(app, 'news/view', { id: item!.id }, token)
    expect((response.body.result as Row).puo_commentare).toBe(true)
  })

  it("finds federation news under 'federazione'", async () => {
    const tag = uniqueLetters()
    const [item] = await addNews([
      { title: `Assemblea ${tag}`, slug: `assemblea-${tag}`, disciplineId: null },
    ])
    const response = await call(app, 'news/view', {
      disciplina: 'federazione',
      tipologia_news: 'comunicati',
      titolo: `assemblea-${tag}`,
    })
    expect((response.body.result as Row).id).toBe(item!.id)
  })

  it('answers 404 for a wrong discipline or tipologia, an unpublished or unknown news', async () => {
    const tag = uniqueLetters()
    const [item, hidden] = await addNews([
      { title: `Torneo ${tag}`, slug: `torneo-${tag}`, disciplineId: DISCIPLINE_IDS.TENNIS },
      { title: `Bozza ${tag}`, disciplineId: DISCIPLINE_IDS.TENNIS, publishedAt: null },
    ])
    const notFound = { statusCode: 404, message: 'News non trovata' }
    for (const body of [
      { disciplina: 'padel', tipologia_news: 'comunicati', titolo: `torneo-${tag}` },
      { disciplina: 'tennis', tipologia_news: 'eventi', titolo: `torneo-${tag}` },
      { id: hidden!.id },
      { id: 2_000_000_000 },
    ]) {
      const response = await call(app, 'news/view', body)
      expect({ body, answer: response.body }).toEqual({ body, answer: notFound })
    }
    expect((await call(app, 'news/view', { id: item!.id })).status).toBe(200)
  })

  it('refuses a body with neither form, or a mix of both', async () => {
    for (const body of [{}, { id: 1, titolo: 'x' }, { disciplina: 'tennis', titolo: 'x' }]) {
      const response = await call(app, 'news/view', body)
      expect(response.status).toBe(400)
      expect(response.body.message).toBe(
        'Richiesta non valida: indica «id», oppure «disciplina», «tipologia_news» e «titolo».',
      )
    }
    const slug = await call(app, 'news/view', {
      disciplina: 'tennis',
      tipologia_news: 'eventi',
      titolo: 'Non Valido',
    })
    expect(slug.body.message).toContain('«titolo» deve essere un titolo abbreviato in minuscolo')
  })
})

describe('news/commento/add', () => {
  it('stores a signed-in comment as plain text, visible at once even to anonymous visitors', async () => {
    const { db } = await testDatabase()
    const [item] = await addNews([
      { title: `Dibattito ${uniqueLetters()}`, disciplineId: DISCIPLINE_IDS.TENNIS },
    ])
    // An anonymous visitor reads the article first (and the server caches it).
    const before = await call(app, 'news/view', { id: item!.id })
    expect((before.body.result as Row).commenti).toEqual([])

    const { account, token } = await signedIn()
    const response = await call(
      app,
      'news/commento/add',
      { id_news: item!.id, testo: '  Bella   partita!\n\n\n\nBrava  ' },
      token,
    )
    expect(response.status).toBe(200)
    const comment = response.body.result as Row
    expect(comment).toMatchObject({ autore: 'Giulia R.', testo: 'Bella partita!\n\nBrava' })
    expect(typeof comment.id).toBe('number')
    expect(new Date(String(comment.creato_il)).getTime()).toBeGreaterThan(Date.now() - 60_000)

    const after = await call(app, 'news/view', { id: item!.id })
    expect((after.body.result as Row).commenti).toEqual([comment])
    const [row] = await db
      .select()
      .from(newsComments)
      .where(eq(newsComments.id, comment.id as number))
    expect(row).toMatchObject({ accountId: account.id, newsId: item!.id, visibile: true })
  })

  it('never stores HTML: scripts vanish with their content, tags and encoded tags are stripped', async () => {
    const { db } = await testDatabase()
    const [item] = await addNews([
      { title: `Sicurezza ${uniqueLetters()}`, disciplineId: DISCIPLINE_IDS.TENNIS },
    ])
    const { token } = await signedIn()
    const cases: [string, string][] = [
      ['Ciao <script>alert("x")</script>a tutti', 'Ciao a tutti'],
      ['<b>Grassetto</b> e <a href="javascript:alert(1)" onclick="x()">link</a>', 'Grassetto e link'],
      ['<img src=x onerror=alert(1)>Immagine', 'Immagine'],
      ['&lt;script&gt;alert(1)&lt;/script&gt;Dopo', 'Dopo'],
      ['3 < 5 & 7 > 2', '3 < 5 & 7 > 2'],
    ]
    for (const [testo, expected] of cases) {
      const response = await call(app, 'news/commento/add', { id_news: item!.id, testo }, token)
      expect({ testo, status: response.status }).toEqual({ testo, status: 200 })
      const stored = (
        await db
          .select()
          .from(newsComments)
          .where(eq(newsComments.id, (response.body.result as Row).id as number))
      )[0]!
      expect(stored.testo).toBe(expected)
      expect(stored.testo).not.toMatch(/<[a-z/!]/i)
    }
  })

  it('refuses a comment that is only markup, too long, or on an unknown news', async () => {
    const [item] = await addNews([
      { title: `Limiti ${uniqueLetters()}`, disciplineId: DISCIPLINE_IDS.TENNIS },
    ])
    const { token } = await signedIn()
    const empty = await call(
      app,
      'news/commento/add',
      { id_news: item!.id, testo: '<script>x</script><br>' },
      token,
    )
    expect(empty.status).toBe(400)
    expect(empty.body.message).toBe(
      'Richiesta non valida: il commento non contiene testo (il codice HTML non è ammesso).',
    )
    const long = await call(app, 'news/commento/add', { id_news: item!.id, testo: 'a'.repeat(1001) }, token)
    expect(long.status).toBe(400)
    expect(long.body.message).toBe('Richiesta non valida: il campo «testo» deve avere da 1 a 1000 caratteri.')
    const missing = await call(app, 'news/commento/add', { id_news: item!.id }, token)
    expect(missing.body.message).toContain('«testo» è obbligatorio')
    const unknown = await call(app, 'news/commento/add', { id_news: 2_000_000_000, testo: 'Ciao' }, token)
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('News non trovata')
  })

  it('needs a signed-in user', async () => {
    const [item] = await addNews([
      { title: `Anonimo ${uniqueLetters()}`, disciplineId: DISCIPLINE_IDS.TENNIS },
    ])
    const response = await call(app, 'news/commento/add', { id_news: item!.id, testo: 'Ciao' })
    expect(response.status).toBe(401)
    expect(response.body).toEqual({ statusCode: 401, message: MESSAGES.unauthorized })
    const forged = await tokenFor((await signedIn()).account, { forged: true })
    expect((await call(app, 'news/commento/add', { id_news: item!.id, testo: 'Ciao' }, forged)).status).toBe(
      401,
    )
  })

  it('shows an account without a person as a registered user', async () => {
    const [item] = await addNews([
      { title: `Senza nome ${uniqueLetters()}`, disciplineId: DISCIPLINE_IDS.TENNIS },
    ])
    const { token } = await signedIn('player', false)
    const response = await call(app, 'news/commento/add', { id_news: item!.id, testo: 'Ciao' }, token)
    expect((response.body.result as Row).autore).toBe('Utente registrato')
  })

  it('is rate limited as a write', async () => {
    const limited = await buildTestApp({ WRITE_RATE_LIMIT: '2' })
    try {
      const [item] = await addNews([
        { title: `Limite ${uniqueLetters()}`, disciplineId: DISCIPLINE_IDS.TENNIS },
      ])
      const { token } = await signedIn()
      const statuses = []
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (await call(limited, 'news/commento/add', { id_news: item!.id, testo: `Commento ${i}` }, token))
            .status,
        )
      }
      expect(statuses).toEqual([200, 200, 429])
    } finally {
      await limited.close()
    }
  })
})

describe('news/news/add and news/redazione/get', () => {
  const draft = (tag: string) => ({
    titolo: `Nuovo circuito ${tag}: è già record`,
    sommario: 'Iscrizioni aperte da lunedì.',
    corpo:
      'Primo paragrafo.\nSeconda riga.\n\nSecondo <script>alert(1)</script>paragrafo con <b>grassetto</b>.',
    tipologia_news: 'eventi',
    id_settore: SECTOR_IDS.PADEL,
    ambito: 'settore',
  })

  it('refuses a player with a clear message, and anonymous callers with 401', async () => {
    const { token } = await signedIn('player')
    const refused = await call(app, 'news/news/add', draft(uniqueLetters()), token)
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ statusCode: 403, message: NEWS_PUBLISH_REFUSED })
    expect(NEWS_PUBLISH_REFUSED).toBe('Solo i redattori della federazione possono pubblicare news')
    const anonymous = await call(app, 'news/news/add', draft(uniqueLetters()))
    expect(anonymous.status).toBe(401)
    const permissions = await call(app, 'news/redazione/get', {}, token)
    expect(permissions.body).toEqual({ result: { puo_pubblicare: false, messaggio: NEWS_PUBLISH_REFUSED } })
    expect((await call(app, 'news/redazione/get', {})).status).toBe(401)
  })

  it('publishes for an editor: sanitized body, unique slug, listed at once', async () => {
    const { db } = await testDatabase()
    const { account, token } = await signedIn('editor')
    expect((await call(app, 'news/redazione/get', {}, token)).body).toEqual({
      result: { puo_pubblicare: true, messaggio: null },
    })
    const tag = uniqueLetters()
    // An anonymous visitor has the list cached before the news is published.
    const listBefore = await call(app, 'news/list', { id_settore: SECTOR_IDS.PADEL, fetchrows: 100 })
    const response = await call(app, 'news/news/add', draft(tag), token)
    expect(response.status).toBe(200)
    const card = response.body.result as Row
    expect(card).toMatchObject({
      titolo: `Nuovo circuito ${tag}: è già record`,
      slug: `nuovo-circuito-${tag}-e-gia-record`,
      tipologia_news: 'eventi',
      disciplina: 'padel',
      id_settore: SECTOR_IDS.PADEL,
      in_evidenza: false,
    })
    const [row] = await db
      .select()
      .from(news)
      .where(eq(news.id, card.id as number))
    expect(row!.body).toBe(
      '<p>Primo paragrafo.<br>Seconda riga.</p>\n<p>Secondo paragrafo con <strong>grassetto</strong>.</p>',
    )
    expect(row!.authorAccountId).toBe(account.id)

    const listAfter = await call(app, 'news/list', { id_settore: SECTOR_IDS.PADEL, fetchrows: 100 })
    expect(listAfter.body.record).toBe((listBefore.body.record as number) + 1)
    expect(results(listAfter.body)[0]!.id).toBe(card.id)
    const view = await call(app, 'news/view', {
      disciplina: 'padel',
      tipologia_news: 'eventi',
      titolo: String(card.slug),
    })
    expect((view.body.result as Row).id).toBe(card.id)

    const again = await call(app, 'news/news/add', draft(tag), token)
    expect((again.body.result as Row).slug).toBe(`nuovo-circuito-${tag}-e-gia-record-2`)
  })

  it('lets an admin publish for every discipline, keeping allowed tags and safe links only', async () => {
    const { token } = await signedIn('admin')
    const tag = uniqueLetters()
    const response = await call(
      app,
      'news/news/add',
      {
        ...draft(tag),
        titolo: `Assemblea ${tag}`,
        ambito: 'federazione',
        tipologia_news: 'comunicati',
        in_evidenza: true,
        corpo:
          '<h2>Ordine del giorno</h2><ul><li><a href="https://www.example.org/odg">Documento</a></li><li><a href="javascript:alert(1)">x</a></li></ul><iframe src="https://evil.example"></iframe>',
      },
      token,
    )
    expect(response.status).toBe(200)
    const card = response.body.result as Row
    expect(card).toMatchObject({ disciplina: 'federazione', id_settore: null, in_evidenza: true })
    const pickleball = await call(app, 'news/list', { id_settore: SECTOR_IDS.PICKLEBALL, fetchrows: 100 })
    expect(results(pickleball.body).map((n) => n.id)).toContain(card.id)
    const view = await call(app, 'news/view', { id: card.id })
    expect((view.body.result as Row).corpo).toBe(
      '<h2>Ordine del giorno</h2><ul><li><a href="https://www.example.org/odg" rel="noopener noreferrer">Documento</a></li><li><a rel="noopener noreferrer">x</a></li></ul>',
    )
  })

  it('refuses bad bodies in Italian', async () => {
    const { token } = await signedIn('editor')
    const ambito = await call(app, 'news/news/add', { ...draft('x'), ambito: 'mondo' }, token)
    expect(ambito.status).toBe(400)
    expect(ambito.body.message).toContain("«ambito» deve essere 'settore', 'disciplina' o 'federazione'")
    const type = await call(app, 'news/news/add', { ...draft('x'), tipologia_news: 'gossip' }, token)
    expect(type.status).toBe(400)
    expect(type.body.message).toBe('Richiesta non valida: la tipologia «gossip» non esiste.')
    const title = await call(app, 'news/news/add', { ...draft('x'), titolo: '' }, token)
    expect(title.body.message).toContain('«titolo» deve avere da 1 a 160 caratteri')
    const markupOnly = await call(
      app,
      'news/news/add',
      { ...draft('x'), corpo: '<script>alert(1)</script>' },
      token,
    )
    expect(markupOnly.status).toBe(400)
    expect(markupOnly.body.message).toBe('Richiesta non valida: «corpo» senza testo.')
  })
})

describe('news/video/list', () => {
  it("pages the discipline's videos with their local poster, newest first", async () => {
    const { db } = await testDatabase()
    const tag = uniqueLetters()
    await db.insert(videos).values([
      ...[0, 1, 2].map((i) => ({
        disciplineId: DISCIPLINE_IDS.BEACH_TENNIS,
        title: `Beach ${i} ${tag}`,
        videoUrl: '/media/video/video-3.mp4',
        posterUrl: '/media/video/poster-3.jpg',
        durationSeconds: 4,
        publishedAt: minutesAgo(5 - i),
      })),
      {
        disciplineId: DISCIPLINE_IDS.PADEL,
        title: `Padel ${tag}`,
        videoUrl: '/media/video/video-2.mp4',
        posterUrl: '/media/video/poster-2.jpg',
        durationSeconds: 4,
        publishedAt: minutesAgo(1),
      },
      {
        disciplineId: DISCIPLINE_IDS.BEACH_TENNIS,
        title: `Bozza ${tag}`,
        videoUrl: '/media/video/video-3.mp4',
        posterUrl: '/media/video/poster-3.jpg',
        durationSeconds: 4,
        publishedAt: null,
      },
    ])
    const { token } = await signedIn()
    const all = await call(app, 'news/video/list', { id_settore: SECTOR_IDS.BEACH, fetchrows: 100 }, token)
    expect(all.status).toBe(200)
    const mine = results(all.body).filter((v) => String(v.titolo).endsWith(tag))
    expect(mine.map((v) => v.titolo)).toEqual([`Beach 2 ${tag}`, `Beach 1 ${tag}`, `Beach 0 ${tag}`])
    expect(mine[0]).toMatchObject({
      poster_url: '/media/video/poster-3.jpg',
      video_url: '/media/video/video-3.mp4',
      durata_secondi: 4,
      disciplina: 'beach-tennis',
    })
    for (const video of results(all.body)) expect(['beach-tennis', 'federazione']).toContain(video.disciplina)
    const page = await call(
      app,
      'news/video/list',
      { id_settore: SECTOR_IDS.BEACH, rowstoskip: 1, fetchrows: 1 },
      token,
    )
    expect(page.body.record).toBe(all.body.record)
    expect(results(page.body).map((v) => v.id)).toEqual([results(all.body)[1]!.id])
    // The media the list points to exist.
    for (const video of mine) {
      expect((await app.inject({ method: 'GET', url: String(video.poster_url) })).statusCode).toBe(200)
      expect((await app.inject({ method: 'GET', url: String(video.video_url) })).statusCode).toBe(200)
      const vtt = await app.inject({ method: 'GET', url: String(video.sottotitoli_url) })
      expect(vtt.statusCode).toBe(200)
      expect(vtt.headers['content-type']).toMatch(/^text\/vtt/)
      expect(vtt.body.startsWith('WEBVTT')).toBe(true)
    }
  })

  it('refuses a missing sector', async () => {
    const response = await call(app, 'news/video/list', { fetchrows: 10 })
    expect(response.status).toBe(400)
    expect(response.body.message).toContain('«id_settore» è obbligatorio')
  })
})
