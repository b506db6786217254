/**
 * The /modifica-profilo form (spec §4 guard 1), once the data and the provinces are loaded (by the page-data
 * machine): offer the comuni of the chosen province, validate on submit (then on every change), look up the
 * birthplace the codice fiscale names, save.
 *
 * Input: { values, email, province, today, validate }
 *   `today` is the civil date in Italy (a birth date cannot follow it); `validate` is the form's rules
 *   (src/features/profilo/validation.ts, which needs the codice fiscale library): one message per wrong field.
 * Events it accepts
 * - `field.changed` { field, value }   form.editing: a field changed (a new province reloads its comuni)
 * - `form.submit`                      form.editing: show the errors, or check the birthplace and save
 * - `comuni.retry`                     comuni.failed: load the comuni again
 * Context the views read: `values`, `errors`, `email`, `province`, `comuni` (null while unknown; empty: type
 * the comune in), `formError`, `attempt` (failed submits, to focus the summary), `today`, `saved`.
 * Tags: `saving` while checking the birthplace or saving.
 * Actors: `loadComuni` (input: { provincia, comune }) → { comuni, comune } (the comune as the list spells it);
 * `checkBirthPlace` (input: { codice_fiscale }) → whether the birthplace existed; `saveProfilo` (input: values).
 */
import { assign, raise, setup } from 'xstate'
import { providedByTheApplication, userMessage } from './actor-contracts.ts'
import { type ComuniRegionEvent, comuniRegion, comuniRegionLabels } from './comuni-region.ts'
import type { MachineLabels } from './labels.ts'

export const PROFILO_FIELDS = [
  'nome',
  'cognome',
  'sesso',
  'data_nascita',
  'codice_fiscale',
  'provincia',
  'comune',
  'telefono',
] as const
export type ProfiloField = (typeof PROFILO_FIELDS)[number]
export type ProfiloValues = Record<ProfiloField, string>
export type ProfiloErrors = Partial<Record<ProfiloField, string>>
export type ProfiloRules = (
  values: ProfiloValues,
  context: { comuni: readonly string[] | null; today: string },
) => ProfiloErrors

export const BIRTHPLACE_ERROR =
  'Il luogo di nascita indicato dal codice fiscale non esiste o non era valido alla data di nascita.'

export type Provincia = { sigla: string; nome: string }
export type SavedProfilo = {
  dati_incompleti: number
  id_persona: number
  persona: string
  provincia: string | null
}
export type ComuniFound = { comuni: readonly string[]; comune: string }

export interface ModificaProfiloInput {
  values: ProfiloValues
  email: string
  province: readonly Provincia[]
  today: string
  validate: ProfiloRules
}

export interface ModificaProfiloContext extends ModificaProfiloInput {
  errors: ProfiloErrors
  /** The comuni of the chosen province; null while not known. An empty list means "type it in". */
  comuni: readonly string[] | null
  /** After the first submit the errors follow every change. */
  submitted: boolean
  /** The server's message (or the generic one) of the last failed save. */
  formError: string | null
  /** Counts failed submits, so the view can move focus to the error summary each time. */
  attempt: number
  saved: SavedProfilo | null
}

export type ModificaProfiloEvent =
  { type: 'field.changed'; field: ProfiloField; value: string } | { type: 'form.submit' } | ComuniRegionEvent

const errorsOf = (context: ModificaProfiloContext) =>
  context.validate(context.values, { comuni: context.comuni, today: context.today })

export const modificaProfiloMachine = setup({
  types: {
    context: {} as ModificaProfiloContext,
    events: {} as ModificaProfiloEvent,
    input: {} as ModificaProfiloInput,
    tags: {} as 'saving',
  },
  actors: {
    loadComuni: providedByTheApplication<ComuniFound, { provincia: string; comune: string }>(
      'modificaProfilo',
      'loadComuni',
    ),
    checkBirthPlace: providedByTheApplication<boolean, { codice_fiscale: string }>(
      'modificaProfilo',
      'checkBirthPlace',
    ),
    saveProfilo: providedByTheApplication<SavedProfilo, ProfiloValues>('modificaProfilo', 'saveProfilo'),
  },
  guards: {
    hasProvincia: ({ context }) => context.values.provincia !== '',
    isProvincia: (_, field: ProfiloField) => field === 'provincia',
    isInvalid: ({ context }) => Object.keys(errorsOf(context)).length > 0,
    isBirthPlaceKnown: (_, known: boolean) => known,
  },
  actions: {
    setValue: assign(({ context }, { field, value }: { field: ProfiloField; value: string }) => ({
      values: { ...context.values, [field]: value },
    })),
    clearComune: assign(({ context }) => ({ values: { ...context.values, comune: '' }, comuni: null })),
    reloadComuni: raise({ type: 'comuni.reload' }),
    revalidate: assign(({ context }) => ({ errors: context.submitted ? errorsOf(context) : {} })),
    showErrors: assign(({ context }) => ({ submitted: true, formError: null, errors: errorsOf(context) })),
    clearErrors: assign({ submitted: true, errors: {}, formError: null }),
    countAttempt: assign(({ context }) => ({ attempt: context.attempt + 1 })),
    setFormError: assign((_, { error }: { error: unknown }) => ({ formError: userMessage(error) })),
    setBirthplaceError: assign(({ context }) => ({
      errors: { ...context.errors, codice_fiscale: BIRTHPLACE_ERROR },
    })),
    storeSaved: assign((_, saved: SavedProfilo) => ({ saved })),
    storeComuni: assign(({ context }, found: ComuniFound) => ({
      comuni: found.comuni,
      // A saved comune spelled differently (case, accents) takes the list's spelling.
      values: found.comuni.length > 0 ? { ...context.values, comune: found.comune } : context.values,
    })),
  },
}).createMachine({
  id: 'modificaProfilo',
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
      meta: { title: 'Dati anagrafici', description: 'Il modulo dei dati anagrafici è aperto.' },
      initial: 'editing',
      states: {
        editing: {
          meta: {
            title: 'Compilazione del profilo',
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
              { actions: [{ type: 'setValue', params: ({ event }) => event }, 'revalidate'] },
            ],
            'form.submit': [
              { guard: 'isInvalid', actions: ['showErrors', 'countAttempt'] },
              { target: 'checkingPlace', actions: 'clearErrors' },
            ],
          },
        },
        checkingPlace: {
          meta: {
            title: 'Verifica del luogo di nascita',
            description: 'Il comune o lo stato del codice fiscale.',
          },
          tags: 'saving',
          invoke: {
            id: 'checkBirthPlace',
            src: 'checkBirthPlace',
            input: ({ context }) => ({ codice_fiscale: context.values.codice_fiscale.trim().toUpperCase() }),
            onDone: [
              { guard: { type: 'isBirthPlaceKnown', params: ({ event }) => event.output }, target: 'saving' },
              { target: 'editing', actions: ['setBirthplaceError', 'countAttempt'] },
            ],
            // The dataset could not be fetched: the server checks the birthplace anyway.
            onError: { target: 'saving' },
          },
        },
        saving: {
          meta: {
            title: 'Salvataggio del profilo',
            description: 'I dati anagrafici sono inviati al server.',
          },
          tags: 'saving',
          invoke: {
            id: 'saveProfilo',
            src: 'saveProfilo',
            input: ({ context }) => context.values,
            onDone: { target: 'saved', actions: { type: 'storeSaved', params: ({ event }) => event.output } },
            onError: {
              target: 'editing',
              actions: [
                { type: 'setFormError', params: ({ event }) => ({ error: event.error }) },
                'countAttempt',
              ],
            },
          },
        },
        saved: {
          meta: { title: 'Profilo salvato', description: 'Si torna alla pagina di prima con un avviso.' },
          type: 'final',
        },
      },
    },
    comuni: comuniRegion<ModificaProfiloContext, { provincia: string; comune: string }, ComuniFound>({
      description: 'I comuni seguono la provincia scelta.',
      idleDescription: 'Nessun comune da scegliere finché non si sceglie la provincia.',
      loadInput: (context) => ({ provincia: context.values.provincia, comune: context.values.comune }),
    }),
  },
})

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const modificaProfiloLabels: MachineLabels = {
  events: {
    'field.changed': 'campo modificato',
    'form.submit': 'Salva',
    'xstate.done.actor.checkBirthPlace': 'luogo di nascita verificato',
    'xstate.error.actor.checkBirthPlace': 'luogo di nascita non verificato',
    'xstate.done.actor.saveProfilo': 'profilo salvato',
    'xstate.error.actor.saveProfilo': 'profilo non salvato',
    ...comuniRegionLabels.events,
  },
  guards: {
    isProvincia: 'il campo è la provincia',
    isInvalid: 'il modulo ha errori',
    isBirthPlaceKnown: 'il luogo di nascita corrisponde al codice fiscale',
    ...comuniRegionLabels.guards,
  },
}
