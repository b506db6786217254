// The SQL of team championship ties (issue 21, items 2 and 4). Every change runs in one transaction that first
// locks the tie's row (`SELECT … FOR UPDATE`), so two captains' requests are decided one after the other. The
// decision is the domain's (server/domain/tie.ts, i.e. machines/tie.ts); the tie, its lineups, its rubbers, its
// history, the Power of the rubbers and the group standings of a tie that counts are written in that transaction.
import { and, asc, count, eq, gte, inArray, isNotNull, lte, or } from 'drizzle-orm'
import { todayInItaly } from '../../contract/dates.ts'
import { momentInWords } from '../../contract/date-words.ts'
import {
  INCONTRI_MESSAGES as M,
  TIE_STATE_TITLES,
  TIE_STATUS_OF,
  type Incontro,
  type IncontriCapitano,
  type IncontroContestato,
  type RigaIncontro,
  type RisultatoPartitaIncontro,
  type Squadra,
  type TieState,
  tieStateOf,
} from '../../contract/incontri.ts'
import { scoreString, scoringOf } from '../../contract/scores.ts'
import type { TieContext, TieEvent } from '../../machines/tie.ts'
import { sideOf } from '../../machines/tie.ts'
import type { Db } from '../db/client.ts'
import { accounts, clubs, persons, tessere } from '../db/schema/core.ts'
import {
  powerRatings,
  teamLineups,
  teamMembers,
  teamTies,
  teams,
  tieEvents,
  tieMatches,
  tournamentPoints,
  tournaments,
} from '../db/schema/domain.ts'
import { checkLineup, tieFormat } from '../domain/lineup.ts'
import { TIE_LINE_RESULT, tieLineDay, tiePointLines } from '../domain/team-points.ts'
import { knockoutWinner, tieTotals } from '../domain/team-standings.ts'
import {
  type StoredTie,
  canDoTie,
  checkTieResult,
  contestNotices,
  decideTie,
  describeTieEvent,
  proposalDateRefusal,
  tieDeadlineEvent,
  tieDeadlineOf,
  tieRefusalOf,
  tieNotices,
  tieScore,
  tieToDo,
} from '../domain/tie.ts'
import { type Q, type Refusal, type Tx, refuse } from './lifecycle.ts'
import { notify } from './outbox.ts'
import { ratePlayed } from './power.ts'
import type { JobQueue } from '../jobs/queue.ts'
import { advanceBracket, refreshGroupStandings } from './team-championships.ts'

export type TieOutcome = Refusal | { refused: false; id: number }

/** What a request brings besides the event: a date, a lineup, the rubbers' results, a reason. */
export type TieExtra = {
  data?: Date
  partite?: readonly { numero: number; giocatori: readonly number[] }[]
  risultati?: readonly RisultatoPartitaIncontro[]
  nota?: string | undefined
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString())

type PartitaIncontroRow = IncontroContestato['partite'][number]
type Named = (personId: number | null) => { id: number; nome: string }[]

/** A rubber as the pages show it, with its players' names. */
const rubberOf =
  (person: Named) =>
  (r: typeof tieMatches.$inferSelect): PartitaIncontroRow => ({
    numero: r.numero,
    tipo: r.tipo as 'singolare' | 'doppio',
    casa: [...person(r.home1Id), ...person(r.home2Id)],
    ospiti: [...person(r.away1Id), ...person(r.away2Id)],
    esito: r.esito,
    vincitore: (r.vincitore as Squadra | null) ?? null,
    punteggio: r.sets && r.sets.length > 0 ? scoreString(r.sets) : null,
  })
const dayOf = (date: Date) => todayInItaly(date).split('-').toReversed().join('/')

export function tiesRepository(db: Db, jobs: JobQueue) {
  async function load(q: Q, id: number, lock: boolean) {
    const base = q.select().from(teamTies).where(eq(teamTies.id, id))
    const [row] = lock ? await base.for('update') : await base
    if (!row) return undefined
    const [teamRows, lineups, [tournament]] = await Promise.all([
      q
        .select({ id: teams.id, nome: teams.nome, captain: teams.captainPersonId, groupId: teams.groupId })
        .from(teams)
        .where(inArray(teams.id, [row.homeTeamId, row.awayTeamId])),
      q
        .select()
        .from(teamLineups)
        .where(eq(teamLineups.tieId, id))
        .orderBy(asc(teamLineups.numero), asc(teamLineups.slot)),
      q
        .select({
          id: tournaments.id,
          nome: tournaments.nome,
          sectorId: tournaments.sectorId,
          disciplineId: tournaments.disciplineId,
          specialita: tournaments.specialita,
          genere: tournaments.genere,
          categoria: tournaments.categoria,
          dataFine: tournaments.dataFine,
        })
        .from(tournaments)
        .where(eq(tournaments.id, row.tournamentId)),
    ])
    const home = teamRows.find((t) => t.id === row.homeTeamId)!
    const away = teamRows.find((t) => t.id === row.awayTeamId)!
    const value = tieStateOf(row.status)
    const context: TieContext = {
      capitani: { casa: home.captain, ospiti: away.captain },
      proposta: value === 'proposed' ? ((row.propostaDa as Squadra | null) ?? 'casa') : null,
      schieramenti: {
        casa: lineups.some((l) => l.teamId === home.id),
        ospiti: lineups.some((l) => l.teamId === away.id),
      },
      risultato:
        row.risultatoInseritoDa === null
          ? null
          : (sideOf({ capitani: { casa: home.captain, ospiti: away.captain } }, row.risultatoInseritoDa) ??
            'casa'),
      vincitore:
        value === 'walkedOver' && row.winnerTeamId !== null
          ? row.winnerTeamId === home.id
            ? 'casa'
            : 'ospiti'
          : null,
    }
    const specialita = tournament!.specialita === 'doppio' ? 'doppio' : 'singolare'
    return {
      row,
      home,
      away,
      lineups,
      tournament: { ...tournament!, specialita: specialita as 'singolare' | 'doppio' },
      stored: { value, context } satisfies StoredTie,
    }
  }
  type Loaded = NonNullable<Awaited<ReturnType<typeof load>>>

  /** The facts the lineup check needs of the players a captain named, for the tie's day. */
  async function lineupPlayers(q: Q, loaded: Loaded, teamId: number, ids: readonly number[]) {
    const wanted = [...new Set(ids)]
    if (wanted.length === 0) return new Map()
    const day = todayInItaly(loaded.row.dataConfermata ?? new Date())
    const [people, roster, cards, power] = await Promise.all([
      q
        .select({ id: persons.id, nome: persons.nome, cognome: persons.cognome, sesso: persons.sesso })
        .from(persons)
        .where(inArray(persons.id, wanted)),
      q
        .select({ id: teamMembers.personId })
        .from(teamMembers)
        .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.personId, wanted))),
      q
        .select({ id: tessere.personId })
        .from(tessere)
        .where(
          and(
            inArray(tessere.personId, wanted),
            eq(tessere.disciplineId, loaded.tournament.disciplineId),
            lte(tessere.validaDal, day),
            gte(tessere.validaAl, day),
          ),
        ),
      q
        .select({ id: powerRatings.personId, power: powerRatings.power })
        .from(powerRatings)
        .where(
          and(inArray(powerRatings.personId, wanted), eq(powerRatings.sectorId, loaded.tournament.sectorId)),
        ),
    ])
    const inRoster = new Set(roster.map((r) => r.id))
    const carded = new Set(cards.map((c) => c.id))
    const powerOf = new Map(power.map((p) => [p.id, p.power]))
    return new Map(
      people.map((p) => [
        p.id,
        {
          id: p.id,
          nome: `${p.nome} ${p.cognome}`,
          sesso: (p.sesso as 'M' | 'F' | null) ?? null,
          power: powerOf.get(p.id) ?? null,
          inRosa: inRoster.has(p.id),
          tesseraValida: carded.has(p.id),
        },
      ]),
    )
  }

  /** Checks what the event brings (a date, a lineup) once the machine would take it; results: `record`. */
  async function checkExtra(q: Q, loaded: Loaded, event: TieEvent, extra: TieExtra, now: Date) {
    if (event.type === 'incontro.proponiData') {
      const wrong = proposalDateRefusal(extra.data!, now, loaded.tournament.dataFine)
      return wrong === null ? undefined : refuse(400, wrong)
    }
    if (event.type === 'incontro.schieramento') {
      const side = sideOf(loaded.stored.context, event.by)!
      const team = side === 'casa' ? loaded.home : loaded.away
      const partite = extra.partite ?? []
      const checked = checkLineup({
        formato: tieFormat(loaded.tournament.specialita),
        genere: loaded.tournament.genere,
        giorno: dayOf(loaded.row.dataConfermata ?? now),
        partite,
        players: await lineupPlayers(
          q,
          loaded,
          team.id,
          partite.flatMap((p) => p.giocatori),
        ),
      })
      return checked.ok ? undefined : refuse(400, checked.message)
    }
    return undefined
  }

  /** Writes what the machine decided: the tie, its lineups, rubbers and results, history, Power and standings. */
  async function record(tx: Tx, loaded: Loaded, event: TieEvent, extra: TieExtra, now: Date) {
    const { row, stored, home, away } = loaded
    const decision = decideTie(stored, event)
    if (!decision.ok) {
      const why = tieRefusalOf(stored, event)
      return refuse(why.status, why.message)
    }
    const wrong = await checkExtra(tx, loaded, event, extra, now)
    if (wrong) return wrong
    const after = decision.stored.context
    const teamOf = (side: Squadra) => (side === 'casa' ? home.id : away.id)
    let nota: string | null = extra.nota ?? null
    const set: Partial<typeof teamTies.$inferInsert> = {
      status: TIE_STATUS_OF[decision.to],
      propostaDa: after.proposta,
    }
    switch (event.type) {
      case 'incontro.proponiData':
        Object.assign(set, { dataProposta: extra.data, propostaIl: now })
        nota = momentInWords(extra.data!)
        break
      case 'incontro.accettaData':
        set.dataConfermata = row.dataProposta
        nota = row.dataProposta === null ? null : momentInWords(row.dataProposta)
        break
      case 'incontro.rifiutaData':
        Object.assign(set, { dataProposta: null, propostaIl: null })
        break
      case 'incontro.schieramento': {
        const teamId = teamOf(sideOf(stored.context, event.by)!)
        await tx.delete(teamLineups).where(and(eq(teamLineups.tieId, row.id), eq(teamLineups.teamId, teamId)))
        await tx.insert(teamLineups).values(
          (extra.partite ?? []).flatMap((p) =>
            p.giocatori.map((personId, k) => ({
              tieId: row.id,
              teamId,
              numero: p.numero,
              slot: k + 1,
              personId,
              inseritoIl: now,
            })),
          ),
        )
        break
      }
      case 'incontro.scadenzaSchieramenti': {
        const winner = after.vincitore
        const rubbers = tieFormat(loaded.tournament.specialita).length
        Object.assign(set, {
          winnerTeamId: winner === null ? null : teamOf(winner),
          puntiCasa: winner === 'casa' ? rubbers : 0,
          puntiOspiti: winner === 'ospiti' ? rubbers : 0,
        })
        nota =
          winner === null
            ? 'nessuna squadra ha inviato lo schieramento'
            : `vince ${winner === 'casa' ? home.nome : away.nome}`
        break
      }
      case 'incontro.generaPartite': {
        const formato = tieFormat(loaded.tournament.specialita)
        const slot = (teamId: number, numero: number, k: number) =>
          loaded.lineups.find((l) => l.teamId === teamId && l.numero === numero && l.slot === k)?.personId ??
          null
        await tx.delete(tieMatches).where(eq(tieMatches.tieId, row.id))
        await tx.insert(tieMatches).values(
          formato.map((tipo, k) => ({
            tieId: row.id,
            numero: k + 1,
            tipo,
            home1Id: slot(home.id, k + 1, 1),
            home2Id: slot(home.id, k + 1, 2),
            away1Id: slot(away.id, k + 1, 1),
            away2Id: slot(away.id, k + 1, 2),
            esito: 'da_giocare',
          })),
        )
        break
      }
      case 'incontro.risultato': {
        const checked = checkTieResult(
          extra.risultati ?? [],
          tieFormat(loaded.tournament.specialita).length,
          scoringOf(loaded.tournament.disciplineId),
        )
        if (!checked.ok) return refuse(400, checked.message)
        for (const rubber of checked.rubbers)
          await tx
            .update(tieMatches)
            .set({ sets: rubber.score.sets ?? [], vincitore: rubber.vincitore, esito: rubber.score.esito })
            .where(and(eq(tieMatches.tieId, row.id), eq(tieMatches.numero, rubber.numero)))
        const score = tieScore(checked.rubbers)
        // In the final phase a tie cannot end even: more sets, then more games (docs/regole.md «Fase finale»).
        const knockout =
          row.groupId === null
            ? knockoutWinner(
                tieTotals(
                  checked.rubbers.map((r) => ({ vincitore: r.vincitore, sets: r.score.sets ?? null })),
                ),
              )
            : null
        Object.assign(set, {
          puntiCasa: score.casa,
          puntiOspiti: score.ospiti,
          winnerTeamId: teamOf(knockout ?? score.vincitore),
          risultatoInseritoDa: event.by,
          risultatoInseritoIl: now,
        })
        nota = `${home.nome} ${score.casa} – ${score.ospiti} ${away.nome}`
        break
      }
      case 'incontro.conferma':
        Object.assign(set, { confermatoDa: event.by, confermatoIl: now })
        break
      case 'incontro.confermaAutomatica':
        Object.assign(set, { confermatoDa: null, confermatoIl: now })
        break
      case 'incontro.contesta':
        Object.assign(set, {
          contestatoDa: event.by,
          contestatoIl: now,
          motivoContestazione: extra.nota ?? null,
        })
        break
      case 'incontro.risolvi':
        set.risoluzione = event.esito
        nota = `${event.esito === 'confermato' ? 'il risultato vale' : 'il risultato è annullato'}${extra.nota ? ` (${extra.nota})` : ''}`
        break
      default:
        break
    }
    if (decision.to !== decision.from)
      set.scadeIl = tieDeadlineOf(decision.to, set.dataConfermata ?? row.dataConfermata, now)
    await tx.update(teamTies).set(set).where(eq(teamTies.id, row.id))
    await tellCaptains(tx, loaded, decision.stored, event, extra, set, now)
    await tx.insert(tieEvents).values({
      tieId: row.id,
      evento: event.type,
      daStato: TIE_STATUS_OF[decision.from],
      aStato: TIE_STATUS_OF[decision.to],
      personId: event.by,
      nota,
      at: now,
    })
    if (decision.actions.includes('aggiornaPower')) {
      const rubbers = await tx.select().from(tieMatches).where(eq(tieMatches.tieId, row.id))
      for (const rubber of rubbers) {
        const sideA = [rubber.home1Id, rubber.home2Id].filter((id): id is number => id !== null)
        const sideB = [rubber.away1Id, rubber.away2Id].filter((id): id is number => id !== null)
        const games = (rubber.sets ?? []).reduce((sum, s) => ({ a: sum.a + s.a, b: sum.b + s.b }), {
          a: 0,
          b: 0,
        })
        const played = rubber.esito !== 'walkover' && (rubber.sets ?? []).length > 0
        await ratePlayed(tx, loaded.tournament.sectorId, {
          sideA,
          sideB,
          gamesA: played ? games.a : null,
          gamesB: played ? games.b : null,
          at: row.dataConfermata ?? now,
          torneo: true,
          tieMatchId: rubber.id,
          now,
        })
      }
      await recordPoints(tx, loaded, rubbers, now)
    }
    if (decision.actions.includes('aggiornaClassifica')) {
      if (row.groupId !== null) await refreshGroupStandings(tx, row.groupId)
      await advanceBracket(tx, row.id, now)
    }
    return undefined
  }

  /**
   * The point lines of a tie whose rubbers count (server/domain/team-points.ts), in place of any it had, and the
   * rankings of the players whose points moved, made again incrementally in this transaction.
   */
  async function recordPoints(
    tx: Tx,
    loaded: Loaded,
    rubbers: readonly (typeof tieMatches.$inferSelect)[],
    now: Date,
  ) {
    const { row, tournament } = loaded
    const ids = (...people: (number | null)[]) => people.filter((id): id is number => id !== null)
    const lines = tiePointLines(
      rubbers.map((r) => ({
        casa: ids(r.home1Id, r.home2Id),
        ospiti: ids(r.away1Id, r.away2Id),
        vincitore: (r.vincitore as Squadra | null) ?? null,
        esito: r.esito,
      })),
      tournament.categoria,
    )
    const before = await tx
      .delete(tournamentPoints)
      .where(eq(tournamentPoints.tieId, row.id))
      .returning({ personId: tournamentPoints.personId })
    const data = tieLineDay(row.dataConfermata, now)
    if (lines.length > 0)
      await tx.insert(tournamentPoints).values(
        lines.map((l) => ({
          tournamentId: tournament.id,
          personId: l.personId,
          sectorId: tournament.sectorId,
          risultato: TIE_LINE_RESULT,
          categoria: tournament.categoria,
          punti: l.punti,
          data,
          tieId: row.id,
          partite: l.partite,
        })),
      )
    const changed = new Set([...before.map((b) => b.personId), ...lines.map((l) => l.personId)])
    // The rankings that count these lines are made again by the job queue once this transaction commits.
    if (changed.size > 0)
      await jobs.enqueue(tx, 'classifiche', {
        sectorId: tournament.sectorId,
        dataFine: data,
        circuitId: null,
        changed: [...changed].sort((a, b) => a - b),
      })
  }

  /** The captains' notices of the step (server/domain/tie.ts, tieNotices), each opening the tie on their page. */
  async function tellCaptains(
    tx: Tx,
    loaded: Loaded,
    after: StoredTie,
    event: TieEvent,
    extra: TieExtra,
    set: Partial<typeof teamTies.$inferInsert>,
    now: Date,
  ) {
    const { row, home, away } = loaded
    const puntiCasa = set.puntiCasa ?? row.puntiCasa
    const puntiOspiti = set.puntiOspiti ?? row.puntiOspiti
    const momento = event.type === 'incontro.proponiData' ? (extra.data ?? null) : row.dataProposta
    const facts = {
      casa: home.nome,
      ospiti: away.nome,
      giornata: row.giornata,
      punti: puntiCasa === null || puntiOspiti === null ? null : { casa: puntiCasa, ospiti: puntiOspiti },
      momento: momento === null ? null : momentInWords(momento),
      scadenza: set.scadeIl ? momentInWords(set.scadeIl) : null,
      nota: extra.nota ?? null,
    }
    const notices = tieNotices(loaded.stored, after, event, facts)
    await notify(tx, notices, {
      by: event.by,
      about: () => ({ ambito: 'incontro', riferimento: row.id }),
      subject: `Campionati a squadre: ${home.nome} – ${away.nome}`,
      now,
    })
    if (event.type !== 'incontro.contesta') return
    const federation = await tx
      .select({ personId: accounts.personId })
      .from(accounts)
      .where(and(eq(accounts.role, 'admin'), isNotNull(accounts.personId)))
    await notify(
      tx,
      contestNotices(
        loaded.stored,
        event,
        { ...facts, momento: null, scadenza: null },
        federation.map((f) => f.personId!),
      ),
      {
        by: event.by,
        about: () => ({ ambito: 'contestazione', riferimento: row.id }),
        subject: `Risultato contestato: ${home.nome} – ${away.nome}`,
        now,
      },
    )
  }

  async function names(ids: readonly (number | null)[]) {
    const wanted = [...new Set(ids.filter((id): id is number => id !== null))]
    if (wanted.length === 0) return new Map<number, string>()
    const rows = await db
      .select({ id: persons.id, nome: persons.nome, cognome: persons.cognome })
      .from(persons)
      .where(inArray(persons.id, wanted))
    return new Map(rows.map((r) => [r.id, `${r.nome} ${r.cognome}`]))
  }

  function rowOf(
    loaded: Pick<Loaded, 'row' | 'home' | 'away' | 'stored'>,
    viewer: number | null,
  ): RigaIncontro {
    const { row, home, away, stored } = loaded
    const mine = sideOf(stored.context, viewer) ?? null
    return {
      id: row.id,
      id_torneo: row.tournamentId,
      giornata: row.giornata,
      stato: stored.value,
      titolo_stato: TIE_STATE_TITLES[stored.value],
      casa: { id: home.id, nome: home.nome },
      ospiti: { id: away.id, nome: away.nome },
      data_proposta: stored.value === 'proposed' ? iso(row.dataProposta) : null,
      proposta_da: stored.context.proposta,
      data_confermata: iso(row.dataConfermata),
      scade_il: stored.value === 'scheduled' || stored.value === 'resultEntered' ? iso(row.scadeIl) : null,
      punti_casa: row.puntiCasa,
      punti_ospiti: row.puntiOspiti,
      mia_squadra: mine,
      da_fare: tieToDo(stored, viewer),
    }
  }

  /** Whether the viewer plays in one of the two teams (the captain is a member too). */
  async function memberSide(q: Q, loaded: Loaded, viewer: number | null): Promise<Squadra | null> {
    if (viewer === null) return null
    const side = sideOf(loaded.stored.context, viewer)
    if (side) return side
    const rows = await q
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .where(
        and(eq(teamMembers.personId, viewer), inArray(teamMembers.teamId, [loaded.home.id, loaded.away.id])),
      )
    if (rows.some((r) => r.teamId === loaded.home.id)) return 'casa'
    if (rows.some((r) => r.teamId === loaded.away.id)) return 'ospiti'
    return null
  }

  return {
    /** An event of a captain (or of the portal, or of the federation) on a tie, decided under the row's lock. */
    act(id: number, event: TieEvent, extra: TieExtra, now: Date): Promise<TieOutcome> {
      return db.transaction(async (tx) => {
        const loaded = await load(tx, id, true)
        if (!loaded) return refuse(404, M.notFound)
        const refusal = await record(tx, loaded, event, extra, now)
        return refusal ?? { refused: false as const, id }
      })
    },

    /**
     * One tie as a player of its teams (or the federation) sees it. A team's lineup is shown to the other team
     * only once both are in. Undefined when it does not exist, 'forbidden' for anyone else.
     */
    async view(
      id: number,
      viewer: number | null,
      federation: boolean,
    ): Promise<Incontro | 'forbidden' | undefined> {
      const loaded = await load(db, id, false)
      if (!loaded) return undefined
      const mine = await memberSide(db, loaded, viewer)
      if (mine === null && !federation) return 'forbidden'
      const { row, home, away, stored, lineups, tournament } = loaded
      const [rubbers, history, roster] = await Promise.all([
        db.select().from(tieMatches).where(eq(tieMatches.tieId, id)).orderBy(asc(tieMatches.numero)),
        db
          .select({
            evento: tieEvents.evento,
            aStato: tieEvents.aStato,
            nota: tieEvents.nota,
            at: tieEvents.at,
            personId: tieEvents.personId,
          })
          .from(tieEvents)
          .where(eq(tieEvents.tieId, id))
          .orderBy(asc(tieEvents.at), asc(tieEvents.id)),
        (async () => {
          const side = sideOf(stored.context, viewer)
          if (side === undefined) return []
          const team = side === 'casa' ? home : away
          const members = await db
            .select({ id: teamMembers.personId, ruolo: teamMembers.ruolo })
            .from(teamMembers)
            .where(eq(teamMembers.teamId, team.id))
          const facts = await lineupPlayers(
            db,
            loaded,
            team.id,
            members.map((m) => m.id),
          )
          return members
            .map((m) => {
              const p = facts.get(m.id)
              return {
                id: m.id,
                nome: p?.nome ?? '',
                capitano: m.id === team.captain,
                power: p?.power ?? null,
                tessera_valida: row.dataConfermata === null ? null : (p?.tesseraValida ?? false),
              }
            })
            .sort((a, b) => (b.power ?? 0) - (a.power ?? 0) || a.nome.localeCompare(b.nome, 'it'))
        })(),
      ])
      const who = await names([
        home.captain,
        away.captain,
        ...lineups.map((l) => l.personId),
        ...rubbers.flatMap((r) => [r.home1Id, r.home2Id, r.away1Id, r.away2Id]),
        ...history.map((h) => h.personId),
      ])
      const person = (personId: number | null) =>
        personId === null ? [] : [{ id: personId, nome: who.get(personId) ?? '' }]
      const bothIn = stored.context.schieramenti.casa && stored.context.schieramenti.ospiti
      const team = (side: Squadra) => {
        const t = side === 'casa' ? home : away
        const own = lineups.filter((l) => l.teamId === t.id)
        // The federation sees both, unless it captains one of the teams: then it is a captain like the other.
        const visible =
          mine === side || bothIn || (federation && sideOf(stored.context, viewer) === undefined)
        const numbers = [...new Set(own.map((l) => l.numero))].sort((a, b) => a - b)
        return {
          id: t.id,
          nome: t.nome,
          capitano: t.captain,
          capitano_nome: who.get(t.captain) ?? '',
          schieramento_inviato: own.length > 0,
          schieramento:
            own.length === 0 || !visible
              ? null
              : numbers.map((numero) => ({
                  numero,
                  giocatori: own.filter((l) => l.numero === numero).flatMap((l) => person(l.personId)),
                })),
        }
      }
      return {
        ...rowOf(loaded, viewer),
        torneo: tournament.nome,
        id_settore: tournament.sectorId,
        specialita: tournament.specialita,
        genere: tournament.genere,
        formato: tieFormat(tournament.specialita),
        squadra_casa: team('casa'),
        squadra_ospiti: team('ospiti'),
        partite: rubbers.map(rubberOf(person)),
        rosa: roster,
        motivo_contestazione: row.motivoContestazione,
        risoluzione: row.risoluzione,
        contesto: stored.context,
        storia: history.map((h) => ({
          descrizione: describeTieEvent(h.evento, tieStateOf(h.aStato), h.nota),
          chi: h.personId === null ? null : (who.get(h.personId) ?? null),
          at: h.at.toISOString(),
        })),
        arbitro: ['confermato', 'annullato'].some((esito) =>
          canDoTie(stored, { type: 'incontro.risolvi', by: viewer, arbitro: federation, esito } as TieEvent),
        ),
      }
    },

    /** The captain's team in a team tournament and its ties; undefined when the viewer captains none there. */
    async captainTies(tournamentId: number, viewer: number): Promise<IncontriCapitano | undefined> {
      const [team] = await db
        .select({ id: teams.id, nome: teams.nome, circolo: clubs.nome, torneo: tournaments.nome })
        .from(teams)
        .innerJoin(clubs, eq(clubs.id, teams.clubId))
        .innerJoin(tournaments, eq(tournaments.id, teams.tournamentId))
        .where(and(eq(teams.tournamentId, tournamentId), eq(teams.captainPersonId, viewer)))
        .limit(1)
      if (!team) return undefined
      const ids = await db
        .select({ id: teamTies.id })
        .from(teamTies)
        .where(or(eq(teamTies.homeTeamId, team.id), eq(teamTies.awayTeamId, team.id)))
        .orderBy(asc(teamTies.giornata), asc(teamTies.id))
      const incontri: RigaIncontro[] = []
      for (const { id } of ids) {
        const loaded = await load(db, id, false)
        if (loaded) incontri.push(rowOf(loaded, viewer))
      }
      return {
        squadra: { id: team.id, nome: team.nome, circolo: team.circolo },
        torneo: { id: tournamentId, nome: team.torneo },
        incontri,
      }
    },

    /**
     * The contested ties waiting for the federation, the longest waiting first: both teams with their captains,
     * the result entered and its rubbers, who contested and why, and whether `viewer` may decide (not a captain).
     */
    async contested(
      paging: { rowstoskip: number; fetchrows: number },
      viewer: number | null,
    ): Promise<{ results: IncontroContestato[]; record: number }> {
      const waiting = eq(teamTies.status, TIE_STATUS_OF.contested)
      const [ids, [total]] = await Promise.all([
        db
          .select({ id: teamTies.id })
          .from(teamTies)
          .where(waiting)
          .orderBy(asc(teamTies.contestatoIl), asc(teamTies.id))
          .offset(paging.rowstoskip)
          .limit(paging.fetchrows),
        db.select({ n: count() }).from(teamTies).where(waiting),
      ])
      const results: IncontroContestato[] = []
      for (const { id } of ids) {
        const loaded = await load(db, id, false)
        if (!loaded) continue
        const { row, home, away, stored, tournament } = loaded
        const rubbers = await db
          .select()
          .from(tieMatches)
          .where(eq(tieMatches.tieId, id))
          .orderBy(asc(tieMatches.numero))
        const who = await names([
          home.captain,
          away.captain,
          row.risultatoInseritoDa,
          row.contestatoDa,
          ...rubbers.flatMap((r) => [r.home1Id, r.home2Id, r.away1Id, r.away2Id]),
        ])
        const person = (personId: number | null) =>
          personId === null ? [] : [{ id: personId, nome: who.get(personId) ?? '' }]
        results.push({
          id,
          id_torneo: row.tournamentId,
          torneo: tournament.nome,
          giornata: row.giornata,
          stato: stored.value,
          casa: { id: home.id, nome: home.nome, capitano_nome: who.get(home.captain) ?? '' },
          ospiti: { id: away.id, nome: away.nome, capitano_nome: who.get(away.captain) ?? '' },
          data_confermata: iso(row.dataConfermata),
          punti_casa: row.puntiCasa,
          punti_ospiti: row.puntiOspiti,
          partite: rubbers.map(rubberOf(person)),
          risultato_inserito_da:
            row.risultatoInseritoDa === null ? null : (who.get(row.risultatoInseritoDa) ?? null),
          risultato_inserito_il: iso(row.risultatoInseritoIl),
          contestato_da: row.contestatoDa === null ? null : (who.get(row.contestatoDa) ?? null),
          contestato_il: iso(row.contestatoIl),
          motivo_contestazione: row.motivoContestazione,
          contesto: stored.context,
          arbitro: canDoTie(stored, {
            type: 'incontro.risolvi',
            by: viewer,
            arbitro: true,
            esito: 'confermato',
          }),
        })
      }
      return { results, record: total?.n ?? 0 }
    },

    /** Ties whose deadline has passed, oldest first (the deadline runner sends them their event). */
    async due(now: Date, limit: number) {
      const rows = await db
        .select({ id: teamTies.id, status: teamTies.status })
        .from(teamTies)
        .where(
          and(
            inArray(teamTies.status, [TIE_STATUS_OF.scheduled, TIE_STATUS_OF.resultEntered]),
            lte(teamTies.scadeIl, now),
          ),
        )
        .orderBy(asc(teamTies.scadeIl), asc(teamTies.id))
        .limit(limit)
      return rows.flatMap((r) => {
        const event = tieDeadlineEvent(tieStateOf(r.status) as TieState)
        return event === undefined ? [] : [{ id: r.id, event }]
      })
    },
  }
}

export type TiesRepository = ReturnType<typeof tiesRepository>
