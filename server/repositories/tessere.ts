// The SQL of a member's cards beyond the list (issue 23 item 2): the federation's registry, adding and updating
// cards of the portal's list, and the public check of a card by its random id.
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { clubs, disciplines, sectors, tessere } from '../db/schema/core.ts'
import { registroTessere } from '../db/schema/tessere.ts'
import type { CardFields, PortalCard, RegistryCard } from '../domain/tessere.ts'

const cardColumns = {
  codiceTessera: tessere.codiceTessera,
  tipologia: tessere.tipologia,
  disciplineId: tessere.disciplineId,
  sectorId: tessere.sectorId,
  clubId: tessere.clubId,
  stagione: tessere.stagione,
  validaDal: tessere.validaDal,
  validaAl: tessere.validaAl,
}

const registryColumns = {
  codiceTessera: registroTessere.codiceTessera,
  codiceFiscale: registroTessere.codiceFiscale,
  tipologia: registroTessere.tipologia,
  disciplineId: registroTessere.disciplineId,
  sectorId: registroTessere.sectorId,
  clubId: registroTessere.clubId,
  stagione: registroTessere.stagione,
  validaDal: registroTessere.validaDal,
  validaAl: registroTessere.validaAl,
}

const fieldsOf = (card: CardFields): CardFields => ({
  codiceTessera: card.codiceTessera,
  tipologia: card.tipologia,
  disciplineId: card.disciplineId,
  sectorId: card.sectorId,
  clubId: card.clubId,
  stagione: card.stagione,
  validaDal: card.validaDal,
  validaAl: card.validaAl,
})

export function tessereRepository(db: Db) {
  return {
    /** The portal's card of this code, with its holder. */
    async listed(codiceTessera: string): Promise<PortalCard | undefined> {
      const [row] = await db
        .select({ ...cardColumns, personId: tessere.personId })
        .from(tessere)
        .where(eq(tessere.codiceTessera, codiceTessera))
        .limit(1)
      return row
    },

    /** The portal's cards of these codes, with their holders. */
    async listedAmong(codes: readonly string[]): Promise<PortalCard[]> {
      if (codes.length === 0) return []
      return db
        .select({ ...cardColumns, personId: tessere.personId })
        .from(tessere)
        .where(inArray(tessere.codiceTessera, [...codes]))
    },

    /** The registry's card of this code. */
    async registered(codiceTessera: string): Promise<RegistryCard | undefined> {
      const [row] = await db
        .select(registryColumns)
        .from(registroTessere)
        .where(eq(registroTessere.codiceTessera, codiceTessera))
        .limit(1)
      return row
    },

    /** Every card the registry holds for a codice fiscale. */
    registeredTo(codiceFiscale: string): Promise<RegistryCard[]> {
      return db
        .select(registryColumns)
        .from(registroTessere)
        .where(eq(registroTessere.codiceFiscale, codiceFiscale.toUpperCase()))
        .orderBy(registroTessere.stagione, registroTessere.sectorId, registroTessere.codiceTessera)
    },

    /**
     * Adds registry cards to a person's list and updates listed ones with the registry's data, in one
     * transaction. A card another request listed meanwhile is not added twice (the code is unique).
     */
    async apply(
      personId: number,
      changes: { insert: readonly CardFields[]; update: readonly CardFields[] },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        if (changes.insert.length) {
          await tx
            .insert(tessere)
            .values(changes.insert.map((card) => ({ ...fieldsOf(card), personId })))
            .onConflictDoNothing({ target: tessere.codiceTessera })
        }
        for (const card of changes.update) {
          const { codiceTessera, ...values } = fieldsOf(card)
          await tx
            .update(tessere)
            .set(values)
            .where(and(eq(tessere.codiceTessera, codiceTessera), eq(tessere.personId, personId)))
        }
      })
    },

    /** One card of a person's list as the list shows it. */
    async shown(personId: number, codiceTessera: string) {
      const [row] = await db
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
        .where(and(eq(tessere.personId, personId), eq(tessere.codiceTessera, codiceTessera)))
        .limit(1)
      return row
    },

    /** What a card's public check may show: its dates and its sector, found by its random id. Nothing else. */
    async byVerifica(verifica: string) {
      const [row] = await db
        .select({
          validaDal: tessere.validaDal,
          validaAl: tessere.validaAl,
          disciplina: disciplines.nome,
          settore: sectors.nome,
        })
        .from(tessere)
        .innerJoin(disciplines, eq(disciplines.id, tessere.disciplineId))
        .innerJoin(sectors, eq(sectors.id, tessere.sectorId))
        .where(eq(tessere.verifica, verifica))
        .limit(1)
      return row
    },
  }
}
