/**
 * The sizes of the rule PDFs for the links of /regolamenti («PDF, 41 kB»), measured a discipline at a time.
 *
 * Events it accepts
 * - `sizes.measure` { paths }   anywhere, when some path is not measured yet: measure those
 * Context the views read
 * - `sizes`   bytes by path, for the paths measured so far (a failed measure leaves the link saying «PDF»)
 * Actor: `measureDocuments` (input: paths) → bytes by path (HEAD requests).
 */
import { assign, setup } from 'xstate'
import { providedByTheApplication } from './actor-contracts.ts'
import type { MachineLabels } from './labels.ts'

export type DocumentSizes = Readonly<Record<string, number>>

export interface DocumentSizesContext {
  sizes: DocumentSizes
  pending: readonly string[]
}

export const documentSizesMachine = setup({
  types: {
    context: {} as DocumentSizesContext,
    events: {} as { type: 'sizes.measure'; paths: readonly string[] },
  },
  actors: {
    measureDocuments: providedByTheApplication<DocumentSizes, readonly string[]>(
      'documentSizes',
      'measureDocuments',
    ),
  },
  guards: {
    hasUnmeasured: ({ context }, paths: readonly string[]) => paths.some((path) => !(path in context.sizes)),
  },
  actions: {
    keepUnmeasured: assign(({ context }, paths: readonly string[]) => ({
      pending: paths.filter((path) => !(path in context.sizes)),
    })),
    storeSizes: assign(({ context }, sizes: DocumentSizes) => ({ sizes: { ...context.sizes, ...sizes } })),
  },
}).createMachine({
  id: 'documentSizes',
  initial: 'idle',
  context: { sizes: {}, pending: [] },
  on: {
    'sizes.measure': {
      guard: { type: 'hasUnmeasured', params: ({ event }) => event.paths },
      target: '.measuring',
      actions: { type: 'keepUnmeasured', params: ({ event }) => event.paths },
    },
  },
  states: {
    idle: {
      meta: { title: 'Dimensioni note', description: 'I link ai PDF mostrano le dimensioni misurate.' },
    },
    measuring: {
      meta: { title: 'Misura dei documenti', description: 'Le dimensioni dei PDF si misurano.' },
      invoke: {
        id: 'measureDocuments',
        src: 'measureDocuments',
        input: ({ context }) => context.pending,
        onDone: { target: 'idle', actions: { type: 'storeSizes', params: ({ event }) => event.output } },
        // Without a size the link still says «PDF».
        onError: { target: 'idle' },
      },
    },
  },
})

/** «41 kB», «1,2 MB». */
export function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} kB`
  return `${(bytes / (1024 * 1024)).toLocaleString('it-IT', { maximumFractionDigits: 1 })} MB`
}

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const documentSizesLabels: MachineLabels = {
  events: {
    'sizes.measure': 'documenti da misurare',
    'xstate.done.actor.measureDocuments': 'dimensioni misurate',
    'xstate.error.actor.measureDocuments': 'dimensioni non misurate',
  },
  guards: {
    hasUnmeasured: "c'è un documento non ancora misurato",
  },
}
