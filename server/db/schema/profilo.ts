// What a person keeps beside the registration data (issue 23 item 1): the card photo and the shipping address.
// Both hang off the person (one row each at most) and go with it.
import { sql } from 'drizzle-orm'
import { check, customType, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core'
import { persons, provinces } from './core.ts'

/** Binary data: pg answers a Buffer, PGlite a Uint8Array; both become a Buffer here. */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
})

/**
 * The card photo, already re-encoded by the server (a JPEG with no metadata, the card's ratio). Kept in the
 * database rather than in a media folder: it is personal data, served to its owner only, written in the same
 * transaction as the person's pointer to it and erased with the person; the portal's media folder holds public
 * demo files only.
 */
export const fototessere = pgTable(
  'fototessere',
  {
    personId: integer('person_id')
      .primaryKey()
      .references(() => persons.id, { onDelete: 'cascade' }),
    immagine: bytea('immagine').notNull(),
    larghezza: integer('larghezza').notNull(),
    altezza: integer('altezza').notNull(),
    /** SHA-256 of the stored bytes, hex: the version in the photo's address. */
    impronta: varchar('impronta', { length: 64 }).notNull(),
    aggiornataIl: timestamp('aggiornata_il', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('fototessere_dimensione_ck', sql`octet_length(${t.immagine}) > 0`)],
)

/** Where the federation sends what it ships (the card, prizes): an Italian address checked against ISTAT. */
export const datiSpedizione = pgTable(
  'dati_spedizione',
  {
    personId: integer('person_id')
      .primaryKey()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** «presso» (c/o), optional. */
    presso: text('presso'),
    /** Street and number. */
    indirizzo: text('indirizzo').notNull(),
    cap: varchar('cap', { length: 5 }).notNull(),
    comune: text('comune').notNull(),
    provincia: varchar('provincia', { length: 2 })
      .notNull()
      .references(() => provinces.sigla),
    aggiornatiIl: timestamp('aggiornati_il', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('dati_spedizione_cap_ck', sql`${t.cap} ~ '^[0-9]{5}$'`),
    // The foreign key to the provinces, indexed like every other one.
    index('dati_spedizione_provincia_idx').on(t.provincia),
  ],
)
