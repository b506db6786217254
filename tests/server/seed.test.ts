// The small seed as the global setup made it: reference data, demo accounts, complete and verifiable draws,
// rankings and Power computed by the domain rules, and a generator that gives the same rows every time.
import { and, asc, count, eq, inArray, isNotNull, isNull, lte, ne, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DISCIPLINES, POWER, SECTOR_IDS, TEAM_RULES } from '../../contract/constants.ts'
import { todayInItaly } from '../../contract/dates.ts'
import { verifyPassword } from '../../server/auth/password.ts'
import type { Database, Db } from '../../server/db/client.ts'
import { PROVINCES, seedReferenceData } from '../../server/db/reference.ts'
import {
  accounts,
  disciplines,
  persons,
  provinces,
  regions,
  sectors,
  tessere,
} from '../../server/db/schema/core.ts'
import { avvisi } from '../../server/db/schema/avvisi.ts'
import { banners, faq, menuItems, news, newsComments, newsTypes } from '../../server/db/schema/content.ts'
import {
  challengeEvents,
  challengeParticipants,
  challengeResults,
  challenges,
  circuits,
  clubRankings,
  clubs,
  courts,
  draws,
  helpdeskCategories,
  matches,
  powerHistory,
  powerRatings,
  rankings,
  teamMembers,
  teamTies,
  teams,
  tournamentEntries,
  tournamentPoints,
  tournaments,
} from '../../server/db/schema/domain.ts'
import { verifyEliminationDraw, verifySeedCommitment } from '../../server/domain/draws.ts'
import { commenterName, slugify } from '../../server/domain/news.ts'
import { datiIncompleti } from '../../server/domain/profile.ts'
import { raceAnnuale } from '../../server/domain/rankings.ts'
import { planOf } from '../../server/domain/tournament-detail.ts'
import { isWellFormed } from '../../server/seed/codice-fiscale.ts'
import { tournamentDetailRepository } from '../../server/repositories/tournament-detail.ts'
import { DEMO_ACCOUNTS, DEMO_PASSWORD, generateInto, HashSink, SCALES } from '../../server/seed/index.ts'
import { freshDatabase } from '../support/server.ts'

let db: Db
let database: Database

beforeAll(async () => {
  // A pristine copy: other test files of this worker add clubs, tournaments and news to the shared one.
  database = await freshDatabase()
  db = database.db
})

afterAll(() => database.close())

async function demo(email: string) {
  const [row] = await db
    .select({ account: accounts, person: persons })
    .from(accounts)
    .leftJoin(persons, eq(persons.id, accounts.personId))
    .where(eq(accounts.email, email))
  expect(row).toBeDefined()
  return row!
}

describe('reference data', () => {
  it('has the disciplines and sectors of contract/constants.ts', async () => {
    const ds = await db.select().from(disciplines).orderBy(asc(disciplines.ordine))
    const ss = await db.select().from(sectors)
    const shaped = ds.map((d) => ({
      id: d.id,
      codice: d.codice,
      settori: ss
        .filter((s) => s.disciplineId === d.id)
        .map((s) => s.id)
        .sort((a, b) => a - b),
    }))
    expect(shaped).toEqual(
      DISCIPLINES.map((d) => ({
        id: d.id,
        codice: d.codice,
        settori: d.settori.map((s) => s.id).sort((a, b) => a - b),
      })),
    )
    expect(shaped.find((d) => d.id === 174)!.settori).toEqual([SECTOR_IDS.PICKLEBALL])
  })

  it('has the twenty regions and the current provinces', async () => {
    expect(await db.$count(regions)).toBe(20)
    expect(await db.$count(provinces)).toBe(PROVINCES.length)
    expect(PROVINCES.length).toBeGreaterThanOrEqual(107)
    const [roma] = await db
      .select({ nome: provinces.nome, regione: regions.nome })
      .from(provinces)
      .innerJoin(regions, eq(regions.id, provinces.regionId))
      .where(eq(provinces.sigla, 'RM'))
    expect(roma).toEqual({ nome: 'Roma', regione: 'Lazio' })
  })

  it('has the help-desk categories and news types', async () => {
    const categories = await db.select().from(helpdeskCategories).orderBy(asc(helpdeskCategories.id))
    expect(categories.map((c) => [c.id, c.codice])).toEqual([
      [1, 'assistenza'],
      [2, 'disservizi'],
      [3, 'gold'],
    ])
    expect((await db.select().from(newsTypes)).map((t) => t.codice)).toContain('risultati')
  })

  it('has an FAQ searchable in Italian', async () => {
    const hits = await db
      .select({ question: faq.question })
      .from(faq)
      .where(
        sql`to_tsvector('italian', ${faq.question} || ' ' || ${faq.answer}) @@ plainto_tsquery('italian', 'tessere')`,
      )
    expect(hits.length).toBeGreaterThan(0)
    expect(hits.some((h) => /tessera/i.test(h.question))).toBe(true)
  })

  it('can be loaded again without changing anything', async () => {
    const before = [
      await db.$count(provinces),
      await db.$count(sectors),
      await db.$count(faq),
      await db.$count(menuItems),
    ]
    await seedReferenceData(db)
    const after = [
      await db.$count(provinces),
      await db.$count(sectors),
      await db.$count(faq),
      await db.$count(menuItems),
    ]
    expect(after).toEqual(before)
  })

  it('has a home menu for every discipline', async () => {
    for (const d of DISCIPLINES) {
      const items = await db
        .select()
        .from(menuItems)
        .where(and(eq(menuItems.menu, 'home'), eq(menuItems.disciplineId, d.id)))
      expect(items.map((i) => i.path)).toContain('/tornei/calendario-tornei')
    }
  })
})

describe('demo accounts', () => {
  it('all sign in with the shared password and have a verified e-mail and a person', async () => {
    const first = await demo(DEMO_ACCOUNTS[0]!.email)
    expect(await verifyPassword('sbagliata', first.account.passwordHash)).toBe(false)
    expect(DEMO_ACCOUNTS.map((a) => a.email)).toEqual([
      'giocatore@demo.it',
      'incompleto@demo.it',
      'privacy@demo.it',
      'redattore@demo.it',
      'admin@demo.it',
      'capitano@demo.it',
    ])
    for (const { email, password } of DEMO_ACCOUNTS) {
      expect(password).toBe(DEMO_PASSWORD)
      const { account, person } = await demo(email)
      expect(await verifyPassword(password, account.passwordHash)).toBe(true)
      expect(account.emailVerifiedAt).not.toBeNull()
      expect(person).not.toBeNull()
    }
  })

  it('giocatore@demo.it is complete, with cards and a tournament history', async () => {
    const { account, person } = await demo('giocatore@demo.it')
    expect(datiIncompleti(person)).toBe(0)
    expect(isWellFormed(person!.codiceFiscale!)).toBe(true)
    expect(account.privacyAcceptedAt).not.toBeNull()
    expect(account.role).toBe('player')
    const cards = await db.select().from(tessere).where(eq(tessere.personId, person!.id))
    expect(cards.length).toBeGreaterThanOrEqual(3)
    expect(new Set(cards.map((c) => c.sectorId))).toEqual(new Set([SECTOR_IDS.TENNIS, SECTOR_IDS.PADEL]))
    const history = await db.select().from(tournamentPoints).where(eq(tournamentPoints.personId, person!.id))
    expect(history.length).toBeGreaterThanOrEqual(5)
    const upcoming = await db
      .select({ id: tournaments.id })
      .from(tournamentEntries)
      .innerJoin(tournaments, eq(tournaments.id, tournamentEntries.tournamentId))
      .where(and(eq(tournamentEntries.personId, person!.id), eq(tournaments.status, 'iscrizioni_aperte')))
    expect(upcoming.length).toBeGreaterThan(0)
    const [rating] = await db
      .select()
      .from(powerRatings)
      .where(and(eq(powerRatings.personId, person!.id), eq(powerRatings.sectorId, SECTOR_IDS.TENNIS)))
    expect(rating!.partite).toBeGreaterThan(0)
  })

  it('incompleto@demo.it lacks registration data, then privacy preferences', async () => {
    const { account, person } = await demo('incompleto@demo.it')
    expect(person!.codiceFiscale).toBeNull()
    expect(person!.telefono).toBeNull()
    expect(datiIncompleti(person)).toBe(1)
    expect(account.privacyAcceptedAt).toBeNull()
  })

  it('privacy@demo.it has not chosen its privacy preferences', async () => {
    const { account, person } = await demo('privacy@demo.it')
    expect(account.privacyAcceptedAt).toBeNull()
    expect(datiIncompleti(person)).toBe(0)
  })

  it('redattore@demo.it is an editor and admin@demo.it an admin who may export rankings', async () => {
    const editor = await demo('redattore@demo.it')
    expect(editor.account.role).toBe('editor')
    expect(editor.account.puoEsportareClassifiche).toBe(false)
    const admin = await demo('admin@demo.it')
    expect(admin.account.role).toBe('admin')
    expect(admin.account.puoEsportareClassifiche).toBe(true)
    expect(await db.$count(news, eq(news.authorAccountId, editor.account.id))).toBeGreaterThan(0)
  })

  it('gives every carded player but the incomplete demo a well-formed codice fiscale', async () => {
    const rows = await db
      .selectDistinct({ id: persons.id, cf: persons.codiceFiscale })
      .from(persons)
      .innerJoin(tessere, eq(tessere.personId, persons.id))
      // Seeded people only: other tests of this worker add their own.
      .where(lte(persons.id, SCALES.small.players))
    const incompleto = (await demo('incompleto@demo.it')).person!.id
    const missing = rows.filter((r) => r.id !== incompleto && (r.cf === null || !isWellFormed(r.cf)))
    expect(missing).toEqual([])
    expect(rows.length).toBe(SCALES.small.players)
  })
})

describe('tournaments', () => {
  it('spread over every sector, in the past and the future', async () => {
    const rows = await db
      .select({ sectorId: tournaments.sectorId, status: tournaments.status })
      .from(tournaments)
      .where(eq(tournaments.tipo, 'TR'))
    expect(new Set(rows.map((r) => r.sectorId))).toEqual(new Set(Object.values(SECTOR_IDS)))
    const statuses = new Set(rows.map((r) => r.status))
    for (const status of ['concluso', 'iscrizioni_aperte']) expect(statuses).toContain(status)
  })

  it('concluded ones have complete draws whose seed matches the published hash', async () => {
    const concluded = await db
      .select({ id: tournaments.id })
      .from(tournaments)
      .where(and(eq(tournaments.tipo, 'TR'), eq(tournaments.status, 'concluso')))
    expect(concluded.length).toBeGreaterThan(10)
    const ids = concluded.map((t) => t.id)
    const drawRows = await db.select().from(draws).where(inArray(draws.tournamentId, ids))
    expect(new Set(drawRows.map((d) => d.tournamentId)).size).toBe(ids.length)
    for (const draw of drawRows) expect(verifySeedCommitment(draw.seed!, draw.seedHash)).toBe(true)
    const unplayed = await db.$count(
      matches,
      and(inArray(matches.tournamentId, ids), eq(matches.esito, 'da_giocare')),
    )
    expect(unplayed).toBe(0)
    for (const draw of drawRows.filter((d) => d.tipo === 'eliminazione')) {
      const [final] = await db
        .select()
        .from(matches)
        .where(and(eq(matches.drawId, draw.id), eq(matches.turno, draw.turni!)))
      expect(final?.winnerEntryId).not.toBeNull()
    }
    const winners = await db
      .select({ tournamentId: tournamentPoints.tournamentId })
      .from(tournamentPoints)
      .where(and(inArray(tournamentPoints.tournamentId, ids), eq(tournamentPoints.risultato, 'V')))
    expect(new Set(winners.map((w) => w.tournamentId)).size).toBe(ids.length)
  })

  it('publish elimination draws that anyone can rebuild from the revealed seed', async () => {
    const firstPhase = await db
      .select()
      .from(draws)
      .where(and(eq(draws.tipo, 'eliminazione'), eq(draws.fase, 1), isNotNull(draws.seed)))
    expect(firstPhase.length).toBeGreaterThan(5)
    for (const draw of firstPhase) {
      const entrants = await db
        .select({ id: tournamentEntries.id })
        .from(tournamentEntries)
        .where(
          and(
            eq(tournamentEntries.tournamentId, draw.tournamentId),
            eq(tournamentEntries.status, 'iscritto'),
          ),
        )
        .orderBy(sql`${tournamentEntries.puntiIngresso} desc`, asc(tournamentEntries.id))
      const firstRound = await db
        .select()
        .from(matches)
        .where(and(eq(matches.drawId, draw.id), eq(matches.turno, 1)))
        .orderBy(asc(matches.posizione))
      const slots = firstRound.flatMap((m) => [m.entryAId, m.entryBId])
      const check = verifyEliminationDraw({
        seedHash: draw.seedHash,
        seed: draw.seed!,
        entrants: entrants.map((e) => e.id),
        slots,
      })
      expect({ draw: draw.id, ...check }).toEqual({ draw: draw.id, valid: true })
    }
  })

  it('store every match at the time and on the court of the order of play the page shows', async () => {
    const repo = tournamentDetailRepository(db)
    const drawn = await db.selectDistinct({ id: draws.tournamentId }).from(draws).orderBy(draws.tournamentId)
    expect(drawn.length).toBeGreaterThan(5)
    const wrong: string[] = []
    let compared = 0
    for (const { id } of drawn) {
      // What tornei/tabelloni/view shows: the same rows and the same plan.
      const rows = await repo.draws(id)
      const plan = planOf(rows)
      // A club with no courts recorded: the page says «Campo 1»…, and no court is stored.
      const noCourts = rows.plan.courts.length === 0
      const stored = await db
        .select({
          id: matches.id,
          esito: matches.esito,
          programmataIl: matches.programmataIl,
          giocataIl: matches.giocataIl,
          campo: courts.nome,
          courtId: matches.courtId,
        })
        .from(matches)
        .leftJoin(courts, eq(courts.id, matches.courtId))
        .where(eq(matches.tournamentId, id))
      for (const m of stored) {
        compared++
        const planned = plan.get(m.id)
        const shown = {
          at: planned?.start.toISOString() ?? null,
          campo: noCourts ? null : (planned?.court ?? null),
        }
        const kept = { at: m.programmataIl?.toISOString() ?? null, campo: m.campo }
        if (kept.at !== shown.at || kept.campo !== shown.campo)
          wrong.push(`partita ${m.id}: ${JSON.stringify(kept)} invece di ${JSON.stringify(shown)}`)
        // A played match was played when it was planned.
        if (m.giocataIl !== null && m.giocataIl.getTime() !== m.programmataIl?.getTime())
          wrong.push(`partita ${m.id} giocata il ${m.giocataIl.toISOString()}, in programma altrimenti`)
      }
    }
    expect(compared).toBeGreaterThan(100)
    expect(wrong.slice(0, 10)).toEqual([])
  })

  it('upcoming ones take enrolments, and a closed one has its hash published but not its seed', async () => {
    const open = await db
      .select({ n: count() })
      .from(tournamentEntries)
      .innerJoin(tournaments, eq(tournaments.id, tournamentEntries.tournamentId))
      .where(eq(tournaments.status, 'iscrizioni_aperte'))
    expect(open[0]!.n).toBeGreaterThan(0)
    const pending = await db
      .select()
      .from(draws)
      .innerJoin(tournaments, eq(tournaments.id, draws.tournamentId))
      .where(eq(tournaments.status, 'iscrizioni_chiuse'))
    for (const row of pending) {
      expect(row.draws.seed).toBeNull()
      expect(row.draws.seedHash).toMatch(/^[0-9a-f]{64}$/)
    }
  })
})

describe('rankings and Power', () => {
  it('store the race computed by the domain rules from the tournament points', async () => {
    const year = Number(todayInItaly().slice(0, 4))
    for (const sectorId of [SECTOR_IDS.TENNIS, SECTOR_IDS.PADEL]) {
      const records = await db
        .select({
          personId: tournamentPoints.personId,
          tournamentId: tournamentPoints.tournamentId,
          punti: tournamentPoints.punti,
          data: tournamentPoints.data,
        })
        .from(tournamentPoints)
        .where(eq(tournamentPoints.sectorId, sectorId))
      const stored = await db
        .select({
          personId: rankings.personId,
          posizione: rankings.posizione,
          punti: rankings.punti,
          tornei: rankings.tornei,
        })
        .from(rankings)
        .where(
          and(eq(rankings.tipo, 'race'), eq(rankings.sectorId, sectorId), eq(rankings.stagione, year - 1)),
        )
        .orderBy(asc(rankings.posizione), asc(rankings.personId))
      expect(stored.length).toBeGreaterThan(0)
      const expected = raceAnnuale(records, year - 1)
      expect(stored.map((r) => [r.personId, r.posizione, r.punti])).toEqual(
        [...expected]
          .sort((a, b) => a.posizione - b.posizione || a.personId - b.personId)
          .map((r) => [r.personId, r.posizione, r.punti]),
      )
    }
    expect(await db.$count(rankings, eq(rankings.tipo, 'nazionale'))).toBeGreaterThan(0)
    expect(await db.$count(clubRankings)).toBeGreaterThan(0)
  })

  it('keeps Power within 9–99 and every change chained on the previous one', async () => {
    const [range] = await db
      .select({ min: sql<number>`min(${powerRatings.power})`, max: sql<number>`max(${powerRatings.power})` })
      .from(powerRatings)
    expect(range!.min).toBeGreaterThanOrEqual(POWER.MIN)
    expect(range!.max).toBeLessThanOrEqual(POWER.MAX)
    const { person } = await demo('giocatore@demo.it')
    const history = await db
      .select()
      .from(powerHistory)
      .where(and(eq(powerHistory.personId, person!.id), eq(powerHistory.sectorId, SECTOR_IDS.TENNIS)))
      .orderBy(asc(powerHistory.giocataIl), asc(powerHistory.id))
    expect(history.length).toBeGreaterThan(3)
    for (let i = 1; i < history.length; i++) expect(history[i]!.powerPrima).toBe(history[i - 1]!.powerDopo)
    const [rating] = await db
      .select()
      .from(powerRatings)
      .where(and(eq(powerRatings.personId, person!.id), eq(powerRatings.sectorId, SECTOR_IDS.TENNIS)))
    expect(rating!.power).toBe(history.at(-1)!.powerDopo)
    // Matches before the generated window (an imported history) count too.
    expect(rating!.partite).toBeGreaterThanOrEqual(history.length)
    expect(rating!.partiteTorneo).toBeLessThanOrEqual(rating!.partite)
    expect(rating!.provvisorio).toBe(rating!.partite < POWER.PROVISIONAL_UNTIL_MATCHES)
    expect(rating!.promozione).toBe(
      rating!.power >= POWER.PROMOTION_POWER && rating!.partiteTorneo >= POWER.PROMOTION_MATCHES,
    )
  })
})

describe('team championships, challenges and content', () => {
  it('teams have 4 to 10 players and one captain; confirmed results were confirmed by the other captain', async () => {
    const rosters = await db
      .select({
        teamId: teamMembers.teamId,
        n: count(),
        captains: sql<number>`count(*) filter (where ${teamMembers.ruolo} = 'capitano')::int`,
      })
      .from(teamMembers)
      .groupBy(teamMembers.teamId)
    expect(rosters.length).toBeGreaterThan(0)
    for (const r of rosters) {
      expect(r.n).toBeGreaterThanOrEqual(TEAM_RULES.MIN_PLAYERS)
      expect(r.n).toBeLessThanOrEqual(TEAM_RULES.MAX_PLAYERS)
      expect(r.captains).toBe(1)
    }
    const confirmed = await db.select().from(teamTies).where(eq(teamTies.status, 'confermato'))
    expect(confirmed.length).toBeGreaterThan(0)
    for (const tie of confirmed) expect(tie.confermatoDa).not.toBe(tie.risultatoInseritoDa)
    const { person } = await demo('giocatore@demo.it')
    expect(await db.$count(teams, eq(teams.captainPersonId, person!.id))).toBe(1)
  })

  it('challenges record their transitions, and nobody confirms a result they entered', async () => {
    const rows = await db.select().from(challenges)
    expect(new Set(rows.map((c) => c.status)).size).toBeGreaterThanOrEqual(6)
    for (const c of rows.slice(0, 20)) {
      const events = await db
        .select()
        .from(challengeEvents)
        .where(eq(challengeEvents.challengeId, c.id))
        .orderBy(asc(challengeEvents.at), asc(challengeEvents.id))
      expect(events.at(-1)!.aStato).toBe(c.status)
      for (let i = 1; i < events.length; i++) expect(events[i]!.daStato).toBe(events[i - 1]!.aStato)
    }
    const selfConfirmed = await db.$count(
      challengeResults,
      and(
        isNotNull(challengeResults.confermatoDa),
        eq(challengeResults.confermatoDa, challengeResults.inseritoDa),
      ),
    )
    expect(selfConfirmed).toBe(0)
  })

  it('the public board has proposals with a free place, and who is to answer a proposal has its notice', async () => {
    const open = await db
      .select({ id: challenges.id, invited: count(challengeParticipants.personId) })
      .from(challenges)
      .innerJoin(challengeParticipants, eq(challengeParticipants.challengeId, challenges.id))
      .where(and(eq(challenges.status, 'proposed'), eq(challenges.pubblica, true)))
      .groupBy(challenges.id, challenges.specialita)
      .having(sql`count(*) < case when ${challenges.specialita} = 'doppio' then 4 else 2 end`)
    expect(open.length).toBeGreaterThan(0)
    const waiting = await db
      .select({ challenge: challengeParticipants.challengeId, person: challengeParticipants.personId })
      .from(challengeParticipants)
      .innerJoin(challenges, eq(challenges.id, challengeParticipants.challengeId))
      .where(and(eq(challenges.status, 'proposed'), eq(challengeParticipants.risposta, 'in_attesa')))
    expect(waiting.length).toBeGreaterThan(0)
    const notices = await db
      .select({ challenge: avvisi.riferimento, person: avvisi.personId, testo: avvisi.testo })
      .from(avvisi)
      .where(and(eq(avvisi.ambito, 'sfida'), isNull(avvisi.lettoIl)))
    const told = new Set(notices.map((n) => `${n.challenge}:${n.person}`))
    expect(waiting.filter((w) => !told.has(`${w.challenge}:${w.person}`))).toEqual([])
    expect(notices[0]!.testo).toMatch(/ ti ha invitato a una sfida/)
    const { person } = await demo('giocatore@demo.it')
    expect(notices.some((n) => n.person === person!.id)).toBe(true)
  })

  it('has published news and a banner active now for every discipline', async () => {
    expect(await db.$count(news, sql`${news.publishedAt} <= now()`)).toBeGreaterThan(10)
    expect(await db.$count(news, isNull(news.publishedAt))).toBeGreaterThan(0)
    for (const d of DISCIPLINES) {
      const active = await db.$count(
        banners,
        and(
          eq(banners.disciplineId, d.id),
          sql`${banners.activeFrom} <= now()`,
          sql`coalesce(${banners.activeTo} > now(), true)`,
        ),
      )
      expect(active).toBeGreaterThan(0)
    }
  })
})

describe('the rules the live routes use', () => {
  it('name news commenters as news/commento/add does: first name and initial, never the full name', async () => {
    const rows = await db
      .select({ autore: newsComments.autore, nome: persons.nome, cognome: persons.cognome })
      .from(newsComments)
      .innerJoin(accounts, eq(accounts.id, newsComments.accountId))
      .innerJoin(persons, eq(persons.id, accounts.personId))
    expect(rows.length).toBeGreaterThan(10)
    expect(rows.filter((r) => r.autore !== commenterName(r))).toEqual([])
  })

  it('give news the slug news/news/add would give their title', async () => {
    const rows = await db.select({ title: news.title, slug: news.slug }).from(news)
    expect(rows.length).toBeGreaterThan(10)
    // A repeated title takes the news id as suffix; every other slug is the live rule's.
    const differing = rows.filter((r) => !r.slug.startsWith(slugify(r.title)))
    expect(differing).toEqual([])
  })
})

describe('determinism', () => {
  it('generates the same rows for the same scale and day, and the database holds them', async () => {
    const referenceDate = todayInItaly()
    const first = new HashSink()
    const second = new HashSink()
    await generateInto(first, { scale: 'small', referenceDate })
    await generateInto(second, { scale: 'small', referenceDate })
    expect(second.digest()).toBe(first.digest())
    expect(second.counts).toEqual(first.counts)
    expect(first.counts.persons).toBe(400)
    expect(first.counts.clubs).toBe(30)
    // Tables no other test writes to: the seeded database holds exactly what the generator produced.
    expect(await db.$count(clubs)).toBe(first.counts.clubs)
    expect(await db.$count(courts)).toBe(first.counts.courts)
    expect(await db.$count(circuits)).toBe(first.counts.circuits)
    expect(await db.$count(draws)).toBe(first.counts.draws)
    expect(await db.$count(tournaments, ne(tournaments.tipo, 'CA'))).toBe(40 + 2) // the scale's 40, and the two of the demo enrolment journeys

    const otherDay = new HashSink()
    await generateInto(otherDay, { scale: 'small', referenceDate: '2030-01-15' })
    expect(otherDay.digest()).not.toBe(first.digest())
  })
})
