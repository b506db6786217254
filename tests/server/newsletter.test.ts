// The weekly newsletter of news (issue 23, item 5: «Newsletter della federazione» of /impostazioni acts), on
// PGlite and on PostgreSQL (DATABASE_URL): the news published in the week that ended reach by e-mail those who
// keep the newsletter on, limited to the sector chosen in «Settore delle notifiche»; a week goes out once.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DISCIPLINE_IDS, SECTOR_IDS } from '../../contract/constants.ts'
import type { Impostazioni } from '../../contract/impostazioni.ts'
import { news } from '../../server/db/schema/content.ts'
import { idpOutbox } from '../../server/db/schema/idp.ts'
import { newsletterWeek } from '../../server/domain/newsletter.ts'
import { sendNewsletter } from '../../server/plugins/deadlines.ts'
import { createRepositories } from '../../server/repositories/index.ts'
import { ensureReference, newsTypeId } from './home-news-fixtures.ts'
import { buildTestApp, call, createAccount, testDatabase, tokenFor } from '../support/server.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp({ WRITE_RATE_LIMIT: '1000', DEADLINE_INTERVAL_MS: '0' })
  await ensureReference()
})
afterAll(() => app.close())

const ORIGIN = 'https://portale.example'

async function subscriber(impostazioni: Partial<Impostazioni> | null) {
  const account = await createAccount()
  const saved = impostazioni
    ? (await call(app, 'impostazioni/view_upsert', { impostazioni }, await tokenFor(account))).status
    : 200
  expect(saved).toBe(200)
  return account
}

async function mailsTo(email: string) {
  const { db } = await testDatabase()
  return db.select().from(idpOutbox).where(eq(idpOutbox.recipient, email))
}

async function publish(
  title: string,
  publishedAt: Date | null,
  where: { disciplineId?: number; sectorId?: number },
) {
  const { db } = await testDatabase()
  const [row] = await db
    .insert(news)
    .values({
      typeId: await newsTypeId('comunicati'),
      title,
      slug: `newsletter-${randomUUID()}`,
      summary: `Sommario di ${title}`,
      body: '<p>Testo</p>',
      publishedAt,
      disciplineId: where.disciplineId ?? null,
      sectorId: where.sectorId ?? null,
    })
    .returning()
  return row!
}

describe('the week of a newsletter', () => {
  it('is the last whole week, Monday to Sunday, before the day it goes out', () => {
    // 12 March 2031 is a Wednesday; a Monday sends the week just ended, a Sunday the one before it.
    expect(newsletterWeek('2031-03-12')).toEqual({ dal: '2031-03-03', al: '2031-03-09', fino: '2031-03-10' })
    expect(newsletterWeek('2031-03-10')).toEqual({ dal: '2031-03-03', al: '2031-03-09', fino: '2031-03-10' })
    expect(newsletterWeek('2031-03-09')).toEqual({ dal: '2031-02-24', al: '2031-03-02', fino: '2031-03-03' })
  })
})

describe('the weekly newsletter', () => {
  it('sends the week’s news to those who keep it on, each the news of the sector they chose, once', async () => {
    const tag = randomUUID().slice(0, 6)
    // The week of 3–9 March 2031 in Italy (UTC+1): Sunday 23:30 in Rome is 22:30 UTC.
    const federation = await publish(`Federazione ${tag}`, new Date('2031-03-04T09:00:00Z'), {})
    const padel = await publish(`Padel ${tag}`, new Date('2031-03-05T09:00:00Z'), {
      disciplineId: DISCIPLINE_IDS.PADEL,
      sectorId: SECTOR_IDS.PADEL,
    })
    const tennis = await publish(`Tennis ${tag}`, new Date('2031-03-09T22:30:00Z'), {
      disciplineId: DISCIPLINE_IDS.TENNIS,
      sectorId: SECTOR_IDS.TENNIS,
    })
    await publish(`Settimana prima ${tag}`, new Date('2031-03-02T22:30:00Z'), {})
    await publish(`Settimana dopo ${tag}`, new Date('2031-03-09T23:30:00Z'), {})
    await publish(`Bozza ${tag}`, null, {})

    const every = await subscriber({ newsletter: true })
    const padelOnly = await subscriber({ newsletter: true, id_settore: SECTOR_IDS.PADEL })
    const noNotices = await subscriber({ newsletter: true, notifiche_email: false })
    const off = await subscriber({ newsletter: false })
    const untouched = await subscriber(null)

    const { db } = await testDatabase()
    const repos = createRepositories(db)
    const now = new Date('2031-03-12T10:00:00Z')
    expect(await sendNewsletter(repos, now, ORIGIN)).toBeGreaterThanOrEqual(3)

    const [mail, ...more] = await mailsTo(every.email)
    expect(more).toEqual([])
    expect(mail!.subject).toBe('Newsletter della federazione: le news dal 3 marzo al 9 marzo 2031')
    const titles = (body: string) => [...body.matchAll(/^• (.+)$/gm)].map((m) => m[1])
    expect(titles(mail!.body)).toEqual([federation.title, padel.title, tennis.title])
    expect(mail!.body).toContain(`${ORIGIN}/news-dettaglio/${padel.id}`)
    expect(mail!.body).toContain(`Sommario di ${padel.title}`)
    expect(mail!.body).toContain(`${ORIGIN}/impostazioni`)

    const [padelMail] = await mailsTo(padelOnly.email)
    expect(titles(padelMail!.body)).toEqual([federation.title, padel.title])
    // The newsletter is its own choice: «Ricevi notifiche via e-mail» is about the notices.
    expect(await mailsTo(noNotices.email)).toHaveLength(1)
    expect(await mailsTo(off.email)).toEqual([])
    expect(await mailsTo(untouched.email)).toEqual([])

    // Later passes of the same week (the runner's every minute) send nothing more.
    expect(await sendNewsletter(repos, new Date('2031-03-15T10:00:00Z'), ORIGIN)).toBe(0)
    expect(await mailsTo(every.email)).toHaveLength(1)
  })

  it('a week without news sends nothing', async () => {
    const every = await subscriber({ newsletter: true })
    const { db } = await testDatabase()
    expect(await sendNewsletter(createRepositories(db), new Date('2035-07-04T10:00:00Z'), ORIGIN)).toBe(0)
    expect(await mailsTo(every.email)).toEqual([])
  })
})
