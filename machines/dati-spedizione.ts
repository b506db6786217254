/**
 * The shipping address form on /modifica-profilo (issue 23 item 1): province, then its comuni, then the comune's
 * CAPs (the only one is filled in); validate on submit (then on every change); save, and stay on the page.
 *
 * Input: { values, province, validate }
 *   `validate` is the form's rules (src/features/profilo/spedizione.ts): one message per wrong field, given the
 *   comuni loaded (with their CAPs).
 * Events it accepts
 * - `field.changed` { field, value }  editing: a field changed (a new province reloads its comuni; a comune with
 *                                     one CAP fills it in)
 * - `form.submit`                     editing: show the errors, or save
 * - `comuni.retry`                    comuni.failed: load the comuni again
 * Context the views read: `values`, `errors`, `comuni` (null while unknown), `formError`, `attempt`, `saved`
 * (the address as the server stored it, after each save).
 * Tags: `saving`.
 * Actors: `loadComuni` (input: { provincia }) → the comuni with their CAPs; `saveSpedizione` (input: values).
 */
import { assign, raise, setup } from 'xstate'
import type { DatiSpedizione } from '../contract/profilo.ts'
import { providedByTheApplication, userMessage } from './actor-contracts.ts'
import { type ComuniRegionEvent, comuniRegion, comuniRegionLabels } from './comuni-region.ts'
import type { MachineLabels } from './labels.ts'
import type { Provincia } from './modifica-profilo.ts'

export const SPEDIZIONE_FIELDS = ['presso', 'indirizzo', 'provincia', 'comune', 'cap'] as const
export type SpedizioneField = (typeof SPEDIZIONE_FIELDS)[number]
export type SpedizioneValues = Record<SpedizioneField, string>
export type SpedizioneErrors = Partial<Record<SpedizioneField, string>>
export type ComuneConCap = { nome: string; cap: readonly string[] }
export type SpedizioneRules = (
  values: SpedizioneValues,
  comuni: readonly ComuneConCap[] | null,
) => SpedizioneErrors

export const SPEDIZIONE_SAVED = 'Dati di spedizione salvati.'

export interface DatiSpedizioneInput {
  values: SpedizioneValues
  province: readonly Provincia[]
  validate: SpedizioneRules
}

export interface DatiSpedizioneContext extends DatiSpedizioneInput {
  errors: SpedizioneErrors
  comuni: readonly ComuneConCap[] | null
  submitted: boolean
  formError: string | null
  attempt: number
  saved: DatiSpedizione | null
}

export type DatiSpedizioneEvent =
  | { type: 'field.changed'; field: SpedizioneField; value: string }
  | { type: 'form.submit' }
  | ComuniRegionEvent

const errorsOf = (context: DatiSpedizioneContext) => context.validate(context.values, context.comuni)

/** The only CAP of a comune, to fill in; '' when it has several or none is known. */
function onlyCap(comuni: readonly ComuneConCap[] | null, comune: string): string {
  const caps = comuni?.find((c) => c.nome === comune)?.cap ?? []
  return caps.length === 1 ? caps[0]! : ''
}

export const datiSpedizioneMachine = setup({
  types: {
    context: {} as DatiSpedizioneContext,
    events: {} as DatiSpedizioneEvent,
    input: {} as DatiSpedizioneInput,
    tags: {} as 'saving',
  },
  actors: {
    loadComuni: providedByTheApplication<readonly ComuneConCap[], { provincia: string }>(
      'datiSpedizione',
      'loadComuni',
    ),
    saveSpedizione: providedByTheApplication<DatiSpedizione, SpedizioneValues>(
      'datiSpedizione',
      'saveSpedizione',
    ),
  },
  guards: {
    hasProvincia: ({ context }) => context.values.provincia !== '',
    isProvincia: (_, field: SpedizioneField) => field === 'provincia',
    isComune: (_, field: SpedizioneField) => field === 'comune',
    isInvalid: ({ context }) => Object.keys(errorsOf(context)).length > 0,
  },
  actions: {
    setValue: assign(({ context }, { field, value }: { field: SpedizioneField; value: string }) => ({
      values: { ...context.values, [field]: value },
      saved: null,
    })),
    clearComune: assign(({ context }) => ({
      values: { ...context.values, comune: '', cap: '' },
      comuni: null,
    })),
    fillCap: assign(({ context }) => {
      const cap = onlyCap(context.comuni, context.values.comune)
      return cap ? { values: { ...context.values, cap } } : {}
    }),
    reloadComuni: raise({ type: 'comuni.reload' }),
    revalidate: assign(({ context }) => ({ errors: context.submitted ? errorsOf(context) : {} })),
    showErrors: assign(({ context }) => ({
      submitted: true,
      formError: null,
      errors: errorsOf(context),
      attempt: context.attempt + 1,
    })),
    startSaving: assign({ submitted: true, errors: {}, formError: null, saved: null }),
    storeFailure: assign(({ context }, { error }: { error: unknown }) => ({
      formError: userMessage(error),
      attempt: context.attempt + 1,
    })),
    storeSaved: assign(({ context }, saved: DatiSpedizione) => ({
      saved,
      // The server's spelling of the comune, and no «presso» for an empty one.
      values: { ...context.values, presso: saved.presso ?? '', comune: saved.comune },
    })),
    storeComuni: assign((_, comuni: readonly ComuneConCap[]) => ({ comuni })),
  },
}).createMachine({
  id: 'datiSpedizione',
  type: 'parallel',
  context: ({ input }) => ({
    ...input,
    errors: {},
    comuni: null,
    submitted: false,
    formError: null,
    attempt: 0,
    saved: null,
  }),
  states: {
    form: {
      meta: { title: 'Dati di spedizione', description: 'L’indirizzo a cui la federazione spedisce.' },
      initial: 'editing',
      states: {
        editing: {
          meta: {
            title: 'Compilazione dell’indirizzo',
            description: 'Dopo il primo invio gli errori seguono ogni modifica.',
          },
          on: {
            'field.changed': [
              {
                guard: { type: 'isProvincia', params: ({ event }) => event.field },
                actions: [
                  { type: 'setValue', params: ({ event }) => event },
                  'clearComune',
                  'revalidate',
                  'reloadComuni',
                ],
              },
              {
                guard: { type: 'isComune', params: ({ event }) => event.field },
                actions: [{ type: 'setValue', params: ({ event }) => event }, 'fillCap', 'revalidate'],
              },
              { actions: [{ type: 'setValue', params: ({ event }) => event }, 'revalidate'] },
            ],
            'form.submit': [
              { guard: 'isInvalid', actions: 'showErrors' },
              { target: 'saving', actions: 'startSaving' },
            ],
          },
        },
        saving: {
          meta: { title: 'Salvataggio dell’indirizzo', description: 'L’indirizzo è inviato al server.' },
          tags: 'saving',
          invoke: {
            id: 'saveSpedizione',
            src: 'saveSpedizione',
            input: ({ context }) => context.values,
            onDone: {
              target: 'editing',
              actions: { type: 'storeSaved', params: ({ event }) => event.output },
            },
            onError: {
              target: 'editing',
              actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    comuni: comuniRegion<DatiSpedizioneContext, { provincia: string }, readonly ComuneConCap[], 'revalidate'>(
      {
        description: 'I comuni (e i loro CAP) seguono la provincia.',
        idleDescription: 'Prima la provincia, poi il comune.',
        loadInput: (context) => ({ provincia: context.values.provincia }),
        afterLoad: ['revalidate'],
      },
    ),
  },
})

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const datiSpedizioneLabels: MachineLabels = {
  events: {
    'field.changed': 'campo modificato',
    'form.submit': 'Salva l’indirizzo',
    'xstate.done.actor.saveSpedizione': 'indirizzo salvato',
    'xstate.error.actor.saveSpedizione': 'indirizzo non salvato',
    ...comuniRegionLabels.events,
  },
  guards: {
    isProvincia: 'il campo è la provincia',
    isComune: 'il campo è il comune',
    isInvalid: 'il modulo ha errori',
    ...comuniRegionLabels.guards,
  },
}
