// The signed-in user's settings (/impostazioni): notifications, newsletter, visibility, preferred sector.
import { Schema } from 'effect'
import { Id, ResultOf } from './common.ts'
import { endpoint } from './endpoint.ts'

export const Impostazioni = Schema.Struct({
  /** Master switch: no e-mail notification at all when false. */
  notifiche_email: Schema.Boolean,
  notifiche_tornei: Schema.Boolean,
  notifiche_sfide: Schema.Boolean,
  newsletter: Schema.Boolean,
  /** Found by the player searches (home, partner, opponent) and listed on the partner board. */
  visibile_ricerche: Schema.Boolean,
  /** Power shown to others wherever a person is shown; always to oneself (docs/regole.md «Privacy»). */
  mostra_power: Schema.Boolean,
  /** The sector notifications are about; null means every sector. */
  id_settore: Schema.NullOr(Schema.Int),
})
export type Impostazioni = typeof Impostazioni.Type

export const ImpostazioniView = Schema.Struct({
  ...Impostazioni.fields,
  /** ISO instant of the last save; null while the user keeps the defaults. */
  aggiornato_il: Schema.NullOr(Schema.String),
})
export type ImpostazioniView = typeof ImpostazioniView.Type

/** Without `impostazioni` it only reads; with it, it saves the given fields (the others stay) and reads back. */
export const impostazioniViewUpsert = endpoint('impostazioni/view_upsert', {
  request: Schema.Struct({
    impostazioni: Schema.optionalKey(
      Schema.Struct({
        notifiche_email: Schema.optionalKey(Schema.Boolean),
        notifiche_tornei: Schema.optionalKey(Schema.Boolean),
        notifiche_sfide: Schema.optionalKey(Schema.Boolean),
        newsletter: Schema.optionalKey(Schema.Boolean),
        visibile_ricerche: Schema.optionalKey(Schema.Boolean),
        mostra_power: Schema.optionalKey(Schema.Boolean),
        id_settore: Schema.optionalKey(Schema.NullOr(Id)),
      }),
    ),
  }),
  response: ResultOf(ImpostazioniView),
  access: 'user',
  write: true,
})
