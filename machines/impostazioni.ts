/**
 * The /impostazioni form, once its settings are loaded (by the page-data machine): edit notifications,
 * newsletter, visibility and the profilation consent, save only what changed.
 *
 * Input: { settings, profilation }  the loaded settings and the profilation consent, both as the server holds
 *                                   them (loaded with the page, never the session's stored flags: those are
 *                                   unknown or stale while the session starts)
 * Events it accepts
 * - `field.changed` { field, value }      editing: a toggle or the sector changed
 * - `form.submit`                         editing, with changes: save them
 * Context the views read
 * - `values`, `saved`   what the form shows and what the server has
 * - `aggiornatoIl`      when the settings were last saved
 * - `formError`, `attempt`  the message of a failed save, and a counter to focus it
 * - `saves`, `consensi` how many saves succeeded; the consents answered when the profilation changed
 * Tags: `saving` while saving.
 * Actor: `saveImpostazioni` (input: { changes, profilation: boolean | null }) → { view, consensi }.
 */
import { assign, setup } from 'xstate'
import type { Impostazioni, ImpostazioniView } from '../contract/impostazioni.ts'
import type { Consensi } from '../contract/profilo.ts'
import { providedByTheApplication, userMessage } from './actor-contracts.ts'
import type { MachineLabels } from './labels.ts'

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

/**
 * «Settore delle notifiche» limits the tournaments' and challenges' e-mails and the newsletter (docs/regole.md
 * «Impostazioni»): it matters while either goes out.
 */
export const sectorEnabled = (values: Pick<Impostazioni, 'notifiche_email' | 'newsletter'>) =>
  values.notifiche_email || values.newsletter

function valuesOf(view: ImpostazioniView, profilation: boolean): ImpostazioniValues {
  const { aggiornato_il: _ignored, ...settings } = view
  return { ...settings, profilation }
}

export type SaveOutcome = { view: ImpostazioniView | null; consensi: Consensi | null }

export interface ImpostazioniInput {
  settings: ImpostazioniView
  profilation: boolean
}

export interface ImpostazioniContext {
  values: ImpostazioniValues
  saved: ImpostazioniValues
  aggiornatoIl: string | null
  formError: string | null
  attempt: number
  /** Grows at every successful save; `consensi` is set when the profilation consent changed. */
  saves: number
  consensi: Consensi | null
}

export type ImpostazioniEvent =
  | { type: 'field.changed'; field: ImpostazioniField; value: boolean | number | null }
  | { type: 'form.submit' }

export const impostazioniMachine = setup({
  types: {
    context: {} as ImpostazioniContext,
    events: {} as ImpostazioniEvent,
    input: {} as ImpostazioniInput,
    tags: {} as 'saving',
  },
  actors: {
    saveImpostazioni: providedByTheApplication<
      SaveOutcome,
      { changes: Partial<Impostazioni>; profilation: boolean | null }
    >('impostazioni', 'saveImpostazioni'),
  },
  guards: {
    hasChanges: ({ context }) => hasChanges(context.values, context.saved),
  },
  actions: {
    setField: assign(({ context }, { field, value }: { field: ImpostazioniField; value: unknown }) => ({
      values: { ...context.values, [field]: value },
    })),
    clearFormError: assign({ formError: null }),
    storeSaved: assign(({ context }, { view, consensi }: SaveOutcome) => {
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
    storeSaveFailure: assign(({ context }, { error }: { error: unknown }) => ({
      formError: userMessage(error),
      attempt: context.attempt + 1,
    })),
  },
}).createMachine({
  id: 'impostazioni',
  initial: 'editing',
  context: ({ input }) => {
    const values = valuesOf(input.settings, input.profilation)
    return {
      values,
      saved: values,
      aggiornatoIl: input.settings.aggiornato_il,
      formError: null,
      attempt: 0,
      saves: 0,
      consensi: null,
    }
  },
  states: {
    editing: {
      meta: {
        title: 'Modifica delle impostazioni',
        description: '«Salva impostazioni» è attivo solo quando qualcosa è cambiato.',
      },
      on: {
        'field.changed': {
          actions: { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'form.submit': { guard: 'hasChanges', target: 'saving', actions: 'clearFormError' },
      },
    },
    saving: {
      meta: {
        title: 'Salvataggio delle impostazioni',
        description: 'Solo le impostazioni cambiate; il consenso alla profilazione con la sua richiesta.',
      },
      tags: 'saving',
      invoke: {
        id: 'saveImpostazioni',
        src: 'saveImpostazioni',
        input: ({ context }) => ({
          changes: changedSettings(context.values, context.saved),
          profilation:
            context.values.profilation !== context.saved.profilation ? context.values.profilation : null,
        }),
        onDone: { target: 'editing', actions: { type: 'storeSaved', params: ({ event }) => event.output } },
        onError: {
          target: 'editing',
          actions: { type: 'storeSaveFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
})

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const impostazioniLabels: MachineLabels = {
  events: {
    'field.changed': 'campo modificato',
    'form.submit': 'Salva',
    'xstate.done.actor.saveImpostazioni': 'impostazioni salvate',
    'xstate.error.actor.saveImpostazioni': 'impostazioni non salvate',
  },
  guards: {
    hasChanges: "c'è qualcosa di cambiato",
  },
}
