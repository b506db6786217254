// The notices of the portal (avvisi, issue 19 item 7): what a lifecycle told a person (a doubles invitation, a
// challenge, a partner request, a message), kept until the person has seen it. The same code writes the e-mail
// of the simulated outbox (server/repositories/outbox.ts); who caused each notice is kept for the daily cap.
import { sql } from 'drizzle-orm'
import { bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { persons } from './core.ts'

export const avvisi = pgTable(
  'avvisi',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The person told. */
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    /** The person whose action caused it; null when the portal acted (a deadline, a place freed). */
    mittenteId: integer('mittente_id').references(() => persons.id, { onDelete: 'set null' }),
    /** torneo | sfida | annuncio | richiesta | helpdesk | incontro (contract/avvisi.ts): what the portal opens. */
    ambito: text('ambito').notNull(),
    riferimento: integer('riferimento').notNull(),
    testo: text('testo').notNull(),
    creatoIl: timestamp('creato_il', { withTimezone: true }).notNull().defaultNow(),
    /** When the person opened it; null while unseen. */
    lettoIl: timestamp('letto_il', { withTimezone: true }),
  },
  (t) => [
    check(
      'avvisi_ambito_ck',
      sql`${t.ambito} in ('torneo', 'sfida', 'annuncio', 'richiesta', 'helpdesk', 'incontro', 'contestazione')`,
    ),
    // The unseen notices of a person (the home, the badge on every page).
    index('avvisi_non_letti_idx')
      .on(t.personId, t.id)
      .where(sql`${t.lettoIl} is null`),
    // The daily cap: what one person caused to be sent to another since midnight.
    index('avvisi_mittente_idx').on(t.mittenteId, t.personId, t.creatoIl),
    index('avvisi_person_idx').on(t.personId, t.id),
  ],
)
