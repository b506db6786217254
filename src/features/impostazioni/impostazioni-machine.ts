// /impostazioni: load the settings, edit them with the profilation consent, save only what changed.
import { assign, fromPromise, setup } from 'xstate'
import { DISCIPLINES } from '../../../contract/constants.ts'
import { MESSAGES } from '../../../contract/common.ts'
import { endpoints } from '../../../contract/endpoints.ts'
import type { Impostazioni, ImpostazioniView } from '../../../contract/impostazioni.ts'
import type { Consensi } from '../../../contract/profilo.ts'
import { callApi } from '../../api/client.ts'
import { failureMessage, type ApiFailure } from '../../api/errors.ts'

export type ImpostazioniValues = Impostazioni & { profilation: boolean }
export type ImpostazioniField = keyof ImpostazioniValues

/** The settings that differ from the saved ones (profilation apart: it has an endpoint of its own). */
export function changedSettings(
  values: ImpostazioniValues,
  saved: ImpostazioniValues,
): Partial<Impostazioni> {
  const changes: Partial<Record<keyof Impostazioni, unknown>> = {}
  for (const key of Object.keys(values) as ImpostazioniField[]) {
    if (key !== 'profilation' && values[key] !== saved[key]) changes[key] = values[key]
  }
  return changes as Partial<Impostazioni>
}

export const hasChanges = (values: ImpostazioniValues, saved: ImpostazioniValues) =>
  values.profilation !== saved.profilation || Object.keys(changedSettings(values, saved)).length > 0

/** Tournament and challenge topics only matter when e-mail notifications are on. */
export const topicsEnabled = (values: Pick<Impostazioni, 'notifiche_email'>) => values.notifiche_email

/** The sectors offered for notifications, labelled for people: 'Tennis', 'Tennis – Junior', 'Padel'… */
export const SETTORI_NOTIFICHE = DISCIPLINES.flatMap((d) =>
  d.settori.map((s) => ({ id: s.id as number, nome: s.nome === d.nome ? d.nome : `${d.nome} – ${s.nome}` })),
)

const messageOf = (error: unknown) =>
  error && typeof error === 'object' && '_tag' in error
    ? failureMessage(error as ApiFailure)
    : MESSAGES.generic

const valuesOf = (view: ImpostazioniView, profilation: boolean): ImpostazioniValues => {
  const { aggiornato_il: _ignored, ...settings } = view
  return { ...settings, profilation }
}

export type SaveOutcome = { view: ImpostazioniView | null; consensi: Consensi | null }

export const impostazioniMachine = setup({
  types: {
    context: {} as {
      values: ImpostazioniValues
      saved: ImpostazioniValues
      aggiornatoIl: string | null
      formError: string | null
      attempt: number
      /** Grows at every successful save; `consensi` is set when the profilation consent changed. */
      saves: number
      consensi: Consensi | null
    },
    events: {} as
      | { type: 'field.changed'; field: ImpostazioniField; value: boolean | number | null }
      | { type: 'form.submit' }
      | { type: 'form.retry' },
    input: {} as { profilation: boolean },
  },
  actors: {
    loadImpostazioni: fromPromise(async () => (await callApi(endpoints.impostazioniViewUpsert, {})).result),
    saveImpostazioni: fromPromise(
      async ({
        input,
      }: {
        input: { changes: Partial<Impostazioni>; profilation: boolean | null }
      }): Promise<SaveOutcome> => {
        const view =
          Object.keys(input.changes).length > 0
            ? (await callApi(endpoints.impostazioniViewUpsert, { impostazioni: input.changes })).result
            : null
        const consensi =
          input.profilation === null
            ? null
            : (await callApi(endpoints.privacyEdit, { profilation: input.profilation })).result
        return { view, consensi }
      },
    ),
  },
  guards: {
    hasChanges: ({ context }) => hasChanges(context.values, context.saved),
  },
}).createMachine({
  id: 'impostazioni',
  initial: 'loading',
  context: ({ input }) => {
    const values: ImpostazioniValues = {
      notifiche_email: true,
      notifiche_tornei: true,
      notifiche_sfide: true,
      newsletter: false,
      visibile_ricerche: true,
      mostra_power: true,
      id_settore: null,
      profilation: input.profilation,
    }
    return {
      values,
      saved: values,
      aggiornatoIl: null,
      formError: null,
      attempt: 0,
      saves: 0,
      consensi: null,
    }
  },
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        src: 'loadImpostazioni',
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const values = valuesOf(event.output, context.values.profilation)
            return { values, saved: values, aggiornatoIl: event.output.aggiornato_il }
          }),
        },
        onError: {
          target: 'loadFailed',
          actions: assign({ formError: ({ event }) => messageOf(event.error) }),
        },
      },
    },
    loadFailed: {
      on: { 'form.retry': { target: 'loading', actions: assign({ formError: null }) } },
    },
    editing: {
      on: {
        'field.changed': {
          actions: assign({
            values: ({ context, event }) => ({ ...context.values, [event.field]: event.value }),
          }),
        },
        'form.submit': { guard: 'hasChanges', target: 'saving', actions: assign({ formError: null }) },
      },
    },
    saving: {
      tags: 'saving',
      invoke: {
        src: 'saveImpostazioni',
        input: ({ context }) => ({
          changes: changedSettings(context.values, context.saved),
          profilation:
            context.values.profilation !== context.saved.profilation ? context.values.profilation : null,
        }),
        onDone: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const { view, consensi } = event.output
            const profilation = consensi ? consensi.profilation === 1 : context.saved.profilation
            const saved = view ? valuesOf(view, profilation) : { ...context.saved, profilation }
            return {
              // The form is disabled while saving: what was saved is what the user sees.
              values: saved,
              saved,
              aggiornatoIl: view?.aggiornato_il ?? context.aggiornatoIl,
              saves: context.saves + 1,
              consensi,
            }
          }),
        },
        onError: {
          target: 'editing',
          actions: assign({
            formError: ({ event }) => messageOf(event.error),
            attempt: ({ context }) => context.attempt + 1,
          }),
        },
      },
    },
  },
})
