// The federation's card registry (tesseramento): the cards clubs issue, keyed by the holder's codice fiscale.
// The portal's own list (`tessere`) takes cards from here when the holder adds one by its code (tessera/add) or
// synchronises (tessere/sincronizza); docs/regole.md «Tessere» says how.
import {
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core'
import { clubs, disciplines, sectors } from './core.ts'

export const registroTessere = pgTable(
  'registro_tessere',
  {
    id: serial('id').primaryKey(),
    codiceTessera: varchar('codice_tessera', { length: 20 }).notNull(),
    /** The holder, as the club registered them. */
    codiceFiscale: varchar('codice_fiscale', { length: 16 }).notNull(),
    tipologia: text('tipologia').notNull(),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id),
    clubId: integer('club_id').references(() => clubs.id, { onDelete: 'set null' }),
    stagione: smallint('stagione').notNull(),
    validaDal: date('valida_dal').notNull(),
    validaAl: date('valida_al').notNull(),
    /** When the club registered (or last changed) it. */
    aggiornataIl: timestamp('aggiornata_il', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('registro_tessere_codice_uq').on(t.codiceTessera),
    index('registro_tessere_cf_idx').on(t.codiceFiscale),
    index('registro_tessere_discipline_idx').on(t.disciplineId),
    index('registro_tessere_sector_idx').on(t.sectorId),
    index('registro_tessere_club_idx').on(t.clubId),
  ],
)
