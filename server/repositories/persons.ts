import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { preparedFor } from '../db/prepared.ts'
import { privacyOf } from './privacy.ts'
import { accounts, clubs, disciplines, persons, tessere } from '../db/schema/core.ts'

export type PersonRow = typeof persons.$inferSelect
export type PersonValues = Pick<
  typeof persons.$inferInsert,
  'nome' | 'cognome' | 'sesso' | 'dataNascita' | 'codiceFiscale' | 'provincia' | 'comune' | 'telefono'
>

// The person (if any) and whether they hold a card, in one round trip: the call after every sign-in.
const personWithCard = preparedFor((db) =>
  db
    .select({
      person: persons,
      // Qualified by hand: in a one-table select drizzle writes bare column names, and a bare "id" inside the
      // subquery would be the card's own id (every person with any card whose id equals its person_id matched).
      hasCard: sql<boolean>`exists (select 1 from ${tessere} where ${tessere}.${sql.identifier('person_id')} = ${persons}.${sql.identifier('id')})`,
    })
    .from(persons)
    .where(eq(persons.id, sql.placeholder('id')))
    .limit(1)
    .prepare('login_person_with_card'),
)

/** A unique-index violation (23505) on the persons' codice fiscale, as pg or PGlite report it through drizzle. */
function isCodiceFiscaleTaken(error: unknown): boolean {
  for (let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; e;) {
    if (e.code === '23505') return e.constraint === undefined || e.constraint === 'persons_codice_fiscale_uq'
    e = e.cause as typeof e
  }
  return false
}

/** Persons (the registry of players) and their cards. */
export function personsRepository(db: Db) {
  return {
    /** The privacy choices of these people (Impostazioni), for server/domain/privacy.ts. */
    privacy: (personIds: readonly number[]) => privacyOf(db, personIds),

    async byId(personId: number): Promise<PersonRow | undefined> {
      return (await db.select().from(persons).where(eq(persons.id, personId)).limit(1))[0]
    },

    /** The person and whether they hold any card. */
    async withCard(personId: number): Promise<{ person: PersonRow; hasCard: boolean } | undefined> {
      const [row] = await personWithCard(db).execute({ id: personId })
      return row
    },

    /** A page of a person's cards, latest season first, with the total. */
    async cards(personId: number, limit: number, offset: number) {
      const where = eq(tessere.personId, personId)
      const [rows, [total]] = await Promise.all([
        db
          .select({
            codice_tessera: tessere.codiceTessera,
            tipologia: tessere.tipologia,
            disciplina: disciplines.codice,
            id_settore: tessere.sectorId,
            stagione: tessere.stagione,
            valida_dal: tessere.validaDal,
            valida_al: tessere.validaAl,
            id_circolo: tessere.clubId,
            circolo: clubs.nome,
            verifica: tessere.verifica,
          })
          .from(tessere)
          .innerJoin(disciplines, eq(disciplines.id, tessere.disciplineId))
          .leftJoin(clubs, eq(clubs.id, tessere.clubId))
          .where(and(where))
          .orderBy(desc(tessere.stagione), asc(tessere.sectorId), asc(tessere.codiceTessera))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(tessere).where(where),
      ])
      return { results: rows, record: total?.n ?? 0 }
    },

    /**
     * Saves the registry data of an account: updates its person, or creates one and links it. The account is
     * locked, so two saves at once cannot create two persons for it. Answers `taken` when another person holds
     * the codice fiscale, `no-account` when the account is gone.
     */
    async saveProfile(
      account: { id: string; email: string },
      values: PersonValues & { codiceFiscale: string },
    ): Promise<{ person: PersonRow } | 'taken' | 'no-account'> {
      try {
        return await db.transaction(async (tx) => {
          const [current] = await tx.select().from(accounts).where(eq(accounts.id, account.id)).for('update')
          if (!current) return 'no-account' as const
          const [taken] = await tx
            .select({ id: persons.id })
            .from(persons)
            .where(
              current.personId
                ? and(eq(persons.codiceFiscale, values.codiceFiscale), ne(persons.id, current.personId))
                : eq(persons.codiceFiscale, values.codiceFiscale),
            )
            .limit(1)
          if (taken) return 'taken' as const
          if (current.personId) {
            const [updated] = await tx
              .update(persons)
              .set(values)
              .where(eq(persons.id, current.personId))
              .returning()
            if (updated) return { person: updated }
          }
          const [created] = await tx
            .insert(persons)
            .values({ ...values, email: account.email })
            .returning()
          await tx.update(accounts).set({ personId: created!.id }).where(eq(accounts.id, account.id))
          return { person: created! }
        })
      } catch (error) {
        if (isCodiceFiscaleTaken(error)) return 'taken'
        throw error
      }
    },
  }
}
