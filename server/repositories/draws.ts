// Draws on the server: announce (publish the seed's hash), make the draw (reveal the seed, write groups and
// matches), record results (advance, standings, Power, points), and read a tournament for the TODS export.
// Every decision is a server/domain function; this module holds the SQL and the transactions around them.
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { ratePlayed } from './power.ts'
import type { JobQueue } from '../jobs/queue.ts'
import { accounts, clubs, persons } from '../db/schema/core.ts'
import {
  clubOrganizers,
  drawGroups,
  drawSeedSecrets,
  draws,
  groupStandings as groupStandingsTable,
  matches,
  tournamentEntries,
  tournamentPoints,
  tournaments,
} from '../db/schema/domain.ts'
import {
  DrawRuleError,
  allPlayed,
  commitSeed,
  eliminationMatches,
  entrantOrder,
  generateSeed,
  groupMatches,
  knockoutFromGroups,
  planDraw,
  recordResult,
  standingsOfGroups,
  tournamentResults,
  type DrawMatch,
  type Formula,
} from '../domain/draws.ts'
import { checkScore, scoreString, scoringOf, type SetScore, type Side } from '../../contract/scores.ts'
import type { TodsInput } from '../domain/tods.ts'
import type { EventCategory } from '../domain/points.ts'
import { personName } from '../../contract/words.ts'

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
type Conn = Db | Tx

export const DRAW_MESSAGES = {
  notAnnounceable: (stato: string) =>
    `Il sorteggio si annuncia alla chiusura delle iscrizioni: questo torneo è «${stato.replace('_', ' ')}»`,
  alreadyAnnounced: 'Il sorteggio è già stato annunciato: l’hash del seme è pubblicato',
  alreadyDrawn: 'Il sorteggio è già stato fatto',
  notAnnounced: 'Prima annuncia il sorteggio: l’hash del seme va pubblicato prima di sorteggiare',
  entrantsChanged:
    'Gli iscritti sono cambiati dopo l’annuncio: annuncia di nuovo il sorteggio, così l’hash pubblicato vale per gli iscritti di oggi',
  tooFew: 'Servono almeno due iscritti per il sorteggio',
  notDrawn: 'Il tabellone non è ancora stato sorteggiato',
  cancelled: 'Il torneo è annullato',
} as const

/** The tournament's columns every action needs. */
async function tournamentRow(conn: Conn, id: number, lock = false) {
  const query = conn
    .select({
      id: tournaments.id,
      nome: tournaments.nome,
      status: tournaments.status,
      formula: tournaments.formula,
      categoria: tournaments.categoria,
      clubId: tournaments.clubId,
      disciplineId: tournaments.disciplineId,
      sectorId: tournaments.sectorId,
      specialita: tournaments.specialita,
      genere: tournaments.genere,
      tipo: tournaments.tipo,
      dataInizio: tournaments.dataInizio,
      dataFine: tournaments.dataFine,
      circuitId: tournaments.circuitId,
    })
    .from(tournaments)
    .where(and(eq(tournaments.id, id), eq(tournaments.tipo, 'TR')))
  const [row] = lock ? await query.for('update') : await query
  return row
}

async function drawsOf(conn: Conn, tournamentId: number) {
  return conn.select().from(draws).where(eq(draws.tournamentId, tournamentId)).orderBy(asc(draws.fase))
}

async function enrolled(conn: Conn, tournamentId: number) {
  return conn
    .select({
      id: tournamentEntries.id,
      puntiIngresso: tournamentEntries.puntiIngresso,
      iscrittoIl: tournamentEntries.iscrittoIl,
    })
    .from(tournamentEntries)
    .where(and(eq(tournamentEntries.tournamentId, tournamentId), eq(tournamentEntries.status, 'iscritto')))
}

const sameList = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((x, i) => x === b[i])

const sideIds = (entry: { personId: number; partnerId: number | null }) =>
  entry.partnerId ? [entry.personId, entry.partnerId] : [entry.personId]

const toDrawMatch = (
  m: typeof matches.$inferSelect,
  groupIndex: Map<number, number>,
): DrawMatch & { id: number } => ({
  id: m.id,
  group: m.groupId === null ? null : groupIndex.get(m.groupId)!,
  turno: m.turno,
  posizione: m.posizione,
  entryAId: m.entryAId,
  entryBId: m.entryBId,
  winnerEntryId: m.winnerEntryId,
  esito: m.esito as DrawMatch['esito'],
})

export function drawsRepository(db: Db, jobs: JobQueue) {
  return {
    /** Whether the account organises the tournament: a federation admin, or an organiser of its club. */
    async canOrganise(account: { id: string; role: string } | null, tournamentId: number): Promise<boolean> {
      if (!account) return false
      if (account.role === 'admin') return true
      const [row] = await db
        .select({ n: sql<number>`1` })
        .from(tournaments)
        .innerJoin(
          clubOrganizers,
          and(eq(clubOrganizers.clubId, tournaments.clubId), eq(clubOrganizers.accountId, account.id)),
        )
        .where(eq(tournaments.id, tournamentId))
        .limit(1)
      return row !== undefined
    },

    /** The tournament of a match, to check who may enter its result. */
    async tournamentOfMatch(matchId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ id: matches.tournamentId })
        .from(matches)
        .where(eq(matches.id, matchId))
        .limit(1)
      return row?.id
    },

    async exists(tournamentId: number): Promise<boolean> {
      return (await tournamentRow(db, tournamentId)) !== undefined
    },

    /** What anyone needs to verify the draw: hashes, seeds, the published order and the drawn positions. */
    async verification(tournamentId: number) {
      const t = await tournamentRow(db, tournamentId)
      if (!t) return undefined
      const phases = await drawsOf(db, tournamentId)
      const entryIds = [...new Set(phases.flatMap((d) => d.ordineIscritti ?? []))]
      const names = await entryNames(db, entryIds)
      const fasi = []
      for (const d of phases) {
        let posizioni: (number | null)[] | null = null
        let gironi: { nome: string; iscritti: number[] }[] | null = null
        if (d.seed !== null && d.tipo === 'eliminazione') {
          const first = await db
            .select({ posizione: matches.posizione, a: matches.entryAId, b: matches.entryBId })
            .from(matches)
            .where(and(eq(matches.drawId, d.id), eq(matches.turno, 1), isNull(matches.groupId)))
            .orderBy(asc(matches.posizione))
          posizioni = first.flatMap((m) => [m.a, m.b])
        }
        if (d.seed !== null && d.tipo === 'gironi') {
          const groups = await db
            .select({ id: drawGroups.id, nome: drawGroups.nome })
            .from(drawGroups)
            .where(eq(drawGroups.drawId, d.id))
            .orderBy(asc(drawGroups.ordine))
          gironi = []
          for (const g of groups) {
            // The group's members in draw order: the first giornata's pairs do not keep it, the standings rows'
            // insertion does not either, so the order is rebuilt from the published list (the draw deals pots in it).
            const members = await db
              .select({ entryId: groupStandingsTable.entryId })
              .from(groupStandingsTable)
              .where(eq(groupStandingsTable.groupId, g.id))
            const inGroup = new Set(members.map((m) => m.entryId))
            const order = d.ordineIscritti ?? [...inGroup].sort((x, y) => x - y)
            gironi.push({ nome: g.nome, iscritti: order.filter((id) => inGroup.has(id)) })
          }
        }
        fasi.push({
          id_tabellone: d.id,
          fase: d.fase,
          nome: d.nome,
          tipo: d.tipo as 'eliminazione' | 'gironi',
          seed_hash: d.seedHash,
          hash_pubblicato_il: d.hashPubblicatoIl.toISOString(),
          seed: d.seed,
          sorteggiato_il: d.sorteggiatoIl?.toISOString() ?? null,
          iscritti:
            d.ordineIscritti?.map((id) => ({
              id_iscrizione: id,
              nome: names.get(id) ?? `Iscrizione ${id}`,
            })) ?? null,
          posizioni,
          gironi,
        })
      }
      const first = phases.find((d) => d.fase === 1)
      const stato: 'da_annunciare' | 'annunciato' | 'sorteggiato' = !first
        ? 'da_annunciare'
        : first.seed === null
          ? 'annunciato'
          : 'sorteggiato'
      return { id_torneo: t.id, formula: t.formula as Formula, stato, fasi }
    },

    /**
     * Closes the entries and publishes the hash of a fresh secret seed with the entrants' order. Announcing again
     * before the draw is refused, unless the entrants changed since (then a new seed replaces the old one).
     */
    async announce(tournamentId: number, now: Date) {
      return db.transaction(async (tx) => {
        const t = await tournamentRow(tx, tournamentId, true)
        if (!t) throw new DrawRuleError('Torneo non trovato', 'invalid')
        if (t.status !== 'iscrizioni_aperte' && t.status !== 'iscrizioni_chiuse')
          throw new DrawRuleError(DRAW_MESSAGES.notAnnounceable(t.status))
        const order = entrantOrder(await enrolled(tx, tournamentId))
        if (order.length < 2) throw new DrawRuleError(DRAW_MESSAGES.tooFew)
        const [existing] = (await drawsOf(tx, tournamentId)).filter((d) => d.fase === 1)
        if (existing?.seed) throw new DrawRuleError(DRAW_MESSAGES.alreadyDrawn)
        if (existing && existing.ordineIscritti && sameList(existing.ordineIscritti, order))
          throw new DrawRuleError(DRAW_MESSAGES.alreadyAnnounced)
        // Validate the formula against the entrants now, not at draw time.
        planDraw(t.formula as Formula, order, '0'.repeat(64))
        const seed = generateSeed()
        const values = {
          tipo: t.formula === 'eliminazione' ? 'eliminazione' : 'gironi',
          nome:
            t.formula === 'eliminazione'
              ? 'Tabellone principale'
              : t.formula === 'girone'
                ? 'Girone unico'
                : 'Gironi',
          dimensione: order.length,
          turni: null,
          seedHash: commitSeed(seed),
          hashPubblicatoIl: now,
          ordineIscritti: order,
        }
        let drawId: number
        if (existing) {
          await tx.update(draws).set(values).where(eq(draws.id, existing.id))
          drawId = existing.id
        } else {
          const [row] = await tx
            .insert(draws)
            .values({ tournamentId, fase: 1, ...values })
            .returning({ id: draws.id })
          drawId = row!.id
        }
        await tx
          .insert(drawSeedSecrets)
          .values({ drawId, seed })
          .onConflictDoUpdate({ target: drawSeedSecrets.drawId, set: { seed } })
        if (t.status === 'iscrizioni_aperte')
          await tx
            .update(tournaments)
            .set({ status: 'iscrizioni_chiuse' })
            .where(eq(tournaments.id, tournamentId))
      })
    },

    /** Reveals the seed and writes the draw: slots or groups, every match, seeds and empty standings. */
    async make(tournamentId: number, now: Date) {
      return db.transaction(async (tx) => {
        const t = await tournamentRow(tx, tournamentId, true)
        if (!t) throw new DrawRuleError('Torneo non trovato', 'invalid')
        if (t.status === 'annullato') throw new DrawRuleError(DRAW_MESSAGES.cancelled)
        const [draw] = (await drawsOf(tx, tournamentId)).filter((d) => d.fase === 1)
        if (!draw) throw new DrawRuleError(DRAW_MESSAGES.notAnnounced)
        if (draw.seed !== null) throw new DrawRuleError(DRAW_MESSAGES.alreadyDrawn)
        const [secret] = await tx.select().from(drawSeedSecrets).where(eq(drawSeedSecrets.drawId, draw.id))
        if (!secret || !draw.ordineIscritti) throw new DrawRuleError(DRAW_MESSAGES.notAnnounced)
        const order = entrantOrder(await enrolled(tx, tournamentId))
        if (!sameList(order, draw.ordineIscritti)) throw new DrawRuleError(DRAW_MESSAGES.entrantsChanged)
        const plan = planDraw(t.formula as Formula, draw.ordineIscritti, secret.seed)
        if (plan.tipo === 'eliminazione') {
          await tx
            .update(draws)
            .set({
              seed: secret.seed,
              sorteggiatoIl: now,
              dimensione: plan.draw.size,
              turni: plan.draw.rounds,
            })
            .where(eq(draws.id, draw.id))
          await insertMatches(tx, t.id, draw.id, eliminationMatches(plan.draw.slots), [])
          for (const [entryId, testa] of plan.draw.seeds)
            await tx
              .update(tournamentEntries)
              .set({ testaDiSerie: testa })
              .where(eq(tournamentEntries.id, entryId))
        } else {
          await tx.update(draws).set({ seed: secret.seed, sorteggiatoIl: now }).where(eq(draws.id, draw.id))
          const groupIds = await insertGroups(tx, draw.id, plan.groups, plan.nomi)
          await insertMatches(tx, t.id, draw.id, groupMatches(plan.groups), groupIds)
        }
        await tx.delete(drawSeedSecrets).where(eq(drawSeedSecrets.drawId, draw.id))
      })
    },

    /**
     * Enters or corrects one result in one transaction: the draw (winner advances), the group standings and,
     * once the groups are over, the knockout; Power (each player's change and the match's two sides, for the route
     * to show as privacy allows); the points when the tournament ends.
     */
    async recordResult(
      matchId: number,
      input: { esito: 'giocata' | 'walkover' | 'ritiro'; sets: SetScore[]; vincitore?: Side | undefined },
      now: Date,
    ) {
      return db.transaction(async (tx) => {
        const [found] = await tx.select().from(matches).where(eq(matches.id, matchId))
        if (!found) throw new DrawRuleError('Partita non trovata', 'invalid')
        // One result at a time per tournament: the tournament row is the lock.
        const t = (await tournamentRow(tx, found.tournamentId, true))!
        const [draw] = await tx.select().from(draws).where(eq(draws.id, found.drawId))
        if (!draw?.seed) throw new DrawRuleError(DRAW_MESSAGES.notDrawn)
        const checked = checkScore(input, scoringOf(t.disciplineId))
        if (!checked.ok) throw new DrawRuleError(checked.message, 'invalid')
        const score = checked.score
        const phases = await drawsOf(tx, t.id)
        if (found.groupId !== null && phases.some((d) => d.fase > draw.fase))
          throw new DrawRuleError(
            'Il risultato del girone non si può correggere: il tabellone finale è già stato fatto dai gironi',
          )
        const groups = await tx
          .select()
          .from(drawGroups)
          .where(eq(drawGroups.drawId, draw.id))
          .orderBy(asc(drawGroups.ordine))
        const groupIndex = new Map(groups.map((g, i) => [g.id, i]))
        const drawRows = await tx.select().from(matches).where(eq(matches.drawId, draw.id))
        const current = drawRows.map((m) => toDrawMatch(m, groupIndex))
        const winnerEntryId = score.vincitore === 'A' ? found.entryAId : found.entryBId
        if (winnerEntryId === null)
          throw new DrawRuleError(
            'La partita non ha ancora entrambi i giocatori: manca il risultato del turno precedente',
          )
        const changed = recordResult(
          current,
          {
            group: found.groupId === null ? null : groupIndex.get(found.groupId)!,
            turno: found.turno,
            posizione: found.posizione,
          },
          { winnerEntryId, esito: score.esito },
        )
        const idOf = (m: DrawMatch) =>
          current.find((c) => c.group === m.group && c.turno === m.turno && c.posizione === m.posizione)!.id
        await tx
          .update(matches)
          .set({
            winnerEntryId,
            esito: score.esito,
            sets: score.sets,
            setA: score.setA,
            setB: score.setB,
            gameA: score.gameA,
            gameB: score.gameB,
            giocataIl: found.giocataIl ?? now,
          })
          .where(eq(matches.id, matchId))
        let nextMatchId: number | null = null
        for (const m of changed.slice(1)) {
          nextMatchId = idOf(m)
          await tx
            .update(matches)
            .set({ entryAId: m.entryAId, entryBId: m.entryBId })
            .where(eq(matches.id, nextMatchId))
        }
        if (nextMatchId === null && found.groupId === null && found.turno < (draw.turni ?? 0)) {
          const [next] = current.filter(
            (c) =>
              c.group === null &&
              c.turno === found.turno + 1 &&
              c.posizione === Math.floor(found.posizione / 2),
          )
          nextMatchId = next?.id ?? null
        }

        // Power: take back what an earlier result of this match did, then rate the match as it is now.
        const power = await ratePower(tx, t.sectorId, matchId, found, score, now)

        // Groups: standings of the match's group; once every group match is played, the knockout.
        let knockoutMade = false
        const after = await tx.select().from(matches).where(eq(matches.drawId, draw.id))
        const afterMatches = after.map((m) => toDrawMatch(m, groupIndex))
        if (found.groupId !== null) {
          const members = await groupMembers(
            tx,
            groups.map((g) => g.id),
            draw.ordineIscritti,
          )
          const standings = standingsOfGroups(
            members,
            after
              .filter((m) => m.groupId !== null && m.winnerEntryId !== null)
              .map((m) => ({
                group: groupIndex.get(m.groupId!)!,
                entryAId: m.entryAId!,
                entryBId: m.entryBId!,
                winnerEntryId: m.winnerEntryId!,
                setA: m.setA ?? 0,
                setB: m.setB ?? 0,
                gameA: m.gameA ?? 0,
                gameB: m.gameB ?? 0,
              })),
          )
          const complete = allPlayed(afterMatches)
          const qualifies = t.formula === 'gironi_eliminazione' && complete
          for (const [g, rowsOfGroup] of standings.entries()) {
            for (const row of rowsOfGroup) {
              await tx
                .update(groupStandingsTable)
                .set({
                  posizione: row.posizione,
                  giocate: row.giocate,
                  vinte: row.vinte,
                  perse: row.perse,
                  setVinti: row.setVinti,
                  setPersi: row.setPersi,
                  gameVinti: row.gameVinti,
                  gamePersi: row.gamePersi,
                  punti: row.punti,
                  qualificato: qualifies && row.posizione <= 2,
                })
                .where(
                  and(
                    eq(groupStandingsTable.groupId, groups[g]!.id),
                    eq(groupStandingsTable.entryId, row.entryId),
                  ),
                )
            }
          }
          if (qualifies) {
            const knockout = knockoutFromGroups(standings.map((rows) => rows.map((r) => r.entryId)))
            // The knockout uses no randomness; a seed is still committed and revealed for uniformity.
            const seed = generateSeed()
            const [row] = await tx
              .insert(draws)
              .values({
                tournamentId: t.id,
                tipo: 'eliminazione',
                fase: draw.fase + 1,
                nome: 'Tabellone finale',
                dimensione: knockout.size,
                turni: knockout.rounds,
                seedHash: commitSeed(seed),
                hashPubblicatoIl: now,
                seed,
                sorteggiatoIl: now,
              })
              .returning({ id: draws.id })
            await insertMatches(tx, t.id, row!.id, eliminationMatches(knockout.slots), [])
            knockoutMade = true
          }
        }

        // The tournament ends with the last match of its last phase: points for everyone, by the domain rules.
        const lastPhase = t.formula === 'girone' ? 'gironi' : 'eliminazione'
        const finished =
          !knockoutMade &&
          draw.tipo === lastPhase &&
          (t.formula !== 'gironi_eliminazione' || draw.fase > 1) &&
          allPlayed(afterMatches)
        const stillConcluded = t.status === 'concluso'
        const rankingsRefreshed = (finished || stillConcluded) && (await assignPoints(tx, jobs, t, finished))
        return {
          id_partita: matchId,
          esito: score.esito,
          id_vincitore: winnerEntryId,
          punteggio: scoreString(score.sets),
          id_partita_successiva: nextMatchId,
          power,
          torneo_concluso: finished,
          tabellone_finale_creato: knockoutMade,
          classifiche_aggiornate: rankingsRefreshed,
        }
      })
    },

    /** Everything the TODS export needs, or undefined for an unknown tournament. */
    async todsInput(tournamentId: number): Promise<TodsInput | undefined> {
      const t = await tournamentRow(db, tournamentId)
      if (!t) return undefined
      const [club] = t.clubId
        ? await db.select({ nome: clubs.nome }).from(clubs).where(eq(clubs.id, t.clubId))
        : []
      const entryRows = await db
        .select({
          id: tournamentEntries.id,
          personId: tournamentEntries.personId,
          partnerId: tournamentEntries.partnerId,
          testaDiSerie: tournamentEntries.testaDiSerie,
        })
        .from(tournamentEntries)
        .where(
          and(eq(tournamentEntries.tournamentId, tournamentId), ne(tournamentEntries.status, 'ritirato')),
        )
        .orderBy(asc(tournamentEntries.id))
      const personIds = [...new Set(entryRows.flatMap(sideIds))]
      const people =
        personIds.length === 0
          ? []
          : await db
              .select({ id: persons.id, nome: persons.nome, cognome: persons.cognome, sesso: persons.sesso })
              .from(persons)
              .where(inArray(persons.id, personIds))
      const byId = new Map(people.map((p) => [p.id, p]))
      const phases = await drawsOf(db, tournamentId)
      const drawIds = phases.map((d) => d.id)
      const allMatches =
        drawIds.length === 0
          ? []
          : await db
              .select()
              .from(matches)
              .where(inArray(matches.drawId, drawIds))
              .orderBy(asc(matches.turno), asc(matches.posizione))
      const groups =
        drawIds.length === 0
          ? []
          : await db
              .select()
              .from(drawGroups)
              .where(inArray(drawGroups.drawId, drawIds))
              .orderBy(asc(drawGroups.ordine))
      const members = await groupMembers(
        db,
        groups.map((g) => g.id),
        null,
      )
      return {
        tournament: { ...t, circolo: club?.nome ?? null },
        entries: entryRows.map((e) => ({
          id: e.id,
          person: byId.get(e.personId)!,
          partner: e.partnerId ? (byId.get(e.partnerId) ?? null) : null,
          testaDiSerie: e.testaDiSerie,
        })),
        draws: phases.map((d) => ({
          id: d.id,
          tipo: d.tipo as 'eliminazione' | 'gironi',
          fase: d.fase,
          nome: d.nome,
          dimensione: d.dimensione,
          seedHash: d.seedHash,
          hashPubblicatoIl: d.hashPubblicatoIl,
          seed: d.seed,
          sorteggiatoIl: d.sorteggiatoIl,
          ordineIscritti: d.ordineIscritti ?? null,
          groups: groups
            .filter((g) => g.drawId === d.id)
            .map((g) => {
              const inGroup = new Set(members[groups.indexOf(g)] ?? [])
              const order = d.ordineIscritti ?? [...inGroup]
              return {
                id: g.id,
                nome: g.nome,
                ordine: g.ordine,
                entryIds: order.filter((id) => inGroup.has(id)),
              }
            }),
          // A draw announced but not made has no matches to show; the hash is in the extension.
          matches: allMatches
            .filter((m) => m.drawId === d.id)
            .map((m) => ({
              id: m.id,
              groupId: m.groupId,
              turno: m.turno,
              posizione: m.posizione,
              entryAId: m.entryAId,
              entryBId: m.entryBId,
              winnerEntryId: m.winnerEntryId,
              esito: m.esito,
              sets: m.sets,
              giocataIl: m.giocataIl,
              programmataIl: m.programmataIl,
            })),
        })),
      }
    },

    /** Makes an account organiser of a club (tests and administration). */
    async addOrganiser(accountId: string, clubId: number) {
      await db.insert(clubOrganizers).values({ accountId, clubId }).onConflictDoNothing()
    },

    /** The organisers' e-mails of a club, for docs and admin screens. */
    async organisersOf(clubId: number) {
      return db
        .select({ email: accounts.email })
        .from(clubOrganizers)
        .innerJoin(accounts, eq(accounts.id, clubOrganizers.accountId))
        .where(eq(clubOrganizers.clubId, clubId))
    },
  }
}

/** «Nome Cognome» (the list is in published order, not by surname), or «Cognome / Cognome» for a pair, by entry id. */
async function entryNames(conn: Conn, entryIds: number[]): Promise<Map<number, string>> {
  if (entryIds.length === 0) return new Map()
  const rows = await conn
    .select({
      id: tournamentEntries.id,
      personId: tournamentEntries.personId,
      partnerId: tournamentEntries.partnerId,
    })
    .from(tournamentEntries)
    .where(inArray(tournamentEntries.id, entryIds))
  const ids = [...new Set(rows.flatMap(sideIds))]
  const people = await conn
    .select({ id: persons.id, nome: persons.nome, cognome: persons.cognome })
    .from(persons)
    .where(inArray(persons.id, ids))
  const byId = new Map(people.map((p) => [p.id, p]))
  return new Map(
    rows.map((r) => {
      const a = byId.get(r.personId)
      const b = r.partnerId ? byId.get(r.partnerId) : undefined
      return [r.id, b ? `${a?.cognome} / ${b.cognome}` : a ? personName(a) : '']
    }),
  )
}

/** The members of each group (by group id order given), in published order when known, else by entry id. */
async function groupMembers(conn: Conn, groupIds: number[], order: number[] | null): Promise<number[][]> {
  if (groupIds.length === 0) return []
  const rows = await conn
    .select({ groupId: groupStandingsTable.groupId, entryId: groupStandingsTable.entryId })
    .from(groupStandingsTable)
    .where(inArray(groupStandingsTable.groupId, groupIds))
  const rank = new Map((order ?? []).map((id, i) => [id, i]))
  return groupIds.map((gid) =>
    rows
      .filter((r) => r.groupId === gid)
      .map((r) => r.entryId)
      .sort((x, y) => (rank.get(x) ?? x) - (rank.get(y) ?? y) || x - y),
  )
}

async function insertGroups(tx: Tx, drawId: number, groups: number[][], nomi: string[]): Promise<number[]> {
  const ids: number[] = []
  for (const [g, members] of groups.entries()) {
    const [row] = await tx
      .insert(drawGroups)
      .values({ drawId, nome: nomi[g]!, ordine: g + 1 })
      .returning({ id: drawGroups.id })
    ids.push(row!.id)
    await tx
      .insert(groupStandingsTable)
      .values(members.map((entryId, k) => ({ groupId: row!.id, entryId, posizione: k + 1 })))
  }
  return ids
}

async function insertMatches(
  tx: Tx,
  tournamentId: number,
  drawId: number,
  list: DrawMatch[],
  groupIds: number[],
) {
  if (list.length === 0) return
  await tx.insert(matches).values(
    list.map((m) => ({
      tournamentId,
      drawId,
      groupId: m.group === null ? null : groupIds[m.group]!,
      turno: m.turno,
      posizione: m.posizione,
      entryAId: m.entryAId,
      entryBId: m.entryBId,
      winnerEntryId: m.winnerEntryId,
      esito: m.esito,
    })),
  )
}

async function ratePower(
  tx: Tx,
  sectorId: number,
  matchId: number,
  match: typeof matches.$inferSelect,
  score: { gameA: number | null; gameB: number | null },
  now: Date,
) {
  const entries = await tx
    .select({
      id: tournamentEntries.id,
      personId: tournamentEntries.personId,
      partnerId: tournamentEntries.partnerId,
    })
    .from(tournamentEntries)
    .where(inArray(tournamentEntries.id, [match.entryAId!, match.entryBId!]))
  const a = entries.find((e) => e.id === match.entryAId)!
  const b = entries.find((e) => e.id === match.entryBId)!
  const sides = [sideIds(a), sideIds(b)]
  const changes = await ratePlayed(tx, sectorId, {
    sideA: sides[0]!,
    sideB: sides[1]!,
    gamesA: score.gameA,
    gamesB: score.gameB,
    at: match.giocataIl ?? now,
    torneo: true,
    matchId,
    now,
  })
  return { changes, sides }
}

/** Writes (again) every entrant's points from the draws, and marks the tournament concluded when it is. */
async function assignPoints(
  tx: Tx,
  jobs: JobQueue,
  t: {
    id: number
    formula: string
    categoria: string
    sectorId: number
    dataFine: string
    status: string
    circuitId: number | null
  },
  finished: boolean,
): Promise<boolean> {
  const phases = await drawsOf(tx, t.id)
  const all = await tx.select().from(matches).where(eq(matches.tournamentId, t.id))
  const knockoutDraw = phases.filter((d) => d.tipo === 'eliminazione').at(-1)
  const groupDraw = phases.find((d) => d.tipo === 'gironi')
  if (!finished) {
    // A correction after the end: recompute only if the last phase is still complete.
    const last = t.formula === 'girone' ? groupDraw : knockoutDraw
    if (!last || all.filter((m) => m.drawId === last.id).some((m) => m.esito === 'da_giocare')) return false
  }
  let standings: ReturnType<typeof standingsOfGroups> | undefined
  if (groupDraw) {
    const groups = await tx
      .select()
      .from(drawGroups)
      .where(eq(drawGroups.drawId, groupDraw.id))
      .orderBy(asc(drawGroups.ordine))
    const groupIndex = new Map(groups.map((g, i) => [g.id, i]))
    const members = await groupMembers(
      tx,
      groups.map((g) => g.id),
      groupDraw.ordineIscritti,
    )
    standings = standingsOfGroups(
      members,
      all
        .filter((m) => m.drawId === groupDraw.id && m.winnerEntryId !== null)
        .map((m) => ({
          group: groupIndex.get(m.groupId!)!,
          entryAId: m.entryAId!,
          entryBId: m.entryBId!,
          winnerEntryId: m.winnerEntryId!,
          setA: m.setA ?? 0,
          setB: m.setB ?? 0,
          gameA: m.gameA ?? 0,
          gameB: m.gameB ?? 0,
        })),
    )
  }
  const results = tournamentResults({
    formula: t.formula as Formula,
    categoria: t.categoria as EventCategory,
    ...(standings ? { standings } : {}),
    ...(knockoutDraw && t.formula !== 'girone'
      ? {
          knockout: {
            rounds: knockoutDraw.turni!,
            matches: all
              .filter((m) => m.drawId === knockoutDraw.id)
              .map((m) => ({
                turno: m.turno,
                entryAId: m.entryAId,
                entryBId: m.entryBId,
                winnerEntryId: m.winnerEntryId,
                esito: m.esito as 'giocata',
              })),
          },
        }
      : {}),
  })
  const entryRows = await tx
    .select({
      id: tournamentEntries.id,
      personId: tournamentEntries.personId,
      partnerId: tournamentEntries.partnerId,
    })
    .from(tournamentEntries)
    .where(eq(tournamentEntries.tournamentId, t.id))
  const byEntry = new Map(entryRows.map((e) => [e.id, e]))
  // Who had points from this tournament before (a correction may take them away): their rankings change too.
  const before = await tx
    .select({ personId: tournamentPoints.personId })
    .from(tournamentPoints)
    .where(eq(tournamentPoints.tournamentId, t.id))
  await tx.delete(tournamentPoints).where(eq(tournamentPoints.tournamentId, t.id))
  const rows = results.flatMap((r) =>
    sideIds(byEntry.get(r.entryId)!).map((personId) => ({
      tournamentId: t.id,
      personId,
      entryId: r.entryId,
      sectorId: t.sectorId,
      risultato: r.risultato,
      categoria: t.categoria,
      punti: r.punti,
      data: t.dataFine,
    })),
  )
  if (rows.length > 0) await tx.insert(tournamentPoints).values(rows)
  if (t.status !== 'concluso')
    await tx.update(tournaments).set({ status: 'concluso' }).where(eq(tournaments.id, t.id))
  // The points changed: the rankings that count them are made again for these players, by the job queue once this
  // transaction commits (server/jobs/queue.ts), off the request's path.
  const changed = new Set([...before.map((p) => p.personId), ...rows.map((r) => r.personId)])
  await jobs.enqueue(tx, 'classifiche', {
    sectorId: t.sectorId,
    dataFine: t.dataFine,
    circuitId: t.circuitId,
    changed: [...changed].sort((a, b) => a - b),
  })
  return true
}
