// The effects of /impostazioni: loading the settings, and saving what changed (machines/impostazioni.ts).
import { fromPromise } from 'xstate'
import { DISCIPLINES } from '../../../contract/constants.ts'
// The contract modules themselves, not the endpoints table: the page's bundle carries only its own calls.
import { impostazioniViewUpsert, type ImpostazioniView } from '../../../contract/impostazioni.ts'
import { privacyEdit, privacyView, type StatoConsensi } from '../../../contract/profilo.ts'
import { impostazioniMachine, type SaveOutcome } from '../../../machines/impostazioni.ts'
import { callApi } from '../../api/client.ts'

/** The sectors offered for notifications, labelled for people: 'Tennis', 'Tennis – Junior', 'Padel'… */
export const SETTORI_NOTIFICHE = DISCIPLINES.flatMap((d) =>
  d.settori.map((s) => ({ id: s.id as number, nome: s.nome === d.nome ? d.nome : `${d.nome} – ${s.nome}` })),
)

export type ImpostazioniData = { settings: ImpostazioniView; consensi: StatoConsensi }

/**
 * The page's data, as the server holds it: the saved settings (view_upsert with no changes reads them) and the
 * consents (the profilation box shows the stored consent, not the session's flags, unknown while it starts).
 */
export async function loadImpostazioni(): Promise<ImpostazioniData> {
  const [settings, consensi] = await Promise.all([
    callApi(impostazioniViewUpsert, {}),
    callApi(privacyView, {}),
  ])
  return { settings: settings.result, consensi: consensi.result }
}

export const impostazioniLogic = impostazioniMachine.provide({
  actors: {
    saveImpostazioni: fromPromise(async ({ input }): Promise<SaveOutcome> => {
      const view =
        Object.keys(input.changes).length > 0
          ? (await callApi(impostazioniViewUpsert, { impostazioni: input.changes })).result
          : null
      const consensi =
        input.profilation === null
          ? null
          : (await callApi(privacyEdit, { profilation: input.profilation })).result
      return { view, consensi }
    }),
  },
})
