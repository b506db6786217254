// What the portal's sections share: the menu entries and banners of a section's head (the home, the tournaments
// pages) and the club search (the home's quick search, the calendar's club filter). Apart from home.ts, so the
// calendar's contract does not bring the home's (and the news') with it to every calendar page.
import { Schema } from 'effect'

/** Quick search: at least 2 characters, as the user types. */
export const SEARCH_MIN_LENGTH = 2

export const MenuEntry = Schema.Struct({
  id: Schema.Int,
  etichetta: Schema.String,
  /** A portal path (/tornei/calendario-tornei) or an absolute URL (then `esterno` is true). */
  percorso: Schema.String,
  esterno: Schema.Boolean,
  icona: Schema.NullOr(Schema.String),
  descrizione: Schema.NullOr(Schema.String),
  richiede_accesso: Schema.Boolean,
})
export type MenuEntry = typeof MenuEntry.Type

export const Banner = Schema.Struct({
  id: Schema.Int,
  titolo: Schema.String,
  immagine: Schema.String,
  immagine_alt: Schema.String,
  link: Schema.String,
  esterno: Schema.Boolean,
})
export type Banner = typeof Banner.Type

export const CircoloTrovato = Schema.Struct({
  id_circolo: Schema.Int,
  nome: Schema.String,
  comune: Schema.String,
  provincia: Schema.String,
})
export type CircoloTrovato = typeof CircoloTrovato.Type
