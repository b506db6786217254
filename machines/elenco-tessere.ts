/**
 * The user's cards on /elenco-tessere, once the first page is loaded (by the page-data machine): the next
 * pages, a page at a time (scheda_personale/elenco_tessere/list).
 *
 * Input: { idPersona, tessere, record }  the first page and the total
 * Events it accepts
 * - `tessere.more`   ready, with cards still to load: the next page
 * Context the views read
 * - `tessere`, `record`   the cards shown and the total
 * - `error`   when a further page could not be loaded (the cards already shown stay)
 * Tags: `loadingMore` while the next page loads.
 * Actor: `loadTessere` (input: { id, rowstoskip, fetchrows }) → { results, record }.
 */
import { assign, setup } from 'xstate'
import type { Tessera } from '../contract/giocatori.ts'
import { providedByTheApplication, userMessage } from './actor-contracts.ts'
import type { MachineLabels } from './labels.ts'

export const TESSERE_PAGE_SIZE = 20

export interface TesserePage {
  results: readonly Tessera[]
  record: number
}

export interface ElencoTessereContext {
  idPersona: number
  tessere: readonly Tessera[]
  record: number
  error: string | null
}

export const elencoTessereMachine = setup({
  types: {
    context: {} as ElencoTessereContext,
    events: {} as { type: 'tessere.more' },
    input: {} as { idPersona: number; tessere: readonly Tessera[]; record: number },
    tags: {} as 'loadingMore',
  },
  actors: {
    loadTessere: providedByTheApplication<TesserePage, { id: number; rowstoskip: number; fetchrows: number }>(
      'elencoTessere',
      'loadTessere',
    ),
  },
  guards: {
    hasMore: ({ context }) => context.tessere.length < context.record,
  },
  actions: {
    appendPage: assign(({ context }, page: TesserePage) => ({
      tessere: [...context.tessere, ...page.results],
      record: page.record,
      error: null,
    })),
    storeError: assign((_, { error }: { error: unknown }) => ({ error: userMessage(error) })),
  },
}).createMachine({
  id: 'elencoTessere',
  initial: 'ready',
  context: ({ input }) => ({
    idPersona: input.idPersona,
    tessere: input.tessere,
    record: input.record,
    error: null,
  }),
  states: {
    ready: {
      meta: { title: 'Tessere mostrate', description: '«Mostra altre tessere» finché ce ne sono.' },
      on: { 'tessere.more': { guard: 'hasMore', target: 'loadingMore' } },
    },
    loadingMore: {
      meta: {
        title: 'Caricamento di altre tessere',
        description: 'La pagina successiva delle tessere si carica.',
      },
      tags: 'loadingMore',
      invoke: {
        id: 'loadTessere',
        src: 'loadTessere',
        input: ({ context }) => ({
          id: context.idPersona,
          rowstoskip: context.tessere.length,
          fetchrows: TESSERE_PAGE_SIZE,
        }),
        onDone: { target: 'ready', actions: { type: 'appendPage', params: ({ event }) => event.output } },
        // The cards already shown stay; the message says the rest could not be loaded.
        onError: {
          target: 'ready',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
})

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const elencoTessereLabels: MachineLabels = {
  events: {
    'tessere.more': 'altre tessere',
    'xstate.done.actor.loadTessere': 'tessere caricate',
    'xstate.error.actor.loadTessere': 'tessere non caricate',
  },
  guards: {
    hasMore: 'ci sono altre tessere',
  },
}
