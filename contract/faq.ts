import { Schema } from 'effect'
import { ListOf, Testo, pagingFields } from './common.ts'
import { DISCIPLINES } from './constants.ts'
import { endpoint } from './endpoint.ts'

export const FAQ_SEARCH_MAX = 100

const CODES: readonly string[] = DISCIPLINES.map((d) => d.codice)
const DisciplinaCodice = Schema.String.pipe(
  Schema.refine((value): value is (typeof DISCIPLINES)[number]['codice'] => CODES.includes(value), {
    message: `deve essere una disciplina: ${CODES.join(', ')}`,
  }),
)

/** What the user typed in the search box; blank means no search (so a text of invisible characters only is blank). */
const SearchText = Testo.pipe(
  Schema.check(
    Schema.isMaxLength(FAQ_SEARCH_MAX, { message: `deve avere al massimo ${FAQ_SEARCH_MAX} caratteri` }),
  ),
)

export const FaqItem = Schema.Struct({
  id: Schema.Int,
  categoria: Schema.String,
  domanda: Schema.String,
  /** Plain text; a blank line separates paragraphs. */
  risposta: Schema.String,
  /** The discipline code, or null for a question valid for every discipline. */
  disciplina: Schema.NullOr(Schema.String),
})
export type FaqItem = typeof FaqItem.Type

/** Help desk FAQ (spec §7): the discipline's questions and the general ones, searchable by text. */
export const faqList = endpoint('faq/list', {
  request: Schema.Struct({
    ...pagingFields,
    filters: Schema.optionalKey(
      Schema.Struct({
        disciplina: Schema.optionalKey(DisciplinaCodice),
        testo: Schema.optionalKey(SearchText),
      }),
    ),
  }),
  response: ListOf(FaqItem),
  access: 'public',
})
