// The effects of /modifica-profilo (machines/modifica-profilo.ts, fototessera.ts, dati-spedizione.ts): the
// page's data, the comuni of a province, the birthplace of the codice fiscale, the saves, the photo.
import { fromPromise } from 'xstate'
// The contract modules themselves, not the endpoints table: the page's bundle carries only its own calls.
import { provincieGet } from '../../../contract/lookup.ts'
import {
  FOTOTESSERA,
  comuniGet,
  datiAnagraficiView,
  datiSpedizioneEdit,
  fototesseraDel,
  fototesseraEdit,
  profiloEdit,
  profiloView,
  type DatiAnagrafici,
  type ProfiloRiepilogo,
} from '../../../contract/profilo.ts'
import { datiSpedizioneMachine } from '../../../machines/dati-spedizione.ts'
import { fototesseraMachine, type PhotoShown } from '../../../machines/fototessera.ts'
import { modificaProfiloMachine, type Provincia } from '../../../machines/modifica-profilo.ts'
import { callApi, fetchWithToken, uploadForm } from '../../api/client.ts'
import { birthPlaceOf } from './codice-fiscale.ts'
import { cropToBlob, readImageFile } from './crop.ts'
import { toSpedizioneEdit } from './spedizione.ts'
import { matchComune, toProfiloEdit } from './validation.ts'

export type ProfiloData = {
  dati: DatiAnagrafici
  province: readonly Provincia[]
  profilo: ProfiloRiepilogo
  photo: PhotoShown | null
}

/** The stored photo as the page shows it: fetched with the token (an <img> cannot send it). */
async function photoShown(url: string | null): Promise<PhotoShown | null> {
  if (!url) return null
  try {
    return { url, src: URL.createObjectURL(await fetchWithToken(url)) }
  } catch {
    // The page works without the picture; the section offers to upload one again.
    return null
  }
}

/** The page's data: what the server has of the user, the provinces, the profile at a glance and the photo. */
export async function loadProfilo(): Promise<ProfiloData> {
  const [dati, province, profilo] = await Promise.all([
    callApi(datiAnagraficiView, {}),
    callApi(provincieGet, {}),
    callApi(profiloView, {}),
  ])
  return {
    dati: dati.result,
    province: province.result.map(({ sigla, nome }) => ({ sigla, nome })),
    profilo: profilo.result,
    photo: await photoShown(profilo.result.fototessera),
  }
}

async function comuniOf(provincia: string) {
  return (await callApi(comuniGet, { provincia })).result
}

export const profiloLogic = modificaProfiloMachine.provide({
  actors: {
    loadComuni: fromPromise(async ({ input }) => {
      const comuni = (await comuniOf(input.provincia)).map((comune) => comune.nome)
      return { comuni, comune: matchComune(comuni, input.comune) }
    }),
    checkBirthPlace: fromPromise(async ({ input }) => (await birthPlaceOf(input.codice_fiscale)) !== null),
    saveProfilo: fromPromise(async ({ input }) => (await callApi(profiloEdit, toProfiloEdit(input))).result),
  },
})

export const spedizioneLogic = datiSpedizioneMachine.provide({
  actors: {
    loadComuni: fromPromise(async ({ input }) =>
      (await comuniOf(input.provincia)).map((c) => ({ nome: c.nome, cap: c.cap ?? [] })),
    ),
    saveSpedizione: fromPromise(
      async ({ input }) => (await callApi(datiSpedizioneEdit, toSpedizioneEdit(input))).result,
    ),
  },
})

/**
 * The file last picked: the machine knows only its descriptor (name, type, size: its events go to the journal,
 * a File does not), the actor reads the file itself.
 */
let chosenFile: Blob | null = null
export function rememberChosenFile(file: Blob) {
  chosenFile = file
}

/** The photo's effects. */
export const fototesseraLogic = fototesseraMachine.provide({
  actors: {
    readImage: fromPromise(async () => {
      if (!chosenFile) throw new Error('nessun file')
      return readImageFile(chosenFile)
    }),
    uploadPhoto: fromPromise(async ({ input }) => {
      const form = new FormData()
      form.append(FOTOTESSERA.field, await cropToBlob(input.image, input.crop), 'fototessera.jpg')
      const saved = (await uploadForm(fototesseraEdit, form)).result
      // What the server stored (cleaned), not what was sent.
      return { url: saved.fototessera, src: URL.createObjectURL(await fetchWithToken(saved.fototessera)) }
    }),
    removePhoto: fromPromise(async () => {
      await callApi(fototesseraDel, {})
    }),
  },
})
