// «I miei dati» (issue 23 item 6, an addition to spec §7): the export of everything stored about the signed-in
// user, and the deletion of their account after they type their password again (docs/regole.md «I miei dati»).
import { Schema } from 'effect'
import { EmptyRequest, ResultOf, Segreto } from './common.ts'
import { endpoint } from './endpoint.ts'

/** profilo/dati/esporta: the file to save (`nome_file`) and its content, one section per kind of data. */
export const DatiPersonali = Schema.Struct({
  nome_file: Schema.String,
  generato_il: Schema.String,
  dati: Schema.Record(Schema.String, Schema.Unknown),
})
export type DatiPersonali = typeof DatiPersonali.Type

export const datiEsporta = endpoint('profilo/dati/esporta', {
  request: EmptyRequest,
  response: ResultOf(DatiPersonali),
  access: 'user',
})

/** The longest password the identity service accepts; a longer one cannot be right. */
export const PASSWORD_MAX = 200

/**
 * profilo/account/elimina: the account's password again (re-authentication). An account of an external identity
 * provider has none here and sends no password: it must have signed in within the last 10 minutes instead.
 */
export const AccountEliminaRequest = Schema.Struct({
  password: Schema.optionalKey(
    Segreto.pipe(
      Schema.check(
        Schema.isBetweenLength(1, PASSWORD_MAX, { message: `deve avere da 1 a ${PASSWORD_MAX} caratteri` }),
      ),
    ),
  ),
})
export type AccountEliminaRequest = typeof AccountEliminaRequest.Type

export const accountElimina = endpoint('profilo/account/elimina', {
  request: AccountEliminaRequest,
  response: ResultOf(Schema.Struct({ eliminato: Schema.Boolean })),
  access: 'user',
  write: true,
})
