/**
 * The /modifica-privacy form (spec §4 guard 2): accept the privacy notice (required) and choose on profilation
 * (yes or no, an active choice: nothing is preselected for a user who never chose).
 *
 * Input: { values }  the starting answers: the consents as the server holds them (`privacyValuesFrom` of
 *                    profilo/privacy/view), never the session's stored flags, which may be unknown or stale
 * Events it accepts
 * - `privacy.changed` { value }      editing: the notice box was ticked or unticked
 * - `profilation.changed` { value }  editing: yes or no to profilation
 * - `form.submit`                    editing: save when both answers are valid, otherwise show the errors
 * Context the views read
 * - `values`, `errors` (shown after the first submit, then following every change), `formError`, `attempt`
 * - `saved`   the consents the server answered; the machine is then done
 * Tags: `saving` while saving.
 * Actor: `savePrivacy` (input: { privacy: true, profilation }) → the consents.
 */
import { assign, setup } from 'xstate'
import type { Consensi } from '../contract/profilo.ts'
import { providedByTheApplication, userMessage } from './actor-contracts.ts'
import type { MachineLabels } from './labels.ts'

export type PrivacyValues = { privacy: boolean; profilation: boolean | null }
export type PrivacyErrors = Partial<Record<keyof PrivacyValues, string>>

/** The rules of the form: both answers are required, and the notice must be accepted. */
export function validatePrivacy(values: PrivacyValues): PrivacyErrors {
  const errors: PrivacyErrors = {}
  if (!values.privacy) errors.privacy = "Per usare il portale devi accettare l'informativa sulla privacy."
  if (values.profilation === null) errors.profilation = 'Indica se acconsenti alla profilazione.'
  return errors
}

/**
 * The form's starting values from the consents as the server holds them: the notice box as stored, and the
 * profilation choice as stored (Sì, No, or none for a user who never chose, whatever the notice's state).
 */
export function privacyValuesFrom(stored: { privacy: number; profilation: number | null }): PrivacyValues {
  return {
    privacy: stored.privacy === 1,
    profilation: stored.profilation === null ? null : stored.profilation === 1,
  }
}

export type PrivacyEvent =
  | { type: 'privacy.changed'; value: boolean }
  | { type: 'profilation.changed'; value: boolean }
  | { type: 'form.submit' }

export interface PrivacyContext {
  values: PrivacyValues
  errors: PrivacyErrors
  submitted: boolean
  formError: string | null
  attempt: number
  saved: Consensi | null
}

export const modificaPrivacyMachine = setup({
  types: {
    context: {} as PrivacyContext,
    events: {} as PrivacyEvent,
    input: {} as { values: PrivacyValues },
    tags: {} as 'saving',
  },
  actors: {
    savePrivacy: providedByTheApplication<Consensi, { privacy: true; profilation: boolean }>(
      'modificaPrivacy',
      'savePrivacy',
    ),
  },
  guards: {
    isInvalid: ({ context }) => Object.keys(validatePrivacy(context.values)).length > 0,
  },
  actions: {
    setPrivacy: assign(({ context }, value: boolean) => ({ values: { ...context.values, privacy: value } })),
    setProfilation: assign(({ context }, value: boolean) => ({
      values: { ...context.values, profilation: value },
    })),
    revalidate: assign({
      errors: ({ context }) => (context.submitted ? validatePrivacy(context.values) : {}),
    }),
    showErrors: assign({
      submitted: true,
      formError: null,
      errors: ({ context }) => validatePrivacy(context.values),
      attempt: ({ context }) => context.attempt + 1,
    }),
    startSaving: assign({ submitted: true, errors: {}, formError: null }),
    storeSaved: assign((_, saved: Consensi) => ({ saved })),
    storeFailure: assign(({ context }, { error }: { error: unknown }) => ({
      formError: userMessage(error),
      attempt: context.attempt + 1,
    })),
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
      meta: {
        title: 'Scelta dei consensi',
        description: 'Informativa da accettare e consenso alla profilazione (sì o no) da indicare.',
      },
      on: {
        'privacy.changed': {
          actions: [{ type: 'setPrivacy', params: ({ event }) => event.value }, 'revalidate'],
        },
        'profilation.changed': {
          actions: [{ type: 'setProfilation', params: ({ event }) => event.value }, 'revalidate'],
        },
        'form.submit': [
          { guard: 'isInvalid', actions: 'showErrors' },
          { target: 'saving', actions: 'startSaving' },
        ],
      },
    },
    saving: {
      meta: {
        title: 'Salvataggio dei consensi',
        description: 'Le preferenze sulla privacy sono inviate al server.',
      },
      tags: 'saving',
      invoke: {
        id: 'savePrivacy',
        src: 'savePrivacy',
        input: ({ context }) => ({
          privacy: true as const,
          profilation: context.values.profilation === true,
        }),
        onDone: { target: 'saved', actions: { type: 'storeSaved', params: ({ event }) => event.output } },
        onError: {
          target: 'editing',
          actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    saved: {
      meta: { title: 'Consensi salvati', description: 'Si torna alla pagina di prima con un avviso.' },
      type: 'final',
    },
  },
})

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const modificaPrivacyLabels: MachineLabels = {
  events: {
    'privacy.changed': 'informativa spuntata o tolta',
    'profilation.changed': 'consenso alla profilazione indicato',
    'form.submit': 'Salva',
    'xstate.done.actor.savePrivacy': 'preferenze salvate',
    'xstate.error.actor.savePrivacy': 'preferenze non salvate',
  },
  guards: {
    isInvalid: 'il modulo ha errori',
  },
}
