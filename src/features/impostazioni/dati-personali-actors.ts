// The effects of «I miei dati» (machines/dati-personali.ts): the download of the export and the deletion.
import { fromPromise } from 'xstate'
// The contract module itself, not the endpoints table: the page's bundle carries only its own calls.
import { accountElimina, datiEsporta } from '../../../contract/dati-personali.ts'
import { datiPersonaliMachine } from '../../../machines/dati-personali.ts'
import { callApi } from '../../api/client.ts'
import { saveFile } from '../../ui/save-file.ts'

export const datiPersonaliLogic = datiPersonaliMachine.provide({
  actors: {
    esporta: fromPromise(async () => {
      const { result } = await callApi(datiEsporta, {})
      saveFile(
        new Blob([`${JSON.stringify(result, null, 2)}\n`], { type: 'application/json' }),
        result.nome_file,
      )
    }),
    elimina: fromPromise(async ({ input }: { input: { password: string } }) => {
      await callApi(accountElimina, { password: input.password })
    }),
  },
})
