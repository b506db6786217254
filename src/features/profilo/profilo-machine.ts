// The /modifica-profilo form: load the data and the provinces, offer the comuni of the chosen province,
// validate on submit (then on every change), look up the birthplace the code names, save.
import { todayInItaly } from '../../../contract/dates.ts'
import { assign, fromPromise, raise, setup } from 'xstate'
import { MESSAGES } from '../../../contract/common.ts'
import { endpoints } from '../../../contract/endpoints.ts'
import type { ProfiloEdit } from '../../../contract/profilo.ts'
import { callApi } from '../../api/client.ts'
import { failureMessage, type ApiFailure } from '../../api/errors.ts'
import { birthPlaceOf } from './codice-fiscale.ts'
import {
  BIRTHPLACE_ERROR,
  EMPTY_VALUES,
  hasErrors,
  matchComune,
  toProfiloEdit,
  validateProfilo,
  valuesFrom,
  type ProfiloErrors,
  type ProfiloField,
  type ProfiloValues,
} from './validation.ts'

export type Provincia = { sigla: string; nome: string }
export type SavedProfilo = {
  dati_incompleti: number
  id_persona: number
  persona: string
  provincia: string | null
}

export type ProfiloContext = {
  values: ProfiloValues
  errors: ProfiloErrors
  email: string
  province: readonly Provincia[]
  /** The comuni of the chosen province; null while not known. An empty list means "type it in". */
  comuni: readonly string[] | null
  /** After the first submit the errors follow every change. */
  submitted: boolean
  /** The server's message (or the generic one) of the last failed load or save. */
  formError: string | null
  /** Counts failed submits, so the view can move focus to the error summary each time. */
  attempt: number
  today: string
  saved: SavedProfilo | null
}

export type ProfiloEvent =
  | { type: 'field.changed'; field: ProfiloField; value: string }
  | { type: 'form.submit' }
  | { type: 'form.retry' }
  | { type: 'comuni.retry' }
  | { type: 'comuni.reload' }

const messageOf = (error: unknown) =>
  error && typeof error === 'object' && '_tag' in error
    ? failureMessage(error as ApiFailure)
    : MESSAGES.generic

export const profiloMachine = setup({
  types: {
    context: {} as ProfiloContext,
    events: {} as ProfiloEvent,
    input: {} as { today?: string },
  },
  actors: {
    loadForm: fromPromise(async () => {
      const [dati, province] = await Promise.all([
        callApi(endpoints.datiAnagraficiView, {}),
        callApi(endpoints.provincieGet, {}),
      ])
      return { dati: dati.result, province: province.result.map(({ sigla, nome }) => ({ sigla, nome })) }
    }),
    loadComuni: fromPromise(async ({ input }: { input: { provincia: string } }) => {
      const response = await callApi(endpoints.comuniGet, { provincia: input.provincia })
      return response.result.map((comune) => comune.nome)
    }),
    checkBirthPlace: fromPromise(
      async ({ input }: { input: { codice_fiscale: string } }) =>
        (await birthPlaceOf(input.codice_fiscale)) !== null,
    ),
    saveProfilo: fromPromise(
      async ({ input }: { input: ProfiloEdit }): Promise<SavedProfilo> =>
        (await callApi(endpoints.profiloEdit, input)).result,
    ),
  },
  guards: {
    hasProvincia: ({ context }) => context.values.provincia !== '',
    changesProvincia: ({ event }) => event.type === 'field.changed' && event.field === 'provincia',
    isInvalid: ({ context }) =>
      hasErrors(validateProfilo(context.values, { comuni: context.comuni, today: context.today })),
  },
  actions: {
    setValue: assign({
      values: ({ context, event }) =>
        event.type === 'field.changed' ? { ...context.values, [event.field]: event.value } : context.values,
    }),
    clearComune: assign({ values: ({ context }) => ({ ...context.values, comune: '' }), comuni: null }),
    reloadComuni: raise({ type: 'comuni.reload' }),
    revalidate: assign({
      errors: ({ context }) =>
        context.submitted
          ? validateProfilo(context.values, { comuni: context.comuni, today: context.today })
          : {},
    }),
    showErrors: assign({
      submitted: true,
      formError: null,
      errors: ({ context }) =>
        validateProfilo(context.values, { comuni: context.comuni, today: context.today }),
    }),
    clearErrors: assign({ submitted: true, errors: {}, formError: null }),
    countAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
    setFormError: assign({ formError: ({ event }) => messageOf((event as { error?: unknown }).error) }),
    setBirthplaceError: assign({
      errors: ({ context }) => ({ ...context.errors, codice_fiscale: BIRTHPLACE_ERROR }),
    }),
  },
}).createMachine({
  id: 'modificaProfilo',
  initial: 'loading',
  context: ({ input }) => ({
    values: EMPTY_VALUES,
    errors: {},
    email: '',
    province: [],
    comuni: null,
    submitted: false,
    formError: null,
    attempt: 0,
    today: input.today ?? todayInItaly(),
    saved: null,
  }),
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'loadForm',
        onDone: {
          target: 'ready',
          actions: assign({
            values: ({ event }) => valuesFrom(event.output.dati),
            email: ({ event }) => event.output.dati.email,
            province: ({ event }) => event.output.province,
          }),
        },
        onError: { target: 'loadFailed', actions: 'setFormError' },
      },
    },
    loadFailed: {
      on: { 'form.retry': { target: 'loading', actions: assign({ formError: null }) } },
    },
    ready: {
      type: 'parallel',
      states: {
        form: {
          initial: 'editing',
          states: {
            editing: {
              on: {
                'field.changed': [
                  {
                    guard: 'changesProvincia',
                    actions: ['setValue', 'clearComune', 'revalidate', 'reloadComuni'],
                  },
                  { actions: ['setValue', 'revalidate'] },
                ],
                'form.submit': [
                  { guard: 'isInvalid', actions: ['showErrors', 'countAttempt'] },
                  { target: 'checkingPlace', actions: 'clearErrors' },
                ],
              },
            },
            checkingPlace: {
              tags: 'saving',
              invoke: {
                src: 'checkBirthPlace',
                input: ({ context }) => ({ codice_fiscale: toProfiloEdit(context.values).codice_fiscale }),
                onDone: [
                  { guard: ({ event }) => event.output, target: 'saving' },
                  { target: 'editing', actions: ['setBirthplaceError', 'countAttempt'] },
                ],
                // The dataset could not be fetched: the server checks the birthplace anyway.
                onError: { target: 'saving' },
              },
            },
            saving: {
              tags: 'saving',
              invoke: {
                src: 'saveProfilo',
                input: ({ context }) => toProfiloEdit(context.values),
                onDone: { target: 'saved', actions: assign({ saved: ({ event }) => event.output }) },
                onError: { target: 'editing', actions: ['setFormError', 'countAttempt'] },
              },
            },
            saved: { type: 'final' },
          },
        },
        comuni: {
          initial: 'checking',
          on: { 'comuni.reload': { target: '.checking' } },
          states: {
            checking: {
              always: [{ guard: 'hasProvincia', target: 'loading' }, { target: 'idle' }],
            },
            idle: {},
            loading: {
              invoke: {
                src: 'loadComuni',
                input: ({ context }) => ({ provincia: context.values.provincia }),
                onDone: {
                  target: 'loaded',
                  actions: assign({
                    comuni: ({ event }) => event.output,
                    // A saved comune spelled differently (case, accents) takes the list's spelling.
                    values: ({ context, event }) =>
                      event.output.length > 0
                        ? { ...context.values, comune: matchComune(event.output, context.values.comune) }
                        : context.values,
                  }),
                },
                onError: { target: 'failed' },
              },
            },
            loaded: {},
            failed: { on: { 'comuni.retry': { target: 'loading' } } },
          },
        },
      },
    },
  },
})
