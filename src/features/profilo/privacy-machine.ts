// The /modifica-privacy form: accept the privacy notice (required) and choose on profilation (yes or no,
// an active choice: nothing is preselected for a user who never chose).
import { assign, fromPromise, setup } from 'xstate'
import { MESSAGES } from '../../../contract/common.ts'
import { endpoints } from '../../../contract/endpoints.ts'
import type { Consensi } from '../../../contract/profilo.ts'
import { callApi } from '../../api/client.ts'
import { failureMessage, type ApiFailure } from '../../api/errors.ts'

export type PrivacyValues = { privacy: boolean; profilation: boolean | null }
export type PrivacyErrors = Partial<Record<keyof PrivacyValues, string>>

/** The rules of the form: both answers are required, and the notice must be accepted. */
export function validatePrivacy(values: PrivacyValues): PrivacyErrors {
  const errors: PrivacyErrors = {}
  if (!values.privacy) errors.privacy = "Per usare il portale devi accettare l'informativa sulla privacy."
  if (values.profilation === null) errors.profilation = 'Indica se acconsenti alla profilazione.'
  return errors
}

/** The form's starting values from the login flags: a previous choice is shown, a missing one is not. */
export function privacyValuesFrom(login: { privacy: number; profilation: number } | null): PrivacyValues {
  if (!login || login.privacy !== 1) return { privacy: false, profilation: null }
  return { privacy: true, profilation: login.profilation === 1 }
}

export type PrivacyEvent =
  | { type: 'privacy.changed'; value: boolean }
  | { type: 'profilation.changed'; value: boolean }
  | { type: 'form.submit' }

const messageOf = (error: unknown) =>
  error && typeof error === 'object' && '_tag' in error
    ? failureMessage(error as ApiFailure)
    : MESSAGES.generic

export const privacyMachine = setup({
  types: {
    context: {} as {
      values: PrivacyValues
      errors: PrivacyErrors
      submitted: boolean
      formError: string | null
      attempt: number
      saved: Consensi | null
    },
    events: {} as PrivacyEvent,
    input: {} as { values: PrivacyValues },
  },
  actors: {
    savePrivacy: fromPromise(
      async ({ input }: { input: { privacy: true; profilation: boolean } }) =>
        (await callApi(endpoints.privacyUserEdit, input)).result,
    ),
  },
  guards: {
    isInvalid: ({ context }) => Object.keys(validatePrivacy(context.values)).length > 0,
  },
  actions: {
    revalidate: assign({
      errors: ({ context }) => (context.submitted ? validatePrivacy(context.values) : {}),
    }),
  },
}).createMachine({
  id: 'modificaPrivacy',
  initial: 'editing',
  context: ({ input }) => ({
    values: input.values,
    errors: {},
    submitted: false,
    formError: null,
    attempt: 0,
    saved: null,
  }),
  states: {
    editing: {
      on: {
        'privacy.changed': {
          actions: [
            assign({ values: ({ context, event }) => ({ ...context.values, privacy: event.value }) }),
            'revalidate',
          ],
        },
        'profilation.changed': {
          actions: [
            assign({ values: ({ context, event }) => ({ ...context.values, profilation: event.value }) }),
            'revalidate',
          ],
        },
        'form.submit': [
          {
            guard: 'isInvalid',
            actions: assign({
              submitted: true,
              formError: null,
              errors: ({ context }) => validatePrivacy(context.values),
              attempt: ({ context }) => context.attempt + 1,
            }),
          },
          { target: 'saving', actions: assign({ submitted: true, errors: {}, formError: null }) },
        ],
      },
    },
    saving: {
      tags: 'saving',
      invoke: {
        src: 'savePrivacy',
        input: ({ context }) => ({
          privacy: true as const,
          profilation: context.values.profilation === true,
        }),
        onDone: { target: 'saved', actions: assign({ saved: ({ event }) => event.output }) },
        onError: {
          target: 'editing',
          actions: assign({
            formError: ({ event }) => messageOf(event.error),
            attempt: ({ context }) => context.attempt + 1,
          }),
        },
      },
    },
    saved: { type: 'final' },
  },
})
