// The SQL of challenges (issue 12). Every change runs in one transaction that first locks the challenge's row
// (`SELECT … FOR UPDATE`), so two answers to one challenge are decided one after the other. The decision is the
// domain's (server/domain/challenge.ts, i.e. machines/challenge.ts); the challenge, its players, its result, its
// history, the Power of a result that counts and the simulated e-mails are written in the same transaction.
import { and, asc, count, desc, eq, gte, inArray, lte, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { union } from 'drizzle-orm/pg-core'
import {
  SFIDE_MESSAGES as M,
  SFIDA_MAX_PENDING,
  SFIDA_STATE_TITLES,
  type RigaSfida,
  type Sfida,
  type SfidaState,
} from '../../contract/sfide.ts'
import type { ChallengeContext, ChallengeEvent, Lato } from '../../machines/challenge.ts'
import type { Db } from '../db/client.ts'
import { preparedFor } from '../db/prepared.ts'
import { type Q, type Refusal, type Tx, refuse } from './lifecycle.ts'
import { accounts, persons } from '../db/schema/core.ts'
import {
  challengeEvents,
  challengeParticipants,
  challengeResults,
  challenges,
  clubs,
  powerHistory,
  powerRatings,
  userSettings,
} from '../db/schema/domain.ts'
import {
  type Notice,
  type StoredChallenge,
  challengeScore,
  deadlineEvent,
  deadlineOf,
  decideEvent,
  mayDecide,
  describeEvent,
  noticesOf,
  proposalRefusal,
  refusalOf,
  resultTimeRefusal,
  startChallenge,
  toDoOf,
} from '../domain/challenge.ts'
import { type PrivacyChoices, shownChanges, shownPower } from '../domain/privacy.ts'
import { type CheckedScore, checkScore, scoringOf } from '../../contract/scores.ts'
import { DISCIPLINES } from '../../contract/constants.ts'
import { notify, refusingOverCap } from './outbox.ts'
import { type WriteQueue, noWriteQueue } from '../db/write-queue.ts'
import { holdsCard, nameMatches, visibleInSearches } from './person-search.ts'
import { ratePlayed } from './power.ts'

export type { Refusal }
export type Outcome = Refusal | { refused: false; id: number }

type ChallengeRow = typeof challenges.$inferSelect
type ParticipantRow = typeof challengeParticipants.$inferSelect
type ResultRow = typeof challengeResults.$inferSelect

/** What an action brings besides the event: the checked result, a reason, a referee's note. */
export type ActionExtra = { score?: CheckedScore; nota?: string | undefined }

const OPEN_STATES: SfidaState[] = ['proposed', 'accepted', 'resultEntered', 'contested']
const DONE_STATES: SfidaState[] = ['confirmed', 'resolved', 'refused', 'cancelled', 'expired']

/** The machine's state and context, rebuilt from a challenge's rows. */
function storedOf(row: ChallengeRow, players: readonly ParticipantRow[], result: ResultRow | undefined) {
  const context: ChallengeContext = {
    creatore: row.createdByPersonId,
    doppio: row.specialita === 'doppio',
    pubblica: row.pubblica,
    partecipanti: players
      .map((p) => ({ persona: p.personId, lato: p.lato as Lato, risposta: p.risposta as 'in_attesa' }))
      .sort((a, b) => a.lato - b.lato || (a.persona === row.createdByPersonId ? -1 : 0)),
    risultato:
      result === undefined
        ? null
        : { inseritoDa: result.inseritoDa, vincitore: result.vincitoreLato as Lato },
  }
  return { value: row.status as SfidaState, context } satisfies StoredChallenge
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString())

/** The players of challenges as a list shows them: name, Power in the challenge's sector, privacy choices. */
const playersQuery = (q: Q) =>
  q
    .select({
      challengeId: challengeParticipants.challengeId,
      personId: challengeParticipants.personId,
      lato: challengeParticipants.lato,
      risposta: challengeParticipants.risposta,
      rispostaIl: challengeParticipants.rispostaIl,
      nome: persons.nome,
      cognome: persons.cognome,
      power: powerRatings.power,
      visibileRicerche: userSettings.visibileRicerche,
      mostraPower: userSettings.mostraPower,
      sectorId: challenges.sectorId,
    })
    .from(challengeParticipants)
    .innerJoin(persons, eq(persons.id, challengeParticipants.personId))
    .innerJoin(challenges, eq(challenges.id, challengeParticipants.challengeId))
    .leftJoin(
      powerRatings,
      and(eq(powerRatings.personId, persons.id), eq(powerRatings.sectorId, challenges.sectorId)),
    )
    .leftJoin(accounts, eq(accounts.personId, persons.id))
    .leftJoin(userSettings, eq(userSettings.accountId, accounts.id))

// What a challenge's page reads, after every step of its players too: built once per database (server/db/prepared.ts).
/** A challenge with its players and its result, one row per player (the result on each). */
const whole = preparedFor((db) =>
  db
    .select({ row: challenges, player: challengeParticipants, result: challengeResults })
    .from(challenges)
    .leftJoin(challengeParticipants, eq(challengeParticipants.challengeId, challenges.id))
    .leftJoin(challengeResults, eq(challengeResults.challengeId, challenges.id))
    .where(eq(challenges.id, sql.placeholder('id')))
    .prepare('sfida_intera'),
)
const playersOfOne = preparedFor((db) =>
  playersQuery(db)
    .where(eq(challengeParticipants.challengeId, sql.placeholder('id')))
    .prepare('sfida_giocatori'),
)
const clubName = preparedFor((db) =>
  db
    .select({ nome: clubs.nome })
    .from(clubs)
    .where(eq(clubs.id, sql.placeholder('id')))
    .prepare('sfida_circolo'),
)
const historyOf = preparedFor((db) =>
  db
    .select({
      evento: challengeEvents.evento,
      daStato: challengeEvents.daStato,
      aStato: challengeEvents.aStato,
      nota: challengeEvents.nota,
      at: challengeEvents.at,
      nome: persons.nome,
      cognome: persons.cognome,
    })
    .from(challengeEvents)
    .leftJoin(persons, eq(persons.id, challengeEvents.personId))
    .where(eq(challengeEvents.challengeId, sql.placeholder('id')))
    .orderBy(asc(challengeEvents.at), asc(challengeEvents.id))
    .prepare('sfida_storia'),
)
const powerChangesOf = preparedFor((db) =>
  db
    .select({ h: powerHistory, nome: persons.nome, cognome: persons.cognome })
    .from(powerHistory)
    .innerJoin(persons, eq(persons.id, powerHistory.personId))
    .where(eq(powerHistory.challengeId, sql.placeholder('id')))
    .orderBy(asc(powerHistory.id))
    .prepare('sfida_power'),
)

export function challengesRepository(db: Db, writeQueue: WriteQueue = noWriteQueue) {
  async function names(q: Q, ids: readonly (number | null)[]): Promise<Map<number, string>> {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))]
    if (wanted.length === 0) return new Map()
    const rows = await q
      .select({ id: persons.id, nome: persons.nome, cognome: persons.cognome })
      .from(persons)
      .where(inArray(persons.id, wanted))
    return new Map(rows.map((r) => [r.id, `${r.nome} ${r.cognome}`]))
  }

  /**
   * Who may be invited or take a place: a person with a portal account (to answer) who did not hide from
   * searches, with a card of the discipline valid today. Another person is refused with one neutral message,
   * whatever the reason, so a refusal never tells their card or their privacy choice (issue 19, 9f).
   */
  async function eligibility(
    q: Q,
    personId: number,
    discipline: { id: number; nome: string },
    self: boolean,
    now: Date,
  ): Promise<Refusal | undefined> {
    const [row] = await q
      .select({
        account: accounts.id,
        visibile: sql<boolean>`${visibleInSearches}`,
        tessera: sql<boolean>`${holdsCard(discipline.id, now)}`,
      })
      .from(persons)
      .leftJoin(accounts, eq(accounts.personId, persons.id))
      .leftJoin(userSettings, eq(userSettings.accountId, accounts.id))
      .where(eq(persons.id, personId))
      .limit(1)
    if (self) return row?.tessera ? undefined : refuse(403, M.noCard(discipline.nome))
    if (!row || row.account === null || !row.visibile || !row.tessera) return refuse(404, M.notInvitable)
    return undefined
  }

  /** A discipline's name: reference data, the database's rows are written from DISCIPLINES (server/db/reference.ts). */
  function disciplineOf(id: number) {
    const discipline = DISCIPLINES.find((d) => d.id === id)
    return { id, nome: discipline?.nome ?? 'questa disciplina' }
  }

  /**
   * The notices of a challenge: in the portal for everyone told, by e-mail (simulated outbox) to the players who
   * keep the challenges' e-mails on for the challenge's sector; capped per day like every notice
   * (server/repositories/outbox.ts).
   */
  const tell = (
    q: Q,
    challenge: { id: number; sectorId: number },
    by: number | null,
    notices: readonly Notice[],
    now: Date,
    /** The challenge's own writes, in the notices' statement (server/repositories/outbox.ts, notify). */
    also: readonly SQLWrapper[] = [],
  ) =>
    notify(
      q,
      notices,
      {
        by,
        about: () => ({ ambito: 'sfida', riferimento: challenge.id }),
        subject: 'Sfide',
        now,
        mailOptIn: userSettings.notificheSfide,
        settore: challenge.sectorId,
      },
      also,
    )

  /**
   * A challenge, its players and its result, under the row's lock: the row first (`for update`), then the players
   * and the result in one statement, whose snapshot is taken once the lock is held (in one statement with the lock,
   * a wait for it would leave them read as they were before the other writer's commit).
   */
  async function loadLocked(tx: Tx, id: number) {
    const [row] = await tx.select().from(challenges).where(eq(challenges.id, id)).for('update')
    if (!row) return undefined
    // The result, when there is one, is on every player's row.
    const rows = await tx
      .select({ player: challengeParticipants, result: challengeResults })
      .from(challengeParticipants)
      .leftJoin(challengeResults, eq(challengeResults.challengeId, challengeParticipants.challengeId))
      .where(eq(challengeParticipants.challengeId, id))
    return loaded(
      row,
      rows.map((r) => r.player),
      rows[0]?.result ?? undefined,
    )
  }

  /** A challenge, its players and its result as its page reads them: one statement (`sfida_intera`). */
  async function load(id: number) {
    const rows = await whole(db).execute({ id })
    if (!rows[0]) return undefined
    return loaded(
      rows[0].row,
      rows.flatMap((r) => (r.player ? [r.player] : [])),
      rows[0].result ?? undefined,
    )
  }

  const loaded = (row: ChallengeRow, players: ParticipantRow[], result: ResultRow | undefined) => ({
    row,
    players,
    result,
    stored: storedOf(row, players, result),
  })

  /** Writes what the machine decided: the challenge, its players, its result, its history, Power and notices. */
  async function record(
    tx: Tx,
    loaded: NonNullable<Awaited<ReturnType<typeof load>>>,
    event: ChallengeEvent,
    extra: ActionExtra,
    now: Date,
  ): Promise<Refusal | undefined> {
    const { row, stored } = loaded
    const decision = decideEvent(stored, event)
    if (!decision.ok) {
      const why = refusalOf(stored, event)
      return refuse(why.status, why.message)
    }
    const after = decision.stored.context
    const moved = decision.to !== decision.from
    // Everything this step writes of the challenge goes in one statement with its notices (below): none of these
    // writes touches another's rows.
    const writes: SQLWrapper[] = [
      tx
        .update(challenges)
        .set({
          status: decision.to,
          pubblica: after.pubblica,
          updatedAt: now,
          ...(moved ? { scadeIl: deadlineOf(decision.to, now) } : {}),
        })
        .where(eq(challenges.id, row.id)),
    ]
    // The players: who came, who left, who answered (a refusal is the refuser's answer, unless they left).
    const was = new Map(stored.context.partecipanti.map((p) => [p.persona, p]))
    const staying = new Map(after.partecipanti.map((p) => [p.persona, p]))
    const added = after.partecipanti.filter((p) => !was.has(p.persona))
    const removed = stored.context.partecipanti.filter((p) => !staying.has(p.persona))
    if (added.length > 0)
      writes.push(
        tx.insert(challengeParticipants).values(
          added.map((p) => ({
            challengeId: row.id,
            personId: p.persona,
            lato: p.lato,
            risposta: p.risposta,
            rispostaIl: p.risposta === 'in_attesa' ? null : now,
          })),
        ),
      )
    if (removed.length > 0)
      writes.push(
        tx.delete(challengeParticipants).where(
          and(
            eq(challengeParticipants.challengeId, row.id),
            inArray(
              challengeParticipants.personId,
              removed.map((p) => p.persona),
            ),
          ),
        ),
      )
    const answers = new Map<number, string>()
    for (const p of after.partecipanti) {
      const before = was.get(p.persona)
      if (before && before.risposta !== p.risposta) answers.set(p.persona, p.risposta)
    }
    if (event.type === 'sfida.rifiuta' && event.by !== null && !removed.some((p) => p.persona === event.by))
      answers.set(event.by, 'rifiutata')
    for (const [persona, risposta] of answers)
      writes.push(
        tx
          .update(challengeParticipants)
          .set({ risposta, rispostaIl: now })
          .where(
            and(eq(challengeParticipants.challengeId, row.id), eq(challengeParticipants.personId, persona)),
          ),
      )
    // The result and its answers.
    let nota: string | null = extra.nota ?? null
    if (event.type === 'sfida.risultato' && extra.score) {
      const score = extra.score
      nota = challengeScore(score.sets)
      writes.push(
        tx.insert(challengeResults).values({
          challengeId: row.id,
          sets: score.sets ?? [],
          vincitoreLato: event.vincitore,
          gameLato1: score.gameA ?? 0,
          gameLato2: score.gameB ?? 0,
          inseritoDa: event.by,
          inseritoIl: now,
        }),
      )
    }
    if (event.type === 'sfida.conferma' || event.type === 'sfida.confermaAutomatica')
      writes.push(
        tx
          .update(challengeResults)
          .set({ confermatoDa: event.by, confermatoIl: now, confermaAutomatica: event.by === null })
          .where(eq(challengeResults.challengeId, row.id)),
      )
    if (event.type === 'sfida.contesta')
      writes.push(
        tx
          .update(challengeResults)
          .set({ contestatoDa: event.by, contestatoIl: now, motivoContestazione: extra.nota ?? null })
          .where(eq(challengeResults.challengeId, row.id)),
      )
    if (event.type === 'sfida.risolvi') {
      nota = `${event.esito === 'confermato' ? 'il risultato vale' : 'il risultato non vale'}${extra.nota ? ` (${extra.nota})` : ''}`
      writes.push(
        tx
          .update(challengeResults)
          .set({ risoltoIl: now, risoluzione: nota })
          .where(eq(challengeResults.challengeId, row.id)),
      )
    }
    const who = await names(tx, [
      event.by,
      ...stored.context.partecipanti.map((p) => p.persona),
      ...added.map((p) => p.persona),
    ])
    if (event.type === 'sfida.aggiungiGiocatore')
      nota = `${who.get(event.persona) ?? 'Un giocatore'} ${event.by === event.persona ? 'ha preso un posto' : 'è stato invitato'} (parte ${event.lato})`
    if (event.type === 'sfida.rimuoviGiocatore')
      nota = `${who.get(event.persona) ?? 'Un giocatore'} ${event.by === event.persona ? 'ha lasciato la sfida' : 'è stato tolto'}`
    writes.push(
      tx.insert(challengeEvents).values({
        challengeId: row.id,
        evento: event.type,
        daStato: decision.from,
        aStato: decision.to,
        personId: event.by,
        nota,
        at: now,
      }),
    )
    if (decision.actions.includes('aggiornaPower')) {
      // The score and its date: as read under the lock, or as this step writes it. Power reads and writes its own
      // tables only, so it is rated before the challenge's statement.
      const result =
        loaded.result ??
        (event.type === 'sfida.risultato' && extra.score
          ? {
              gameLato1: extra.score.gameA ?? 0,
              gameLato2: extra.score.gameB ?? 0,
              inseritoIl: now,
            }
          : undefined)
      if (result)
        await ratePlayed(tx, row.sectorId, {
          sideA: after.partecipanti.filter((p) => p.lato === 1).map((p) => p.persona),
          sideB: after.partecipanti.filter((p) => p.lato === 2).map((p) => p.persona),
          gamesA: result.gameLato1,
          gamesB: result.gameLato2,
          at: result.inseritoIl,
          torneo: false,
          challengeId: row.id,
          now,
        })
    }
    await tell(
      tx,
      row,
      event.by,
      noticesOf(decision.actions, stored.context, after, event.by, who),
      now,
      writes,
    )
    return undefined
  }

  /** The rows of a list, each with its players (name, side, answer, Power) and score. */
  async function rowsOf(list: readonly ChallengeRow[], viewer: number | null): Promise<RigaSfida[]> {
    return (await rowsAndChoices(list, viewer)).rows
  }

  /**
   * The rows of a list, and the privacy choices of their players who saved settings (as privacyOf reads them:
   * the players' statement joins them already).
   */
  async function rowsAndChoices(
    list: readonly ChallengeRow[],
    viewer: number | null,
    /** Their results, when the caller has just read them. */
    known?: readonly ResultRow[],
  ): Promise<{ rows: RigaSfida[]; choices: Map<number, PrivacyChoices> }> {
    if (list.length === 0) return { rows: [], choices: new Map() }
    const ids = list.map((c) => c.id)
    const [players, results] = await Promise.all([
      ids.length === 1
        ? playersOfOne(db).execute({ id: ids[0] })
        : playersQuery(db).where(inArray(challengeParticipants.challengeId, ids)),
      known ?? db.select().from(challengeResults).where(inArray(challengeResults.challengeId, ids)),
    ])
    const choices = new Map<number, PrivacyChoices>()
    for (const p of players)
      if (p.visibileRicerche !== null && p.mostraPower !== null)
        choices.set(p.personId, { visibileRicerche: p.visibileRicerche, mostraPower: p.mostraPower })
    const rows = list.map((c) => {
      const own = players.filter((p) => p.challengeId === c.id)
      const result = results.find((r) => r.challengeId === c.id)
      const stored = storedOf(
        c,
        own.map((p) => ({
          challengeId: c.id,
          personId: p.personId,
          lato: p.lato,
          risposta: p.risposta,
          rispostaIl: p.rispostaIl,
        })),
        result,
      )
      const state = stored.value
      const creator = own.find((p) => p.personId === c.createdByPersonId)
      return {
        id: c.id,
        id_settore: c.sectorId,
        specialita: c.specialita as 'singolare' | 'doppio',
        stato: state,
        titolo_stato: SFIDA_STATE_TITLES[state],
        pubblica: c.pubblica,
        data_proposta: iso(c.dataProposta),
        proposta_il: iso(c.propostaIl),
        scade_il: state === 'proposed' || state === 'resultEntered' ? iso(c.scadeIl) : null,
        creatore: c.createdByPersonId,
        creatore_nome: creator ? `${creator.nome} ${creator.cognome}` : '',
        partecipanti: own
          .sort((a, b) => a.lato - b.lato || (a.personId === c.createdByPersonId ? -1 : 1))
          .map((p) => ({
            id: p.personId,
            nome: `${p.nome} ${p.cognome}`,
            lato: p.lato as Lato,
            risposta: p.risposta as 'in_attesa' | 'accettata' | 'rifiutata',
            power: shownPower(p.power, p.personId, p, viewer),
          })),
        punteggio: result ? challengeScore(result.sets) : null,
        da_fare: toDoOf(stored, viewer),
      }
    })
    return { rows, choices }
  }

  /** The challenges a person plays in (any side, any answer). */
  const mine = (personId: number) =>
    inArray(
      challenges.id,
      db
        .select({ id: challengeParticipants.challengeId })
        .from(challengeParticipants)
        .where(eq(challengeParticipants.personId, personId)),
    )

  return {
    /** Proposes a new challenge, after checking the players; the invited are told. */
    async create(input: {
      sectorId: number
      disciplineId: number
      creatore: number
      doppio: boolean
      compagno: number | null
      avversari: readonly number[]
      pubblica: boolean
      dataProposta: Date | null
      messaggio: string | null
      clubId: number | null
      now: Date
    }): Promise<Outcome> {
      const wrong = proposalRefusal({ ...input })
      if (wrong !== undefined) return refuse(400, wrong)
      const discipline = disciplineOf(input.disciplineId)
      const selfRefusal = await eligibility(db, input.creatore, discipline, true, input.now)
      if (selfRefusal) return selfRefusal
      for (const invited of [...(input.compagno === null ? [] : [input.compagno]), ...input.avversari]) {
        const refusal = await eligibility(db, invited, discipline, false, input.now)
        if (refusal) return refusal
      }
      const [pending] = await db
        .select({ n: count() })
        .from(challenges)
        .where(and(eq(challenges.createdByPersonId, input.creatore), eq(challenges.status, 'proposed')))
      if ((pending?.n ?? 0) >= SFIDA_MAX_PENDING) return refuse(409, M.tooMany)
      const stored = startChallenge({
        creatore: input.creatore,
        doppio: input.doppio,
        pubblica: input.pubblica,
        compagno: input.compagno,
        avversari: input.avversari,
      })
      const [club] =
        input.clubId === null
          ? [undefined]
          : await db.select({ provincia: clubs.provincia }).from(clubs).where(eq(clubs.id, input.clubId))
      // The write queue (server/db/write-queue.ts): a new challenge contends with nobody's on PostgreSQL; on
      // PGlite it waits for the one transaction that runs, with a bound.
      const id = await writeQueue.run(`sfida-nuova:${input.creatore}`, () =>
        refusingOverCap(() =>
          db.transaction(async (tx) => {
            const [created] = await tx
              .insert(challenges)
              .values({
                disciplineId: input.disciplineId,
                sectorId: input.sectorId,
                createdByPersonId: input.creatore,
                specialita: input.doppio ? 'doppio' : 'singolare',
                status: stored.value,
                pubblica: input.pubblica,
                clubId: club === undefined ? null : input.clubId,
                provincia: club?.provincia ?? null,
                dataProposta: input.dataProposta,
                messaggio: input.messaggio,
                propostaIl: input.now,
                scadeIl: deadlineOf(stored.value, input.now),
                createdAt: input.now,
                updatedAt: input.now,
              })
              .returning({ id: challenges.id })
            const challengeId = created!.id
            await tx.insert(challengeParticipants).values(
              stored.context.partecipanti.map((p) => ({
                challengeId,
                personId: p.persona,
                lato: p.lato,
                risposta: p.risposta,
                rispostaIl: p.risposta === 'in_attesa' ? null : input.now,
              })),
            )
            await tx.insert(challengeEvents).values({
              challengeId,
              evento: 'sfida.proponi',
              daStato: null,
              aStato: stored.value,
              personId: input.creatore,
              nota: null,
              at: input.now,
            })
            const alone: ChallengeContext = {
              ...stored.context,
              partecipanti: stored.context.partecipanti.filter((p) => p.persona === input.creatore),
            }
            const who = await names(
              tx,
              stored.context.partecipanti.map((p) => p.persona),
            )
            await tell(
              tx,
              { id: challengeId, sectorId: input.sectorId },
              input.creatore,
              noticesOf(['avvisaInvito'], alone, stored.context, input.creatore, who),
              input.now,
            )
            return challengeId
          }),
        ),
      )
      if (typeof id !== 'number') return id
      return { refused: false, id }
    },

    /** An event of a player (or of the portal) on a challenge, decided by the machine under the row's lock. */
    async act(id: number, event: ChallengeEvent, extra: ActionExtra, now: Date): Promise<Outcome> {
      // The answers to one challenge wait for one another in the process (the write queue), then lock its row.
      return writeQueue.run(`sfida:${id}`, () =>
        refusingOverCap(() =>
          db.transaction(async (tx) => {
            const loaded = await loadLocked(tx, id)
            if (!loaded) return refuse(404, M.notFound)
            if (event.type === 'sfida.aggiungiGiocatore') {
              const discipline = disciplineOf(loaded.row.disciplineId)
              const refusal = await eligibility(
                tx,
                event.persona,
                discipline,
                event.persona === event.by,
                now,
              )
              if (refusal) return refusal
            }
            const early = resultTimeRefusal(loaded.stored, event, loaded.row.dataProposta, now)
            if (early) return refuse(early.status, early.message)
            const refusal = await record(tx, loaded, event, extra, now)
            return refusal ?? { refused: false as const, id }
          }),
        ),
      )
    },

    /**
     * An account is being deleted (docs/regole.md «I miei dati»): inside the deletion's transaction `tx`, each
     * challenge of `personId` still waiting for answers leaves through the machine, as the person could have done
     * themselves: one they proposed is cancelled (`sfida.annulla`), one they were invited to and did not answer is
     * refused (`sfida.rifiuta`), one they already accepted they leave (`sfida.rimuoviGiocatore`). The others are
     * told. An accepted challenge, a result to confirm or a contested one stay as they are: the machine has no way
     * out of them but a result (confirmed after 48 hours, or decided by the federation). Locked in id order.
     */
    async withdrawPerson(tx: Tx, personId: number, now: Date): Promise<number> {
      // Two index lookups (proposer, participant), not one scan of every participant.
      const rows = await union(
        tx
          .select({ id: challenges.id })
          .from(challenges)
          .where(and(eq(challenges.status, 'proposed'), eq(challenges.createdByPersonId, personId))),
        tx
          .select({ id: challenges.id })
          .from(challengeParticipants)
          .innerJoin(challenges, eq(challenges.id, challengeParticipants.challengeId))
          .where(and(eq(challenges.status, 'proposed'), eq(challengeParticipants.personId, personId))),
      )
      rows.sort((a, b) => a.id - b.id)
      let withdrawn = 0
      for (const { id } of rows) {
        const loaded = await loadLocked(tx, id)
        if (!loaded) continue
        const { context } = loaded.stored
        const me = context.partecipanti.find((p) => p.persona === personId)
        const event: ChallengeEvent =
          context.creatore === personId
            ? { type: 'sfida.annulla', by: personId }
            : me?.risposta === 'in_attesa'
              ? { type: 'sfida.rifiuta', by: personId }
              : { type: 'sfida.rimuoviGiocatore', by: personId, persona: personId }
        if ((await record(tx, loaded, event, {}, now)) === undefined) withdrawn += 1
      }
      return withdrawn
    },

    /** The sector and discipline of a challenge (to check a result against its scoring). */
    async facts(id: number) {
      const [row] = await db
        .select({ sectorId: challenges.sectorId, disciplineId: challenges.disciplineId })
        .from(challenges)
        .where(eq(challenges.id, id))
      return row
    },

    /**
     * One challenge as its players see it; a challenge on the board to anyone signed in, and everything to the
     * federation. Undefined when it does not exist, 'forbidden' when the viewer may not see it.
     */
    async view(
      id: number,
      viewer: number | null,
      /** The viewer is the federation (it sees every challenge; it decides contested ones it does not play). */
      federation: boolean,
      /** The viewer just acted on it (a player who left still reads the answer to leaving). */
      acted = false,
    ): Promise<Sfida | 'forbidden' | undefined> {
      const loaded = await load(id)
      if (!loaded) return undefined
      const { row, stored, result } = loaded
      const plays = stored.context.partecipanti.some((p) => p.persona === viewer)
      if (!plays && !federation && !acted && !(row.pubblica && stored.value === 'proposed'))
        return 'forbidden'
      const [
        {
          rows: [base],
          choices: privacy,
        },
        club,
        history,
        power,
      ] = await Promise.all([
        rowsAndChoices([row], viewer, result ? [result] : []),
        row.clubId === null
          ? Promise.resolve(undefined)
          : clubName(db)
              .execute({ id: row.clubId })
              .then(([c]) => c),
        historyOf(db).execute({ id }),
        powerChangesOf(db).execute({ id }),
      ])
      return {
        ...base!,
        disciplina: disciplineOf(row.disciplineId).nome,
        messaggio: row.messaggio,
        circolo: club?.nome ?? null,
        provincia: row.provincia,
        risultato:
          result === undefined
            ? null
            : {
                // A match whose sets do not decide it ended by a retirement.
                esito: checkScore({ esito: 'giocata', sets: result.sets }, scoringOf(row.disciplineId)).ok
                  ? 'giocata'
                  : 'ritiro',
                set: result.sets,
                vincitore_lato: result.vincitoreLato as Lato,
                punteggio: challengeScore(result.sets),
                inserito_da: result.inseritoDa,
                inserito_il: result.inseritoIl.toISOString(),
                confermato_il: iso(result.confermatoIl),
                conferma_automatica: result.confermaAutomatica,
                contestato_da: result.contestatoDa,
                motivo_contestazione: result.motivoContestazione,
                risoluzione: result.risoluzione,
              },
        contesto: stored.context,
        storia: history.map((h) => ({
          evento: h.evento,
          descrizione: describeEvent(h.evento, h.aStato, h.nota),
          da_stato: h.daStato,
          a_stato: h.aStato,
          chi: h.nome === null ? null : `${h.nome} ${h.cognome}`,
          nota: h.nota,
          at: h.at.toISOString(),
        })),
        // Another player's change only when they show their Power (server/domain/privacy.ts).
        power: shownChanges(
          power.map(({ h, nome, cognome }) => ({ ...h, at: h.giocataIl, nome: `${nome} ${cognome}` })),
          (person) => {
            const lato = stored.context.partecipanti.find((p) => p.persona === person)?.lato
            return stored.context.partecipanti.filter((p) => p.lato !== lato).map((p) => p.persona)
          },
          privacy,
          viewer,
        ).map((c) => ({
          id_giocatore: c.personId,
          nome: c.nome,
          power_prima: c.powerPrima,
          power_dopo: c.powerDopo,
          spiegazione: c.spiegazione,
        })),
        arbitro: mayDecide(stored, viewer, federation),
      }
    },

    /** The viewer's challenges: what waits for them first, then the most recent. */
    async mine(
      personId: number,
      filter: { sectorId?: number | undefined; filtro?: 'in_corso' | 'concluse' | undefined },
      limit: number,
      offset: number,
    ) {
      const where = and(
        mine(personId),
        filter.sectorId === undefined ? undefined : eq(challenges.sectorId, filter.sectorId),
        filter.filtro === undefined
          ? undefined
          : inArray(challenges.status, filter.filtro === 'in_corso' ? OPEN_STATES : DONE_STATES),
      )
      const waiting: SQL = sql`case when ${challenges.status} in ('proposed', 'accepted', 'resultEntered', 'contested') then 0 else 1 end`
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(challenges)
          .where(where)
          .orderBy(waiting, desc(challenges.updatedAt), desc(challenges.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(challenges).where(where),
      ])
      return { results: await rowsOf(rows, personId), record: total?.n ?? 0 }
    },

    /**
     * The board: public challenges of the sector with a free place (a side with fewer players than it holds: the
     * machine's `takesPlace`), soonest deadline first. One whose places are all taken or invited is not listed.
     */
    async board(sectorId: number, viewer: number | null, limit: number, offset: number, now: Date) {
      const size = sql`case when ${challenges.specialita} = 'doppio' then 2 else 1 end`
      const onSide = (lato: 1 | 2) =>
        sql`(select count(*) from ${challengeParticipants} p where p.challenge_id = ${challenges.id} and p.lato = ${lato})`
      const where = and(
        eq(challenges.sectorId, sectorId),
        eq(challenges.pubblica, true),
        eq(challenges.status, 'proposed'),
        gte(challenges.scadeIl, now),
        sql`(${onSide(1)} < ${size} or ${onSide(2)} < ${size})`,
      )
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(challenges)
          .where(where)
          .orderBy(asc(challenges.scadeIl), asc(challenges.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(challenges).where(where),
      ])
      return { results: await rowsOf(rows, viewer), record: total?.n ?? 0 }
    },

    /** Won, lost, waiting to be played, results to confirm, invitations to answer. */
    async summary(personId: number, sectorId: number | undefined) {
      const [row] = await db
        .select({
          vinte: sql<number>`count(*) filter (where ${challenges.status} in ('confirmed', 'resolved') and ${challengeResults.vincitoreLato} = ${challengeParticipants.lato} and coalesce(${challengeResults.risoluzione}, '') not like 'il risultato non vale%')::int`,
          perse: sql<number>`count(*) filter (where ${challenges.status} in ('confirmed', 'resolved') and ${challengeResults.vincitoreLato} <> ${challengeParticipants.lato} and coalesce(${challengeResults.risoluzione}, '') not like 'il risultato non vale%')::int`,
          in_attesa: sql<number>`count(*) filter (where ${challenges.status} = 'accepted' or (${challenges.status} = 'proposed' and ${challengeParticipants.risposta} = 'accettata'))::int`,
          da_confermare: sql<number>`count(*) filter (where ${challenges.status} = 'resultEntered' and ${challengeParticipants.lato} <> (select p.lato from ${challengeParticipants} p where p.challenge_id = ${challenges.id} and p.person_id = ${challengeResults.inseritoDa}))::int`,
          da_rispondere: sql<number>`count(*) filter (where ${challenges.status} = 'proposed' and ${challengeParticipants.risposta} = 'in_attesa')::int`,
        })
        .from(challengeParticipants)
        .innerJoin(challenges, eq(challenges.id, challengeParticipants.challengeId))
        .leftJoin(challengeResults, eq(challengeResults.challengeId, challenges.id))
        .where(
          and(
            eq(challengeParticipants.personId, personId),
            sectorId === undefined ? undefined : eq(challenges.sectorId, sectorId),
          ),
        )
      return {
        vinte: row?.vinte ?? 0,
        perse: row?.perse ?? 0,
        in_attesa: row?.in_attesa ?? 0,
        da_confermare: row?.da_confermare ?? 0,
        da_rispondere: row?.da_rispondere ?? 0,
      }
    },

    /** Opponents to invite: players with an account who allow searches and hold a card of the discipline. */
    async opponents(
      disciplineId: number,
      sectorId: number,
      text: string,
      viewer: number,
      limit: number,
      now: Date,
    ) {
      const rows = await db
        .select({
          id: persons.id,
          nome: sql<string>`${persons.nome} || ' ' || ${persons.cognome}`,
          circolo: clubs.nome,
          provincia: persons.provincia,
          power: powerRatings.power,
          visibileRicerche: userSettings.visibileRicerche,
          mostraPower: userSettings.mostraPower,
        })
        .from(persons)
        .innerJoin(accounts, eq(accounts.personId, persons.id))
        .leftJoin(userSettings, eq(userSettings.accountId, accounts.id))
        .leftJoin(clubs, eq(clubs.id, persons.clubId))
        .leftJoin(
          powerRatings,
          and(eq(powerRatings.personId, persons.id), eq(powerRatings.sectorId, sectorId)),
        )
        .where(
          and(ne(persons.id, viewer), nameMatches(text), visibleInSearches, holdsCard(disciplineId, now)),
        )
        .orderBy(sql`lower(${persons.cognome})`, sql`lower(${persons.nome})`, asc(persons.id))
        .limit(limit)
      return rows.map(({ visibileRicerche, mostraPower, ...row }) => ({
        ...row,
        power: shownPower(row.power, row.id, { visibileRicerche, mostraPower }, viewer),
      }))
    },

    /** Challenges whose deadline has passed, oldest first (the deadline runner sends them their event). */
    async due(now: Date, limit: number) {
      const rows = await db
        .select({ id: challenges.id, status: challenges.status })
        .from(challenges)
        .where(and(inArray(challenges.status, ['proposed', 'resultEntered']), lte(challenges.scadeIl, now)))
        .orderBy(asc(challenges.scadeIl), asc(challenges.id))
        .limit(limit)
      return rows.flatMap((r) => {
        const event = deadlineEvent(r.status as SfidaState)
        return event === undefined ? [] : [{ id: r.id, event }]
      })
    },
  }
}

export type ChallengesRepository = ReturnType<typeof challengesRepository>
