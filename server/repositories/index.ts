// The SQL of the server, one module per area. Routes receive them in their handler context, built once on the
// app's database (tests build them on theirs): a route never sees drizzle or the tables.
import type { Db } from '../db/client.ts'
import type { JobQueue } from '../jobs/queue.ts'
import { type WriteQueue, noWriteQueue } from '../db/write-queue.ts'
import { accountsRepository } from './accounts.ts'
import { analyticsRepository } from './analytics.ts'
import { avvisiRepository } from './avvisi.ts'
import { calendarRepository } from './calendar.ts'
import { challengesRepository } from './challenges.ts'
import { clubsRepository } from './clubs.ts'
import { circuitsRepository } from './circuits.ts'
import { contentRepository } from './content.ts'
import { datiPersonaliRepository } from './dati-personali.ts'
import { drawsRepository } from './draws.ts'
import { enrolmentsRepository } from './enrolments.ts'
import { faqRepository } from './faq.ts'
import { helpdeskRepository } from './helpdesk.ts'
import { inlineJobs } from './inline-jobs.ts'
import { lookupRepository } from './lookup.ts'
import { newsRepository } from './news.ts'
import { newsletterRepository } from './newsletter.ts'
import { partnerSearchRepository } from './partner-search.ts'
import { personsRepository } from './persons.ts'
import { playersRepository } from './players.ts'
import { profiloRepository } from './profilo.ts'
import { rankingRefreshRepository } from './ranking-refresh.ts'
import { rankingsRepository } from './rankings.ts'
import { sectorsRepository } from './sectors.ts'
import { tessereRepository } from './tessere.ts'
import { tiesRepository } from './ties.ts'
import { teamChampionshipsRepository } from './team-championships.ts'
import { tournamentsRepository } from './tournaments.ts'
import { tournamentDetailRepository } from './tournament-detail.ts'

/**
 * `jobs` takes what a write leaves for after its commit (the rankings after a result); without it, the inline
 * adapter does that work in the write's own transaction (scripts, tests of one repository). `writeQueue`: the queue
 * in front of contended writes (the app's); none when repositories are built by hand.
 */
export function createRepositories(
  db: Db,
  options: { jobs?: JobQueue | undefined; writeQueue?: WriteQueue | undefined } = {},
) {
  const jobs = options.jobs ?? inlineJobs
  const writeQueue = options.writeQueue ?? noWriteQueue
  return {
    sectors: sectorsRepository(db),
    news: newsRepository(db),
    newsletter: newsletterRepository(db),
    content: contentRepository(db),
    tournaments: tournamentsRepository(db),
    rankings: rankingsRepository(db),
    rankingRefresh: rankingRefreshRepository(db),
    lookup: lookupRepository(db),
    faq: faqRepository(db),
    analytics: analyticsRepository(db),
    accounts: accountsRepository(db),
    persons: personsRepository(db),
    profilo: profiloRepository(db),
    players: playersRepository(db),
    tournamentDetail: tournamentDetailRepository(db),
    enrolments: enrolmentsRepository(db, writeQueue),
    calendar: calendarRepository(db),
    circuits: circuitsRepository(db),
    clubs: clubsRepository(db),
    draws: drawsRepository(db, jobs),
    partnerSearch: partnerSearchRepository(db),
    challenges: challengesRepository(db, writeQueue),
    avvisi: avvisiRepository(db),
    ties: tiesRepository(db, jobs),
    teamChampionships: teamChampionshipsRepository(db),
    helpdesk: helpdeskRepository(db),
    tessere: tessereRepository(db),
    datiPersonali: datiPersonaliRepository(db),
    jobs,
  }
}

export type Repositories = ReturnType<typeof createRepositories>
