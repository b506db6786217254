/**
 * The card photo on /modifica-profilo (issue 23 item 1): choose a file, crop it to the card's ratio with a
 * preview, upload it; or remove the photo.
 *
 * Input: { photo }  the stored photo as the page shows it ({ url, src } or null)
 * Events it accepts
 * - `file.chosen` { file: { name, type, size } }  idle: a file was picked (refused here when its declared type or
 *                                                 size is wrong; the server checks the bytes anyway)
 * - `crop.changed` { crop }                       cropping: zoom or position changed
 * - `crop.cancel`                                 cropping: back, nothing sent
 * - `crop.confirm`                                cropping: cut and upload
 * - `photo.remove`                                idle, with a photo: remove it
 * Context the views read: `photo`, `image` (the picture being cropped), `crop`, `error`, `notice`.
 * Tags: `busy` while reading, uploading or removing.
 * Actors: `readImage` (input: the chosen file's descriptor) → { src, width, height };
 * `uploadPhoto` (input: { image, crop }) → the stored photo { url, src }; `removePhoto` → nothing.
 */
import { assign, setup } from 'xstate'
import { FOTOTESSERA, FOTOTESSERA_MESSAGES } from '../contract/profilo.ts'
import { providedByTheApplication, userMessage } from './actor-contracts.ts'
import type { MachineLabels } from './labels.ts'

/** What the machine knows of a picked file (the view keeps the File itself for the actors). */
export type ChosenFile = { name: string; type: string; size: number }
export type PhotoShown = { url: string; src: string }
export type ImageToCrop = { src: string; width: number; height: number }
/** Zoom from 1 (the largest card-shaped cut) to MAX_ZOOM; x and y from 0 (left, top) to 1 (right, bottom). */
export type Crop = { zoom: number; x: number; y: number }

export const MAX_ZOOM = 4
export const CENTRED: Crop = { zoom: 1, x: 0.5, y: 0.5 }
export const ACCEPTED_TYPES: readonly string[] = FOTOTESSERA.accept.split(',')

/** The message for a file refused before reading it, or null. */
export function chosenFileProblem(file: ChosenFile): string | null {
  if (!ACCEPTED_TYPES.includes(file.type)) return FOTOTESSERA_MESSAGES.notAnImage
  if (file.size > FOTOTESSERA.maxBytes) return FOTOTESSERA_MESSAGES.tooLarge
  if (file.size === 0) return FOTOTESSERA_MESSAGES.missing
  return null
}

export const PHOTO_SAVED = 'Fototessera salvata.'
export const PHOTO_REMOVED = 'Fototessera rimossa.'

export interface FototesseraContext {
  photo: PhotoShown | null
  image: ImageToCrop | null
  crop: Crop
  error: string | null
  notice: string | null
}

export type FototesseraEvent =
  | { type: 'file.chosen'; file: ChosenFile }
  | { type: 'crop.changed'; crop: Crop }
  | { type: 'crop.cancel' }
  | { type: 'crop.confirm' }
  | { type: 'photo.remove' }

export const fototesseraMachine = setup({
  types: {
    context: {} as FototesseraContext,
    events: {} as FototesseraEvent,
    input: {} as { photo: PhotoShown | null },
    tags: {} as 'busy',
  },
  actors: {
    readImage: providedByTheApplication<ImageToCrop, ChosenFile>('fototessera', 'readImage'),
    uploadPhoto: providedByTheApplication<PhotoShown, { image: ImageToCrop; crop: Crop }>(
      'fototessera',
      'uploadPhoto',
    ),
    removePhoto: providedByTheApplication<void, void>('fototessera', 'removePhoto'),
  },
  guards: {
    isRefused: (_, file: ChosenFile) => chosenFileProblem(file) !== null,
    hasPhoto: ({ context }) => context.photo !== null,
  },
  actions: {
    refuseFile: assign((_, file: ChosenFile) => ({ error: chosenFileProblem(file), notice: null })),
    startReading: assign({ error: null, notice: null, crop: CENTRED }),
    storeImage: assign((_, image: ImageToCrop) => ({ image })),
    setCrop: assign((_, crop: Crop) => ({ crop })),
    dropImage: assign({ image: null }),
    clearMessages: assign({ error: null, notice: null }),
    storeFailure: assign((_, { error }: { error: unknown }) => ({ error: userMessage(error) })),
    readFailed: assign({ error: FOTOTESSERA_MESSAGES.unreadable, image: null }),
    storePhoto: assign((_, photo: PhotoShown) => ({ photo, image: null, notice: PHOTO_SAVED })),
    forgetPhoto: assign({ photo: null, notice: PHOTO_REMOVED }),
  },
}).createMachine({
  id: 'fototessera',
  initial: 'idle',
  context: ({ input }) => ({ photo: input.photo, image: null, crop: CENTRED, error: null, notice: null }),
  states: {
    idle: {
      meta: { title: 'Fototessera', description: 'La foto salvata, oppure nessuna; si può sceglierne una.' },
      on: {
        'file.chosen': [
          {
            guard: { type: 'isRefused', params: ({ event }) => event.file },
            actions: { type: 'refuseFile', params: ({ event }) => event.file },
          },
          { target: 'reading', actions: 'startReading' },
        ],
        'photo.remove': { guard: 'hasPhoto', target: 'removing', actions: 'clearMessages' },
      },
    },
    reading: {
      meta: { title: 'Lettura della foto', description: 'Il browser apre la foto scelta.' },
      tags: 'busy',
      invoke: {
        id: 'readImage',
        src: 'readImage',
        input: ({ event }) => (event as Extract<FototesseraEvent, { type: 'file.chosen' }>).file,
        onDone: {
          target: 'cropping',
          actions: { type: 'storeImage', params: ({ event }) => event.output },
        },
        onError: { target: 'idle', actions: 'readFailed' },
      },
    },
    cropping: {
      meta: {
        title: 'Ritaglio',
        description: 'Ingrandimento e posizione, con l’anteprima nel formato della tessera (35 × 45 mm).',
      },
      on: {
        'crop.changed': { actions: { type: 'setCrop', params: ({ event }) => event.crop } },
        'crop.cancel': { target: 'idle', actions: ['dropImage', 'clearMessages'] },
        'crop.confirm': { target: 'uploading', actions: 'clearMessages' },
      },
    },
    uploading: {
      meta: {
        title: 'Invio della foto',
        description: 'Il server controlla la foto, la ripulisce e la salva.',
      },
      tags: 'busy',
      invoke: {
        id: 'uploadPhoto',
        src: 'uploadPhoto',
        input: ({ context }) => ({ image: context.image!, crop: context.crop }),
        onDone: { target: 'idle', actions: { type: 'storePhoto', params: ({ event }) => event.output } },
        // Back to the crop: the user can try again or choose another photo.
        onError: {
          target: 'cropping',
          actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    removing: {
      meta: { title: 'Rimozione della foto', description: 'La fototessera viene tolta dal profilo.' },
      tags: 'busy',
      invoke: {
        id: 'removePhoto',
        src: 'removePhoto',
        onDone: { target: 'idle', actions: 'forgetPhoto' },
        onError: {
          target: 'idle',
          actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
})

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const fototesseraLabels: MachineLabels = {
  events: {
    'file.chosen': 'foto scelta',
    'crop.changed': 'ritaglio modificato',
    'crop.cancel': 'Annulla',
    'crop.confirm': 'Salva la fototessera',
    'photo.remove': 'Rimuovi la fototessera',
    'xstate.done.actor.readImage': 'foto aperta',
    'xstate.error.actor.readImage': 'foto illeggibile',
    'xstate.done.actor.uploadPhoto': 'foto salvata',
    'xstate.error.actor.uploadPhoto': 'foto rifiutata o non inviata',
    'xstate.done.actor.removePhoto': 'foto rimossa',
    'xstate.error.actor.removePhoto': 'foto non rimossa',
  },
  guards: {
    isRefused: 'il file non è una foto accettata o è troppo grande',
    hasPhoto: 'c’è una fototessera',
  },
}
