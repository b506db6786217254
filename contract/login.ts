import { Schema } from 'effect'
import { EmptyRequest, ResultOf } from './common.ts'
import { endpoint } from './endpoint.ts'

/** The login-get response of spec §7; 0/1 flags as the spec and local storage keep them. */
export const LoginData = Schema.Struct({
  profilation: Schema.Int,
  privacy: Schema.Int,
  dati_incompleti: Schema.Int,
  tessera_associata: Schema.Int,
  user_id: Schema.String,
})
export type LoginData = typeof LoginData.Type

export const login = endpoint('login', {
  request: EmptyRequest,
  response: ResultOf(LoginData),
  access: 'user',
})

export const sistemaLogin = endpoint('sistema/login', {
  request: EmptyRequest,
  response: ResultOf(Schema.Struct({ user_id: Schema.String, ultimo_accesso: Schema.NullOr(Schema.String) })),
  access: 'user',
  write: true,
})

/** logout (spec §7): this device signs out; the tokens of the account's other devices stay valid. */
export const logout = endpoint('logout', {
  request: EmptyRequest,
  response: ResultOf(Schema.Struct({ disconnesso: Schema.Boolean })),
  access: 'user',
  write: true,
})

/**
 * logout/ovunque (an addition to spec §7): «Esci da tutti i dispositivi». Every token, refresh token and identity
 * service session of the account issued until now stops working, and the personal calendar feed gets a new
 * secret (the old link answers 404). `feed_url` is the new link, null when no feed was active.
 */
export const logoutOvunque = endpoint('logout/ovunque', {
  request: EmptyRequest,
  response: ResultOf(Schema.Struct({ disconnesso: Schema.Boolean, feed_url: Schema.NullOr(Schema.String) })),
  access: 'user',
  write: true,
})
