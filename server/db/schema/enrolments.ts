// The history of each enrolment (machines/iscrizione.ts): every transition the server decided, who sent it, and
// the notice it left for someone (the invited partner, the player who moved up from the waiting list).
import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { persons } from './core.ts'
import { tournamentEntries } from './domain.ts'

export const tournamentEntryEvents = pgTable(
  'tournament_entry_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => tournamentEntries.id, { onDelete: 'cascade' }),
    /** The machine's event type, e.g. iscrizione.accetta. */
    evento: text('evento').notNull(),
    daStato: text('da_stato').notNull(),
    aStato: text('a_stato').notNull(),
    /** Who sent it; null when the portal acted (a place freed by someone else). */
    personId: integer('person_id').references(() => persons.id),
    /** The person told about it, and what they read (also sent to the simulated outbox). */
    destinatarioId: integer('destinatario_id').references(() => persons.id),
    avviso: text('avviso'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tournament_entry_events_entry_idx').on(t.entryId, t.id),
    index('tournament_entry_events_destinatario_idx').on(t.destinatarioId, t.id),
    index('tournament_entry_events_person_idx').on(t.personId),
  ],
)
