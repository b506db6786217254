/**
 * «I miei dati» on /impostazioni (issue 23 item 6, docs/regole.md «I miei dati»): download everything stored
 * about me, and delete my account after a confirmation and my password again (re-authentication).
 *
 * Two regions side by side:
 * - `esportazione`: idle → exporting → idle (the file saved, or the error to read);
 * - `eliminazione`: idle → confirming (what is erased and what stays) → reauthenticating (the password) →
 *   deleting → deleted; a refusal (wrong password, network) goes back to reauthenticating with its message.
 *
 * Events it accepts
 * - `dati.esporta`                      esportazione idle: download the data
 * - `elimina.apri`                      eliminazione idle: open the confirmation
 * - `elimina.continua`                  confirming: go on to the password
 * - `password.changed` { password }     reauthenticating: the password typed
 * - `elimina.conferma`                  reauthenticating, with a password: delete the account
 * - `elimina.annulla`                   confirming, reauthenticating: close, nothing deleted
 * Context the views read: `password`, `exportNotice`, `exportError`, `deleteError`.
 * Tags: `exporting`, `dialog` (the deletion's dialog shows), `deleting`.
 * Actors: `esporta` (no input) resolves once the file is saved; `elimina` (input: { password }) resolves once the
 * account is deleted. Both reject with the API client's failure.
 */
import { assign, setup } from 'xstate'
import { providedByTheApplication, userMessage } from './actor-contracts.ts'
import type { MachineLabels } from './labels.ts'

export const EXPORT_DONE = 'Il file con i tuoi dati è stato scaricato.'

export interface DatiPersonaliContext {
  password: string
  exportNotice: string | null
  exportError: string | null
  deleteError: string | null
}

export type DatiPersonaliEvent =
  | { type: 'dati.esporta' }
  | { type: 'elimina.apri' }
  | { type: 'elimina.continua' }
  | { type: 'password.changed'; password: string }
  | { type: 'elimina.conferma' }
  | { type: 'elimina.annulla' }

export const datiPersonaliMachine = setup({
  types: {
    context: {} as DatiPersonaliContext,
    events: {} as DatiPersonaliEvent,
    tags: {} as 'exporting' | 'dialog' | 'deleting',
  },
  actors: {
    esporta: providedByTheApplication<void, void>('datiPersonali', 'esporta'),
    elimina: providedByTheApplication<void, { password: string }>('datiPersonali', 'elimina'),
  },
  guards: {
    hasPassword: ({ context }) => context.password !== '',
  },
  actions: {
    clearDelete: assign({ password: '', deleteError: null }),
  },
}).createMachine({
  id: 'datiPersonali',
  type: 'parallel',
  context: { password: '', exportNotice: null, exportError: null, deleteError: null },
  states: {
    esportazione: {
      meta: { title: 'Scarica i miei dati', description: 'Il file JSON con tutti i dati dell’utente.' },
      initial: 'idle',
      states: {
        idle: {
          meta: { title: 'Pronto a scaricare', description: 'Il pulsante «Scarica i miei dati» è attivo.' },
          on: {
            'dati.esporta': {
              target: 'exporting',
              actions: assign({ exportNotice: null, exportError: null }),
            },
          },
        },
        exporting: {
          meta: {
            title: 'Preparazione del file',
            description: 'Il portale raccoglie i dati e scarica il file.',
          },
          tags: 'exporting',
          invoke: {
            id: 'esporta',
            src: 'esporta',
            onDone: { target: 'idle', actions: assign({ exportNotice: EXPORT_DONE }) },
            onError: {
              target: 'idle',
              actions: assign({ exportError: ({ event }) => userMessage(event.error) }),
            },
          },
        },
      },
    },
    eliminazione: {
      meta: { title: 'Elimina l’account', description: 'Conferma, password di nuovo, eliminazione.' },
      initial: 'idle',
      states: {
        idle: {
          meta: { title: 'Account attivo', description: 'Il pulsante «Elimina l’account» è attivo.' },
          on: { 'elimina.apri': { target: 'confirming', actions: 'clearDelete' } },
        },
        confirming: {
          meta: {
            title: 'Conferma',
            description: 'La finestra spiega cosa viene cancellato e cosa resta, con «Continua» e «Annulla».',
          },
          tags: 'dialog',
          on: {
            'elimina.continua': 'reauthenticating',
            'elimina.annulla': { target: 'idle', actions: 'clearDelete' },
          },
        },
        reauthenticating: {
          meta: {
            title: 'Password',
            description: 'Si chiede di nuovo la password; «Elimina definitivamente» la invia.',
          },
          tags: 'dialog',
          on: {
            'password.changed': {
              actions: assign({ password: ({ event }) => event.password, deleteError: null }),
            },
            'elimina.conferma': { guard: 'hasPassword', target: 'deleting' },
            'elimina.annulla': { target: 'idle', actions: 'clearDelete' },
          },
        },
        deleting: {
          meta: { title: 'Eliminazione in corso', description: 'Il portale elimina l’account.' },
          tags: ['dialog', 'deleting'],
          invoke: {
            id: 'elimina',
            src: 'elimina',
            input: ({ context }) => ({ password: context.password }),
            onDone: { target: 'deleted', actions: assign({ password: '' }) },
            onError: {
              target: 'reauthenticating',
              actions: assign({ deleteError: ({ event }) => userMessage(event.error) }),
            },
          },
        },
        deleted: {
          meta: {
            title: 'Account eliminato',
            description: 'L’account non esiste più: il portale esce e torna alla home.',
          },
          type: 'final',
        },
      },
    },
  },
})

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const datiPersonaliLabels: MachineLabels = {
  events: {
    'dati.esporta': 'Scarica i miei dati',
    'elimina.apri': 'Elimina l’account',
    'elimina.continua': 'Continua',
    'password.changed': 'password scritta',
    'elimina.conferma': 'Elimina definitivamente',
    'elimina.annulla': 'Annulla',
    'xstate.done.actor.esporta': 'file scaricato',
    'xstate.error.actor.esporta': 'download non riuscito',
    'xstate.done.actor.elimina': 'account eliminato',
    'xstate.error.actor.elimina': 'eliminazione rifiutata',
  },
  guards: { hasPassword: 'la password è scritta' },
}
