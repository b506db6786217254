/**
 * The news editor of /news/add-news, once the server has said the user may publish (the permission and the
 * news types are loaded by the page-data machine; the server decides who may publish, docs/ruoli.md).
 *
 * Input: { tipologie }
 * Events it accepts
 * - `field.changed` { field, value }  editing: a field of the draft changed
 * - `form.submit` { id_settore }      editing: publish a valid draft for the chosen sector, otherwise show each
 *                                     field's error (the button stays enabled: pressing it says what is missing)
 * - `editor.another`                  published: write another one
 * Context the views read: `tipologie`, `values`, `errors` (after the first submit, then following every change),
 * `attempt` (failed submits, to focus the summary), `error` (the server's refusal, as it is), `published`.
 * `hasUnsavedWork(context)` tells the view when leaving would lose text.
 * Tags: `sending` while publishing.
 * Actor: `publish` (input: { draft, id_settore }) → the published news.
 */
import { assign, setup } from 'xstate'
import { NEWS_LIMITS, NEWS_MIN_LENGTHS, type AmbitoNews, type NewsCard } from '../contract/news.ts'
import { providedByTheApplication, userMessage } from './actor-contracts.ts'
import type { MachineLabels } from './labels.ts'
import type { Tipologia } from './news-list.ts'

export type NewsDraft = {
  titolo: string
  sommario: string
  corpo: string
  tipologia_news: string
  ambito: AmbitoNews
  in_evidenza: boolean
}
export type NewsField = keyof NewsDraft
export type NewsErrors = Partial<Record<NewsField, string>>

/** What the page loads first: may the user publish (and if not, why), and the news types. */
export type Permission = {
  puo_pubblicare: boolean
  messaggio: string | null
  tipologie: readonly Tipologia[]
}
type Publication = { draft: NewsDraft; id_settore: number }

/** An empty draft: the first news type chosen, seen by the chosen sector only. */
export function emptyDraft(tipologie: readonly Tipologia[]): NewsDraft {
  return {
    titolo: '',
    sommario: '',
    corpo: '',
    tipologia_news: tipologie[0]?.codice ?? '',
    ambito: 'settore',
    in_evidenza: false,
  }
}

/** The draft as it is sent: texts trimmed (the contract refuses leading and trailing spaces). */
export function trimmedDraft(draft: NewsDraft): NewsDraft {
  return { ...draft, titolo: draft.titolo.trim(), sommario: draft.sommario.trim(), corpo: draft.corpo.trim() }
}

const TEXT_NAMES = {
  titolo: { name: 'il titolo', article: 'Il titolo' },
  sommario: { name: 'il sommario', article: 'Il sommario' },
  corpo: { name: 'il testo', article: 'Il testo' },
} as const

/**
 * Every problem of the draft, one Italian message per field; empty when it can be published. The lengths are
 * the contract's (NEWS_MIN_LENGTHS, NEWS_LIMITS), counted on the trimmed text as the server counts them.
 */
export function validateNews(draft: NewsDraft, tipologie: readonly Tipologia[]): NewsErrors {
  const errors: NewsErrors = {}
  for (const field of ['titolo', 'sommario', 'corpo'] as const) {
    const length = draft[field].trim().length
    const { name, article } = TEXT_NAMES[field]
    const min = NEWS_MIN_LENGTHS[field]
    if (length === 0) errors[field] = `Scrivi ${name}.`
    else if (length < min) {
      errors[field] =
        `${article} deve avere almeno ${min} caratteri: ne hai scritti ${length}, ne mancano ${min - length}.`
    } else if (length > NEWS_LIMITS[field]) {
      errors[field] =
        `${article} può avere al massimo ${NEWS_LIMITS[field]} caratteri: ne hai scritti ${length}.`
    }
  }
  if (!tipologie.some((t) => t.codice === draft.tipologia_news))
    errors.tipologia_news = 'Scegli la tipologia.'
  return errors
}

/** True while the editor holds text not yet published: leaving the page would lose it. */
export function hasUnsavedWork(context: Pick<NewsAddContext, 'values' | 'published'>): boolean {
  const { titolo, sommario, corpo } = context.values
  return context.published === null && [titolo, sommario, corpo].some((text) => text.trim() !== '')
}

export type NewsAddEvent =
  | { type: 'field.changed'; field: NewsField; value: string | boolean }
  | { type: 'form.submit'; id_settore: number }
  | { type: 'editor.another' }

export interface NewsAddContext {
  tipologie: readonly Tipologia[]
  values: NewsDraft
  errors: NewsErrors
  /** After the first submit the errors follow every change. */
  submitted: boolean
  /** Counts refused submits and failed publications, so the view can move the focus to the summary. */
  attempt: number
  error: string | null
  published: NewsCard | null
  publication: Publication | null
}

export const newsAddMachine = setup({
  types: {
    context: {} as NewsAddContext,
    input: {} as { tipologie: readonly Tipologia[] },
    events: {} as NewsAddEvent,
    tags: {} as 'sending',
  },
  actors: {
    publish: providedByTheApplication<NewsCard, Publication>('newsAdd', 'publish'),
  },
  guards: {
    isInvalid: ({ context }) => Object.keys(validateNews(context.values, context.tipologie)).length > 0,
  },
  actions: {
    setField: assign(({ context }, { field, value }: { field: NewsField; value: string | boolean }) => ({
      values: { ...context.values, [field]: value },
    })),
    revalidate: assign({
      errors: ({ context }) => (context.submitted ? validateNews(context.values, context.tipologie) : {}),
    }),
    showErrors: assign({
      submitted: true,
      error: null,
      errors: ({ context }) => validateNews(context.values, context.tipologie),
      attempt: ({ context }) => context.attempt + 1,
    }),
    startPublishing: assign(({ context }, id_settore: number) => ({
      submitted: true,
      errors: {},
      error: null,
      publication: { draft: trimmedDraft(context.values), id_settore },
    })),
    storePublished: assign((_, published: NewsCard) => ({ published })),
    storeError: assign(({ context }, { error }: { error: unknown }) => ({
      error: userMessage(error),
      attempt: context.attempt + 1,
    })),
    startAnother: assign(({ context }) => ({
      values: emptyDraft(context.tipologie),
      errors: {},
      submitted: false,
      error: null,
      published: null,
      publication: null,
    })),
  },
}).createMachine({
  id: 'newsAdd',
  context: ({ input }) => ({
    tipologie: input.tipologie,
    values: emptyDraft(input.tipologie),
    errors: {},
    submitted: false,
    attempt: 0,
    error: null,
    published: null,
    publication: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      meta: {
        title: 'Scrittura della news',
        description:
          'Campi obbligatori segnati; «Pubblica» sempre attivo: se manca qualcosa lo dice accanto al campo.',
      },
      on: {
        'field.changed': {
          actions: [
            { type: 'setField', params: ({ event }) => ({ field: event.field, value: event.value }) },
            'revalidate',
          ],
        },
        'form.submit': [
          { guard: 'isInvalid', actions: 'showErrors' },
          {
            target: 'publishing',
            actions: { type: 'startPublishing', params: ({ event }) => event.id_settore },
          },
        ],
      },
    },
    publishing: {
      meta: { title: 'Pubblicazione in corso', description: 'La news è inviata al server.' },
      tags: 'sending',
      invoke: {
        id: 'publish',
        src: 'publish',
        input: ({ context }) => context.publication!,
        onDone: {
          target: 'published',
          actions: { type: 'storePublished', params: ({ event }) => event.output },
        },
        // The server's refusal (403 for a non-editor, 400 for a bad field) is shown as it is.
        onError: {
          target: 'editing',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    published: {
      meta: { title: 'News pubblicata', description: 'Il link alla news e «Scrivi un’altra news».' },
      on: { 'editor.another': { target: 'editing', actions: 'startAnother' } },
    },
  },
})

/** The machine's vocabulary in Italian, for the statechart viewer and the flow report. */
export const newsAddLabels: MachineLabels = {
  events: {
    'field.changed': 'campo modificato',
    'form.submit': 'Pubblica',
    'xstate.done.actor.publish': 'news pubblicata',
    'xstate.error.actor.publish': 'news non pubblicata',
    'editor.another': 'nuova news',
  },
  guards: {
    isInvalid: 'la bozza ha errori',
  },
}
