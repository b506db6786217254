// The help desk's SQL (issue 23 item 3): a user's cards as the pick list, their requests, the staff's queue of
// open ones and the reply, which also tells the requester (a portal notice and an e-mail in the outbox).
import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm'
import {
  ALLEGATO_PATH,
  HELPDESK_CATEGORY_LABELS,
  type Allegato,
  HELPDESK_MESSAGES as M,
  type Richiesta,
  type RichiestaChiusaDa,
  type RichiestaStato,
} from '../../contract/helpdesk.ts'
import type { Db } from '../db/client.ts'
import { disciplines, persons, tessere } from '../db/schema/core.ts'
import { richiesteAllegati, richiesteUtenti } from '../db/schema/helpdesk.ts'
import type { CleanAttachment } from '../domain/allegati.ts'
import { notify } from './outbox.ts'

type Row = typeof richiesteUtenti.$inferSelect

const toRichiesta = (
  r: Row,
  richiedente: string | null = null,
  allegati: readonly Allegato[] = [],
): Richiesta => ({
  id_richiesta: r.id,
  id_categoria: r.categoria,
  categoria: HELPDESK_CATEGORY_LABELS[r.categoria] ?? String(r.categoria),
  id_settore: r.sectorId,
  codice_tessera: r.codiceTessera,
  oggetto: r.oggetto,
  messaggio: r.messaggio,
  stato: r.stato as RichiestaStato,
  creata_il: r.creataIl.toISOString(),
  risposta: r.risposta,
  risposta_il: r.rispostaIl?.toISOString() ?? null,
  chiusa_il: r.chiusaIl?.toISOString() ?? null,
  chiusa_da: (r.chiusaRuolo as RichiestaChiusaDa | null) ?? null,
  richiedente,
  allegati: [...allegati],
})

const allegatoUrl = (id: number) => `${ALLEGATO_PATH}/${id}`

export type NewRichiesta = {
  accountId: string
  personId: number | null
  categoria: number
  sectorId: number
  codiceTessera: string | null
  oggetto: string
  messaggio: string
}

export function helpdeskRepository(db: Db) {
  /** The attachments of these requests (no bytes: name, size, address), by request. */
  async function attachmentsOf(ids: readonly number[]): Promise<Map<number, Allegato[]>> {
    const byRequest = new Map<number, Allegato[]>()
    if (ids.length === 0) return byRequest
    const rows = await db
      .select({
        id: richiesteAllegati.id,
        richiestaId: richiesteAllegati.richiestaId,
        nome: richiesteAllegati.nome,
        dimensione: sql<number>`octet_length(${richiesteAllegati.immagine})`.mapWith(Number),
      })
      .from(richiesteAllegati)
      .where(inArray(richiesteAllegati.richiestaId, [...ids]))
      .orderBy(asc(richiesteAllegati.id))
    for (const r of rows) {
      const list = byRequest.get(r.richiestaId) ?? []
      list.push({ id: r.id, nome: r.nome, dimensione: r.dimensione, url: allegatoUrl(r.id) })
      byRequest.set(r.richiestaId, list)
    }
    return byRequest
  }

  /** Requests as the staff sees them (with the requester's name), in this order, and how many match. */
  async function staffList(where: SQL, order: SQL[], fetchrows: number, rowstoskip: number) {
    const [rows, [total]] = await Promise.all([
      db
        .select({ r: richiesteUtenti, nome: persons.nome, cognome: persons.cognome })
        .from(richiesteUtenti)
        .leftJoin(persons, eq(persons.id, richiesteUtenti.personId))
        .where(where)
        .orderBy(...order)
        .limit(fetchrows)
        .offset(rowstoskip),
      db.select({ n: count() }).from(richiesteUtenti).where(where),
    ])
    const allegati = await attachmentsOf(rows.map((x) => x.r.id))
    return {
      results: rows.map((x) =>
        toRichiesta(x.r, x.nome ? `${x.nome} ${x.cognome}` : 'Utente senza scheda', allegati.get(x.r.id)),
      ),
      record: total?.n ?? 0,
    }
  }

  return {
    /** The person's cards, newest season first: code, type and discipline. */
    async cardsOf(personId: number) {
      return db
        .select({
          codice_tessera: tessere.codiceTessera,
          tipologia: tessere.tipologia,
          disciplina: disciplines.nome,
        })
        .from(tessere)
        .innerJoin(disciplines, eq(disciplines.id, tessere.disciplineId))
        .where(eq(tessere.personId, personId))
        .orderBy(desc(tessere.stagione), asc(tessere.codiceTessera))
    },

    /** The request and its (already cleaned) attachments, all or nothing: one transaction. */
    async add(
      values: NewRichiesta,
      now: Date,
      allegati: readonly CleanAttachment[] = [],
    ): Promise<Richiesta> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(richiesteUtenti)
          .values({ ...values, creataIl: now })
          .returning()
        const stored =
          allegati.length === 0
            ? []
            : await tx
                .insert(richiesteAllegati)
                .values(
                  allegati.map((a) => ({
                    richiestaId: row!.id,
                    nome: a.nome,
                    immagine: a.jpeg,
                    larghezza: a.larghezza,
                    altezza: a.altezza,
                  })),
                )
                .returning({ id: richiesteAllegati.id })
        return toRichiesta(
          row!,
          null,
          stored.map((s, i) => ({
            id: s.id,
            nome: allegati[i]!.nome,
            dimensione: allegati[i]!.jpeg.length,
            url: allegatoUrl(s.id),
          })),
        )
      })
    },

    /** One attachment's bytes with the account that sent its request (the GET checks who may read it). */
    async attachment(id: number) {
      const [row] = await db
        .select({ immagine: richiesteAllegati.immagine, accountId: richiesteUtenti.accountId })
        .from(richiesteAllegati)
        .innerJoin(richiesteUtenti, eq(richiesteUtenti.id, richiesteAllegati.richiestaId))
        .where(eq(richiesteAllegati.id, id))
      return row
    },

    /** The account's requests, newest first, and how many there are. */
    async ofAccount(accountId: string, fetchrows: number, rowstoskip: number) {
      const where = eq(richiesteUtenti.accountId, accountId)
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(richiesteUtenti)
          .where(where)
          .orderBy(desc(richiesteUtenti.id))
          .limit(fetchrows)
          .offset(rowstoskip),
        db.select({ n: count() }).from(richiesteUtenti).where(where),
      ])
      const allegati = await attachmentsOf(rows.map((r) => r.id))
      return { results: rows.map((r) => toRichiesta(r, null, allegati.get(r.id))), record: total?.n ?? 0 }
    },

    /** The open requests, oldest first, with the requester's name (the staff's queue). */
    async open(fetchrows: number, rowstoskip: number) {
      return staffList(eq(richiesteUtenti.stato, 'aperta'), [asc(richiesteUtenti.id)], fetchrows, rowstoskip)
    },

    /** The requests this staff account answered or closed, the latest handled first (the staff's history). */
    async handledBy(staffAccountId: string, fetchrows: number, rowstoskip: number) {
      return staffList(
        or(eq(richiesteUtenti.rispostaDa, staffAccountId), eq(richiesteUtenti.chiusaDa, staffAccountId))!,
        [
          desc(sql`greatest(${richiesteUtenti.rispostaIl}, ${richiesteUtenti.chiusaIl})`),
          desc(richiesteUtenti.id),
        ],
        fetchrows,
        rowstoskip,
      )
    },

    async byId(id: number): Promise<Row | undefined> {
      const [row] = await db.select().from(richiesteUtenti).where(eq(richiesteUtenti.id, id))
      return row
    },

    /**
     * Writes the staff's reply and tells the requester in the same transaction (a portal notice, and the
     * e-mail of the simulated outbox when they have an account with a person).
     */
    async reply(
      id: number,
      risposta: string,
      staffAccountId: string,
      now: Date,
    ): Promise<Richiesta | undefined> {
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(richiesteUtenti)
          .set({ risposta, rispostaIl: now, rispostaDa: staffAccountId, stato: 'risposta' })
          // A request closed meanwhile takes no reply (the route has checked; this holds it against a race).
          .where(and(eq(richiesteUtenti.id, id), ne(richiesteUtenti.stato, 'chiusa')))
          .returning()
        if (!row) return undefined
        if (row.personId !== null)
          await notify(tx, [{ destinatario: row.personId, testo: M.replyNotice(row.oggetto) }], {
            by: null,
            about: () => ({ ambito: 'helpdesk', riferimento: row.id }),
            subject: M.replySubject,
            now,
          })
        return row
      })
      if (!updated) return undefined
      // After the transaction: PGlite has one connection, the transaction holds it.
      const allegati = await attachmentsOf([updated.id])
      return toRichiesta(updated, null, allegati.get(updated.id))
    },

    /**
     * Closes a request not closed yet, saying who did (its requester or the staff); undefined when it was closed
     * meanwhile or is gone.
     */
    async close(
      id: number,
      by: RichiestaChiusaDa,
      accountId: string,
      now: Date,
    ): Promise<Richiesta | undefined> {
      const [row] = await db
        .update(richiesteUtenti)
        .set({ stato: 'chiusa', chiusaIl: now, chiusaDa: accountId, chiusaRuolo: by })
        .where(and(eq(richiesteUtenti.id, id), ne(richiesteUtenti.stato, 'chiusa')))
        .returning()
      if (!row) return undefined
      const allegati = await attachmentsOf([row.id])
      return toRichiesta(row, null, allegati.get(row.id))
    },
  }
}
