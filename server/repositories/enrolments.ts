// The SQL of enrolment (issue 11, item 3). Every change of an entry runs in one transaction that locks the
// tournament's row (`SELECT … FOR UPDATE`): the requests of one tournament are serialised, so the places counted
// are the places there are, and parallel enrolments never exceed capacity. The decision is the domain's
// (server/domain/enrolment.ts, i.e. machines/iscrizione.ts); the entry, its history, its notices and the
// simulated e-mails are written in the same transaction.
// The lock is the bottleneck of a popular tournament (issue 25, item 3; docs/architettura.md «Scritture contese»):
// what does not depend on the tournament's entries (the player's facts, names) is read before it; the requests of
// one tournament wait for it in the process's write queue (server/db/write-queue.ts), not on the database; under
// it, one statement reads the counts and the entries that matter, and one statement writes every history row,
// notice and e-mail.
import {
  type Placeholder,
  type SQL,
  and,
  asc,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  sql,
  count,
} from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { todayInItaly } from '../../contract/dates.ts'
import {
  type CompagnoProposto,
  INVITO_SCADE_GIORNI,
  type Iscrizione,
  type IscrizioneState,
  ISCRIZIONI_MESSAGES as M,
} from '../../contract/iscrizioni.ts'
import type { IscrizioneEvent } from '../../machines/iscrizione.ts'
import type { Db } from '../db/client.ts'
import { preparedFor } from '../db/prepared.ts'
import { type Q, type Refusal, type Tx, refuse } from './lifecycle.ts'
import { accounts, disciplines, persons } from '../db/schema/core.ts'
import {
  clubs,
  draws,
  powerRatings,
  tournamentEntries,
  tournaments,
  userSettings,
} from '../db/schema/domain.ts'
import { tournamentEntryEvents } from '../db/schema/enrolments.ts'
import {
  type Decision,
  type PlayerFacts,
  type StoredMachine,
  type TournamentFacts,
  decideEvent,
  decideNewEntry,
  enrolmentRefusal,
  invitationExpired,
  levelLimit,
  noticesOf,
  playerRefusal,
  refusalOf,
  statusOfState,
  storedMachineOf,
  windowRefusal,
  withdrawalRefusal,
} from '../domain/enrolment.ts'
import { type Transition, recordTransitions, refusingOverCap } from './outbox.ts'
import { type WriteQueue, noWriteQueue } from '../db/write-queue.ts'
import { groupCommit } from '../db/group-commit.ts'
import { holdsCard, nameMatches, visibleInSearches } from './person-search.ts'

export type { Refusal }
export type Outcome = Refusal | { refused: false; entryId: number }

export type TournamentRow = TournamentFacts & {
  id: number
  sectorId: number
  disciplineId: number
  maxIscritti: number | null
  doppio: boolean
}

const ACTIVE = ['iscritto', 'lista_attesa', 'in_attesa_compagno']
const OPEN_ENDED = 1_000_000

/** The write queue's key of a tournament: its writes wait for one another in the process. */
const queueKey = (tournamentId: number) => `torneo:${tournamentId}`

/** Entries as their players see them (ordered, last changed first), with the last notice addressed to `viewer`. */
const viewsQuery = (q: Q, where: SQL | undefined, viewer: number | Placeholder) =>
  q
    .select({
      id: tournamentEntries.id,
      tournamentId: tournamentEntries.tournamentId,
      torneo: tournaments.nome,
      dataInizio: tournaments.dataInizio,
      dataFine: tournaments.dataFine,
      specialita: tournaments.specialita,
      status: tournamentEntries.status,
      macchina: tournamentEntries.macchina,
      personId: tournamentEntries.personId,
      partnerId: tournamentEntries.partnerId,
      posizioneAttesa: tournamentEntries.posizioneAttesa,
      iscrittoIl: tournamentEntries.iscrittoIl,
      aggiornataIl: tournamentEntries.aggiornataIl,
      nome: persons.nome,
      cognome: persons.cognome,
      // The viewer's notice of the transition that brought the entry where it is: an invitation is news until
      // it is answered, not after.
      avviso: sql<
        string | null
      >`(select e.avviso from ${tournamentEntryEvents} e where e.entry_id = ${tournamentEntries.id} and e.destinatario_id = ${viewer} and e.at >= coalesce(${tournamentEntries.aggiornataIl}, ${tournamentEntries.iscrittoIl}) order by e.id desc limit 1)`,
    })
    .from(tournamentEntries)
    .innerJoin(tournaments, eq(tournaments.id, tournamentEntries.tournamentId))
    .innerJoin(persons, eq(persons.id, tournamentEntries.personId))
    .where(where)
    .orderBy(
      desc(sql`coalesce(${tournamentEntries.aggiornataIl}, ${tournamentEntries.iscrittoIl})`),
      desc(tournamentEntries.id),
    )

/** The tournament's facts an enrolment is decided on (a column list shared by the locked and unlocked reads). */
const tournamentQuery = (q: Q) =>
  q
    .select({
      id: tournaments.id,
      nome: tournaments.nome,
      tipo: tournaments.tipo,
      status: tournaments.status,
      specialita: tournaments.specialita,
      genere: tournaments.genere,
      categoria: tournaments.categoria,
      disciplina: disciplines.nome,
      iscrizioniDal: tournaments.iscrizioniDal,
      iscrizioniAl: tournaments.iscrizioniAl,
      dataInizio: tournaments.dataInizio,
      sectorId: tournaments.sectorId,
      disciplineId: tournaments.disciplineId,
      maxIscritti: tournaments.maxIscritti,
    })
    .from(tournaments)
    .innerJoin(disciplines, eq(disciplines.id, tournaments.disciplineId))

// Every write of an entry reads these before and after its turn: built once per database (server/db/prepared.ts).
const tournamentFacts = preparedFor((db) =>
  tournamentQuery(db)
    .where(eq(tournaments.id, sql.placeholder('id')))
    .limit(1)
    .prepare('iscrizioni_torneo'),
)
const entryView = preparedFor((db) =>
  viewsQuery(db, eq(tournamentEntries.id, sql.placeholder('id')), sql.placeholder('viewer'))
    .limit(1)
    .prepare('iscrizione_vista'),
)
const entryTournament = preparedFor((db) =>
  db
    .select({ tournamentId: tournamentEntries.tournamentId })
    .from(tournamentEntries)
    .where(eq(tournamentEntries.id, sql.placeholder('id')))
    .limit(1)
    .prepare('iscrizione_torneo'),
)

export function enrolmentsRepository(db: Db, writeQueue: WriteQueue = noWriteQueue) {
  const together = groupCommit<Tx>((work) => db.transaction(work), writeQueue)
  /**
   * Runs `work` in a transaction, after the tournament's earlier writes (the queue), with the writes of the
   * tournament waiting when its turn comes (server/db/group-commit.ts); a cap reached is a 429.
   */
  const inTournament = <T>(tournamentId: number, work: (tx: Tx) => Promise<T | Refusal>) =>
    refusingOverCap(() => together(queueKey(tournamentId), work))

  /** The tournament's facts (`iscrizioni_torneo`, prepared once), or undefined. */
  async function tournament(id: number): Promise<TournamentRow | undefined> {
    const [row] = await tournamentFacts(db).execute({ id })
    return row ? { ...row, doppio: row.specialita === 'doppio' } : undefined
  }

  /** The same, read again under the tournament's lock (`for update`), inside the write's transaction. */
  async function lockedTournament(tx: Tx, id: number): Promise<TournamentRow | undefined> {
    const [row] = await tournamentQuery(tx)
      .where(eq(tournaments.id, id))
      .limit(1)
      .for('update', { of: tournaments })
    return row ? { ...row, doppio: row.specialita === 'doppio' } : undefined
  }

  /** The facts of a player for a tournament: sex, a valid card of its discipline this season, Power in its sector. */
  async function player(
    q: Q,
    personId: number,
    t: TournamentRow,
    now: Date,
  ): Promise<PlayerFacts | undefined> {
    const [row] = await q
      .select({
        personId: persons.id,
        nome: persons.nome,
        cognome: persons.cognome,
        sesso: persons.sesso,
        tessera: sql<boolean>`${holdsCard(t.disciplineId, now)}`,
        power: powerRatings.power,
      })
      .from(persons)
      .leftJoin(
        powerRatings,
        and(eq(powerRatings.personId, persons.id), eq(powerRatings.sectorId, t.sectorId)),
      )
      .where(eq(persons.id, personId))
      .limit(1)
    if (!row) return undefined
    return {
      personId: row.personId,
      nome: `${row.nome} ${row.cognome}`,
      sesso: row.sesso,
      tessera: Boolean(row.tessera),
      power: row.power,
    }
  }

  /** A partner who can be invited: has a portal account (to answer) and did not hide from searches. */
  async function invitable(q: Q, personId: number): Promise<boolean> {
    const [row] = await q
      .select({ id: accounts.id })
      .from(accounts)
      .leftJoin(userSettings, eq(userSettings.accountId, accounts.id))
      .where(and(eq(accounts.personId, personId), sql`coalesce(${userSettings.visibileRicerche}, true)`))
      .limit(1)
    return row !== undefined
  }

  /** The active entry (holding or waiting for a place, or an invitation) of a person in a tournament. */
  async function activeEntryId(q: Q, tournamentId: number, personId: number): Promise<number | undefined> {
    const [row] = await q
      .select({ id: tournamentEntries.id })
      .from(tournamentEntries)
      .where(
        and(
          eq(tournamentEntries.tournamentId, tournamentId),
          inArray(tournamentEntries.status, ACTIVE),
          or(eq(tournamentEntries.personId, personId), eq(tournamentEntries.partnerId, personId)),
        ),
      )
      .orderBy(desc(tournamentEntries.id))
      .limit(1)
    return row?.id
  }

  /** The last entry of a person in a tournament, if it is an invitation that expired unanswered. */
  async function expiredEntryId(q: Q, tournamentId: number, personId: number): Promise<number | undefined> {
    const [row] = await q
      .select({ id: tournamentEntries.id, macchina: tournamentEntries.macchina })
      .from(tournamentEntries)
      .where(
        and(
          eq(tournamentEntries.tournamentId, tournamentId),
          or(eq(tournamentEntries.personId, personId), eq(tournamentEntries.partnerId, personId)),
        ),
      )
      .orderBy(desc(tournamentEntries.id))
      .limit(1)
    return row?.macchina?.value === 'scaduta' ? row.id : undefined
  }

  async function counts(q: Q, tournamentId: number) {
    const rows = await q
      .select({ status: tournamentEntries.status, n: count() })
      .from(tournamentEntries)
      .where(
        and(
          eq(tournamentEntries.tournamentId, tournamentId),
          inArray(tournamentEntries.status, ['iscritto', 'lista_attesa']),
        ),
      )
      .groupBy(tournamentEntries.status)
    const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0
    return { iscritti: of('iscritto'), listaAttesa: of('lista_attesa') }
  }

  async function people(
    q: Q,
    ids: (number | null)[],
  ): Promise<Map<number, { nome: string; cognome: string }>> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))]
    if (wanted.length === 0) return new Map()
    const rows = await q
      .select({ id: persons.id, nome: persons.nome, cognome: persons.cognome })
      .from(persons)
      .where(inArray(persons.id, wanted))
    return new Map(rows.map((r) => [r.id, { nome: r.nome, cognome: r.cognome }]))
  }

  async function names(q: Q, ids: (number | null)[]): Promise<Map<number, string>> {
    const found = await people(q, ids)
    return new Map([...found].map(([id, p]) => [id, `${p.nome} ${p.cognome}`]))
  }

  /** Writes the decided state of an entry (its history and notices: `transitionOf`, written with the others). */
  async function apply(
    q: Q,
    entryId: number,
    decision: Extract<Decision, { ok: true }>,
    now: Date,
    position: number | null,
  ) {
    await updateOf(q, entryId, decision, now, position)
  }

  /** The UPDATE that writes the decided state of an entry (to run alone, or with other writes in one statement). */
  function updateOf(
    q: Q,
    entryId: number,
    decision: Extract<Decision, { ok: true }>,
    now: Date,
    position: number | null,
  ) {
    return q
      .update(tournamentEntries)
      .set({
        status: statusOfState(decision.to),
        posizioneAttesa: decision.to === 'listaAttesa' ? position : null,
        partnerId: decision.stored.context.compagno,
        macchina: decision.stored,
        aggiornataIl: now,
      })
      .where(eq(tournamentEntries.id, entryId))
  }

  /** The history row(s) of a decided transition and its notices (portal and simulated e-mail), to be written. */
  function transitionOf(
    entryId: number,
    t: TournamentRow,
    event: IscrizioneEvent,
    decision: Extract<Decision, { ok: true }>,
    now: Date,
    who: ReadonlyMap<number, string>,
  ): Transition<typeof tournamentEntryEvents> {
    const ctx = decision.stored.context
    return {
      table: tournamentEntryEvents,
      base: {
        entryId,
        evento: event.type,
        daStato: decision.from,
        aStato: decision.to,
        personId: event.by,
        at: now,
      },
      notices: noticesOf(decision.actions, ctx, decision.to, t.nome, who, event.by),
      source: {
        by: event.by,
        about: () => ({ ambito: 'torneo', riferimento: t.id }),
        subject: 'Iscrizione ai tornei',
        now,
        mailOptIn: userSettings.notificheTornei,
        settore: t.sectorId,
      },
    }
  }

  /** Writes the decided state of an entry, its history row(s) and its notices (portal and simulated e-mail). */
  async function record(
    q: Q,
    entryId: number,
    t: TournamentRow,
    event: IscrizioneEvent,
    decision: Extract<Decision, { ok: true }>,
    now: Date,
    position: number | null,
  ) {
    await apply(q, entryId, decision, now, position)
    const ctx = decision.stored.context
    const who = await names(q, [ctx.giocatore, ctx.compagno])
    await recordTransitions(q, [transitionOf(entryId, t, event, decision, now, who)])
  }

  /**
   * Under the tournament's lock, in one statement: the places taken, the last place on the waiting list, and the
   * active entry (if any) of each of `who`.
   */
  async function lockedState(q: Q, tournamentId: number, who: readonly number[]) {
    const activeOf = (personId: number) =>
      sql<
        number | null
      >`(select e.id from ${tournamentEntries} e where e.tournament_id = ${tournamentId} and e.status in ('iscritto', 'lista_attesa', 'in_attesa_compagno') and (e.person_id = ${personId} or e.partner_id = ${personId}) order by e.id desc limit 1)`
    const [row] = await q
      .select({
        iscritti: sql<number>`(select count(*)::int from ${tournamentEntries} e where e.tournament_id = ${tournamentId} and e.status = 'iscritto')`,
        ultimoInAttesa: sql<
          number | null
        >`(select max(e.posizione_attesa) from ${tournamentEntries} e where e.tournament_id = ${tournamentId} and e.status = 'lista_attesa')`,
        ...Object.fromEntries(who.map((id, i) => [`attiva${i}`, activeOf(id)])),
      })
      .from(tournaments)
      .where(eq(tournaments.id, tournamentId))
    const values = (row ?? {}) as Record<string, unknown>
    return {
      iscritti: Number(values.iscritti ?? 0),
      nextWaitingPosition: Number(values.ultimoInAttesa ?? 0) + 1,
      active: who.map((_, i) => (values[`attiva${i}`] ?? null) as number | null),
    }
  }

  /** Closes the gap a waiting entry leaves at `position`. */
  async function closeGap(q: Q, tournamentId: number, position: number) {
    await closeGapOf(q, tournamentId, position)
  }

  /** The UPDATE that closes the gap a waiting entry leaves at `position`. */
  function closeGapOf(q: Q, tournamentId: number, position: number) {
    return q
      .update(tournamentEntries)
      .set({ posizioneAttesa: sql`${tournamentEntries.posizioneAttesa} - 1` })
      .where(
        and(
          eq(tournamentEntries.tournamentId, tournamentId),
          eq(tournamentEntries.status, 'lista_attesa'),
          sql`${tournamentEntries.posizioneAttesa} > ${position}`,
        ),
      )
  }

  /**
   * A place came free: the first on the waiting list moves up (machine event `iscrizione.promuovi`). Its state is
   * written here; its history and notices are returned, to be written with the transition that freed the place.
   */
  async function promoteFirstWaiting(
    q: Tx,
    t: TournamentRow,
    now: Date,
  ): Promise<Transition<typeof tournamentEntryEvents> | undefined> {
    // One statement: the first waiting, its players' names, and whether a place is free now.
    const partner = alias(persons, 'compagno')
    const [first] = await q
      .select({
        entry: tournamentEntries,
        giocatore: sql<string>`${persons.nome} || ' ' || ${persons.cognome}`,
        compagno: sql<string | null>`${partner.nome} || ' ' || ${partner.cognome}`,
        iscritti: sql<number>`(select count(*)::int from ${tournamentEntries} e where e.tournament_id = ${t.id} and e.status = 'iscritto')`,
      })
      .from(tournamentEntries)
      .innerJoin(persons, eq(persons.id, tournamentEntries.personId))
      .leftJoin(partner, eq(partner.id, tournamentEntries.partnerId))
      .where(and(eq(tournamentEntries.tournamentId, t.id), eq(tournamentEntries.status, 'lista_attesa')))
      .orderBy(asc(tournamentEntries.posizioneAttesa), asc(tournamentEntries.id))
      .limit(1)
    if (!first || (t.maxIscritti ?? OPEN_ENDED) - Number(first.iscritti) <= 0) return undefined
    const event: IscrizioneEvent = { type: 'iscrizione.promuovi', by: null }
    const decision = decideEvent(storedOf(first.entry, t.doppio), event)
    if (!decision.ok) return undefined
    await apply(q, first.entry.id, decision, now, null)
    await closeGap(q, t.id, first.entry.posizioneAttesa ?? 0)
    const who = new Map<number, string>([[first.entry.personId, first.giocatore]])
    if (first.entry.partnerId !== null && first.compagno !== null)
      who.set(first.entry.partnerId, first.compagno)
    return transitionOf(first.entry.id, t, event, decision, now, who)
  }

  /**
   * Under the tournament's lock, in one statement: the entry `entryId` and the first on the waiting list, each with
   * its players' names; the places taken and the last place on the waiting list.
   */
  async function lockedEntry(q: Q, t: TournamentRow, entryId: number) {
    const partner = alias(persons, 'compagno')
    const rows = await q
      .select({
        entry: tournamentEntries,
        giocatore: sql<string>`${persons.nome} || ' ' || ${persons.cognome}`,
        compagno: sql<string | null>`${partner.nome} || ' ' || ${partner.cognome}`,
        iscritti: sql<number>`(select count(*)::int from ${tournamentEntries} e where e.tournament_id = ${t.id} and e.status = 'iscritto')`,
        ultimoInAttesa: sql<
          number | null
        >`(select max(e.posizione_attesa) from ${tournamentEntries} e where e.tournament_id = ${t.id} and e.status = 'lista_attesa')`,
      })
      .from(tournamentEntries)
      .innerJoin(persons, eq(persons.id, tournamentEntries.personId))
      .leftJoin(partner, eq(partner.id, tournamentEntries.partnerId))
      .where(
        or(
          eq(tournamentEntries.id, entryId),
          eq(
            tournamentEntries.id,
            sql`(select e.id from ${tournamentEntries} e where e.tournament_id = ${t.id} and e.status = 'lista_attesa' order by e.posizione_attesa, e.id limit 1)`,
          ),
        ),
      )
    const withNames = (r: (typeof rows)[number]) => {
      const who = new Map<number, string>([[r.entry.personId, r.giocatore]])
      if (r.entry.partnerId !== null && r.compagno !== null) who.set(r.entry.partnerId, r.compagno)
      return { row: r.entry, who }
    }
    const own = rows.find((r) => r.entry.id === entryId)
    const first = rows.find((r) => r.entry.id !== entryId)
    return {
      own: own ? withNames(own) : undefined,
      firstWaiting: first ? withNames(first) : undefined,
      iscritti: Number(rows[0]?.iscritti ?? 0),
      nextWaitingPosition: Number(rows[0]?.ultimoInAttesa ?? 0) + 1,
    }
  }

  type Locked = Awaited<ReturnType<typeof lockedEntry>>

  /**
   * The path every change of a stored entry takes: in the tournament's turn (the write queue), one transaction
   * locks the tournament's row, reads the entry (and the waiting list's head) in one statement, and lets `change`
   * decide and write.
   */
  async function underLock(
    entryId: number,
    change: (tx: Tx, t: TournamentRow, own: NonNullable<Locked['own']>, locked: Locked) => Promise<Outcome>,
  ): Promise<Outcome> {
    const [head] = await entryTournament(db).execute({ id: entryId })
    if (!head) return refuse(404, M.entryNotFound)
    return inTournament(head.tournamentId, async (tx) => {
      const t = (await lockedTournament(tx, head.tournamentId))!
      const locked = await lockedEntry(tx, t, entryId)
      if (!locked.own) return refuse(404, M.entryNotFound)
      return change(tx, t, locked.own, locked)
    })
  }

  function storedOf(row: typeof tournamentEntries.$inferSelect, doppio: boolean): StoredMachine {
    return storedMachineOf({
      macchina: row.macchina,
      status: row.status,
      personId: row.personId,
      partnerId: row.partnerId,
      doppio,
    })
  }

  /** Entries as their players see them, with the last notice addressed to `viewer`. */
  async function views(q: Q, where: ReturnType<typeof and>, viewer: number, limit: number, offset: number) {
    return shaped(q, await viewsQuery(q, where, viewer).limit(limit).offset(offset))
  }

  /** The entries' rows shaped as their players see them, with the partners' names. */
  async function shaped(q: Q, rows: Awaited<ReturnType<typeof viewsQuery>>) {
    const partners = await people(
      q,
      rows.map((r) => r.partnerId),
    )
    return rows.map((r): Iscrizione => {
      const stored = storedMachineOf({
        macchina: r.macchina,
        status: r.status,
        personId: r.personId,
        partnerId: r.partnerId,
        doppio: r.specialita === 'doppio',
      })
      const partnerName = r.partnerId !== null ? partners.get(r.partnerId) : undefined
      return {
        id_iscrizione: r.id,
        id_torneo: r.tournamentId,
        torneo: r.torneo,
        data_inizio: r.dataInizio,
        data_fine: r.dataFine,
        stato: stored.value as IscrizioneState,
        giocatore: { id_persona: r.personId, nome: r.nome, cognome: r.cognome },
        compagno: r.partnerId !== null && partnerName ? { id_persona: r.partnerId, ...partnerName } : null,
        doppio: r.specialita === 'doppio',
        posizione_attesa: r.posizioneAttesa,
        avviso: r.avviso,
        aggiornata_il: (r.aggiornataIl ?? r.iscrittoIl).toISOString(),
      }
    })
  }

  /** One entry as `viewer` sees it (`iscrizione_vista`, prepared once). */
  async function view(entryId: number, viewer: number): Promise<Iscrizione | undefined> {
    const [found] = await shaped(db, await entryView(db).execute({ id: entryId, viewer }))
    return found
  }

  return {
    tournament,
    view,

    /** The enrolment panel of a tournament for a person (or an account without one). */
    async panel(tournamentId: number, personId: number | null, now: Date) {
      const t = await tournament(tournamentId)
      if (!t) return undefined
      const { iscritti, listaAttesa } = await counts(db, tournamentId)
      const active = personId === null ? undefined : await activeEntryId(db, tournamentId, personId)
      // Without an active entry, an invitation that expired is still shown, above the form to enrol again.
      const entryId =
        active ?? (personId === null ? undefined : await expiredEntryId(db, tournamentId, personId))
      const iscrizione = entryId === undefined ? null : ((await view(entryId, personId!)) ?? null)
      let motivo: string | null = null
      if (active === undefined) {
        motivo = windowRefusal(t, now)
        if (!motivo && personId === null) motivo = M.noPerson
        if (!motivo && personId !== null) {
          const facts = await player(db, personId, t, now)
          motivo = facts ? playerRefusal(t, facts, now) : M.noPerson
        }
      }
      return {
        id_torneo: t.id,
        doppio: t.doppio,
        posti: t.maxIscritti,
        iscritti,
        lista_attesa: listaAttesa,
        posti_liberi: t.maxIscritti === null ? null : Math.max(0, t.maxIscritti - iscritti),
        id_persona: personId,
        iscrizione,
        motivo,
      }
    },

    /**
     * Enrols `personId` (with `partnerId` invited in doubles). Serialised on the tournament's row: the places
     * left are counted under the lock, so the last places go to exactly as many requests as there are places.
     */
    async enrol(input: {
      tournamentId: number
      personId: number | null
      partnerId: number | null
      accountId: string
      now: Date
    }): Promise<Outcome> {
      const { tournamentId, personId, partnerId, accountId, now } = input
      // Before the queue and the lock: what does not depend on the tournament's entries. The tournament's own
      // facts (status, window, places) are read again under the lock.
      const before = await tournament(tournamentId)
      if (!before) return refuse(404, M.tournamentNotFound)
      const me = personId === null ? null : ((await player(db, personId, before, now)) ?? null)
      const partner =
        partnerId !== null && partnerId !== personId && (await invitable(db, partnerId))
          ? ((await player(db, partnerId, before, now)) ?? null)
          : null
      // A request refused whatever the entries are (no card, the wrong sex, the window closed) does not queue.
      const early = enrolmentRefusal({ tournament: before, player: me, partnerId, partner, now })
      if (early) return refuse(early.status, early.message)
      const who = new Map<number, string>()
      for (const facts of [me, partner]) if (facts) who.set(facts.personId, facts.nome)
      // The new entry's id, taken now: under the lock the entry and its history are written in one statement.
      const { rows } = (await db.execute(
        sql`select nextval(pg_get_serial_sequence('tournament_entries', 'id'))::int as id`,
      )) as unknown as { rows: { id: number }[] }
      const entryId = Number(rows[0]!.id)
      return inTournament(tournamentId, async (tx) => {
        const t = await lockedTournament(tx, tournamentId)
        if (!t) return refuse(404, M.tournamentNotFound)
        const state = await lockedState(tx, tournamentId, [
          me!.personId,
          ...(partner ? [partner.personId] : []),
        ])
        const refusal = enrolmentRefusal({
          tournament: t,
          player: me,
          partnerId,
          partner,
          partnerEntered: partner !== null && state.active[1] !== null,
          now,
        })
        if (refusal) return refuse(refusal.status, refusal.message)
        if (state.active[0] !== null) return refuse(409, M.alreadyEntered)
        const event: IscrizioneEvent = {
          type: 'iscrizione.richiedi',
          by: me!.personId,
          compagno: partnerId,
          postiLiberi: (t.maxIscritti ?? OPEN_ENDED) - state.iscritti,
        }
        const decision = decideNewEntry({ giocatore: me!.personId, doppio: t.doppio }, event)
        if (!decision.ok) return refuse(409, M.alreadyEntered)
        const position = decision.to === 'listaAttesa' ? state.nextWaitingPosition : null
        // The entry, inserted as decided (its state, its machine), its history, notices and e-mails: one statement
        // (its id was taken from the sequence before the lock).
        const insert = tx.insert(tournamentEntries).values({
          id: entryId,
          tournamentId,
          personId: me!.personId,
          partnerId: decision.stored.context.compagno,
          status: statusOfState(decision.to),
          posizioneAttesa: position,
          puntiIngresso: 0,
          iscrittoIl: now,
          iscrittoDa: accountId,
          macchina: decision.stored,
          aggiornataIl: now,
        })
        await recordTransitions(tx, [transitionOf(entryId, t, event, decision, now, who)], [insert])
        return { refused: false, entryId }
      })
    },

    /** Accept, refuse or withdraw an entry, as `personId`; the machine decides, the waiting list follows. */
    async act(input: {
      entryId: number
      personId: number | null
      type: 'iscrizione.accetta' | 'iscrizione.rifiuta' | 'iscrizione.ritira'
      now: Date
    }): Promise<Outcome> {
      const { entryId, personId, type, now } = input
      return underLock(entryId, async (tx, t, { row, who }, locked) => {
        if (personId === null || (row.personId !== personId && row.partnerId !== personId)) {
          return refuse(403, M.notYours)
        }
        const freePlaces = (t.maxIscritti ?? OPEN_ENDED) - locked.iscritti
        const event: IscrizioneEvent =
          type === 'iscrizione.accetta'
            ? { type, by: personId, postiLiberi: freePlaces }
            : { type, by: personId }
        const stored = storedOf(row, t.doppio)
        const decision = decideEvent(stored, event)
        // First whose step it is (403), then whether the entry and the tournament allow it now (409).
        if (!decision.ok) {
          const why = refusalOf(stored, event)
          return refuse(why.status, why.message)
        }
        if (type === 'iscrizione.ritira') {
          const late = withdrawalRefusal(t, now)
          if (late && row.status !== 'in_attesa_compagno') return refuse(409, late)
        }
        if (type === 'iscrizione.accetta') {
          // Accepting needs the window open, and the partner still eligible.
          const closed = windowRefusal(t, now)
          if (closed) return refuse(409, closed)
          const facts = await player(tx, personId, t, now)
          const refusal = facts ? playerRefusal(t, facts, now) : M.noPerson
          if (refusal) return refuse(403, refusal)
        }
        const position = decision.to === 'listaAttesa' ? locked.nextWaitingPosition : null
        const writes = [updateOf(tx, row.id, decision, now, position)]
        if (decision.from === 'listaAttesa') writes.push(closeGapOf(tx, t.id, row.posizioneAttesa ?? 0))
        const transitions = [transitionOf(row.id, t, event, decision, now, who)]
        if (decision.actions.includes('promuoviPrimoInAttesa')) {
          const freeAfter = freePlaces + (row.status === 'iscritto' ? 1 : 0)
          const first = locked.firstWaiting
          const promotion =
            first && freeAfter > 0
              ? decideEvent(storedOf(first.row, t.doppio), { type: 'iscrizione.promuovi', by: null })
              : undefined
          // The place freed goes to the first waiting, written in the same statement as the rest. (An entry that
          // left the waiting list closes its own gap: two gaps closed in one statement would touch the same rows;
          // that case, places free while people wait, goes the long way.)
          if (promotion?.ok && decision.from !== 'listaAttesa') {
            writes.push(
              updateOf(tx, first!.row.id, promotion, now, null),
              closeGapOf(tx, t.id, first!.row.posizioneAttesa ?? 0),
            )
            transitions.push(
              transitionOf(
                first!.row.id,
                t,
                { type: 'iscrizione.promuovi', by: null },
                promotion,
                now,
                first!.who,
              ),
            )
          } else if (promotion?.ok) {
            await recordTransitions(tx, transitions, writes)
            const promoted = await promoteFirstWaiting(tx, t, now)
            if (promoted) await recordTransitions(tx, [promoted])
            return { refused: false, entryId: row.id }
          }
        }
        // The entry's row, the promoted one's, every history row, notice and e-mail: one statement.
        await recordTransitions(tx, transitions, writes)
        return { refused: false, entryId: row.id }
      })
    },

    /**
     * An account is being deleted (docs/regole.md «I miei dati»): inside the deletion's transaction `tx`, each entry
     * of `personId` still active in a tournament not yet drawn leaves through the machine, as the person could have
     * done themselves: an invitation they received is refused (`iscrizione.rifiuta`), any other entry is withdrawn
     * (`iscrizione.ritira`), so the others are told and the first on the waiting list moves up. Entries in a
     * tournament already drawn or started stay: the draw counts on them. Tournaments are locked in id order.
     */
    async withdrawPerson(tx: Tx, personId: number, now: Date): Promise<number> {
      const rows = await tx
        .select({ id: tournamentEntries.id, tournamentId: tournamentEntries.tournamentId })
        .from(tournamentEntries)
        .where(
          and(
            or(eq(tournamentEntries.personId, personId), eq(tournamentEntries.partnerId, personId)),
            inArray(tournamentEntries.status, ACTIVE),
            sql`not exists (select 1 from ${draws} where ${draws.tournamentId} = ${tournamentEntries.tournamentId})`,
          ),
        )
        .orderBy(asc(tournamentEntries.tournamentId), asc(tournamentEntries.id))
      let withdrawn = 0
      for (const { id, tournamentId } of rows) {
        const t = (await lockedTournament(tx, tournamentId))!
        const [row] = await tx.select().from(tournamentEntries).where(eq(tournamentEntries.id, id)).limit(1)
        if (!row) continue
        if (row.status !== 'in_attesa_compagno' && withdrawalRefusal(t, now)) continue
        const type =
          row.status === 'in_attesa_compagno' && row.partnerId === personId
            ? 'iscrizione.rifiuta'
            : 'iscrizione.ritira'
        const event: IscrizioneEvent = { type, by: personId }
        const decision = decideEvent(storedOf(row, t.doppio), event)
        if (!decision.ok) continue
        await record(tx, row.id, t, event, decision, now, null)
        if (decision.from === 'listaAttesa') await closeGap(tx, t.id, row.posizioneAttesa ?? 0)
        const promoted = decision.actions.includes('promuoviPrimoInAttesa')
          ? await promoteFirstWaiting(tx, t, now)
          : undefined
        if (promoted) await recordTransitions(tx, [promoted])
        withdrawn += 1
      }
      return withdrawn
    },

    /**
     * Doubles invitations unanswered at `now` (docs/regole.md «Iscrizioni», `invitationExpired`): sent
     * INVITO_SCADE_GIORNI days ago or more, or in a tournament whose enrolment has closed. Oldest first; the
     * deadline runner sends each `iscrizione.scade`.
     */
    async dueInvitations(now: Date, limit: number): Promise<number[]> {
      const sentBefore = new Date(now.getTime() - INVITO_SCADE_GIORNI * 86_400_000)
      const rows = await db
        .select({ id: tournamentEntries.id })
        .from(tournamentEntries)
        .innerJoin(tournaments, eq(tournaments.id, tournamentEntries.tournamentId))
        .where(
          and(
            eq(tournamentEntries.status, 'in_attesa_compagno'),
            or(
              lte(tournamentEntries.iscrittoIl, sentBefore),
              lte(tournaments.iscrizioniAl, now),
              and(isNull(tournaments.iscrizioniAl), lte(tournaments.dataInizio, todayInItaly(now))),
            ),
          ),
        )
        .orderBy(asc(tournamentEntries.iscrittoIl), asc(tournamentEntries.id))
        .limit(limit)
      return rows.map((r) => r.id)
    },

    /**
     * The portal's `iscrizione.scade` (by: null) on an invitation, under the tournament's lock like every other
     * event: refused (409) when the invitation is not due or was answered meanwhile; else both players are told.
     */
    async expire(entryId: number, now: Date): Promise<Outcome> {
      return underLock(entryId, async (tx, t, { row }) => {
        if (!invitationExpired(row.iscrittoIl, t, now)) return refuse(409, M.expire)
        const event: IscrizioneEvent = { type: 'iscrizione.scade', by: null }
        const decision = decideEvent(storedOf(row, t.doppio), event)
        if (!decision.ok) return refuse(409, M.expire)
        await record(tx, row.id, t, event, decision, now, null)
        return { refused: false, entryId: row.id }
      })
    },

    /** Players `personId` may invite as a partner: by name, eligible, visible in searches, not yet entered. */
    async partners(
      tournamentId: number,
      text: string,
      personId: number,
      limit: number,
      now: Date,
    ): Promise<CompagnoProposto[] | undefined> {
      const t = await tournament(tournamentId)
      if (!t) return undefined
      const limitPower = levelLimit(t.categoria)
      const rows = await db
        .select({
          id_persona: persons.id,
          nome: persons.nome,
          cognome: persons.cognome,
          provincia: persons.provincia,
          circolo: clubs.nome,
        })
        .from(persons)
        .innerJoin(accounts, eq(accounts.personId, persons.id))
        .leftJoin(userSettings, eq(userSettings.accountId, accounts.id))
        .leftJoin(clubs, eq(clubs.id, persons.clubId))
        .leftJoin(
          powerRatings,
          and(eq(powerRatings.personId, persons.id), eq(powerRatings.sectorId, t.sectorId)),
        )
        .where(
          and(
            ne(persons.id, personId),
            nameMatches(text),
            visibleInSearches,
            t.genere === 'M' || t.genere === 'F' ? eq(persons.sesso, t.genere) : undefined,
            limitPower === null ? undefined : sql`coalesce(${powerRatings.power}, 40) <= ${limitPower}`,
            holdsCard(t.disciplineId, now),
            sql`not exists (select 1 from ${tournamentEntries} e where e.tournament_id = ${t.id} and e.status in ('iscritto', 'lista_attesa', 'in_attesa_compagno') and (e.person_id = ${persons.id} or e.partner_id = ${persons.id}))`,
          ),
        )
        .orderBy(sql`lower(${persons.cognome})`, sql`lower(${persons.nome})`, asc(persons.id))
        .limit(limit)
      return rows
    },

    /** The entries and invitations of a person, newest first. */
    async mine(personId: number, fetchrows: number, rowstoskip: number) {
      const where = and(
        or(eq(tournamentEntries.personId, personId), eq(tournamentEntries.partnerId, personId)),
        isNotNull(tournamentEntries.id),
      )
      const [total] = await db.select({ n: count() }).from(tournamentEntries).where(where)
      return { results: await views(db, where, personId, fetchrows, rowstoskip), record: total?.n ?? 0 }
    },
  }
}
