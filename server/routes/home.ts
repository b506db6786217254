import {
  and,
  asc,
  count,
  countDistinct,
  eq,
  exists,
  gt,
  gte,
  inArray,
  isNull,
  lte,
  max,
  or,
  sql,
  type SQL,
} from 'drizzle-orm'
import { endpoints } from '../../contract/endpoints.ts'
import { currentSeason, todayInItaly } from '../../contract/dates.ts'
import { HOME_COUNTS, SEARCH_MAX_RESULTS } from '../../contract/home.ts'
import type { Db } from '../db/client.ts'
import { bannerClicks, banners, menuItems } from '../db/schema/content.ts'
import { persons, tessere } from '../db/schema/core.ts'
import {
  circuitRankings,
  circuits,
  clubDisciplines,
  clubs,
  matches,
  rankings,
  teamTies,
  tieMatches,
  tournaments,
} from '../db/schema/domain.ts'
import { fullName } from '../domain/profile.ts'
import { ApiError } from '../http/errors.ts'
import type { Api } from '../http/api.ts'
import { latestNews, latestVideos, sectorScope } from './news.ts'

/** A LIKE prefix pattern for user text: lower case, wildcards escaped. */
function prefixPattern(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** Normalized search text: lower case, single spaces. */
function searchWords(text: string): { whole: string; first: string } {
  const whole = text.toLowerCase().replace(/\s+/g, ' ').trim()
  return { whole, first: whole.split(' ')[0]! }
}

/** Tournaments still to come or running (cancelled and finished ones are left out). */
const UPCOMING_STATUSES = ['programmato', 'iscrizioni_aperte', 'iscrizioni_chiuse', 'in_corso']
/** Match outcomes that count as played: a retirement was played, a walkover was not. */
const PLAYED = ['giocata', 'ritiro']

export default function homeRoutes(api: Api) {
  api.handle(
    endpoints.homeMenu,
    async ({ db, body }) => {
      const scope = await sectorScope(db, body.id_settore)
      const rows = await db
        .select()
        .from(menuItems)
        .where(
          and(
            eq(menuItems.menu, 'home'),
            eq(menuItems.enabled, true),
            or(isNull(menuItems.disciplineId), eq(menuItems.disciplineId, scope.disciplineId)),
          ),
        )
        .orderBy(asc(menuItems.ordine), asc(menuItems.id))
      return {
        result: rows.map((m) => ({
          id: m.id,
          etichetta: m.label,
          percorso: m.path,
          esterno: /^https?:\/\//i.test(m.path),
          icona: m.icon,
          descrizione: m.description,
          richiede_accesso: m.requiresAuth,
        })),
      }
    },
    { cacheSeconds: 300 },
  )

  api.handle(
    endpoints.bannerGet,
    async ({ db, body }) => {
      const scope = await sectorScope(db, body.id_settore)
      const rows = await db
        .select({
          id: banners.id,
          titolo: banners.title,
          immagine: banners.image,
          immagine_alt: banners.imageAlt,
          link: banners.link,
          esterno: banners.external,
        })
        .from(banners)
        .where(
          and(
            eq(banners.enabled, true),
            eq(banners.position, body.posizione),
            or(isNull(banners.disciplineId), eq(banners.disciplineId, scope.disciplineId)),
            lte(banners.activeFrom, sql`now()`),
            or(isNull(banners.activeTo), gt(banners.activeTo, sql`now()`)),
          ),
        )
        .orderBy(asc(banners.ordine), asc(banners.id))
      return { result: rows }
    },
    // Short: a banner's window may close at any minute.
    { cacheSeconds: 60 },
  )

  api.handle(endpoints.bannerClick, async ({ db, body, account }) => {
    const [banner] = await db
      .select({ id: banners.id })
      .from(banners)
      .where(eq(banners.id, body.id_banner))
      .limit(1)
    if (!banner) throw ApiError.notFound('Banner non trovato')
    await db.insert(bannerClicks).values({
      bannerId: banner.id,
      accountId: account?.id ?? null,
      // Paths only: a query string may carry personal data.
      path: body.path?.split(/[?#]/)[0] ?? null,
    })
    return { result: { registrato: true } }
  })

  api.handle(
    endpoints.numeriTpra,
    async ({ db, body }) => {
      const scope = await sectorScope(db, body.id_settore)
      const stagione = currentSeason()
      const from = `${stagione}-01-01`
      const to = `${stagione}-12-31`
      const seasonTournament = and(
        eq(tournaments.sectorId, scope.sectorId),
        gte(tournaments.dataInizio, from),
        lte(tournaments.dataInizio, to),
      )
      const [[players], [clubCount], [tournamentCount], [matchCount], [rubberCount]] = await Promise.all([
        db
          .select({ n: countDistinct(tessere.personId) })
          .from(tessere)
          .where(and(eq(tessere.sectorId, scope.sectorId), eq(tessere.stagione, stagione))),
        db
          .select({ n: count() })
          .from(clubs)
          .innerJoin(clubDisciplines, eq(clubDisciplines.clubId, clubs.id))
          .where(and(eq(clubs.attivo, true), eq(clubDisciplines.disciplineId, scope.disciplineId))),
        db
          .select({ n: count() })
          .from(tournaments)
          .where(and(seasonTournament, sql`${tournaments.status} <> 'annullato'`)),
        db
          .select({ n: count() })
          .from(matches)
          .innerJoin(tournaments, eq(tournaments.id, matches.tournamentId))
          .where(and(seasonTournament, inArray(matches.esito, PLAYED))),
        db
          .select({ n: count() })
          .from(tieMatches)
          .innerJoin(teamTies, eq(teamTies.id, tieMatches.tieId))
          .innerJoin(tournaments, eq(tournaments.id, teamTies.tournamentId))
          .where(and(seasonTournament, inArray(tieMatches.esito, PLAYED))),
      ])
      return {
        result: {
          stagione,
          giocatori: players?.n ?? 0,
          circoli: clubCount?.n ?? 0,
          tornei: tournamentCount?.n ?? 0,
          partite: (matchCount?.n ?? 0) + (rubberCount?.n ?? 0),
        },
      }
    },
    { cacheSeconds: 600 },
  )

  api.handle(
    endpoints.newsVideo,
    async ({ db, body }) => {
      const scope = await sectorScope(db, body.id_settore)
      const [news, video] = await Promise.all([
        latestNews(db, scope, body.news ?? HOME_COUNTS.news),
        latestVideos(db, scope, body.video ?? HOME_COUNTS.video),
      ])
      return { result: { news, video } }
    },
    { cacheSeconds: 60 },
  )

  api.handle(
    endpoints.ricercaGiocatori,
    async ({ db, body }) => {
      const scope = await sectorScope(db, body.id_settore)
      const { whole, first } = searchWords(body.testo)
      const firstPrefix = prefixPattern(first)
      const wholePrefix = prefixPattern(whole)
      const rows = await db
        .select({
          id_persona: persons.id,
          nome: persons.nome,
          cognome: persons.cognome,
          provincia: persons.provincia,
          circolo: clubs.nome,
        })
        .from(persons)
        .leftJoin(clubs, eq(clubs.id, persons.clubId))
        .where(
          and(
            // Served by the prefix indexes on lower(cognome) and lower(nome).
            or(
              sql`lower(${persons.cognome}) like ${firstPrefix}`,
              sql`lower(${persons.nome}) like ${firstPrefix}`,
            ),
            // "rossi mario", "mario rossi", "de luca": the whole text from the start of either order.
            or(
              sql`lower(${persons.cognome} || ' ' || ${persons.nome}) like ${wholePrefix}`,
              sql`lower(${persons.nome} || ' ' || ${persons.cognome}) like ${wholePrefix}`,
            ),
            exists(
              db
                .select({ one: sql`1` })
                .from(tessere)
                .where(and(eq(tessere.personId, persons.id), eq(tessere.sectorId, scope.sectorId))),
            ),
          ),
        )
        .orderBy(sql`lower(${persons.cognome})`, sql`lower(${persons.nome})`, asc(persons.id))
        .limit(SEARCH_MAX_RESULTS)
      return {
        result: rows.map((r) => ({
          id_persona: r.id_persona,
          persona: fullName(r),
          provincia: r.provincia,
          circolo: r.circolo,
        })),
      }
    },
    { cacheSeconds: 60 },
  )

  api.handle(
    endpoints.ricercaCircoli,
    async ({ db, body }) => {
      const scope = await sectorScope(db, body.id_settore)
      const { whole } = searchWords(body.testo)
      const offersDiscipline = exists(
        db
          .select({ one: sql`1` })
          .from(clubDisciplines)
          .where(
            and(eq(clubDisciplines.clubId, clubs.id), eq(clubDisciplines.disciplineId, scope.disciplineId)),
          ),
      )
      const columns = {
        id_circolo: clubs.id,
        nome: clubs.nome,
        comune: clubs.comune,
        provincia: clubs.provincia,
      }
      const base = and(eq(clubs.attivo, true), offersDiscipline)
      // First the names that start with the text (prefix index), then those with a word that does.
      const starting = await db
        .select(columns)
        .from(clubs)
        .where(and(base, sql`lower(${clubs.nome}) like ${prefixPattern(whole)}`))
        .orderBy(asc(clubs.nome), asc(clubs.id))
        .limit(SEARCH_MAX_RESULTS)
      if (starting.length >= SEARCH_MAX_RESULTS) return { result: starting }
      const inside = await db
        .select(columns)
        .from(clubs)
        .where(
          and(
            base,
            sql`lower(${clubs.nome}) not like ${prefixPattern(whole)}`,
            or(
              sql`lower(${clubs.nome}) like ${`% ${prefixPattern(whole)}`}`,
              sql`lower(${clubs.comune}) like ${prefixPattern(whole)}`,
            ),
          ),
        )
        .orderBy(asc(clubs.nome), asc(clubs.id))
        .limit(SEARCH_MAX_RESULTS - starting.length)
      return { result: [...starting, ...inside] }
    },
    { cacheSeconds: 60 },
  )

  api.handle(
    endpoints.circuitoGet,
    async ({ db, body }) => {
      const scope = await sectorScope(db, body.id_settore)
      const day = todayInItaly()
      const stagione = currentSeason()
      const [upcoming, seasonCircuits] = await Promise.all([
        db
          .select({
            id: tournaments.id,
            nome: tournaments.nome,
            tipo: tournaments.tipo,
            categoria: tournaments.categoria,
            stato: tournaments.status,
            data_inizio: tournaments.dataInizio,
            data_fine: tournaments.dataFine,
            circolo: clubs.nome,
            comune: clubs.comune,
            provincia: clubs.provincia,
            id_circuito: tournaments.circuitId,
            circuito: circuits.nome,
          })
          .from(tournaments)
          .leftJoin(clubs, eq(clubs.id, tournaments.clubId))
          .leftJoin(circuits, eq(circuits.id, tournaments.circuitId))
          .where(
            and(
              eq(tournaments.sectorId, scope.sectorId),
              gte(tournaments.dataFine, day),
              inArray(tournaments.status, UPCOMING_STATUSES),
            ),
          )
          .orderBy(asc(tournaments.dataInizio), asc(tournaments.id))
          .limit(body.tornei ?? HOME_COUNTS.tornei),
        circuitsOfSeason(db, scope.sectorId, stagione, day, body.circuiti ?? HOME_COUNTS.circuiti),
      ])
      return { result: { tornei: upcoming, circuiti: seasonCircuits } }
    },
    { cacheSeconds: 300 },
  )

  api.handle(
    endpoints.classificheList,
    async ({ db, body }) => {
      const scope = await sectorScope(db, body.id_settore)
      const tipo = body.tipo ?? 'nazionale'
      const [latest] = await db
        .select({ stagione: max(rankings.stagione) })
        .from(rankings)
        .where(and(eq(rankings.tipo, tipo), eq(rankings.sectorId, scope.sectorId)))
      const stagione = latest?.stagione
      if (stagione === null || stagione === undefined) return { results: [], record: 0 }
      const where = and(
        eq(rankings.tipo, tipo),
        eq(rankings.sectorId, scope.sectorId),
        eq(rankings.stagione, stagione),
      )
      const [rows, [total]] = await Promise.all([
        db
          .select({
            posizione: rankings.posizione,
            id_persona: persons.id,
            nome: persons.nome,
            cognome: persons.cognome,
            punti: rankings.punti,
            tornei: rankings.tornei,
            circolo: clubs.nome,
            provincia: rankings.provincia,
            stagione: rankings.stagione,
            calcolata_al: rankings.calcolataAl,
          })
          .from(rankings)
          .innerJoin(persons, eq(persons.id, rankings.personId))
          .leftJoin(clubs, eq(clubs.id, rankings.clubId))
          .where(where)
          .orderBy(asc(rankings.posizione), asc(rankings.personId))
          .limit(body.fetchrows)
          .offset(body.rowstoskip),
        db.select({ n: count() }).from(rankings).where(where),
      ])
      return {
        results: rows.map(({ nome, cognome, ...row }) => ({ ...row, persona: fullName({ nome, cognome }) })),
        record: total?.n ?? 0,
      }
    },
    { cacheSeconds: 300 },
  )

  api.handle(
    endpoints.circuitiClassificheList,
    async ({ db, body }) => {
      const scope = await sectorScope(db, body.id_settore)
      const where = and(
        eq(circuits.sectorId, scope.sectorId),
        eq(circuits.stagione, body.stagione ?? currentSeason()),
        body.id_circuito !== undefined ? eq(circuits.id, body.id_circuito) : undefined,
        body.primi !== undefined ? lte(circuitRankings.posizione, body.primi) : undefined,
      )
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id_circuito: circuits.id,
            circuito: circuits.nome,
            posizione: circuitRankings.posizione,
            id_persona: persons.id,
            nome: persons.nome,
            cognome: persons.cognome,
            punti: circuitRankings.punti,
            tappe: circuitRankings.tappe,
          })
          .from(circuitRankings)
          .innerJoin(circuits, eq(circuits.id, circuitRankings.circuitId))
          .innerJoin(persons, eq(persons.id, circuitRankings.personId))
          .where(where)
          .orderBy(asc(circuits.nome), asc(circuits.id), asc(circuitRankings.posizione), asc(persons.id))
          .limit(body.fetchrows)
          .offset(body.rowstoskip),
        db
          .select({ n: count() })
          .from(circuitRankings)
          .innerJoin(circuits, eq(circuits.id, circuitRankings.circuitId))
          .where(where),
      ])
      return {
        results: rows.map(({ nome, cognome, ...row }) => ({ ...row, persona: fullName({ nome, cognome }) })),
        record: total?.n ?? 0,
      }
    },
    { cacheSeconds: 300 },
  )
}

/** The sector's circuits of the season, each with its stages and the start of the next one. */
async function circuitsOfSeason(db: Db, sectorId: number, stagione: number, day: string, limit: number) {
  const nextStage: SQL<string | null> =
    sql`min(case when ${tournaments.dataFine} >= ${day} and ${tournaments.status} <> 'annullato' then ${tournaments.dataInizio} end)::text`
  const rows = await db
    .select({
      id: circuits.id,
      nome: circuits.nome,
      stagione: circuits.stagione,
      tappe: count(tournaments.id),
      prossima_tappa: nextStage,
    })
    .from(circuits)
    .leftJoin(tournaments, eq(tournaments.circuitId, circuits.id))
    .where(and(eq(circuits.sectorId, sectorId), eq(circuits.stagione, stagione)))
    .groupBy(circuits.id)
    .orderBy(sql`${nextStage} asc nulls last`, asc(circuits.nome), asc(circuits.id))
    .limit(limit)
  return rows.map((r) => ({ ...r, prossima_tappa: r.prossima_tappa ?? null }))
}
