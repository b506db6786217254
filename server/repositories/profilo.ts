// The card photo and the shipping address of a person (issue 23 item 1).
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { persons } from '../db/schema/core.ts'
import { datiSpedizione, fototessere } from '../db/schema/profilo.ts'

export type ShippingValues = {
  presso: string | null
  indirizzo: string
  cap: string
  comune: string
  provincia: string
}

export type StoredPhoto = { immagine: Buffer; impronta: string }

const shippingColumns = {
  presso: datiSpedizione.presso,
  indirizzo: datiSpedizione.indirizzo,
  cap: datiSpedizione.cap,
  comune: datiSpedizione.comune,
  provincia: datiSpedizione.provincia,
}

export function profiloRepository(db: Db) {
  return {
    async shipping(personId: number): Promise<ShippingValues | null> {
      const [row] = await db
        .select(shippingColumns)
        .from(datiSpedizione)
        .where(eq(datiSpedizione.personId, personId))
        .limit(1)
      return row ?? null
    },

    async saveShipping(personId: number, values: ShippingValues): Promise<ShippingValues> {
      const [row] = await db
        .insert(datiSpedizione)
        .values({ personId, ...values })
        .onConflictDoUpdate({
          target: datiSpedizione.personId,
          set: { ...values, aggiornatiIl: new Date() },
        })
        .returning(shippingColumns)
      return row!
    },

    async photo(personId: number): Promise<StoredPhoto | undefined> {
      const [row] = await db
        .select({ immagine: fototessere.immagine, impronta: fototessere.impronta })
        .from(fototessere)
        .where(eq(fototessere.personId, personId))
        .limit(1)
      return row
    },

    /**
     * Stores the cleaned photo and points the person at it (`url`, the address the user details carry), both or
     * neither: one transaction.
     */
    async savePhoto(
      personId: number,
      photo: { jpeg: Buffer; larghezza: number; altezza: number; impronta: string },
      url: string,
    ): Promise<void> {
      const values = {
        immagine: photo.jpeg,
        larghezza: photo.larghezza,
        altezza: photo.altezza,
        impronta: photo.impronta,
      }
      await db.transaction(async (tx) => {
        await tx
          .insert(fototessere)
          .values({ personId, ...values })
          .onConflictDoUpdate({ target: fototessere.personId, set: { ...values, aggiornataIl: new Date() } })
        await tx.update(persons).set({ fototessera: url }).where(eq(persons.id, personId))
      })
    },

    /** Removes the photo and the person's pointer to it. */
    async deletePhoto(personId: number): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(fototessere).where(eq(fototessere.personId, personId))
        await tx.update(persons).set({ fototessera: null }).where(eq(persons.id, personId))
      })
    },
  }
}
