// The effects of /modifica-profilo (machines/modifica-profilo.ts): the form's data, the comuni of a province,
// the birthplace of the codice fiscale, the save.
import { fromPromise } from 'xstate'
// The contract modules themselves, not the endpoints table: the page's bundle carries only its own calls.
import { provincieGet } from '../../../contract/lookup.ts'
import { comuniGet, datiAnagraficiView, profiloEdit, type DatiAnagrafici } from '../../../contract/profilo.ts'
import { modificaProfiloMachine, type Provincia } from '../../../machines/modifica-profilo.ts'
import { callApi } from '../../api/client.ts'
import { birthPlaceOf } from './codice-fiscale.ts'
import { matchComune, toProfiloEdit } from './validation.ts'

export type ProfiloData = { dati: DatiAnagrafici; province: readonly Provincia[] }

/** The page's data: what the server has of the user, and the provinces. */
export async function loadProfilo(): Promise<ProfiloData> {
  const [dati, province] = await Promise.all([callApi(datiAnagraficiView, {}), callApi(provincieGet, {})])
  return { dati: dati.result, province: province.result.map(({ sigla, nome }) => ({ sigla, nome })) }
}

export const profiloLogic = modificaProfiloMachine.provide({
  actors: {
    loadComuni: fromPromise(async ({ input }) => {
      const response = await callApi(comuniGet, { provincia: input.provincia })
      const comuni = response.result.map((comune) => comune.nome)
      return { comuni, comune: matchComune(comuni, input.comune) }
    }),
    checkBirthPlace: fromPromise(async ({ input }) => (await birthPlaceOf(input.codice_fiscale)) !== null),
    saveProfilo: fromPromise(async ({ input }) => (await callApi(profiloEdit, toProfiloEdit(input))).result),
  },
})
