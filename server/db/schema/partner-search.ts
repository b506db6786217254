// The history of each partner request (machines/partner-request.ts): every transition the server decided, who
// sent it, and the notice it left for the other player (also sent to the simulated outbox).
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { persons } from './core.ts'
import { partnerRequests } from './domain.ts'

export const partnerRequestEvents = pgTable(
  'partner_request_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => partnerRequests.id, { onDelete: 'cascade' }),
    /** The machine's event type, e.g. richiesta.conferma. */
    evento: text('evento').notNull(),
    daStato: text('da_stato').notNull(),
    aStato: text('a_stato').notNull(),
    /** Who sent it; null when the portal acted (the listing closed). */
    personId: integer('person_id').references(() => persons.id, { onDelete: 'set null' }),
    /** The person told about it, and what they read (also sent to the simulated outbox). */
    destinatarioId: integer('destinatario_id').references(() => persons.id, { onDelete: 'set null' }),
    avviso: text('avviso'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('partner_request_events_request_idx').on(t.requestId, t.id),
    index('partner_request_events_destinatario_idx').on(t.destinatarioId, t.id),
    index('partner_request_events_person_idx').on(t.personId),
  ],
)
