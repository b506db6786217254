import { desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pageViews } from '../../server/db/schema/core.ts'
import { buildTestApp, call, createAccount, testDatabase, tokenFor } from '../support/server.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

describe('analytics/page-view', () => {
  it('stores an anonymous view without its query string', async () => {
    const response = await call(app, 'analytics/page-view', {
      path: '/tornei/calendario-tornei?code=abc',
      id_settore: 2,
    })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ result: { registrata: true } })
    const { db } = await testDatabase()
    const [row] = await db.select().from(pageViews).orderBy(desc(pageViews.id)).limit(1)
    expect(row).toMatchObject({ path: '/tornei/calendario-tornei', sectorId: 2, accountId: null })
  })

  it("links the view to the signed-in user's account", async () => {
    const account = await createAccount()
    await call(app, 'analytics/page-view', { path: '/impostazioni' }, await tokenFor(account))
    const { db } = await testDatabase()
    const rows = await db.select().from(pageViews).where(eq(pageViews.accountId, account.id))
    expect(rows.map((r) => r.path)).toEqual(['/impostazioni'])
  })

  it('refuses a path that is not a portal path', async () => {
    const response = await call(app, 'analytics/page-view', { path: 'https://altrove.example/x' })
    expect(response.status).toBe(400)
    expect(response.body.message).toContain('«path» deve essere un percorso del portale')
    expect((await call(app, 'analytics/page-view', {})).status).toBe(400)
  })
})
