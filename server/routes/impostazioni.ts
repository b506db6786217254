import { eq } from 'drizzle-orm'
import { endpoints } from '../../contract/endpoints.ts'
import type { ImpostazioniView } from '../../contract/impostazioni.ts'
import type { Db } from '../db/client.ts'
import { sectors } from '../db/schema/core.ts'
import { userSettings } from '../db/schema/domain.ts'
import type { Api } from '../http/api.ts'
import { ApiError } from '../http/errors.ts'

type SettingsRow = typeof userSettings.$inferSelect

/** What an account that never saved its settings gets: the table's defaults. */
const DEFAULTS: Omit<ImpostazioniView, 'aggiornato_il'> = {
  notifiche_email: true,
  notifiche_tornei: true,
  notifiche_sfide: true,
  newsletter: false,
  visibile_ricerche: true,
  mostra_power: true,
  id_settore: null,
}

function view(row: SettingsRow | undefined): ImpostazioniView {
  if (!row) return { ...DEFAULTS, aggiornato_il: null }
  return {
    notifiche_email: row.notificheEmail,
    notifiche_tornei: row.notificheTornei,
    notifiche_sfide: row.notificheSfide,
    newsletter: row.newsletter,
    visibile_ricerche: row.visibileRicerche,
    mostra_power: row.mostraPower,
    id_settore: row.sectorId,
    aggiornato_il: row.updatedAt.toISOString(),
  }
}

async function settingsOf(db: Db, accountId: string) {
  return (await db.select().from(userSettings).where(eq(userSettings.accountId, accountId)).limit(1))[0]
}

export default function impostazioniRoutes(api: Api) {
  api.handle(endpoints.impostazioniViewUpsert, async ({ account, db, body }) => {
    const changes = body.impostazioni
    if (!changes) return { result: view(await settingsOf(db, account.id)) }

    const set: Partial<typeof userSettings.$inferInsert> = { updatedAt: new Date() }
    if (changes.notifiche_email !== undefined) set.notificheEmail = changes.notifiche_email
    if (changes.notifiche_tornei !== undefined) set.notificheTornei = changes.notifiche_tornei
    if (changes.notifiche_sfide !== undefined) set.notificheSfide = changes.notifiche_sfide
    if (changes.newsletter !== undefined) set.newsletter = changes.newsletter
    if (changes.visibile_ricerche !== undefined) set.visibileRicerche = changes.visibile_ricerche
    if (changes.mostra_power !== undefined) set.mostraPower = changes.mostra_power
    if (changes.id_settore !== undefined) {
      if (changes.id_settore === null) {
        set.sectorId = null
        set.disciplineId = null
      } else {
        const [sector] = await db
          .select({ id: sectors.id, disciplineId: sectors.disciplineId })
          .from(sectors)
          .where(eq(sectors.id, changes.id_settore))
          .limit(1)
        if (!sector) throw ApiError.badRequest(`Il settore ${changes.id_settore} non esiste.`)
        set.sectorId = sector.id
        set.disciplineId = sector.disciplineId
      }
    }

    const [saved] = await db
      .insert(userSettings)
      .values({ ...set, accountId: account.id })
      .onConflictDoUpdate({ target: userSettings.accountId, set })
      .returning()
    return { result: view(saved) }
  })
}
