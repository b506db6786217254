// The e-mail toggles of /impostazioni gate the outbox's e-mails; the portal notices always arrive (issue 23,
// items 4 and 5; docs/regole.md, «Impostazioni»).
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { avvisi } from '../../server/db/schema/avvisi.ts'
import { userSettings } from '../../server/db/schema/domain.ts'
import { idpOutbox } from '../../server/db/schema/idp.ts'
import { notify } from '../../server/repositories/outbox.ts'
import { buildTestApp, call, createAccount, testDatabase, tokenFor } from '../support/server.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

async function personWith(impostazioni: Record<string, boolean> | null) {
  const account = await createAccount()
  const saved = impostazioni
    ? (await call(app, 'impostazioni/view_upsert', { impostazioni }, await tokenFor(account))).status
    : 200
  expect(saved).toBe(200)
  return account
}

/** Tells the person one notice, as the tournament or challenge code does, and reads what reached them. */
async function tell(account: { personId: number | null; email: string }, optIn?: 'tornei' | 'sfide') {
  const { db } = await testDatabase()
  const testo = `Avviso di prova ${Math.random()}`
  await notify(db, [{ destinatario: account.personId!, testo }], {
    by: null,
    about: () => ({ ambito: 'torneo', riferimento: 1 }),
    subject: 'Prova',
    now: new Date(),
    mailOptIn:
      optIn === 'tornei'
        ? userSettings.notificheTornei
        : optIn === 'sfide'
          ? userSettings.notificheSfide
          : undefined,
  })
  const notices = await db.select().from(avvisi).where(eq(avvisi.personId, account.personId!))
  const mails = await db.select().from(idpOutbox).where(eq(idpOutbox.recipient, account.email))
  return {
    notice: notices.some((n) => n.testo === testo),
    mail: mails.some((m) => m.body === testo),
  }
}

describe('the e-mail toggles of /impostazioni', () => {
  it('by default every e-mail is sent, beside the portal notice', async () => {
    const account = await personWith(null)
    expect(await tell(account)).toEqual({ notice: true, mail: true })
    expect(await tell(account, 'tornei')).toEqual({ notice: true, mail: true })
    expect(await tell(account, 'sfide')).toEqual({ notice: true, mail: true })
  })

  it('«Ricevi notifiche via e-mail» off stops every e-mail, not the portal notices', async () => {
    const account = await personWith({ notifiche_email: false })
    expect(await tell(account)).toEqual({ notice: true, mail: false })
    expect(await tell(account, 'tornei')).toEqual({ notice: true, mail: false })
    expect(await tell(account, 'sfide')).toEqual({ notice: true, mail: false })
  })

  it('a topic off stops that topic’s e-mails only', async () => {
    const account = await personWith({ notifiche_tornei: false })
    expect(await tell(account, 'tornei')).toEqual({ notice: true, mail: false })
    expect(await tell(account, 'sfide')).toEqual({ notice: true, mail: true })
    expect(await tell(account)).toEqual({ notice: true, mail: true })
  })
})
