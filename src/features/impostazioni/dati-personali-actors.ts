// The effects of «I miei dati» (machines/dati-personali.ts): the download of the export and the deletion.
import { fromPromise } from 'xstate'
// The contract module itself, not the endpoints table: the page's bundle carries only its own calls.
import { accountElimina, datiEsporta } from '../../../contract/dati-personali.ts'
import { datiPersonaliMachine } from '../../../machines/dati-personali.ts'
import { callApi } from '../../api/client.ts'

/** Saves `text` as a file named `name` (the browser's download). */
function saveFile(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

export const datiPersonaliLogic = datiPersonaliMachine.provide({
  actors: {
    esporta: fromPromise(async () => {
      const { result } = await callApi(datiEsporta, {})
      saveFile(`${JSON.stringify(result, null, 2)}\n`, result.nome_file)
    }),
    elimina: fromPromise(async ({ input }: { input: { password: string } }) => {
      await callApi(accountElimina, { password: input.password })
    }),
  },
})
