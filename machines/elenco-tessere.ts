/**
 * The user's cards on /elenco-tessere, once the first page is loaded (by the page-data machine): the next pages
 * (scheda_personale/elenco_tessere/list), adding a card by its code (tessera/add) and synchronising with the
 * federation's registry (tessere/sincronizza). After an addition or a synchronisation the list is read again, so
 * what the user sees is what the server holds; the synchronisation shows its two steps as progress.
 *
 * Input: { idPersona, tessere, record }  the first page and the total
 * Events it accepts
 * - `tessere.more`              ready, with cards still to load: the next page
 * - `tessera.add` { codice }    ready: add the card of this code (a code that cannot be one is refused here)
 * - `tessere.sync`              ready: synchronise with the registry
 * Context the views read
 * - `tessere`, `record`   the cards shown and the total
 * - `error`               a further page, or the list after a change, could not be loaded (the cards shown stay)
 * - `addError`            why the card was not added (the form shows it by the field)
 * - `syncError`           why the synchronisation failed
 * - `outcome`             what the last addition or synchronisation did: { message, aggiunte?, aggiornate? }
 * Tags: `loadingMore`, `adding`, `syncing`, `busy` (any call running).
 * Actors: `loadTessere` (input: { id, rowstoskip, fetchrows }) → { results, record };
 *         `addTessera` (input: { codice_tessera }) → { esito, tessera, messaggio };
 *         `syncTessere` (no input) → { aggiunte, aggiornate, invariate, scadute, messaggio }.
 */
import { assign, setup } from 'xstate'
import { MAX_FETCHROWS } from '../contract/common.ts'
import type { Tessera } from '../contract/giocatori.ts'
import { codiceTesseraError, type Sincronizzazione, type TesseraAggiunta } from '../contract/tessere.ts'
import { providedByTheApplication, userMessage } from './actor-contracts.ts'
import type { MachineLabels } from './labels.ts'

export const TESSERE_PAGE_SIZE = 20

export interface TesserePage {
  results: readonly Tessera[]
  record: number
}

export interface TessereOutcome {
  message: string
  /** Codes added, to highlight them. */
  aggiunte: readonly string[]
  aggiornate: Sincronizzazione['aggiornate']
}

export interface ElencoTessereContext {
  idPersona: number
  tessere: readonly Tessera[]
  record: number
  error: string | null
  addError: string | null
  syncError: string | null
  outcome: TessereOutcome | null
}

type PageInput = { id: number; rowstoskip: number; fetchrows: number }

/** The list read again after a change: at least as many cards as were shown, plus the ones added. */
const refreshInput = ({ context }: { context: ElencoTessereContext }): PageInput => ({
  id: context.idPersona,
  rowstoskip: 0,
  fetchrows: Math.min(
    MAX_FETCHROWS,
    Math.max(TESSERE_PAGE_SIZE, context.tessere.length + (context.outcome?.aggiunte.length ?? 0)),
  ),
})

export const elencoTessereMachine = setup({
  types: {
    context: {} as ElencoTessereContext,
    events: {} as
      { type: 'tessere.more' } | { type: 'tessera.add'; codice: string } | { type: 'tessere.sync' },
    input: {} as { idPersona: number; tessere: readonly Tessera[]; record: number },
    tags: {} as 'loadingMore' | 'adding' | 'syncing' | 'busy',
  },
  actors: {
    loadTessere: providedByTheApplication<TesserePage, PageInput>('elencoTessere', 'loadTessere'),
    addTessera: providedByTheApplication<TesseraAggiunta, { codice_tessera: string }>(
      'elencoTessere',
      'addTessera',
    ),
    syncTessere: providedByTheApplication<Sincronizzazione, void>('elencoTessere', 'syncTessere'),
  },
  guards: {
    hasMore: ({ context }) => context.tessere.length < context.record,
    isCardCode: (_, params: { codice: string }) => codiceTesseraError(params.codice) === null,
  },
  actions: {
    appendPage: assign(({ context }, page: TesserePage) => ({
      tessere: [...context.tessere, ...page.results],
      record: page.record,
      error: null,
    })),
    replaceList: assign((_, page: TesserePage) => ({
      tessere: page.results,
      record: page.record,
      error: null,
    })),
    storeError: assign((_, { error }: { error: unknown }) => ({ error: userMessage(error) })),
    startChange: assign({ addError: null, syncError: null, outcome: null }),
    refuseCode: assign((_, { codice }: { codice: string }) => ({
      addError: codiceTesseraError(codice),
      outcome: null,
    })),
    storeAdded: assign((_, result: TesseraAggiunta) => ({
      outcome: {
        message: result.messaggio,
        aggiunte: result.esito === 'aggiunta' ? [result.tessera.codice_tessera] : [],
        aggiornate: [],
      },
    })),
    storeAddError: assign((_, { error }: { error: unknown }) => ({ addError: userMessage(error) })),
    storeSynced: assign((_, result: Sincronizzazione) => ({
      outcome: { message: result.messaggio, aggiunte: result.aggiunte, aggiornate: result.aggiornate },
    })),
    storeSyncError: assign((_, { error }: { error: unknown }) => ({ syncError: userMessage(error) })),
  },
}).createMachine({
  id: 'elencoTessere',
  initial: 'ready',
  context: ({ input }) => ({
    idPersona: input.idPersona,
    tessere: input.tessere,
    record: input.record,
    error: null,
    addError: null,
    syncError: null,
    outcome: null,
  }),
  states: {
    ready: {
      meta: {
        title: 'Tessere mostrate',
        description:
          '«Mostra altre tessere» finché ce ne sono; «Aggiungi» una tessera per codice; «Sincronizza».',
      },
      on: {
        'tessere.more': { guard: 'hasMore', target: 'loadingMore' },
        'tessera.add': [
          {
            guard: { type: 'isCardCode', params: ({ event }) => ({ codice: event.codice }) },
            target: 'adding',
            actions: 'startChange',
          },
          { actions: { type: 'refuseCode', params: ({ event }) => ({ codice: event.codice }) } },
        ],
        'tessere.sync': { target: 'syncing', actions: 'startChange' },
      },
    },
    loadingMore: {
      meta: {
        title: 'Caricamento di altre tessere',
        description: 'La pagina successiva delle tessere si carica.',
      },
      tags: ['loadingMore', 'busy'],
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
    adding: {
      meta: {
        title: 'Aggiunta di una tessera',
        description: 'La tessera si cerca nel registro federale per codice.',
      },
      tags: ['adding', 'busy'],
      initial: 'saving',
      states: {
        saving: {
          meta: {
            title: 'Ricerca della tessera',
            description: 'Il codice si cerca nel registro: sconosciuto, di un altro o scaduto è rifiutato.',
          },
          invoke: {
            id: 'addTessera',
            src: 'addTessera',
            input: ({ event }) => ({
              codice_tessera:
                event.type === 'tessera.add' ? event.codice.replace(/\s+/g, '').toUpperCase() : '',
            }),
            onDone: {
              target: 'refreshing',
              actions: { type: 'storeAdded', params: ({ event }) => event.output },
            },
            onError: {
              target: '#elencoTessere.ready',
              actions: { type: 'storeAddError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        refreshing: {
          meta: {
            title: 'Aggiornamento dell’elenco',
            description: 'L’elenco si rilegge con la tessera aggiunta.',
          },
          invoke: {
            id: 'loadTessere',
            src: 'loadTessere',
            input: refreshInput,
            onDone: {
              target: '#elencoTessere.ready',
              actions: { type: 'replaceList', params: ({ event }) => event.output },
            },
            onError: {
              target: '#elencoTessere.ready',
              actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    syncing: {
      meta: {
        title: 'Sincronizzazione',
        description: 'Le tessere del registro federale per il tuo codice fiscale, in due passi.',
      },
      tags: ['syncing', 'busy'],
      initial: 'comparing',
      states: {
        comparing: {
          meta: {
            title: '1 di 2: lettura del registro federale',
            description: 'Le tessere mancanti si aggiungono, quelle cambiate si aggiornano.',
          },
          invoke: {
            id: 'syncTessere',
            src: 'syncTessere',
            onDone: {
              target: 'refreshing',
              actions: { type: 'storeSynced', params: ({ event }) => event.output },
            },
            onError: {
              target: '#elencoTessere.ready',
              actions: { type: 'storeSyncError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        refreshing: {
          meta: { title: '2 di 2: aggiornamento dell’elenco', description: 'L’elenco si rilegge.' },
          invoke: {
            id: 'loadTessere',
            src: 'loadTessere',
            input: refreshInput,
            onDone: {
              target: '#elencoTessere.ready',
              actions: { type: 'replaceList', params: ({ event }) => event.output },
            },
            onError: {
              target: '#elencoTessere.ready',
              actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
})

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const elencoTessereLabels: MachineLabels = {
  events: {
    'tessere.more': 'altre tessere',
    'tessera.add': 'aggiungi tessera',
    'tessere.sync': 'sincronizza',
    'xstate.done.actor.loadTessere': 'tessere caricate',
    'xstate.error.actor.loadTessere': 'tessere non caricate',
    'xstate.done.actor.addTessera': 'tessera trovata',
    'xstate.error.actor.addTessera': 'tessera rifiutata',
    'xstate.done.actor.syncTessere': 'registro letto',
    'xstate.error.actor.syncTessere': 'sincronizzazione non riuscita',
  },
  guards: {
    hasMore: 'ci sono altre tessere',
    isCardCode: 'il codice ha la forma di un codice tessera',
  },
}
