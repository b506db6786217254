// The sizes of the rule PDFs, for the links of /regolamenti («PDF, 41 kB»): HEAD requests, a discipline at a time.
import { assign, fromPromise, setup } from 'xstate'

export type DocumentSizes = Readonly<Record<string, number>>

export const documentSizesMachine = setup({
  types: {
    context: {} as { sizes: DocumentSizes; pending: readonly string[] },
    events: {} as { type: 'sizes.measure'; paths: readonly string[] },
  },
  actors: {
    measureDocuments: fromPromise(
      async ({
        input,
        signal,
      }: {
        input: readonly string[]
        signal: AbortSignal
      }): Promise<DocumentSizes> => {
        const measured = await Promise.all(
          input.map(async (path) => {
            const response = await fetch(path, { method: 'HEAD', signal })
            const bytes = Number(response.headers.get('content-length'))
            return response.ok && bytes > 0 ? ([path, bytes] as const) : null
          }),
        )
        return Object.fromEntries(measured.filter((entry) => entry !== null))
      },
    ),
  },
  guards: {
    hasUnmeasured: ({ context, event }) => event.paths.some((path) => !(path in context.sizes)),
  },
}).createMachine({
  id: 'documentSizes',
  initial: 'idle',
  context: { sizes: {}, pending: [] },
  on: {
    'sizes.measure': {
      guard: 'hasUnmeasured',
      target: '.measuring',
      actions: assign({
        pending: ({ context, event }) => event.paths.filter((path) => !(path in context.sizes)),
      }),
    },
  },
  states: {
    idle: {},
    measuring: {
      invoke: {
        src: 'measureDocuments',
        input: ({ context }) => context.pending,
        onDone: {
          target: 'idle',
          actions: assign({ sizes: ({ context, event }) => ({ ...context.sizes, ...event.output }) }),
        },
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
