import { Schema } from 'effect'
import { Id, ListOf, pagingFields } from './common.ts'
import { endpoint } from './endpoint.ts'

export const UserDetails = Schema.Struct({
  id_persona: Schema.NullOr(Schema.Int),
  persona: Schema.String,
  provincia: Schema.NullOr(Schema.String),
  fototessera: Schema.NullOr(Schema.String),
  puo_esportare_classifiche: Schema.Boolean,
})
export type UserDetails = typeof UserDetails.Type

export const datiUtente = endpoint('giocatori/dati_utente', {
  request: Schema.Struct({
    ...pagingFields,
    filters: Schema.optionalKey(Schema.Struct({ id_settore: Schema.optionalKey(Id) })),
  }),
  response: ListOf(UserDetails),
  access: 'user',
})

export const Tessera = Schema.Struct({
  codice_tessera: Schema.String,
  tipologia: Schema.String,
  disciplina: Schema.String,
  id_settore: Schema.Int,
  stagione: Schema.Int,
  valida_dal: Schema.String,
  valida_al: Schema.String,
})
export type Tessera = typeof Tessera.Type

export const elencoTessere = endpoint('scheda_personale/elenco_tessere/list', {
  request: Schema.Struct({ id: Id, ...pagingFields }),
  response: ListOf(Tessera),
  access: 'user',
})
