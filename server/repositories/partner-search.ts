// The SQL of partner search (cerca compagno, issue 12 item 4). Every change of a listing or of its requests runs
// in one transaction that first locks the listing's row (`SELECT … FOR UPDATE`): the requests of one listing are
// serialised, so two confirmations at once cannot both win, and a request cannot slip in while the listing closes.
// The decision is the domain's (server/domain/partner-search.ts, i.e. machines/partner-request.ts); the request,
// its history, its notices and the simulated e-mails are written in the same transaction.
import { type SQL, and, asc, count, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm'
import { union } from 'drizzle-orm/pg-core'
import {
  type Annuncio,
  type AnnuncioMio,
  CERCA_COMPAGNO_MAIL_SUBJECT,
  CERCA_COMPAGNO_MESSAGES as M,
  type LivelloAnnuncio,
  type Richiesta,
  type RichiestaInviata,
} from '../../contract/cerca-compagno.ts'
import { todayInItaly } from '../../contract/dates.ts'
import type { PartnerRequestEvent } from '../../machines/partner-request.ts'
import type { Db } from '../db/client.ts'
import { type Q, type Refusal, type Tx, refuse } from './lifecycle.ts'
import { accounts, disciplines, persons, provinces, sectors } from '../db/schema/core.ts'
import { partnerListings, partnerRequests, tournaments, userSettings } from '../db/schema/domain.ts'
import { partnerRequestEvents } from '../db/schema/partner-search.ts'
import {
  type Decision,
  type StoredRequest,
  decideNewRequest,
  decideRequestEvent,
  formatPeriod,
  listingClosedRefusal,
  listingName,
  listingRefusal,
  messageNoticeOf,
  messageRefusal,
  otherParty,
  type PartyContact,
  requestNoticesOf,
  requestRefusalOf,
  sharedContact,
  storedRequestOf,
} from '../domain/partner-search.ts'
import { recordTransition, refusingOverCap } from './outbox.ts'

export type { Refusal }
export type ListingOutcome = Refusal | { refused: false; listingId: number }
export type RequestOutcome = Refusal | { refused: false; requestId: number }

/** The board's filters, as the route decoded them. */
export type BoardFilters = {
  sectorId: number
  livello?: LivelloAnnuncio | undefined
  provincia?: string | undefined
  dal?: string | undefined
  al?: string | undefined
  tournamentId?: number | undefined
}

export type NewListing = {
  sectorId: number
  tournamentId: number | null
  provincia: string
  livello: LivelloAnnuncio
  dataDal: string
  dataAl: string
  disponibilita: string | null
  messaggio: string | null
  /** What the author shares with the partner of a confirmed request. */
  condividiEmail: boolean
  condividiTelefono: boolean
}

/** The person has a portal account and did not hide from searches in /impostazioni. */
const visibleInSearches = (personId: typeof partnerListings.personId) =>
  sql`exists (select 1 from ${accounts} a left join ${userSettings} s on s.account_id = a.id where a.person_id = ${personId} and coalesce(s.visibile_ricerche, true))`

/** What a notice of a request opens: the author's own listing, or the request the requester sent. */
const requestNoticeAbout =
  (listingId: number, requestId: number, autore: number) => (destinatario: number) =>
    destinatario === autore
      ? { ambito: 'annuncio' as const, riferimento: listingId }
      : { ambito: 'richiesta' as const, riferimento: requestId }

type ListingHead = {
  id: number
  personId: number
  status: string
  dataDal: string
  dataAl: string
  torneo: string | null
  disciplina: string
}

export function partnerSearchRepository(db: Db) {
  async function listingHead(q: Q, id: number, lock = false): Promise<ListingHead | undefined> {
    const query = q
      .select({
        id: partnerListings.id,
        personId: partnerListings.personId,
        status: partnerListings.status,
        dataDal: partnerListings.dataDal,
        dataAl: partnerListings.dataAl,
        torneo: tournaments.nome,
        disciplina: disciplines.nome,
      })
      .from(partnerListings)
      .innerJoin(disciplines, eq(disciplines.id, partnerListings.disciplineId))
      .leftJoin(tournaments, eq(tournaments.id, partnerListings.tournamentId))
      .where(eq(partnerListings.id, id))
      .limit(1)
    const [row] = lock ? await query.for('update', { of: partnerListings }) : await query
    return row
  }

  const nameOf = (listing: ListingHead) =>
    listingName({
      torneo: listing.torneo,
      disciplina: listing.disciplina,
      periodo: formatPeriod(listing.dataDal, listing.dataAl),
    })

  async function names(q: Q, ids: number[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids)]
    if (wanted.length === 0) return new Map()
    const rows = await q
      .select({ id: persons.id, nome: persons.nome, cognome: persons.cognome })
      .from(persons)
      .where(inArray(persons.id, wanted))
    return new Map(rows.map((r) => [r.id, `${r.nome} ${r.cognome}`]))
  }

  /** Has a portal account and did not hide from searches. */
  async function isVisible(q: Q, personId: number): Promise<boolean> {
    const [row] = await q
      .select({ id: accounts.id })
      .from(accounts)
      .leftJoin(userSettings, eq(userSettings.accountId, accounts.id))
      .where(and(eq(accounts.personId, personId), sql`coalesce(${userSettings.visibileRicerche}, true)`))
      .limit(1)
    return row !== undefined
  }

  /** Writes the decided state of a request, its history row(s) and its notices (portal and simulated e-mail). */
  async function record(
    q: Tx,
    requestId: number,
    listing: ListingHead,
    stored: StoredRequest['context'],
    event: PartnerRequestEvent,
    decision: Extract<Decision, { ok: true }>,
    now: Date,
  ) {
    await q
      .update(partnerRequests)
      .set({ status: decision.to, rispostaIl: decision.to === 'sent' ? null : now })
      .where(eq(partnerRequests.id, requestId))
    const notices = requestNoticesOf(
      decision.actions,
      stored,
      nameOf(listing),
      await names(q, [stored.autore, stored.richiedente]),
    )
    await recordTransition(
      q,
      partnerRequestEvents,
      {
        requestId,
        evento: event.type,
        daStato: decision.from,
        aStato: decision.to,
        personId: event.by,
        at: now,
      },
      notices,
      {
        by: event.by,
        about: requestNoticeAbout(listing.id, requestId, stored.autore),
        subject: CERCA_COMPAGNO_MAIL_SUBJECT,
        now,
      },
    )
  }

  /** Closes a listing (under its lock): its waiting requests lapse through the machine (`richiesta.decade`). */
  async function closeListing(q: Tx, listing: ListingHead, now: Date, except: number | null) {
    await q
      .update(partnerListings)
      .set({ status: 'chiuso', chiusoIl: now })
      .where(eq(partnerListings.id, listing.id))
    const waiting = await q
      .select({ id: partnerRequests.id, requester: partnerRequests.requesterPersonId })
      .from(partnerRequests)
      .where(
        and(
          eq(partnerRequests.listingId, listing.id),
          eq(partnerRequests.status, 'sent'),
          except === null ? undefined : ne(partnerRequests.id, except),
        ),
      )
      .orderBy(asc(partnerRequests.id))
      .for('update')
    for (const request of waiting) {
      const stored = storedRequestOf({
        status: 'sent',
        autore: listing.personId,
        richiedente: request.requester,
      })
      const event: PartnerRequestEvent = { type: 'richiesta.decade', by: null }
      const decision = decideRequestEvent(stored, event)
      if (decision.ok) await record(q, request.id, listing, stored.context, event, decision, now)
    }
  }

  /** Listings as the board shows them, for `viewer` (their waiting request on each, if any). */
  async function listingViews(
    q: Q,
    where: SQL | undefined,
    viewer: number,
    order: SQL[],
    limit: number,
    offset: number,
  ): Promise<Annuncio[]> {
    const rows = await q
      .select({
        id: partnerListings.id,
        personId: partnerListings.personId,
        nome: persons.nome,
        cognome: persons.cognome,
        sectorId: partnerListings.sectorId,
        settore: sectors.nome,
        disciplina: disciplines.nome,
        tournamentId: partnerListings.tournamentId,
        torneo: tournaments.nome,
        torneoInizio: tournaments.dataInizio,
        torneoFine: tournaments.dataFine,
        provincia: partnerListings.provincia,
        provinciaNome: provinces.nome,
        livello: partnerListings.livello,
        dataDal: partnerListings.dataDal,
        dataAl: partnerListings.dataAl,
        disponibilita: partnerListings.disponibilita,
        messaggio: partnerListings.messaggio,
        status: partnerListings.status,
        createdAt: partnerListings.createdAt,
        miaRichiesta: sql<
          number | null
        >`(select r.id from ${partnerRequests} r where r.listing_id = ${partnerListings.id} and r.requester_person_id = ${viewer} and r.status = 'sent' limit 1)`,
      })
      .from(partnerListings)
      .innerJoin(persons, eq(persons.id, partnerListings.personId))
      .innerJoin(sectors, eq(sectors.id, partnerListings.sectorId))
      .innerJoin(disciplines, eq(disciplines.id, partnerListings.disciplineId))
      .leftJoin(tournaments, eq(tournaments.id, partnerListings.tournamentId))
      .leftJoin(provinces, eq(provinces.sigla, partnerListings.provincia))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset)
    return rows.map((r): Annuncio => ({
      id_annuncio: r.id,
      autore: { id_persona: r.personId, nome: r.nome, cognome: r.cognome },
      id_settore: r.sectorId,
      settore: r.settore,
      disciplina: r.disciplina,
      torneo:
        r.tournamentId !== null && r.torneo !== null
          ? {
              id_torneo: r.tournamentId,
              nome: r.torneo,
              data_inizio: r.torneoInizio!,
              data_fine: r.torneoFine!,
            }
          : null,
      provincia: r.provincia,
      provincia_nome: r.provinciaNome,
      livello: r.livello,
      data_dal: r.dataDal,
      data_al: r.dataAl,
      disponibilita: r.disponibilita,
      messaggio: r.messaggio,
      stato: r.status === 'chiuso' ? 'chiuso' : 'attivo',
      creato_il: r.createdAt.toISOString(),
      mia_richiesta: r.miaRichiesta === null ? null : Number(r.miaRichiesta),
    }))
  }

  /** Requests as their two players see them, with the last notice addressed to `viewer`. */
  async function requestViews(
    q: Q,
    where: SQL | undefined,
    viewer: number,
    limit: number,
    offset: number,
  ): Promise<Richiesta[]> {
    const rows = await q
      .select({
        id: partnerRequests.id,
        listingId: partnerRequests.listingId,
        status: partnerRequests.status,
        autore: partnerListings.personId,
        richiedente: partnerRequests.requesterPersonId,
        messaggio: partnerRequests.messaggio,
        createdAt: partnerRequests.createdAt,
        rispostaIl: partnerRequests.rispostaIl,
        richiedenteEmail: partnerRequests.condividiEmail,
        richiedenteTelefono: partnerRequests.condividiTelefono,
        autoreEmail: partnerListings.condividiEmail,
        autoreTelefono: partnerListings.condividiTelefono,
        avviso: sql<
          string | null
        >`(select e.avviso from ${partnerRequestEvents} e where e.request_id = ${partnerRequests.id} and e.destinatario_id = ${viewer} order by e.id desc limit 1)`,
      })
      .from(partnerRequests)
      .innerJoin(partnerListings, eq(partnerListings.id, partnerRequests.listingId))
      .where(where)
      .orderBy(
        sql`case when ${partnerRequests.status} = 'sent' then 0 else 1 end`,
        desc(sql`coalesce(${partnerRequests.rispostaIl}, ${partnerRequests.createdAt})`),
        desc(partnerRequests.id),
      )
      .limit(limit)
      .offset(offset)
    if (rows.length === 0) return []
    const people = await q
      .select({ id: persons.id, nome: persons.nome, cognome: persons.cognome })
      .from(persons)
      .where(inArray(persons.id, [...new Set(rows.flatMap((r) => [r.autore, r.richiedente]))]))
    const person = (id: number) => {
      const found = people.find((p) => p.id === id)
      return { id_persona: id, nome: found?.nome ?? '', cognome: found?.cognome ?? '' }
    }
    // The other player's contact is read only for the viewer's confirmed requests (sharedContact decides).
    const storedOf = (r: (typeof rows)[number]) =>
      storedRequestOf({ status: r.status, autore: r.autore, richiedente: r.richiedente })
    const others = rows
      .filter((r) => storedOf(r).value === 'confirmed')
      .map((r) => otherParty(storedOf(r).context, viewer))
      .filter((id): id is number => id !== undefined)
    const contacts =
      others.length === 0
        ? []
        : await q
            .select({
              id: persons.id,
              email: sql<string | null>`coalesce(${persons.email}, ${accounts.email})`,
              telefono: persons.telefono,
            })
            .from(persons)
            .leftJoin(accounts, eq(accounts.personId, persons.id))
            .where(inArray(persons.id, [...new Set(others)]))
    const contactOf = (r: (typeof rows)[number]): PartyContact | undefined => {
      const other = otherParty(storedOf(r).context, viewer)
      const found = contacts.find((c) => c.id === other)
      if (!found) return undefined
      const fromAuthor = other === r.autore
      return {
        email: found.email,
        telefono: found.telefono,
        condividiEmail: fromAuthor ? r.autoreEmail : r.richiedenteEmail,
        condividiTelefono: fromAuthor ? r.autoreTelefono : r.richiedenteTelefono,
      }
    }
    return rows.map((r) => {
      const stored = storedOf(r)
      return {
        id_richiesta: r.id,
        id_annuncio: r.listingId,
        stato: stored.value,
        autore: person(r.autore),
        richiedente: person(r.richiedente),
        messaggio: r.messaggio,
        inviata_il: r.createdAt.toISOString(),
        risposta_il: r.rispostaIl?.toISOString() ?? null,
        avviso: r.avviso,
        contatto: sharedContact(stored, viewer, contactOf(r)),
      }
    })
  }

  /** Active and within its dates, by an author visible in searches. */
  const onBoard = (today: string) =>
    and(
      eq(partnerListings.status, 'attivo'),
      gte(partnerListings.dataAl, today),
      visibleInSearches(partnerListings.personId),
    )

  /** Open listings first (active, not past), then the rest, newest first. */
  const ownOrder = (today: string) => [
    sql`case when ${partnerListings.status} = 'attivo' and ${partnerListings.dataAl} >= ${today} then 0 else 1 end`,
    desc(partnerListings.createdAt),
    desc(partnerListings.id),
  ]

  return {
    /** The board: other players' open listings of a sector, filtered, newest first. */
    async board(filters: BoardFilters, viewer: number, fetchrows: number, rowstoskip: number, now: Date) {
      const today = todayInItaly(now)
      const where = and(
        eq(partnerListings.sectorId, filters.sectorId),
        onBoard(today),
        ne(partnerListings.personId, viewer),
        filters.livello ? eq(partnerListings.livello, filters.livello) : undefined,
        filters.provincia ? eq(partnerListings.provincia, filters.provincia) : undefined,
        filters.dal ? gte(partnerListings.dataAl, filters.dal) : undefined,
        filters.al ? lte(partnerListings.dataDal, filters.al) : undefined,
        filters.tournamentId ? eq(partnerListings.tournamentId, filters.tournamentId) : undefined,
      )
      const [total] = await db.select({ n: count() }).from(partnerListings).where(where)
      const results = await listingViews(
        db,
        where,
        viewer,
        [desc(partnerListings.createdAt), desc(partnerListings.id)],
        fetchrows,
        rowstoskip,
      )
      return { results, record: total?.n ?? 0 }
    },

    async listing(id: number, viewer: number): Promise<Annuncio | undefined> {
      const [found] = await listingViews(db, eq(partnerListings.id, id), viewer, [], 1, 0)
      return found
    },

    async request(id: number, viewer: number): Promise<Richiesta | undefined> {
      const [found] = await requestViews(db, eq(partnerRequests.id, id), viewer, 1, 0)
      return found
    },

    /** The person's listings (open first), each with the requests it received. */
    async mineListings(personId: number, fetchrows: number, rowstoskip: number, now: Date) {
      const where = eq(partnerListings.personId, personId)
      const [total] = await db.select({ n: count() }).from(partnerListings).where(where)
      const listings = await listingViews(
        db,
        where,
        personId,
        ownOrder(todayInItaly(now)),
        fetchrows,
        rowstoskip,
      )
      const requests =
        listings.length === 0
          ? []
          : await requestViews(
              db,
              inArray(
                partnerRequests.listingId,
                listings.map((l) => l.id_annuncio),
              ),
              personId,
              10_000,
              0,
            )
      const results = listings.map((listing): AnnuncioMio => ({
        ...listing,
        richieste: requests.filter((r) => r.id_annuncio === listing.id_annuncio),
      }))
      return { results, record: total?.n ?? 0 }
    },

    /** The person's requests (waiting first), each with the listing it answers. */
    async mineRequests(personId: number, fetchrows: number, rowstoskip: number) {
      const where = eq(partnerRequests.requesterPersonId, personId)
      const [total] = await db.select({ n: count() }).from(partnerRequests).where(where)
      const requests = await requestViews(db, where, personId, fetchrows, rowstoskip)
      const listings =
        requests.length === 0
          ? []
          : await listingViews(
              db,
              inArray(
                partnerListings.id,
                requests.map((r) => r.id_annuncio),
              ),
              personId,
              [],
              10_000,
              0,
            )
      const results = requests.map((request): RichiestaInviata => ({
        ...request,
        annuncio: listings.find((l) => l.id_annuncio === request.id_annuncio)!,
      }))
      return { results, record: total?.n ?? 0 }
    },

    /**
     * Publishes a listing for `personId`. Serialised on the author's person row, so the active listings counted
     * are the ones there are.
     */
    async add(input: {
      personId: number | null
      accountId: string
      listing: NewListing
      now: Date
    }): Promise<ListingOutcome> {
      const { personId, accountId, listing, now } = input
      const today = todayInItaly(now)
      return db.transaction(async (tx) => {
        if (personId !== null)
          await tx
            .select({ id: persons.id })
            .from(persons)
            .where(eq(persons.id, personId))
            .for('no key update')
        const [settings] = await tx
          .select({ visible: userSettings.visibileRicerche })
          .from(userSettings)
          .where(eq(userSettings.accountId, accountId))
        const [sector] = await tx
          .select({ id: sectors.id, disciplineId: sectors.disciplineId })
          .from(sectors)
          .where(eq(sectors.id, listing.sectorId))
        const [province] = await tx
          .select({ sigla: provinces.sigla })
          .from(provinces)
          .where(eq(provinces.sigla, listing.provincia))
        const [tournament] =
          listing.tournamentId === null
            ? []
            : await tx
                .select({
                  sectorId: tournaments.sectorId,
                  tipo: tournaments.tipo,
                  specialita: tournaments.specialita,
                  status: tournaments.status,
                  dataFine: tournaments.dataFine,
                })
                .from(tournaments)
                .where(eq(tournaments.id, listing.tournamentId))
        const active =
          personId === null
            ? []
            : await tx
                .select({ tournamentId: partnerListings.tournamentId })
                .from(partnerListings)
                .where(
                  and(
                    eq(partnerListings.personId, personId),
                    eq(partnerListings.status, 'attivo'),
                    gte(partnerListings.dataAl, today),
                  ),
                )
        const refusal = listingRefusal({
          author: {
            personId,
            visible: settings?.visible ?? true,
            activeListings: active.length,
            sameTournament: active.some((a) => a.tournamentId === listing.tournamentId),
          },
          sectorExists: sector !== undefined,
          sectorId: listing.sectorId,
          provinceExists: province !== undefined,
          provincia: listing.provincia,
          tournamentId: listing.tournamentId,
          tournament: tournament ?? null,
          dataDal: listing.dataDal,
          dataAl: listing.dataAl,
          today,
        })
        if (refusal) return refuse(refusal.status, refusal.message)
        const [inserted] = await tx
          .insert(partnerListings)
          .values({
            personId: personId!,
            disciplineId: sector!.disciplineId,
            sectorId: listing.sectorId,
            tournamentId: listing.tournamentId,
            provincia: listing.provincia,
            livello: listing.livello,
            disponibilita: listing.disponibilita,
            messaggio: listing.messaggio,
            condividiEmail: listing.condividiEmail,
            condividiTelefono: listing.condividiTelefono,
            status: 'attivo',
            dataDal: listing.dataDal,
            dataAl: listing.dataAl,
            scadeIl: new Date(`${listing.dataAl}T23:59:59Z`),
            createdAt: now,
          })
          .returning({ id: partnerListings.id })
        return { refused: false, listingId: inserted!.id }
      })
    },

    /** Withdraws a listing (del): only its author; its waiting requests lapse. */
    async withdraw(input: {
      listingId: number
      personId: number | null
      now: Date
    }): Promise<ListingOutcome> {
      const { listingId, personId, now } = input
      return refusingOverCap(() =>
        db.transaction(async (tx) => {
          const listing = await listingHead(tx, listingId, true)
          if (!listing) return refuse(404, M.listingNotFound)
          if (personId === null || listing.personId !== personId) return refuse(403, M.notAuthor)
          if (listing.status !== 'attivo') return refuse(409, M.alreadyClosed)
          await closeListing(tx, listing, now, null)
          return { refused: false, listingId }
        }),
      )
    },

    /**
     * An account is being deleted (docs/regole.md «I miei dati»): inside the deletion's transaction `tx`, what
     * `personId` has open in Cerca compagno leaves through the machine, as the person could have done themselves:
     * their active listings are withdrawn (the waiting requests lapse, `richiesta.decade`, and their requesters are
     * told) and their waiting requests are cancelled (`richiesta.cancella`, the listing's author is told). Listings
     * are locked in id order.
     */
    async withdrawPerson(tx: Tx, personId: number, now: Date): Promise<number> {
      // Two index lookups (their listings, the listings of their requests), not one scan of every listing.
      const rows = await union(
        tx
          .select({ id: partnerListings.id })
          .from(partnerListings)
          .where(and(eq(partnerListings.personId, personId), eq(partnerListings.status, 'attivo'))),
        tx
          .select({ id: partnerRequests.listingId })
          .from(partnerRequests)
          .where(and(eq(partnerRequests.requesterPersonId, personId), eq(partnerRequests.status, 'sent'))),
      )
      rows.sort((a, b) => a.id - b.id)
      let withdrawn = 0
      for (const { id } of rows) {
        const listing = await listingHead(tx, id, true)
        if (!listing) continue
        if (listing.personId === personId) {
          if (listing.status === 'attivo') {
            await closeListing(tx, listing, now, null)
            withdrawn += 1
          }
          continue
        }
        const mine = await tx
          .select({ id: partnerRequests.id })
          .from(partnerRequests)
          .where(
            and(
              eq(partnerRequests.listingId, id),
              eq(partnerRequests.requesterPersonId, personId),
              eq(partnerRequests.status, 'sent'),
            ),
          )
          .for('update')
        for (const request of mine) {
          const stored = storedRequestOf({ status: 'sent', autore: listing.personId, richiedente: personId })
          const event: PartnerRequestEvent = { type: 'richiesta.cancella', by: personId }
          const decision = decideRequestEvent(stored, event)
          if (!decision.ok) continue
          await record(tx, request.id, listing, stored.context, event, decision, now)
          withdrawn += 1
        }
      }
      return withdrawn
    },

    /**
     * Sends a request to a listing as `personId`, serialised on the listing's row: one waiting request per
     * listing and requester, never to a closed or past listing, never to one's own (the machine's guard).
     */
    async send(input: {
      listingId: number
      personId: number | null
      messaggio: string | null
      /** What the requester shares with the author once the request is confirmed. */
      condividiEmail: boolean
      condividiTelefono: boolean
      now: Date
    }): Promise<RequestOutcome> {
      const { listingId, personId, messaggio, now } = input
      if (personId === null) return refuse(403, M.noPerson)
      return refusingOverCap(() =>
        db.transaction(async (tx) => {
          const listing = await listingHead(tx, listingId, true)
          // An author hidden from searches cannot be found: their listing does not exist for others.
          if (!listing || (listing.personId !== personId && !(await isVisible(tx, listing.personId))))
            return refuse(404, M.listingNotFound)
          const parties = { autore: listing.personId, richiedente: personId }
          const decision = decideNewRequest(parties, personId)
          if (!decision.ok) return refuse(409, M.ownListing)
          const closed = listingClosedRefusal(listing, todayInItaly(now))
          if (closed) return refuse(409, closed)
          const [pending] = await tx
            .select({ id: partnerRequests.id })
            .from(partnerRequests)
            .where(
              and(
                eq(partnerRequests.listingId, listingId),
                eq(partnerRequests.requesterPersonId, personId),
                eq(partnerRequests.status, 'sent'),
              ),
            )
          if (pending) return refuse(409, M.alreadyPending)
          const [inserted] = await tx
            .insert(partnerRequests)
            .values({
              listingId,
              requesterPersonId: personId,
              messaggio,
              condividiEmail: input.condividiEmail,
              condividiTelefono: input.condividiTelefono,
              status: decision.to,
              createdAt: now,
            })
            .returning({ id: partnerRequests.id })
          await record(
            tx,
            inserted!.id,
            listing,
            parties,
            { type: 'richiesta.invia', by: personId },
            decision,
            now,
          )
          return { refused: false, requestId: inserted!.id }
        }),
      )
    },

    /**
     * A message from one player of a confirmed request to the other, through the portal (a notice and an e-mail,
     * capped per day like every notice); kept in the request's history, where the other reads it.
     */
    async message(input: {
      requestId: number
      personId: number | null
      testo: string
      now: Date
    }): Promise<RequestOutcome> {
      const { requestId, personId, testo, now } = input
      return refusingOverCap(() =>
        db.transaction(async (tx) => {
          const [row] = await tx
            .select({
              status: partnerRequests.status,
              requester: partnerRequests.requesterPersonId,
              listingId: partnerRequests.listingId,
            })
            .from(partnerRequests)
            .where(eq(partnerRequests.id, requestId))
          if (!row) return refuse(404, M.requestNotFound)
          const listing = (await listingHead(tx, row.listingId))!
          const stored = storedRequestOf({
            status: row.status,
            autore: listing.personId,
            richiedente: row.requester,
          })
          const refusal = messageRefusal(stored, personId)
          if (refusal) return refuse(refusal.status, refusal.message)
          const notice = messageNoticeOf(
            stored.context,
            personId!,
            nameOf(listing),
            testo,
            await names(tx, [personId!]),
          )
          await recordTransition(
            tx,
            partnerRequestEvents,
            // Not a transition of the machine: the request stays confirmed; the history keeps the message.
            {
              requestId,
              evento: 'richiesta.messaggio',
              daStato: stored.value,
              aStato: stored.value,
              personId,
              at: now,
            },
            [notice],
            {
              by: personId,
              about: requestNoticeAbout(listing.id, requestId, listing.personId),
              subject: CERCA_COMPAGNO_MAIL_SUBJECT,
              now,
            },
          )
          return { refused: false as const, requestId }
        }),
      )
    },

    /** Confirm, refuse or cancel a request, as `personId`; the machine decides; a confirmation closes the listing. */
    async act(input: {
      requestId: number
      personId: number | null
      type: 'richiesta.conferma' | 'richiesta.rifiuta' | 'richiesta.cancella'
      now: Date
    }): Promise<RequestOutcome> {
      const { requestId, personId, type, now } = input
      const [head] = await db
        .select({ listingId: partnerRequests.listingId })
        .from(partnerRequests)
        .where(eq(partnerRequests.id, requestId))
        .limit(1)
      if (!head) return refuse(404, M.requestNotFound)
      return refusingOverCap(() =>
        db.transaction(async (tx) => {
          const listing = (await listingHead(tx, head.listingId, true))!
          const [row] = await tx
            .select({ status: partnerRequests.status, requester: partnerRequests.requesterPersonId })
            .from(partnerRequests)
            .where(eq(partnerRequests.id, requestId))
            .for('update')
          if (!row) return refuse(404, M.requestNotFound)
          if (personId === null || (personId !== listing.personId && personId !== row.requester))
            return refuse(403, M.notParty)
          const stored = storedRequestOf({
            status: row.status,
            autore: listing.personId,
            richiedente: row.requester,
          })
          const event: PartnerRequestEvent = { type, by: personId }
          const decision = decideRequestEvent(stored, event)
          if (!decision.ok) {
            const why = requestRefusalOf(stored, event)
            return refuse(why.status, why.message)
          }
          // Playing together needs the listing still within its dates.
          if (type === 'richiesta.conferma') {
            const closed = listingClosedRefusal(listing, todayInItaly(now))
            if (closed) return refuse(409, closed)
          }
          await record(tx, requestId, listing, stored.context, event, decision, now)
          if (decision.actions.includes('chiudiAnnuncio')) await closeListing(tx, listing, now, requestId)
          return { refused: false, requestId }
        }),
      )
    },
  }
}
