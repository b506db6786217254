/**
 * The data of a page (or of one section of it): load, show, and on failure say why and offer «Riprova».
 * One machine for every page that loads something (DESIGN §3): the page provides `loadPage`, the view shows
 * a skeleton while `loading`, the data when `ready`, the error block of src/ui/LoadError.tsx when `failed`.
 *
 * Input: { params?, initial?, notFoundIsMissing? }
 *   `params` is what `loadPage` receives; `initial` is data that came with the page (then no call is made);
 *   `notFoundIsMissing` turns a 404 into the `missing` state (a detail page whose subject does not exist).
 * Events it accepts
 * - `page.retry`               failed: load again
 * - `page.reload` { params? }  anywhere: load again (with new params, e.g. another sector or filter)
 * Context the views read
 * - `data`    the loaded data (null until loaded; while reloading, the previous data until the new arrives)
 * - `error`   the Italian message of the last failure (server's message or the generic one)
 * Tags: `loading` while loading, `failed` when the load failed.
 * Actor: `loadPage` (input: { params }) resolves with the data, rejects with the API client's failure.
 */
import { assign, setup } from 'xstate'
import { isNotFoundFailure, providedByTheApplication, userMessage } from './actor-contracts.ts'
import type { MachineLabels } from './labels.ts'

export interface PageDataInput {
  params?: unknown
  initial?: unknown
  notFoundIsMissing?: boolean | undefined
}

export interface PageDataContext {
  params: unknown
  data: unknown
  error: string | null
  notFoundIsMissing: boolean
}

export type PageDataEvent = { type: 'page.retry' } | { type: 'page.reload'; params?: unknown }

type Failure = { error: unknown }

export const pageDataMachine = setup({
  types: {
    context: {} as PageDataContext,
    events: {} as PageDataEvent,
    input: {} as PageDataInput,
    tags: {} as 'loading' | 'failed',
  },
  actors: {
    loadPage: providedByTheApplication<unknown, { params: unknown }>('pageData', 'loadPage'),
  },
  guards: {
    hasInitialData: ({ context }) => context.data !== null && context.data !== undefined,
    isMissing: ({ context }, { error }: Failure) => context.notFoundIsMissing && isNotFoundFailure(error),
  },
  actions: {
    storeData: assign((_, { data }: { data: unknown }) => ({ data, error: null })),
    storeError: assign((_, { error }: Failure) => ({ error: userMessage(error) })),
    clearError: assign({ error: null }),
    startReload: assign((_, { params }: { params: unknown }) => ({ params, error: null })),
  },
}).createMachine({
  id: 'pageData',
  initial: 'starting',
  context: ({ input }) => ({
    params: input?.params,
    data: input?.initial ?? null,
    error: null,
    notFoundIsMissing: input?.notFoundIsMissing === true,
  }),
  on: {
    'page.reload': {
      target: '.loading',
      actions: {
        type: 'startReload',
        params: ({ context, event }) => ({ params: event.params ?? context.params }),
      },
    },
  },
  states: {
    starting: {
      meta: {
        title: 'Apertura della pagina',
        description: 'I dati arrivati con la pagina si mostrano subito.',
      },
      always: [{ guard: 'hasInitialData', target: 'ready' }, { target: 'loading' }],
    },
    loading: {
      meta: {
        title: 'Caricamento dei dati',
        description: 'Uno scheletro della pagina occupa il posto dei dati.',
      },
      tags: 'loading',
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ params: context.params }),
        onDone: {
          target: 'ready',
          actions: { type: 'storeData', params: ({ event }) => ({ data: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isMissing', params: ({ event }) => ({ error: event.error }) },
            target: 'missing',
          },
          {
            target: 'failed',
            actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    ready: { meta: { title: 'Dati mostrati', description: 'I dati della pagina sono mostrati.' } },
    failed: {
      meta: {
        title: 'Caricamento non riuscito',
        description: 'Il messaggio del server (o quello generico) e il pulsante «Riprova».',
      },
      tags: 'failed',
      on: { 'page.retry': { target: 'loading', actions: 'clearError' } },
    },
    missing: {
      meta: {
        title: 'Contenuto inesistente',
        description: 'Il server risponde 404: la pagina dice che non c’è.',
      },
    },
  },
})

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const pageDataLabels: MachineLabels = {
  events: {
    'page.reload': 'pagina da ricaricare',
    'xstate.done.actor.loadPage': 'dati caricati',
    'xstate.error.actor.loadPage': 'dati non caricati',
    'page.retry': 'Riprova',
  },
  guards: {
    hasInitialData: 'i dati sono già presenti',
    isMissing: 'il contenuto non esiste (404)',
  },
}
