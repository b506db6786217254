// The help desk's requests (issue 23 item 3): what a signed-in user asks the federation, in a category of a
// sector, optionally about one of their own cards, and the staff's reply.
import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core'
import { accounts, persons, sectors } from './core.ts'
import { bytea } from './profilo.ts'

export const richiesteUtenti = pgTable(
  'richieste_utenti',
  {
    id: serial('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The account's person when it has one (the reply's notice goes to it). */
    personId: integer('person_id').references(() => persons.id, { onDelete: 'set null' }),
    /** assistenza 1, disservizi 2, gold 3 (spec §6). */
    categoria: smallint('categoria').notNull(),
    sectorId: integer('sector_id')
      .notNull()
      .references(() => sectors.id),
    /** One of the requester's cards, checked when written. */
    codiceTessera: varchar('codice_tessera', { length: 20 }),
    oggetto: text('oggetto').notNull(),
    messaggio: text('messaggio').notNull(),
    /** aperta | risposta | chiusa */
    stato: text('stato').notNull().default('aperta'),
    creataIl: timestamp('creata_il', { withTimezone: true }).notNull().defaultNow(),
    risposta: text('risposta'),
    rispostaIl: timestamp('risposta_il', { withTimezone: true }),
    rispostaDa: uuid('risposta_da').references(() => accounts.id, { onDelete: 'set null' }),
    /** When it was closed (by its requester or the staff): a closed request takes no more replies. */
    chiusaIl: timestamp('chiusa_il', { withTimezone: true }),
    chiusaDa: uuid('chiusa_da').references(() => accounts.id, { onDelete: 'set null' }),
    /** utente | staff: who closed it, kept apart from the account (which may be deleted). */
    chiusaRuolo: text('chiusa_ruolo'),
  },
  (t) => [
    check('richieste_utenti_categoria_ck', sql`${t.categoria} in (1, 2, 3)`),
    check('richieste_utenti_stato_ck', sql`${t.stato} in ('aperta', 'risposta', 'chiusa')`),
    // A user's own requests, newest first.
    index('richieste_utenti_account_idx').on(t.accountId, t.id),
    // The staff's queue of open requests, oldest first.
    index('richieste_utenti_aperte_idx')
      .on(t.id)
      .where(sql`${t.stato} = 'aperta'`),
    index('richieste_utenti_person_idx').on(t.personId),
    index('richieste_utenti_sector_idx').on(t.sectorId),
    index('richieste_utenti_risposta_da_idx').on(t.rispostaDa),
    index('richieste_utenti_chiusa_da_idx').on(t.chiusaDa),
    check('richieste_utenti_chiusa_ruolo_ck', sql`${t.chiusaRuolo} in ('utente', 'staff')`),
    // Closed exactly when it says by whom and when.
    check(
      'richieste_utenti_chiusa_ck',
      sql`(${t.stato} = 'chiusa') = (${t.chiusaIl} is not null and ${t.chiusaRuolo} is not null)`,
    ),
  ],
)

/**
 * A request's attachments (issue 23 item 3): images only, re-encoded by the server as a JPEG with no metadata
 * (server/domain/allegati.ts), written in the request's own transaction. Only the requester and the staff read
 * them (GET ALLEGATO_PATH/:id).
 */
export const richiesteAllegati = pgTable(
  'richieste_allegati',
  {
    id: serial('id').primaryKey(),
    richiestaId: integer('richiesta_id')
      .notNull()
      .references(() => richiesteUtenti.id, { onDelete: 'cascade' }),
    /** The file's name as the user chose it (shown only; never used in a header). */
    nome: text('nome').notNull(),
    immagine: bytea('immagine').notNull(),
    larghezza: integer('larghezza').notNull(),
    altezza: integer('altezza').notNull(),
  },
  (t) => [
    check('richieste_allegati_dimensione_ck', sql`octet_length(${t.immagine}) > 0`),
    index('richieste_allegati_richiesta_idx').on(t.richiestaId, t.id),
  ],
)
