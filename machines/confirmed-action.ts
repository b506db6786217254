/**
 * A confirmed action (spec §4, §5, §8): a dialog asks 'Sei sicuro?' (Conferma / Annulla), shows a loader
 * while the request runs, then a success or an error dialog with 'Chiudi'. The error dialog cannot be
 * dismissed by clicking outside: it takes `dialog.close` only, never `dialog.cancel`.
 *
 * Input: { confirmText? = 'Sei sicuro?', successText? = 'Operazione completata', errorText? = generic message }
 * Events it accepts
 * - `dialog.open` { request? }  idle, succeeded, failed: ask for confirmation (request is passed to `submit`)
 * - `dialog.confirm`            confirming: run the request (Conferma)
 * - `dialog.cancel`             confirming, succeeded: close without doing anything (Annulla, Esc, click outside)
 * - `dialog.close`              succeeded, failed: close the result dialog (Chiudi)
 * Context the views read
 * - `confirmText`               the question of the confirmation dialog
 * - `message`                   the text of the result dialog: the caller's success text, or the server's
 *                               message / the caller's fallback on failure
 * - `response`                  the last { status, body }, for the caller (e.g. reload a list after success)
 * Tags: `open` while a dialog shows, `busy` while submitting.
 * Actor: `submit` (input: { request }) resolves with { status, body } of the HTTP answer, rejects on a network
 * error; the caller provides it with `confirmedActionMachine.provide({ actors: { submit } })`.
 */
import { assign, setup } from 'xstate'
import { MESSAGES, isReadableMessage } from '../contract/common.ts'
import { providedByTheApplication } from './actor-contracts.ts'
import type { MachineLabels } from './labels.ts'

export const DEFAULT_CONFIRM_TEXT = 'Sei sicuro?'
export const DEFAULT_SUCCESS_TEXT = 'Operazione completata'

export interface SubmitResponse {
  status: number
  body?: unknown
}

export interface ConfirmedActionInput {
  confirmText?: string | undefined
  successText?: string | undefined
  errorText?: string | undefined
}

export interface ConfirmedActionContext {
  confirmText: string
  successText: string
  errorText: string
  request: unknown
  message: string | null
  response: SubmitResponse | null
}

export type ConfirmedActionEvent =
  | { type: 'dialog.open'; request?: unknown }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'dialog.close' }

function bodyField(body: unknown, key: string): unknown {
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>)[key] : undefined
}

/** Spec §5: failed unless 200/204, and a 200 fails too when its body carries a statusCode other than 200. */
export function isFailedResponse(response: SubmitResponse): boolean {
  if (response.status !== 200 && response.status !== 204) return true
  if (response.status === 204) return false
  return ['statusCode', 'StatusCode'].some((key) => {
    const code = bodyField(response.body, key)
    return code !== undefined && code !== null && Number(code) !== 200
  })
}

/**
 * The server's message when the body has one the user may read, otherwise the caller's fallback (spec §8): an
 * English «Internal Server Error» from a proxy or a framework is never shown (issue 19, item 5).
 */
export function failureMessage(body: unknown, fallback: string): string {
  const message = bodyField(body, 'message')
  return isReadableMessage(message) ? message : fallback
}

export const confirmedActionMachine = setup({
  types: {
    context: {} as ConfirmedActionContext,
    events: {} as ConfirmedActionEvent,
    input: {} as ConfirmedActionInput,
    tags: {} as 'open' | 'busy',
  },
  actors: {
    submit: providedByTheApplication<SubmitResponse, { request: unknown }>('confirmedAction', 'submit'),
  },
  guards: {
    isFailedResponse: (_, response: SubmitResponse) => isFailedResponse(response),
  },
  actions: {
    prepare: assign((_, { request }: { request: unknown }) => ({ request, message: null, response: null })),
    succeed: assign(({ context }, response: SubmitResponse) => ({ response, message: context.successText })),
    fail: assign(({ context }, response: SubmitResponse) => ({
      response,
      message: failureMessage(response.body, context.errorText),
    })),
    failOnError: assign(({ context }) => ({ response: null, message: context.errorText })),
    reset: assign({ request: undefined, message: null, response: null }),
  },
}).createMachine({
  id: 'confirmedAction',
  initial: 'idle',
  context: ({ input }) => ({
    confirmText: input?.confirmText ?? DEFAULT_CONFIRM_TEXT,
    successText: input?.successText ?? DEFAULT_SUCCESS_TEXT,
    errorText: input?.errorText ?? MESSAGES.generic,
    request: undefined,
    message: null,
    response: null,
  }),
  states: {
    idle: {
      meta: { title: 'Nessuna finestra aperta', description: 'Nessuna richiesta di conferma è aperta.' },
      on: {
        'dialog.open': {
          target: 'confirming',
          actions: { type: 'prepare', params: ({ event }) => ({ request: event.request }) },
          meta: { spec: '§4 azione confermata' },
        },
      },
    },
    confirming: {
      meta: {
        title: 'Richiesta di conferma',
        description: 'Compare «Sei sicuro?» con «Conferma» e «Annulla».',
      },
      tags: 'open',
      on: {
        'dialog.confirm': { target: 'submitting', meta: { spec: '§4 azione confermata' } },
        'dialog.cancel': { target: 'idle', actions: 'reset' },
      },
    },
    submitting: {
      meta: {
        title: 'Invio in corso',
        description: 'La richiesta è inviata; compare l’indicatore di caricamento.',
      },
      tags: ['open', 'busy'],
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ request: context.request }),
        onDone: [
          {
            guard: { type: 'isFailedResponse', params: ({ event }) => event.output },
            target: 'failed',
            actions: { type: 'fail', params: ({ event }) => event.output },
            meta: { spec: ['§4 azione confermata', '§8 richiesta confermata fallita'] },
          },
          {
            target: 'succeeded',
            actions: { type: 'succeed', params: ({ event }) => event.output },
            meta: { spec: ['§4 azione confermata', '§8 richiesta confermata riuscita'] },
          },
        ],
        onError: {
          target: 'failed',
          actions: 'failOnError',
          meta: { spec: ['§4 azione confermata', '§8 richiesta confermata fallita'] },
        },
      },
    },
    succeeded: {
      meta: {
        title: 'Operazione riuscita',
        description: 'Il server ha accettato: compare l’esito con «Chiudi».',
      },
      tags: 'open',
      on: {
        'dialog.close': {
          target: 'idle',
          actions: 'reset',
          meta: { spec: '§8 richiesta confermata riuscita' },
        },
        'dialog.cancel': { target: 'idle', actions: 'reset' },
        'dialog.open': {
          target: 'confirming',
          actions: { type: 'prepare', params: ({ event }) => ({ request: event.request }) },
        },
      },
    },
    failed: {
      // Only Chiudi closes it: no dialog.cancel here (§8: not dismissible by clicking outside).
      meta: {
        title: 'Operazione non riuscita',
        description: 'Compare il messaggio del server; la finestra si chiude solo con «Chiudi».',
        spec: '§8 richiesta confermata fallita',
      },
      tags: 'open',
      on: {
        'dialog.close': {
          target: 'idle',
          actions: 'reset',
          meta: { spec: '§8 richiesta confermata fallita' },
        },
        'dialog.open': {
          target: 'confirming',
          actions: { type: 'prepare', params: ({ event }) => ({ request: event.request }) },
        },
      },
    },
  },
})

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const confirmedActionLabels: MachineLabels = {
  events: {
    'dialog.open': 'azione richiesta',
    'dialog.confirm': 'Conferma',
    'dialog.cancel': 'Annulla',
    'dialog.close': 'Chiudi',
    'xstate.done.actor.submit': 'risposta del server',
    'xstate.error.actor.submit': 'invio non riuscito',
  },
  guards: {
    isFailedResponse: 'il server segnala un errore',
  },
}
