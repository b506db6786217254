/**
 * The quick search of players and clubs on /home, as the user types: from 2 characters, after a short pause,
 * both at once.
 *
 * Input: { id_settore }
 * Events it accepts
 * - `search.typed` { text }               anywhere: the box changed
 * - `search.sectorChanged` { id_settore } anywhere: the chosen sector changed
 * - `search.retry`                        failed: search again
 * Context the views read: `text`, `giocatori`, `circoli`, `error`.
 * Tags: `busy` while waiting for the pause or searching.
 * Actors: `search` (input: { testo, id_settore }) → { giocatori, circoli }; `pause` (the quiet time).
 */
import { assign, setup } from 'xstate'
import type { GiocatoreTrovato } from '../contract/home.ts'
import { SEARCH_MIN_LENGTH, type CircoloTrovato } from '../contract/sezioni.ts'
import { pauseOf, providedByTheApplication, userMessage } from './actor-contracts.ts'
import type { MachineLabels } from './labels.ts'

/** Milliseconds of quiet typing before searching. */
export const SEARCH_DEBOUNCE_MS = 250

/**
 * The text the server receives: trimmed, single spaces, at most 50 characters. Trimmed again after the cut: a
 * space as the 50th character would end the text, and the contract refuses a text that ends with a space.
 */
export const searchText = (raw: string) => raw.replace(/\s+/g, ' ').trim().slice(0, 50).trim()

export type SearchResults = { giocatori: readonly GiocatoreTrovato[]; circoli: readonly CircoloTrovato[] }

export interface RicercaRapidaContext extends SearchResults {
  text: string
  id_settore: number
  error: string | null
}

export const ricercaRapidaMachine = setup({
  types: {
    context: {} as RicercaRapidaContext,
    input: {} as { id_settore: number },
    events: {} as
      | { type: 'search.typed'; text: string }
      | { type: 'search.sectorChanged'; id_settore: number }
      | { type: 'search.retry' },
    tags: {} as 'busy',
  },
  actors: {
    search: providedByTheApplication<SearchResults, { testo: string; id_settore: number }>(
      'ricercaRapida',
      'search',
    ),
    pause: pauseOf(SEARCH_DEBOUNCE_MS),
  },
  guards: {
    isLongEnough: ({ context }) => searchText(context.text).length >= SEARCH_MIN_LENGTH,
  },
  actions: {
    setText: assign((_, text: string) => ({ text })),
    setSector: assign((_, id_settore: number) => ({ id_settore })),
    clearResults: assign({ giocatori: [], circoli: [], error: null }),
    storeResults: assign((_, found: SearchResults) => ({ ...found, error: null })),
    storeError: assign((_, { error }: { error: unknown }) => ({ error: userMessage(error) })),
  },
}).createMachine({
  id: 'ricercaRapida',
  context: ({ input }) => ({
    text: '',
    id_settore: input.id_settore,
    giocatori: [],
    circoli: [],
    error: null,
  }),
  initial: 'idle',
  on: {
    'search.typed': { target: '.deciding', actions: { type: 'setText', params: ({ event }) => event.text } },
    'search.sectorChanged': {
      target: '.deciding',
      actions: { type: 'setSector', params: ({ event }) => event.id_settore },
    },
  },
  states: {
    deciding: {
      meta: { title: 'Testo da cercare?', description: 'Si cerca da 2 caratteri in su.' },
      always: [
        { guard: 'isLongEnough', target: 'waiting' },
        { target: 'idle', actions: 'clearResults' },
      ],
    },
    idle: {
      meta: { title: 'Nessuna ricerca', description: 'Meno di 2 caratteri: nessun risultato mostrato.' },
    },
    waiting: {
      meta: { title: 'Pausa nella scrittura', description: 'Si aspetta una breve pausa prima di cercare.' },
      tags: 'busy',
      invoke: { id: 'pause', src: 'pause', onDone: { target: 'searching' } },
    },
    searching: {
      meta: { title: 'Ricerca di giocatori e circoli', description: 'La ricerca è in corso sul server.' },
      tags: 'busy',
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ context }) => ({ testo: searchText(context.text), id_settore: context.id_settore }),
        onDone: { target: 'found', actions: { type: 'storeResults', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    found: {
      meta: { title: 'Risultati mostrati', description: 'Giocatori e circoli trovati sono mostrati.' },
    },
    failed: {
      meta: { title: 'Ricerca non riuscita', description: 'Il messaggio e «Riprova».' },
      on: { 'search.retry': 'searching' },
    },
  },
})

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const ricercaRapidaLabels: MachineLabels = {
  events: {
    'search.typed': 'testo scritto',
    'search.sectorChanged': 'settore cambiato',
    'xstate.done.actor.pause': 'pausa nella scrittura',
    'xstate.done.actor.search': 'risultati arrivati',
    'xstate.error.actor.search': 'ricerca non riuscita',
    'search.retry': 'Riprova',
  },
  guards: {
    isLongEnough: 'il testo ha almeno 2 caratteri',
  },
}
