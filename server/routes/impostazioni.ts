import { endpoints } from '../../contract/endpoints.ts'
import type { ImpostazioniView } from '../../contract/impostazioni.ts'
import type { SettingsChanges, SettingsRow } from '../repositories/accounts.ts'
import { PRIVACY_DEFAULTS } from '../domain/privacy.ts'
import type { Api } from '../http/api.ts'
import { ApiError } from '../http/errors.ts'

/** The cached public reads that show people with their Power or find them (server/domain/privacy.ts). */
const PEOPLE_PREFIXES = [
  'ricerca_giocatori',
  'sfide/pubbliche/',
  'giocatori/dettaglio/view',
  // The Power history, and the statistics' opponents' level.
  'giocatori/statistiche/',
]

/** What an account that never saved its settings gets: the table's defaults. */
const DEFAULTS: Omit<ImpostazioniView, 'aggiornato_il'> = {
  notifiche_email: true,
  notifiche_tornei: true,
  notifiche_sfide: true,
  newsletter: false,
  visibile_ricerche: PRIVACY_DEFAULTS.visibileRicerche,
  mostra_power: PRIVACY_DEFAULTS.mostraPower,
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

export default function impostazioniRoutes(api: Api) {
  api.handle(endpoints.impostazioniViewUpsert, async ({ account, repos, body }) => {
    const changes = body.impostazioni
    if (!changes) return { result: view(await repos.accounts.settings(account.id)) }

    const set: SettingsChanges = { updatedAt: new Date() }
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
        const sector = await repos.lookup.sector(changes.id_settore)
        if (!sector) throw ApiError.badRequest(`Il settore ${changes.id_settore} non esiste.`)
        set.sectorId = sector.id
        set.disciplineId = sector.disciplineId
      }
    }

    const saved = view(await repos.accounts.saveSettings(account.id, set))
    // Cached anonymous answers that show people must follow a new privacy choice at once.
    if (changes.visibile_ricerche !== undefined || changes.mostra_power !== undefined)
      for (const prefix of PEOPLE_PREFIXES) api.invalidate(prefix)
    return { result: saved }
  })
}
