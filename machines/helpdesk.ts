/**
 * The help desk of /helpdesk (issue 23 item 3), once the page-data machine has loaded the categories, the user's
 * cards, their requests and (for the federation's staff only) the open requests of everyone.
 *
 * Input: { categorie, tessere, richieste, coda, storico?, totali? }  coda and storico are null when the server says
 * the user is not staff; totali says how many each list holds on the server (the first page is loaded).
 * Events it accepts
 * - `field.changed` { field, value }      idle: a field of the new request changed
 * - `files.added` { files }               idle: files chosen as attachments join the list (each checked at once)
 * - `file.removed` { index }              idle: an attachment leaves the list
 * - `form.submit` { id_settore }          idle: send a valid request, otherwise show each field's Italian error
 * - `reply.changed` { id, value }         idle: the staff's reply to an open request changed
 * - `reply.submit` { id }                 idle: send a non-empty reply, otherwise say it is missing
 * - `request.close` { id }                idle: ask to close a request not closed yet (mine, or the staff's)
 * - `dialog.confirm` / `dialog.cancel`    confirmingClose: close it, or leave it as it is
 * - `list.more` { list }                  idle: load the next page of a list that has more on the server
 * Context the views read: `values`, `errors`, `error` (the server's refusal), `sent` (the request just sent),
 * `allegati` (the chosen files) and `allegatiErrors` (one Italian problem or null per file), `attempts`,
 * `richieste` (mine, newest first), `coda` (open requests), `storico` (those the staff member answered or closed),
 * `totali`, `replies`, `replyErrors`, `answered` (last id), `closing` (the id asked to close), `closed` (last
 * id closed), `closeError`, `moreError`.
 * Tags: `sending` while a request, a reply or a closing is sent; `loading` while a next page loads.
 * Actors: `send` (input: draft + id_settore) → Richiesta; `reply` (input: { id_richiesta, risposta }) → Richiesta;
 * `close` (input: { id_richiesta }) → Richiesta; `loadMore` (input: { list, rowstoskip }) → HelpdeskPage.
 */
import { assign, setup } from 'xstate'
import {
  HELPDESK_ALLEGATI,
  HELPDESK_MESSAGGIO_MAX,
  HELPDESK_OGGETTO_MAX,
  HELPDESK_RISPOSTA_MAX,
  type CategoriaRichiesta,
  type Richiesta,
  type TesseraScelta,
} from '../contract/helpdesk.ts'
import { providedByTheApplication, userMessage } from './actor-contracts.ts'
import type { MachineLabels } from './labels.ts'

export type HelpdeskDraft = {
  id_categoria: string
  codice_tessera: string
  oggetto: string
  messaggio: string
}
export type HelpdeskField = keyof HelpdeskDraft
export type HelpdeskErrors = Partial<Record<HelpdeskField, string>>

/** A file chosen as an attachment (the browser's File; only these fields are read here). */
export type ChosenFile = { readonly name: string; readonly size: number; readonly type: string }

export type HelpdeskSend = {
  id_settore: number
  id_categoria: number
  codice_tessera?: string
  oggetto: string
  messaggio: string
  /** Present only when files are attached: the request then travels as multipart. */
  allegati?: readonly ChosenFile[]
}
export type HelpdeskReply = { id_richiesta: number; risposta: string }

/** The three lists of the page: mine, the staff's queue of open requests, the staff's history. */
export type HelpdeskList = 'richieste' | 'coda' | 'storico'
export type HelpdeskPage = { results: readonly Richiesta[]; record: number }
export type HelpdeskMore = { list: HelpdeskList; rowstoskip: number }
export type HelpdeskTotals = Readonly<Record<HelpdeskList, number>>

const LISTS: readonly HelpdeskList[] = ['richieste', 'coda', 'storico']

/** Every request the page knows of with this id (it may sit in more than one list). */
function findRequest(context: HelpdeskContext, id: number): Richiesta | undefined {
  for (const list of LISTS) {
    const found = context[list]?.find((r) => r.id_richiesta === id)
    if (found) return found
  }
  return undefined
}

/** A request can be closed while it is not closed already (the server checks who may). */
export function isClosable(richiesta: Richiesta | undefined): boolean {
  return richiesta !== undefined && richiesta.stato !== 'chiusa'
}

/** `done` in place of its old copy in `list`, or first in it when `prepend` and it was not there. */
function withRequest(
  list: readonly Richiesta[] | null,
  done: Richiesta,
  prepend: boolean,
): readonly Richiesta[] | null {
  if (list === null) return null
  if (list.some((r) => r.id_richiesta === done.id_richiesta))
    return list.map((r) => (r.id_richiesta === done.id_richiesta ? done : r))
  return prepend ? [done, ...list] : list
}

/** The lists after a request was answered or closed by the staff (the caller, when coda is not null). */
function afterHandled(
  context: HelpdeskContext,
  answer: Richiesta,
  byStaff: boolean,
): Pick<HelpdeskContext, 'richieste' | 'coda' | 'storico' | 'totali'> {
  // The server answers without the requester's name: the copy the staff already shows keeps it.
  const known = findRequest(context, answer.id_richiesta)
  const done = { ...answer, richiedente: answer.richiedente ?? known?.richiedente ?? null }
  const queued = context.coda?.some((r) => r.id_richiesta === done.id_richiesta) ?? false
  const inHistory = context.storico?.some((r) => r.id_richiesta === done.id_richiesta) ?? false
  const joinsHistory = byStaff && context.storico !== null && !inHistory
  return {
    richieste: withRequest(context.richieste, done, false)!,
    coda: context.coda === null ? null : context.coda.filter((r) => r.id_richiesta !== done.id_richiesta),
    // The history is newest handled first: a request handled again moves to the top.
    storico:
      context.storico === null || !byStaff
        ? withRequest(context.storico, done, false)
        : [done, ...context.storico.filter((r) => r.id_richiesta !== done.id_richiesta)],
    totali: {
      ...context.totali,
      coda: context.totali.coda - (queued ? 1 : 0),
      storico: context.totali.storico + (joinsHistory ? 1 : 0),
    },
  }
}

const EMPTY: HelpdeskDraft = { id_categoria: '', codice_tessera: '', oggetto: '', messaggio: '' }

/** Every problem of the draft, one Italian message per field (the contract's limits, on the trimmed text). */
export function validateHelpdesk(
  draft: HelpdeskDraft,
  categorie: readonly CategoriaRichiesta[],
  tessere: readonly TesseraScelta[],
): HelpdeskErrors {
  const errors: HelpdeskErrors = {}
  if (!categorie.some((c) => String(c.id) === draft.id_categoria))
    errors.id_categoria = 'Scegli la categoria.'
  if (draft.codice_tessera !== '' && !tessere.some((t) => t.id === draft.codice_tessera))
    errors.codice_tessera = 'Scegli una delle tue tessere.'
  const texts = [
    ['oggetto', "l'oggetto", "L'oggetto", HELPDESK_OGGETTO_MAX],
    ['messaggio', 'il messaggio', 'Il messaggio', HELPDESK_MESSAGGIO_MAX],
  ] as const
  for (const [field, name, article, max] of texts) {
    const length = draft[field].trim().length
    if (length === 0) errors[field] = `Scrivi ${name}.`
    else if (length > max)
      errors[field] = `${article} può avere al massimo ${max} caratteri: ne hai scritti ${length}.`
  }
  return errors
}

const MB = 1024 * 1024
const megabytes = (bytes: number) =>
  `${(bytes / MB).toLocaleString('it-IT', { maximumFractionDigits: 1, minimumFractionDigits: 1 })} MB`

/** A file's size as the form shows it: «850 kB», «2,4 MB». */
export function fileSize(bytes: number): string {
  return bytes < MB ? `${Math.max(1, Math.round(bytes / 1024))} kB` : megabytes(bytes)
}

/**
 * Each chosen file's problem in Italian, or null: an image type the server takes, the size cap, the count. The
 * browser's declared type is only a first check (the server reads the bytes).
 */
export function attachmentProblems(files: readonly ChosenFile[]): (string | null)[] {
  const accepted = HELPDESK_ALLEGATI.accept.split(',')
  return files.map((file, index) => {
    if (index >= HELPDESK_ALLEGATI.maxFiles)
      return `Puoi allegare al massimo ${HELPDESK_ALLEGATI.maxFiles} file: togline qualcuno.`
    if (!accepted.includes(file.type)) return 'Non è un’immagine JPEG, PNG o WebP.'
    if (file.size === 0) return 'Il file è vuoto.'
    if (file.size > HELPDESK_ALLEGATI.maxBytes)
      return `Pesa ${megabytes(file.size)}: al massimo ${HELPDESK_ALLEGATI.maxBytes / MB} MB.`
    return null
  })
}

/** The reply's problem in Italian, or null when it can be sent. */
export function replyProblem(text: string): string | null {
  const length = text.trim().length
  if (length === 0) return 'Scrivi la risposta.'
  if (length > HELPDESK_RISPOSTA_MAX)
    return `La risposta può avere al massimo ${HELPDESK_RISPOSTA_MAX} caratteri: ne hai scritti ${length}.`
  return null
}

export type HelpdeskEvent =
  | { type: 'field.changed'; field: HelpdeskField; value: string }
  | { type: 'files.added'; files: readonly ChosenFile[] }
  | { type: 'file.removed'; index: number }
  | { type: 'form.submit'; id_settore: number }
  | { type: 'reply.changed'; id: number; value: string }
  | { type: 'reply.submit'; id: number }
  | { type: 'request.close'; id: number }
  | { type: 'dialog.confirm' }
  | { type: 'dialog.cancel' }
  | { type: 'list.more'; list: HelpdeskList }

export interface HelpdeskContext {
  categorie: readonly CategoriaRichiesta[]
  tessere: readonly TesseraScelta[]
  values: HelpdeskDraft
  errors: HelpdeskErrors
  allegati: readonly ChosenFile[]
  allegatiErrors: readonly (string | null)[]
  submitted: boolean
  /** How many times «Invia» found something to correct: the error summary takes the focus when it grows. */
  attempts: number
  error: string | null
  sent: Richiesta | null
  richieste: readonly Richiesta[]
  coda: readonly Richiesta[] | null
  storico: readonly Richiesta[] | null
  totali: HelpdeskTotals
  replies: Readonly<Record<number, string>>
  replyErrors: Readonly<Record<number, string>>
  answered: number | null
  sending: HelpdeskSend | null
  replying: HelpdeskReply | null
  /** The request asked to close (waiting for the confirmation, then while it is closed). */
  closing: number | null
  closed: number | null
  closeError: { id: number; message: string } | null
  loadingMore: HelpdeskMore | null
  moreError: { list: HelpdeskList; message: string } | null
}

export type HelpdeskInput = {
  categorie: readonly CategoriaRichiesta[]
  tessere: readonly TesseraScelta[]
  richieste: readonly Richiesta[]
  coda: readonly Richiesta[] | null
  /** The staff member's history (null for anyone else). */
  storico?: readonly Richiesta[] | null
  /** How many each list holds on the server; by default, what was loaded. */
  totali?: Partial<HelpdeskTotals>
}

export const helpdeskMachine = setup({
  types: {
    context: {} as HelpdeskContext,
    input: {} as HelpdeskInput,
    events: {} as HelpdeskEvent,
    tags: {} as 'sending' | 'loading',
  },
  actors: {
    send: providedByTheApplication<Richiesta, HelpdeskSend>('helpdesk', 'send'),
    reply: providedByTheApplication<Richiesta, HelpdeskReply>('helpdesk', 'reply'),
    close: providedByTheApplication<Richiesta, { id_richiesta: number }>('helpdesk', 'close'),
    loadMore: providedByTheApplication<HelpdeskPage, HelpdeskMore>('helpdesk', 'loadMore'),
  },
  guards: {
    isInvalid: ({ context }) =>
      Object.keys(validateHelpdesk(context.values, context.categorie, context.tessere)).length > 0 ||
      context.allegatiErrors.some((problem) => problem !== null),
    replyInvalid: ({ context }, id: number) => replyProblem(context.replies[id] ?? '') !== null,
    isClosable: ({ context }, id: number) => isClosable(findRequest(context, id)),
    hasMore: ({ context }, list: HelpdeskList) => {
      const loaded = context[list]
      return loaded !== null && loaded.length < context.totali[list]
    },
  },
  actions: {
    setField: assign(({ context }, { field, value }: { field: HelpdeskField; value: string }) => {
      const values = { ...context.values, [field]: value }
      return {
        values,
        errors: context.submitted ? validateHelpdesk(values, context.categorie, context.tessere) : {},
      }
    }),
    addFiles: assign(({ context }, files: readonly ChosenFile[]) => {
      const allegati = [...context.allegati, ...files]
      return { allegati, allegatiErrors: attachmentProblems(allegati), sent: null }
    }),
    removeFile: assign(({ context }, index: number) => {
      const allegati = context.allegati.filter((_, i) => i !== index)
      return { allegati, allegatiErrors: attachmentProblems(allegati) }
    }),
    showErrors: assign(({ context }) => ({
      submitted: true,
      attempts: context.attempts + 1,
      error: null,
      sent: null,
      errors: validateHelpdesk(context.values, context.categorie, context.tessere),
    })),
    startSending: assign(({ context }, id_settore: number) => {
      const v = context.values
      return {
        error: null,
        errors: {},
        sent: null,
        sending: {
          id_settore,
          id_categoria: Number(v.id_categoria),
          ...(v.codice_tessera ? { codice_tessera: v.codice_tessera } : {}),
          oggetto: v.oggetto.trim(),
          messaggio: v.messaggio.trim(),
          ...(context.allegati.length > 0 ? { allegati: context.allegati } : {}),
        },
      }
    }),
    storeSent: assign(({ context }, sent: Richiesta) => ({
      sent,
      richieste: [sent, ...context.richieste],
      values: EMPTY,
      allegati: [],
      allegatiErrors: [],
      submitted: false,
      sending: null,
    })),
    storeError: assign((_, { error }: { error: unknown }) => ({ error: userMessage(error), sending: null })),
    setReply: assign(({ context }, { id, value }: { id: number; value: string }) => ({
      replies: { ...context.replies, [id]: value },
      replyErrors: { ...context.replyErrors, [id]: undefined as unknown as string },
    })),
    showReplyError: assign(({ context }, id: number) => ({
      replyErrors: { ...context.replyErrors, [id]: replyProblem(context.replies[id] ?? '')! },
    })),
    startReplying: assign(({ context }, id: number) => ({
      answered: null,
      replying: { id_richiesta: id, risposta: (context.replies[id] ?? '').trim() },
    })),
    storeReplied: assign(({ context }, done: Richiesta) => ({
      ...afterHandled(context, done, true),
      answered: done.id_richiesta,
      closed: null,
      replying: null,
    })),
    askClose: assign((_, id: number) => ({ closing: id, closeError: null, closed: null, answered: null })),
    cancelClose: assign({ closing: null }),
    storeClosed: assign(({ context }, done: Richiesta) => ({
      ...afterHandled(context, done, done.chiusa_da === 'staff'),
      closed: done.id_richiesta,
      closing: null,
    })),
    storeCloseError: assign(({ context }, { error }: { error: unknown }) => ({
      closeError: { id: context.closing!, message: userMessage(error) },
      closing: null,
    })),
    startMore: assign(({ context }, list: HelpdeskList) => ({
      loadingMore: { list, rowstoskip: context[list]?.length ?? 0 },
      moreError: null,
    })),
    storeMore: assign(({ context }, page: HelpdeskPage) => {
      const { list } = context.loadingMore!
      const loaded = context[list] ?? []
      // A request that moved meanwhile (the pages shift as the queue empties) is shown once.
      const known = new Set(loaded.map((r) => r.id_richiesta))
      return {
        [list]: [...loaded, ...page.results.filter((r) => !known.has(r.id_richiesta))],
        totali: { ...context.totali, [list]: page.record },
        loadingMore: null,
      }
    }),
    storeMoreError: assign(({ context }, { error }: { error: unknown }) => ({
      moreError: { list: context.loadingMore!.list, message: userMessage(error) },
      loadingMore: null,
    })),
    storeReplyError: assign(({ context }, { error }: { error: unknown }) => ({
      replyErrors: { ...context.replyErrors, [context.replying!.id_richiesta]: userMessage(error) },
      replying: null,
    })),
  },
}).createMachine({
  id: 'helpdesk',
  context: ({ input }) => ({
    categorie: input.categorie,
    tessere: input.tessere,
    values: EMPTY,
    errors: {},
    allegati: [],
    allegatiErrors: [],
    submitted: false,
    attempts: 0,
    error: null,
    sent: null,
    richieste: input.richieste,
    coda: input.coda,
    storico: input.storico ?? null,
    totali: {
      richieste: input.totali?.richieste ?? input.richieste.length,
      coda: input.totali?.coda ?? input.coda?.length ?? 0,
      storico: input.totali?.storico ?? input.storico?.length ?? 0,
    },
    replies: {},
    replyErrors: {},
    answered: null,
    sending: null,
    replying: null,
    closing: null,
    closed: null,
    closeError: null,
    loadingMore: null,
    moreError: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      meta: {
        title: 'Richiesta da scrivere',
        description:
          '«Invia» sempre attivo: se manca qualcosa lo dice accanto al campo. Lo staff risponde alle aperte.',
      },
      on: {
        'field.changed': {
          actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'files.added': { actions: { type: 'addFiles', params: ({ event }) => event.files } },
        'file.removed': { actions: { type: 'removeFile', params: ({ event }) => event.index } },
        'form.submit': [
          { guard: 'isInvalid', actions: 'showErrors' },
          { target: 'sending', actions: { type: 'startSending', params: ({ event }) => event.id_settore } },
        ],
        'reply.changed': {
          actions: { type: 'setReply', params: ({ event }) => ({ id: event.id, value: event.value }) },
        },
        'reply.submit': [
          {
            guard: { type: 'replyInvalid', params: ({ event }) => event.id },
            actions: { type: 'showReplyError', params: ({ event }) => event.id },
          },
          { target: 'replying', actions: { type: 'startReplying', params: ({ event }) => event.id } },
        ],
        'request.close': {
          guard: { type: 'isClosable', params: ({ event }) => event.id },
          target: 'confirmingClose',
          actions: { type: 'askClose', params: ({ event }) => event.id },
        },
        'list.more': {
          guard: { type: 'hasMore', params: ({ event }) => event.list },
          target: 'loadingMore',
          actions: { type: 'startMore', params: ({ event }) => event.list },
        },
      },
    },
    confirmingClose: {
      meta: {
        title: 'Conferma della chiusura',
        description: 'Chiusa la richiesta, lo staff non potrà più rispondere: si chiede conferma.',
      },
      on: {
        'dialog.confirm': { target: 'closing' },
        'dialog.cancel': { target: 'idle', actions: 'cancelClose' },
      },
    },
    closing: {
      meta: { title: 'Chiusura della richiesta', description: 'La chiusura è inviata al server.' },
      tags: 'sending',
      invoke: {
        id: 'close',
        src: 'close',
        input: ({ context }) => ({ id_richiesta: context.closing! }),
        onDone: { target: 'idle', actions: { type: 'storeClosed', params: ({ event }) => event.output } },
        onError: {
          target: 'idle',
          actions: { type: 'storeCloseError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadingMore: {
      meta: {
        title: 'Caricamento di altre richieste',
        description: 'Si carica la pagina seguente di un elenco.',
      },
      tags: 'loading',
      invoke: {
        id: 'loadMore',
        src: 'loadMore',
        input: ({ context }) => context.loadingMore!,
        onDone: { target: 'idle', actions: { type: 'storeMore', params: ({ event }) => event.output } },
        onError: {
          target: 'idle',
          actions: { type: 'storeMoreError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    sending: {
      meta: { title: 'Invio della richiesta', description: 'La richiesta è inviata al server.' },
      tags: 'sending',
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => context.sending!,
        onDone: { target: 'idle', actions: { type: 'storeSent', params: ({ event }) => event.output } },
        onError: {
          target: 'idle',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    replying: {
      meta: { title: 'Invio della risposta', description: 'La risposta dello staff è inviata al server.' },
      tags: 'sending',
      invoke: {
        id: 'reply',
        src: 'reply',
        input: ({ context }) => context.replying!,
        onDone: { target: 'idle', actions: { type: 'storeReplied', params: ({ event }) => event.output } },
        onError: {
          target: 'idle',
          actions: { type: 'storeReplyError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
})

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const helpdeskLabels: MachineLabels = {
  events: {
    'field.changed': 'campo modificato',
    'files.added': 'allegati scelti',
    'file.removed': 'allegato tolto',
    'form.submit': 'Invia la richiesta',
    'reply.changed': 'risposta modificata',
    'reply.submit': 'Invia la risposta',
    'xstate.done.actor.send': 'richiesta inviata',
    'xstate.error.actor.send': 'richiesta non inviata',
    'xstate.done.actor.reply': 'risposta inviata',
    'xstate.error.actor.reply': 'risposta non inviata',
    'request.close': 'Chiudi la richiesta',
    'dialog.confirm': 'Conferma la chiusura',
    'dialog.cancel': 'Annulla',
    'list.more': 'Mostra altre richieste',
    'xstate.done.actor.close': 'richiesta chiusa',
    'xstate.error.actor.close': 'richiesta non chiusa',
    'xstate.done.actor.loadMore': 'altre richieste caricate',
    'xstate.error.actor.loadMore': 'altre richieste non caricate',
  },
  guards: {
    isInvalid: 'la richiesta ha campi o allegati da correggere',
    replyInvalid: 'la risposta è vuota o troppo lunga',
    isClosable: 'la richiesta non è ancora chiusa',
    hasMore: 'il server ha altre richieste in quell’elenco',
  },
}
