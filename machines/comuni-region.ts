/**
 * The comuni of the chosen province, as a parallel region of a form machine: the residence on /modifica-profilo
 * (modifica-profilo.ts) and the shipping address (dati-spedizione.ts) load them the same way. Not a machine: the
 * region's config and its labels, which each machine places in its own `states` and labels.
 *
 * The machine that uses it names in its `setup`: the guard `hasProvincia`, the actor `loadComuni` and the action
 * `storeComuni` (params: the actor's output); it raises `comuni.reload` when the province changes.
 * Events the region accepts
 * - `comuni.reload`   anywhere: start again from `checking`
 * - `comuni.retry`    failed: load the comuni again
 */
import type { MachineLabels } from './labels.ts'

/** The region's own events, part of the machine's event union. */
export type ComuniRegionEvent = { type: 'comuni.retry' } | { type: 'comuni.reload' }

export interface ComuniRegionOptions<TContext, TInput, TAfter extends string> {
  /** The region's description in the statechart viewer and the flow report. */
  description: string
  /** The description of `idle` (no province chosen). */
  idleDescription: string
  /** The `loadComuni` actor's input. */
  loadInput: (context: TContext) => TInput
  /** The machine's actions after `storeComuni`, once the comuni are loaded. */
  afterLoad?: readonly TAfter[]
}

/**
 * The config of the `comuni` region: checking → idle | loading → loaded | failed (→ loading on retry).
 * `TFound` is the `loadComuni` actor's output, which `storeComuni` receives; name it, it cannot be inferred.
 */
export function comuniRegion<TContext, TInput, TFound, TAfter extends string = never>(
  options: ComuniRegionOptions<TContext, TInput, TAfter>,
) {
  const storeComuni = {
    type: 'storeComuni' as const,
    params: ({ event }: { event: { output: TFound } }) => event.output,
  }
  return {
    meta: { title: 'Comuni della provincia', description: options.description },
    initial: 'checking' as const,
    on: { 'comuni.reload': { target: '.checking' } },
    states: {
      checking: {
        meta: {
          title: 'Provincia scelta?',
          description: 'Con una provincia scelta si caricano i suoi comuni.',
        },
        always: [{ guard: 'hasProvincia' as const, target: 'loading' }, { target: 'idle' }],
      },
      idle: {
        meta: { title: 'Nessuna provincia scelta', description: options.idleDescription },
      },
      loading: {
        meta: { title: 'Caricamento dei comuni', description: 'I comuni della provincia si caricano.' },
        invoke: {
          id: 'loadComuni',
          src: 'loadComuni' as const,
          input: ({ context }: { context: TContext }) => options.loadInput(context),
          onDone: { target: 'loaded', actions: [storeComuni, ...(options.afterLoad ?? [])] },
          onError: { target: 'failed' },
        },
      },
      loaded: {
        meta: {
          title: 'Comuni da scegliere',
          description: 'Se la provincia non ne ha, il comune si scrive.',
        },
      },
      failed: {
        meta: { title: 'Comuni non caricati', description: '«Riprova a caricare i comuni».' },
        on: { 'comuni.retry': { target: 'loading' } },
      },
    },
  }
}

/** The region's vocabulary in Italian, spread into the machine's labels. */
export const comuniRegionLabels = {
  events: {
    'comuni.reload': 'comuni da ricaricare',
    'xstate.done.actor.loadComuni': 'comuni caricati',
    'xstate.error.actor.loadComuni': 'comuni non caricati',
    'comuni.retry': 'Riprova',
  },
  guards: {
    hasProvincia: 'una provincia è scelta',
  },
} as const satisfies MachineLabels
