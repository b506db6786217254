import { Schema } from 'effect'
import { EmptyRequest, LookupOf } from './common.ts'
import { call, endpoint } from './endpoint.ts'

export const Settore = Schema.Struct({ id_settore: Schema.Int, settore: Schema.String })
export const Disciplina = Schema.Struct({
  id: Schema.Int,
  disciplina: Schema.String,
  nome: Schema.String,
  settori: Schema.Array(Settore),
})
export type Disciplina = typeof Disciplina.Type
export type Settore = typeof Settore.Type

export const lookupGet = endpoint('lookup/get', {
  request: Schema.Struct({
    keys: Schema.Literal('ss').annotate({ message: "deve essere 'ss'" }),
  }),
  response: LookupOf(Schema.Struct({ discipline: Schema.Array(Disciplina) })),
  access: 'public',
})

/**
 * The disciplines with their sectors, as every page asks them at start-up (src/app/discipline.ts) and the server
 * answers them in the page it serves (server/http/page-hints.ts): one body for both, so one key.
 */
export const disciplinesCall = call(lookupGet, { keys: 'ss' })

export const Provincia = Schema.Struct({ sigla: Schema.String, nome: Schema.String, regione: Schema.String })
export const provincieGet = endpoint('provincie/get', {
  request: EmptyRequest,
  response: LookupOf(Provincia),
  access: 'public',
})
