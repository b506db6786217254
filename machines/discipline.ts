/**
 * The discipline and sector choice (spec §2 "On load", §4 "Default on first visit" and "Discipline").
 * The lookup list (lookup/get with keys 'ss') is fetched once: when it is already loaded, `discipline.load` goes
 * straight to ready.
 *
 * Input: { storedDisciplina, storedSectorId, viewportWidth, storedLastLocation?, ricordaScelta?, discipline?,
 *          openedAtKnownPath? }
 *   First visit (nothing stored): wider than 991 px → tennis, sector 1; narrower → lastLocation and redirectTo
 *   become '/scelta-disciplina', unless the portal was opened at an address outside the route table
 *   (`openedAtKnownPath` false): «Pagina non trovata» shows there, and the choice comes with the next page
 *   (the navigation guards' step 7).
 * Events it accepts
 * - `discipline.load`                          idle: fetch the list unless already loaded
 * - `discipline.retry`                         failed: fetch again
 * - `discipline.choose` { disciplina, id_settore? }  ready: choose a discipline of the list; its sectors become
 *                                              `settori`, and the sector is the given one when it belongs to it,
 *                                              otherwise the discipline's first
 * - `discipline.rememberChoice` { value? }     anywhere: set ricorda_scelta (toggle when no value)
 * - `discipline.fromQuery` { settore, disciplina?, path? }  anywhere: a shared link (spec §2 "On load"). `path`
 *                                              is the link's address without `disciplina` and `settore`. A sector
 *                                              other than the stored one sets discipline (lowercased) and sector;
 *                                              then the router goes to the shared page, or, when the link names no
 *                                              page (/ or /scelta-disciplina), to the last stored location. A link
 *                                              naming the stored sector just opens its page.
 * - `router.redirected`                        anywhere: the router has navigated to `redirectTo`
 * Context the views (and the disciplina store) read
 * - `discipline`            the loaded list (null until loaded)
 * - `disciplina`, `id_settore`, `settori`, `ricorda_scelta`   the choice (projected to disciplina, id_settore)
 * - `lastLocation`          the location to store as lastLocation (set by the first-visit default)
 * - `redirectTo`            where the router should go now, or null; cleared by `router.redirected`
 * - `error`                 an Italian message when the list could not be loaded
 * Tags: `busy` while loading.
 */
import { and, assign, setup } from 'xstate'
import { MESSAGES } from '../contract/common.ts'
import { DEFAULT_DISCIPLINE, DEFAULT_SECTOR, DESKTOP_MIN_WIDTH } from '../contract/constants.ts'
import type { Disciplina, Settore } from '../contract/lookup.ts'
import { providedByTheApplication } from './actor-contracts.ts'
import { PATHS, isDestination, safeLocalPath } from './paths.ts'
import type { MachineLabels } from './labels.ts'

/** The lookup/get answer: `{ result: [{ discipline: [...] }] }`. */
export interface LookupResponse {
  result: readonly { discipline: readonly Disciplina[] }[]
}

export interface DisciplineInput {
  storedDisciplina?: string | null | undefined
  storedSectorId?: number | string | null | undefined
  viewportWidth: number
  storedLastLocation?: string | null | undefined
  ricordaScelta?: boolean | undefined
  /** A list already loaded earlier in this page's life (kept by the disciplina store). */
  discipline?: readonly Disciplina[] | null | undefined
  /** Whether the address the portal was opened at is a page of the route table (contract/pages.ts); default true. */
  openedAtKnownPath?: boolean | undefined
}

export interface DisciplineContext {
  discipline: readonly Disciplina[] | null
  disciplina: string | null
  id_settore: number | null
  settori: readonly Settore[]
  ricorda_scelta: boolean
  viewportWidth: number
  openedAtKnownPath: boolean
  lastLocation: string | null
  redirectTo: string | null
  error: string | null
}

export type DisciplineEvent =
  | { type: 'discipline.load' }
  | { type: 'discipline.retry' }
  | { type: 'discipline.choose'; disciplina: string; id_settore?: number | null | undefined }
  | { type: 'discipline.rememberChoice'; value?: boolean | undefined }
  | {
      type: 'discipline.fromQuery'
      settore: string | number | null | undefined
      disciplina?: string | null | undefined
      /** The shared address without the choice it carries: path, other query parameters and hash. */
      path?: string | null | undefined
    }
  | { type: 'router.redirected' }

const sectorId = (value: unknown): number | null => {
  const number = typeof value === 'number' || typeof value === 'string' ? Number(value) : Number.NaN
  return Number.isInteger(number) && number > 0 ? number : null
}

type QueryEvent = Extract<DisciplineEvent, { type: 'discipline.fromQuery' }>
const queryOf = (event: DisciplineEvent): QueryEvent | null =>
  event.type === 'discipline.fromQuery' ? event : null

const sameCode = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/** The entry of the list for a discipline code, case-insensitive. */
export function findDisciplina(list: readonly Disciplina[] | null, code: string | null) {
  if (list === null || code === null) return undefined
  return list.find((item) => sameCode(item.disciplina, code))
}

/** The sectors of a discipline in the list (empty when unknown or not loaded). */
export function settoriOf(list: readonly Disciplina[] | null, code: string | null): readonly Settore[] {
  return findDisciplina(list, code)?.settori ?? []
}

/** The discipline a sector belongs to, when the list is loaded. */
function ownerOf(list: readonly Disciplina[] | null, id: number | null): string | null {
  if (list === null || id === null) return null
  return list.find((item) => item.settori.some((s) => s.id_settore === id))?.disciplina ?? null
}

/** The list carried by a lookup answer, or an empty list. */
export function disciplineOf(response: LookupResponse): readonly Disciplina[] {
  return response.result[0]?.discipline ?? []
}

export const disciplineMachine = setup({
  types: {
    context: {} as DisciplineContext,
    events: {} as DisciplineEvent,
    input: {} as DisciplineInput,
    tags: {} as 'busy',
  },
  actors: {
    /** POST lookup/get { keys: 'ss' }. */
    loadDisciplines: providedByTheApplication<LookupResponse, { keys: 'ss' }>(
      'discipline',
      'loadDisciplines',
    ),
  },
  guards: {
    isFirstVisit: ({ context }) => context.disciplina === null && context.id_settore === null,
    isWideViewport: ({ context }) => context.viewportWidth > DESKTOP_MIN_WIDTH,
    isOpenedAtKnownPath: ({ context }) => context.openedAtKnownPath,
    isListLoaded: ({ context }) => context.discipline !== null,
    isEmptyLookup: (_, response: LookupResponse) => disciplineOf(response).length === 0,
    isKnownDisciplina: ({ context }, params: { disciplina: string }) =>
      findDisciplina(context.discipline, params.disciplina) !== undefined,
    // The shared link's guards read the event itself, so that `and()` can combine them.
    isDifferentSector: ({ context, event }) => {
      const id = sectorId(queryOf(event)?.settore)
      return id !== null && id !== context.id_settore
    },
    isStoredSector: ({ context, event }) => {
      const id = sectorId(queryOf(event)?.settore)
      return id !== null && id === context.id_settore
    },
    isSharedPage: ({ event }) => {
      const path = safeLocalPath(queryOf(event)?.path)
      return path !== null && isDestination(path)
    },
    hasPendingRedirect: ({ context }) => context.redirectTo !== null,
  },
  actions: {
    applyDesktopDefault: assign({ disciplina: DEFAULT_DISCIPLINE, id_settore: DEFAULT_SECTOR }),
    askForChoice: assign({ lastLocation: PATHS.sceltaDisciplina, redirectTo: PATHS.sceltaDisciplina }),
    applyList: assign(({ context }, response: LookupResponse) => {
      const discipline = disciplineOf(response)
      const disciplina = context.disciplina ?? ownerOf(discipline, context.id_settore)
      return {
        discipline,
        disciplina,
        settori: settoriOf(discipline, disciplina),
        error: null,
      }
    }),
    failLoading: assign({ error: MESSAGES.generic }),
    clearError: assign({ error: null }),
    applyChoice: assign(
      ({ context }, params: { disciplina: string; id_settore?: number | null | undefined }) => {
        const entry = findDisciplina(context.discipline, params.disciplina)
        const settori = entry?.settori ?? []
        const given = settori.find((s) => s.id_settore === params.id_settore)
        return {
          disciplina: entry?.disciplina ?? params.disciplina.toLowerCase(),
          settori,
          id_settore: (given ?? settori[0])?.id_settore ?? null,
        }
      },
    ),
    applyQuery: assign(
      ({ context }, params: { settore: unknown; disciplina?: string | null | undefined }) => {
        const id = sectorId(params.settore)
        const disciplina = params.disciplina
          ? params.disciplina.toLowerCase()
          : (ownerOf(context.discipline, id) ?? context.disciplina)
        return { id_settore: id, disciplina, settori: settoriOf(context.discipline, disciplina) }
      },
    ),
    // The shared page wins over the spec's "then goes to the last stored location": going there would lose
    // what was shared. Going to the page's own address (without the choice) also keeps a later reload from
    // applying the link's choice again over one made since.
    openSharedPage: assign((_, params: { path: string }) => ({ redirectTo: params.path })),
    // A link naming no page: the spec's rule, where the user was (never back to the choice itself).
    returnToLastLocation: assign(({ context }) => ({
      redirectTo:
        context.lastLocation !== null && isDestination(context.lastLocation)
          ? context.lastLocation
          : PATHS.home,
    })),
    setRemember: assign(({ context }, params: { value?: boolean | undefined }) => ({
      ricorda_scelta: params.value ?? !context.ricorda_scelta,
    })),
    clearRedirect: assign({ redirectTo: null }),
  },
}).createMachine({
  id: 'discipline',
  initial: 'starting',
  context: ({ input }) => ({
    discipline: input.discipline ?? null,
    disciplina: input.storedDisciplina ? input.storedDisciplina.toLowerCase() : null,
    id_settore: sectorId(input.storedSectorId),
    settori: settoriOf(input.discipline ?? null, input.storedDisciplina ?? null),
    ricorda_scelta: input.ricordaScelta ?? false,
    viewportWidth: input.viewportWidth,
    openedAtKnownPath: input.openedAtKnownPath ?? true,
    lastLocation: input.storedLastLocation ?? null,
    redirectTo: null,
    error: null,
  }),
  on: {
    'discipline.rememberChoice': {
      actions: { type: 'setRemember', params: ({ event }) => ({ value: event.value }) },
    },
    'discipline.fromQuery': [
      {
        guard: and(['isDifferentSector', 'isSharedPage']),
        actions: [
          {
            type: 'applyQuery',
            params: ({ event }) => ({ settore: event.settore, disciplina: event.disciplina }),
          },
          { type: 'openSharedPage', params: ({ event }) => ({ path: event.path! }) },
        ],
      },
      {
        guard: 'isDifferentSector',
        actions: [
          {
            type: 'applyQuery',
            params: ({ event }) => ({ settore: event.settore, disciplina: event.disciplina }),
          },
          'returnToLastLocation',
        ],
      },
      {
        guard: and(['isStoredSector', 'isSharedPage']),
        actions: { type: 'openSharedPage', params: ({ event }) => ({ path: event.path! }) },
      },
    ],
    'router.redirected': { guard: 'hasPendingRedirect', actions: 'clearRedirect' },
  },
  states: {
    starting: {
      meta: {
        title: 'Scelta iniziale della disciplina',
        description: 'Al primo accesso su schermo largo si sceglie tennis, settore 1.',
      },
      always: [
        {
          guard: and(['isFirstVisit', 'isWideViewport']),
          target: 'idle',
          actions: 'applyDesktopDefault',
          meta: { spec: '§4 primo accesso' },
        },
        {
          // Opened at an unknown address: «Pagina non trovata» stays, no detour to the choice.
          guard: and(['isFirstVisit', 'isOpenedAtKnownPath']),
          target: 'idle',
          actions: 'askForChoice',
          meta: { spec: '§4 primo accesso' },
        },
        { target: 'idle' },
      ],
    },
    idle: {
      meta: {
        title: "In attesa dell'elenco delle discipline",
        description: 'L’elenco delle discipline non è ancora stato chiesto.',
      },
      on: {
        'discipline.load': [
          { guard: 'isListLoaded', target: 'ready', meta: { spec: '§4 disciplina' } },
          { target: 'loading' },
        ],
      },
    },
    loading: {
      meta: {
        title: 'Caricamento delle discipline',
        description: 'L’elenco delle discipline si carica, una sola volta.',
      },
      tags: 'busy',
      invoke: {
        id: 'loadDisciplines',
        src: 'loadDisciplines',
        input: { keys: 'ss' as const },
        onDone: [
          {
            guard: { type: 'isEmptyLookup', params: ({ event }) => event.output },
            target: 'failed',
            actions: 'failLoading',
            meta: { spec: '§8 altro errore' },
          },
          { target: 'ready', actions: { type: 'applyList', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: 'failLoading', meta: { spec: '§8 altro errore' } },
      },
    },
    ready: {
      meta: {
        title: 'Discipline disponibili',
        description: 'Le discipline e i settori si possono scegliere.',
      },
      on: {
        'discipline.choose': {
          guard: { type: 'isKnownDisciplina', params: ({ event }) => ({ disciplina: event.disciplina }) },
          actions: {
            type: 'applyChoice',
            params: ({ event }) => ({ disciplina: event.disciplina, id_settore: event.id_settore }),
          },
          meta: { spec: '§4 disciplina' },
        },
      },
    },
    failed: {
      meta: {
        title: 'Discipline non disponibili',
        description: 'L’elenco non è arrivato: compare «Riprova».',
      },
      on: {
        'discipline.retry': { target: 'loading', actions: 'clearError' },
      },
    },
  },
})

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const disciplineLabels: MachineLabels = {
  events: {
    'discipline.rememberChoice': '«Ricorda la scelta» cambiato',
    'discipline.fromQuery': "settore indicato nell'indirizzo",
    'router.redirected': 'pagina raggiunta',
    'discipline.load': 'elenco delle discipline richiesto',
    'xstate.done.actor.loadDisciplines': 'discipline caricate',
    'xstate.error.actor.loadDisciplines': 'discipline non caricate',
    'discipline.choose': 'disciplina scelta',
    'discipline.retry': 'Riprova',
  },
  guards: {
    isDifferentSector: 'è un settore diverso da quello scelto',
    isStoredSector: 'è il settore già scelto',
    isSharedPage: 'il link indica una pagina',
    hasPendingRedirect: "c'è una pagina verso cui andare",
    isFirstVisit: 'è il primo accesso (nessuna disciplina scelta)',
    isWideViewport: 'lo schermo è largo (computer)',
    isOpenedAtKnownPath: 'il portale è stato aperto su una sua pagina',
    isListLoaded: "l'elenco delle discipline è già caricato",
    isEmptyLookup: "l'elenco arrivato è vuoto",
    isKnownDisciplina: "la disciplina è nell'elenco",
  },
}
