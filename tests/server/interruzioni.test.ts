// Crashes lose nothing (issue 24, item 5). The real portal (server/main.ts) runs in a child process on a database
// of its own, copied from the run's seeded one: PostgreSQL when DATABASE_URL is set, else PGlite in a data
// directory on disk. A load of writes from parallel players (challenges proposed, accepted and given a result,
// comments, enrolments) records every answered write; the portal is killed with SIGKILL in the middle of it. Then
// a checker reads the database: every acknowledged write is there, and every record is whole (a challenge with its
// players, its history line for each step, its result and its notices; an entry with its history and notices).
// Deadlines that fell due while the portal was down are applied once when it starts again, and not again at the
// next start. On PostgreSQL, a database that drops the portal's connections and refuses new ones gives Italian
// 503s with Retry-After, and the portal serves again by itself once the database is back.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { and, asc, eq, inArray } from 'drizzle-orm'
import { Client } from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest'
import { SECTOR_IDS } from '../../contract/constants.ts'
import { MESSAGES } from '../../contract/common.ts'
import { INVITO_SCADE_GIORNI } from '../../contract/iscrizioni.ts'
import { loadConfig } from '../../server/config.ts'
import { type Database, openDatabase } from '../../server/db/client.ts'
import { avvisi } from '../../server/db/schema/avvisi.ts'
import { newsComments, news } from '../../server/db/schema/content.ts'
import {
  challengeEvents,
  challengeParticipants,
  challengeResults,
  challenges,
  powerHistory,
  tournamentEntries,
  tournaments,
} from '../../server/db/schema/domain.ts'
import { tournamentEntryEvents } from '../../server/db/schema/enrolments.ts'
import { createRepositories } from '../../server/repositories/index.ts'
import { TEMPLATE_DB, TEST_DB_PREFIX, adminUrl } from '../support/global-setup.ts'
import { makeProcessPlayer } from '../support/process-players.ts'
import { type Portal, dropConnections, freePort, post, startPortal } from '../support/portal-process.ts'
import { openTournament } from '../support/tournaments.ts'

const postgresUrl = process.env.DATABASE_URL || undefined
const DAY = 86_400_000

/** Parallel players of the load; each plays up to CYCLES rounds (under the daily cap of notices per pair). */
const WORKERS = 8
const CYCLES = 4
/** The portal is killed once this many writes were answered (about a third of the load). */
const KILL_AFTER = 50

type Player = { personId: number; token: string }

/** The portal's own database and data directory, and how the checker opens it while the portal is down. */
type Setup = { dataDir: string; databaseUrl: string | undefined; open: () => Promise<Database> }

let setup: Setup
let port: number
let players: Player[]
let tournamentIds: number[]
/** A doubles tournament, for an invitation left unanswered while the portal is down. */
let doublesId: number
let newsId: number
const dbName = `${TEST_DB_PREFIX}_crash`

async function prepare(): Promise<Setup> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-crash-'))
  if (postgresUrl) {
    const admin = new Client({ connectionString: postgresUrl })
    await admin.connect()
    await admin.query(`drop database if exists ${dbName} with (force)`)
    await admin.query(`create database ${dbName} template ${TEMPLATE_DB}`)
    await admin.end()
    const databaseUrl = adminUrl(postgresUrl, dbName)
    return { dataDir, databaseUrl, open: () => openDatabase({ databaseUrl }) }
  }
  // The run's seeded snapshot, unpacked into the data directory the portal opens (server/start.ts: DATA_DIR/pglite).
  const pgliteDir = path.join(dataDir, 'pglite')
  const snapshot = fs.readFileSync(inject('pgliteSnapshot'))
  const client = new PGlite(pgliteDir, { loadDataDir: new Blob([snapshot]) })
  await client.waitReady
  await client.close()
  return { dataDir, databaseUrl: undefined, open: () => openDatabase({ dataDir: pgliteDir }) }
}

async function withDatabase<T>(work: (db: Database['db']) => Promise<T>): Promise<T> {
  const database = await setup.open()
  try {
    return await work(database.db)
  } finally {
    await database.close()
  }
}

/** Players with an account and a tennis card, and tokens the portal on `port` accepts (its issuer, its keys). */
async function makePlayers(db: Database['db'], count: number): Promise<Player[]> {
  const identity = loadConfig({ PORT: String(port) }).identity
  const made: Player[] = []
  for (let k = 0; k < count; k++) made.push(await makeProcessPlayer(db, identity, { label: 'Carico' }))
  return made
}

let portal: Portal | undefined
/** How long each start of the portal took (ms), for the report. */
const starts: number[] = []
async function start() {
  const begun = performance.now()
  portal = await startPortal({ port, dataDir: setup.dataDir, databaseUrl: setup.databaseUrl })
  starts.push(Math.round(performance.now() - begun))
  return portal
}
async function crash() {
  await portal?.kill()
  portal = undefined
  dropConnections()
}

beforeAll(async () => {
  setup = await prepare()
  port = await freePort()
  ;({ players, tournamentIds, newsId } = await withDatabase(async (db) => {
    const made = await makePlayers(db, 2 * WORKERS + 6)
    const created = await db
      .insert(tournaments)
      .values(
        Array.from({ length: CYCLES }, (_, k) =>
          // Fewer places than players: the last ones go to the waiting list.
          openTournament({ nome: `Torneo del carico ${k + 1} ${randomUUID().slice(0, 6)}`, maxIscritti: 3 }),
        ),
      )
      .returning({ id: tournaments.id })
    const [doubles] = await db
      .insert(tournaments)
      .values(openTournament({ nome: `Doppio del carico ${randomUUID().slice(0, 6)}`, specialita: 'doppio' }))
      .returning({ id: tournaments.id })
    doublesId = doubles!.id
    const repos = createRepositories(db)
    const candidates = await db.select({ id: news.id }).from(news).orderBy(asc(news.id)).limit(50)
    let published: number | undefined
    for (const { id } of candidates) if (await repos.news.isPublished(id)) published = published ?? id
    return { players: made, tournamentIds: created.map((t) => t.id), newsId: published! }
  }))
}, 120_000)

// A test that fails midway leaves no portal behind on the port.
afterEach(() => crash())

afterAll(async () => {
  if (postgresUrl) {
    const admin = new Client({ connectionString: postgresUrl })
    await admin.connect()
    await admin.query(`drop database if exists ${dbName} with (force)`)
    await admin.end()
  }
  fs.rmSync(setup.dataDir, { recursive: true, force: true })
})

type Ack =
  | { kind: 'sfida'; id: number; passi: number; by: Player }
  | { kind: 'iscrizione'; id: number }
  | { kind: 'commento'; id: number; testo: string }

const SETS = {
  esito: 'giocata',
  set: [
    { a: 6, b: 3 },
    { a: 6, b: 4 },
  ],
}
const HISTORY = ['sfida.proponi', 'sfida.accetta', 'sfida.risultato']

/**
 * The load: each worker, with its own two players, proposes a challenge, has it accepted, enters its result,
 * comments a news item and enrols in a tournament, round after round. Each answered write is recorded; a write
 * whose connection broke (the portal died) is not. Any refusal before the crash fails the test.
 */
function runLoad(pairs: [Player, Player][]) {
  const acks: Ack[] = []
  const refusals: string[] = []
  const write = async (apiPath: string, body: unknown, by: Player) => {
    const answer = await post(port, apiPath, body, by.token)
    if (answer.status !== 200) {
      refusals.push(`${apiPath}: ${answer.status} ${JSON.stringify(answer.body)}`)
      throw new Error('rifiutata')
    }
    return answer.body.result as Record<string, number>
  }
  const worker = async ([a, b]: [Player, Player], k: number) => {
    for (let cycle = 0; cycle < CYCLES; cycle++) {
      const made = await write(
        'sfide/add',
        { id_settore: SECTOR_IDS.TENNIS, specialita: 'singolare', avversari: [b.personId] },
        a,
      )
      const challenge: Ack = { kind: 'sfida', id: made.id!, passi: 1, by: a }
      acks.push(challenge)
      await write('sfide/partite/accetta', { id_sfida: challenge.id }, b)
      challenge.passi = 2
      await write('sfide/partite/risultato/add', { id_sfida: challenge.id, ...SETS }, a)
      challenge.passi = 3
      const testo = `Commento del carico ${k}.${cycle} ${randomUUID().slice(0, 8)}`
      const comment = await write('news/commento/add', { id_news: newsId, testo }, a)
      acks.push({ kind: 'commento', id: comment.id!, testo })
      const entry = await write('tornei/iscrizioni/add', { id_torneo: tournamentIds[cycle] }, a)
      acks.push({ kind: 'iscrizione', id: entry.id_iscrizione! })
    }
  }
  // A worker stops at the first write without an answer: after the crash.
  const done = Promise.all(pairs.map((pair, k) => worker(pair, k).catch(() => undefined)))
  const answered = () => acks.reduce((n, ack) => n + (ack.kind === 'sfida' ? ack.passi : 1), 0)
  return { acks, refusals, done, answered }
}

/** Every acknowledged write is stored, and every stored record of the load is whole. */
async function checkNothingLost(db: Database['db'], acks: readonly Ack[], loadPlayers: readonly number[]) {
  // Challenges: each acknowledged step is in the history; every challenge of the load has a history line per
  // step, in order, ending in its state; its two players; a result exactly when one was entered; one notice per
  // step (to the other player).
  const rows = await db
    .select()
    .from(challenges)
    .where(inArray(challenges.createdByPersonId, [...loadPlayers]))
  const ids = rows.map((r) => r.id)
  const [events, participants, results, notices] = await Promise.all([
    db
      .select()
      .from(challengeEvents)
      .where(inArray(challengeEvents.challengeId, ids))
      .orderBy(asc(challengeEvents.id)),
    db.select().from(challengeParticipants).where(inArray(challengeParticipants.challengeId, ids)),
    db.select().from(challengeResults).where(inArray(challengeResults.challengeId, ids)),
    db
      .select()
      .from(avvisi)
      .where(and(eq(avvisi.ambito, 'sfida'), inArray(avvisi.riferimento, ids))),
  ])
  const problems: string[] = []
  for (const row of rows) {
    const history = events.filter((e) => e.challengeId === row.id)
    const steps = history.map((e) => e.evento)
    if (steps.join() !== HISTORY.slice(0, steps.length).join() || steps.length === 0)
      problems.push(`sfida ${row.id}: storia ${steps.join()}`)
    if (history.at(-1)?.aStato !== row.status) problems.push(`sfida ${row.id}: stato ${row.status}`)
    if (participants.filter((p) => p.challengeId === row.id).length !== 2)
      problems.push(`sfida ${row.id}: giocatori`)
    if (results.some((r) => r.challengeId === row.id) !== (row.status === 'resultEntered'))
      problems.push(`sfida ${row.id}: risultato`)
    if (notices.filter((n) => n.riferimento === row.id).length !== history.length)
      problems.push(`sfida ${row.id}: avvisi`)
  }
  for (const ack of acks) {
    if (ack.kind !== 'sfida') continue
    const steps = events.filter((e) => e.challengeId === ack.id).length
    if (steps < ack.passi) problems.push(`sfida ${ack.id}: ${ack.passi} passi confermati, ${steps} salvati`)
  }
  // Entries: each acknowledged one is stored; every entry of the load's tournaments has its history, ending in the
  // state of its machine, and the notice of each history line that told someone.
  const entries = await db
    .select()
    .from(tournamentEntries)
    .where(inArray(tournamentEntries.tournamentId, tournamentIds))
  const entryEvents = await db
    .select()
    .from(tournamentEntryEvents)
    .where(
      inArray(
        tournamentEntryEvents.entryId,
        entries.map((e) => e.id),
      ),
    )
    .orderBy(asc(tournamentEntryEvents.id))
  const entryNotices = await db
    .select()
    .from(avvisi)
    .where(and(eq(avvisi.ambito, 'torneo'), inArray(avvisi.riferimento, tournamentIds)))
  for (const entry of entries) {
    const history = entryEvents.filter((e) => e.entryId === entry.id)
    if (history[0]?.evento !== 'iscrizione.richiedi') problems.push(`iscrizione ${entry.id}: storia`)
    if (history.at(-1)?.aStato !== entry.macchina?.value) problems.push(`iscrizione ${entry.id}: stato`)
    for (const line of history.filter((e) => e.destinatarioId !== null))
      if (!entryNotices.some((n) => n.personId === line.destinatarioId && n.testo === line.avviso))
        problems.push(`iscrizione ${entry.id}: avviso`)
  }
  for (const ack of acks)
    if (ack.kind === 'iscrizione' && !entries.some((e) => e.id === ack.id))
      problems.push(`iscrizione ${ack.id}: confermata, non salvata`)
  // Comments: each acknowledged one, with its text.
  const commentIds = acks.flatMap((a) => (a.kind === 'commento' ? [a.id] : []))
  const comments =
    commentIds.length === 0
      ? []
      : await db.select().from(newsComments).where(inArray(newsComments.id, commentIds))
  for (const ack of acks)
    if (ack.kind === 'commento' && !comments.some((c) => c.id === ack.id && c.testo === ack.testo))
      problems.push(`commento ${ack.id}: confermato, non salvato`)
  expect(problems).toEqual([])
  return { challenges: rows.length, entries: entries.length }
}

/**
 * What the deadlines wrote for two challenges and an invitation: their deadline's history lines, Power changes and
 * notices, and their states.
 */
async function deadlineTrace(
  db: Database['db'],
  expiring: number,
  autoConfirmed: number,
  invitation: number,
) {
  const lines = await db
    .select({ challengeId: challengeEvents.challengeId, evento: challengeEvents.evento })
    .from(challengeEvents)
    .where(inArray(challengeEvents.challengeId, [expiring, autoConfirmed]))
  const power = await db.select().from(powerHistory).where(eq(powerHistory.challengeId, autoConfirmed))
  const notices = await db
    .select()
    .from(avvisi)
    .where(and(eq(avvisi.ambito, 'sfida'), inArray(avvisi.riferimento, [expiring, autoConfirmed])))
  const [x, y] = await Promise.all(
    [expiring, autoConfirmed].map((id) =>
      db.select({ status: challenges.status }).from(challenges).where(eq(challenges.id, id)),
    ),
  )
  const invitationLines = await db
    .select()
    .from(tournamentEntryEvents)
    .where(eq(tournamentEntryEvents.entryId, invitation))
  const [entry] = await db.select().from(tournamentEntries).where(eq(tournamentEntries.id, invitation))
  const invitationNotices = await db
    .select()
    .from(avvisi)
    .where(and(eq(avvisi.ambito, 'torneo'), eq(avvisi.riferimento, doublesId)))
  return {
    statuses: [x![0]!.status, y![0]!.status, entry!.macchina?.value],
    // One line per person told: the times the deadline fired are the distinct moments of those lines.
    invitationExpired: new Set(
      invitationLines.filter((l) => l.evento === 'iscrizione.scade').map((l) => l.at.getTime()),
    ).size,
    invitationNotices: invitationNotices.length,
    expired: lines.filter((l) => l.challengeId === expiring && l.evento === 'sfida.scade').length,
    autoConfirmed: lines.filter(
      (l) => l.challengeId === autoConfirmed && l.evento === 'sfida.confermaAutomatica',
    ).length,
    power: power.length,
    notices: notices.length,
  }
}

/**
 * PostgreSQL only (PGlite runs inside the portal's process: there is no connection to drop): the database
 * terminates the portal's connections and refuses new ones, then takes them again. Meanwhile every call is a 503 in
 * Italian with Retry-After, the portal stays up, and afterwards it serves again without being restarted.
 */
async function dropConnectionsAndComeBack(running: Portal, a: Player, b: Player) {
  const admin = new Client({ connectionString: postgresUrl })
  await admin.connect()
  const read = () => post(port, 'sfide/partite/sommario', {}, a.token)
  const write = () =>
    post(
      port,
      'sfide/add',
      { id_settore: SECTOR_IDS.TENNIS, specialita: 'singolare', avversari: [b.personId] },
      a.token,
    )
  try {
    expect((await read()).status).toBe(200)
    await admin.query(`alter database ${dbName} allow_connections false`)
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [dbName])
    for (const answer of [await read(), await write(), await read()]) {
      expect(answer.status).toBe(503)
      expect(answer.body).toEqual({ statusCode: 503, message: MESSAGES.databaseUnavailable })
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0)
    }
    expect(running.child.exitCode).toBeNull()
    await admin.query(`alter database ${dbName} allow_connections true`)
    const deadline = performance.now() + 15_000
    let again = await read()
    while (again.status !== 200 && performance.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200))
      again = await read()
    }
    expect(again.status).toBe(200)
    expect((await write()).status).toBe(200)
    expect(running.child.exitCode).toBeNull()
  } finally {
    await admin.query(`alter database ${dbName} allow_connections true`)
    await admin.end()
  }
}

describe(`a crash in the middle of a load of writes (${postgresUrl ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('loses no acknowledged write, leaves no half-written record, applies the deadlines missed once (on PostgreSQL: 503s while the connections drop)', async () => {
    const loadPlayers = players.slice(0, 2 * WORKERS)
    const pairs = Array.from(
      { length: WORKERS },
      (_, k) => [loadPlayers[2 * k]!, loadPlayers[2 * k + 1]!] as [Player, Player],
    )
    const [dA, dB, dC, dD, e1, e2] = players.slice(2 * WORKERS)
    await start()

    // Two challenges whose deadlines will pass while the portal is down: one proposed, one with a result entered.
    const proposed = await post(
      port,
      'sfide/add',
      { id_settore: SECTOR_IDS.TENNIS, specialita: 'singolare', avversari: [dB!.personId] },
      dA!.token,
    )
    expect(proposed.status).toBe(200)
    const expiring = (proposed.body.result as { id: number }).id
    const other = await post(
      port,
      'sfide/add',
      { id_settore: SECTOR_IDS.TENNIS, specialita: 'singolare', avversari: [dD!.personId] },
      dC!.token,
    )
    const autoConfirmed = (other.body.result as { id: number }).id
    expect((await post(port, 'sfide/partite/accetta', { id_sfida: autoConfirmed }, dD!.token)).status).toBe(
      200,
    )
    expect(
      (await post(port, 'sfide/partite/risultato/add', { id_sfida: autoConfirmed, ...SETS }, dC!.token))
        .status,
    ).toBe(200)

    // And a doubles invitation that will go unanswered past its deadline.
    const invited = await post(
      port,
      'tornei/iscrizioni/add',
      { id_torneo: doublesId, id_compagno: dB!.personId },
      dA!.token,
    )
    expect(invited.body.result).toMatchObject({ stato: 'attesaCompagno' })
    const invitation = (invited.body.result as { id_iscrizione: number }).id_iscrizione

    // The load, killed in the middle.
    const load = runLoad(pairs)
    const started = performance.now()
    let loadMs = 0
    while (load.answered() < KILL_AFTER && performance.now() - started < 60_000 && load.refusals.length === 0)
      await new Promise((resolve) => setTimeout(resolve, 10))
    loadMs = Math.round(performance.now() - started)
    await crash()
    await load.done
    expect(load.refusals).toEqual([])
    const answered = load.answered()
    expect(answered).toBeGreaterThanOrEqual(KILL_AFTER)
    // Not all: the crash came in the middle.
    expect(answered).toBeLessThan(WORKERS * CYCLES * 5)

    const before = await withDatabase(async (db) => {
      const counts = await checkNothingLost(
        db,
        load.acks,
        loadPlayers.map((p) => p.personId),
      )
      const trace = await deadlineTrace(db, expiring, autoConfirmed, invitation)
      // While the portal is down, both deadlines pass.
      await db
        .update(challenges)
        .set({ scadeIl: new Date(Date.now() - 60_000) })
        .where(inArray(challenges.id, [expiring, autoConfirmed]))
      await db
        .update(tournamentEntries)
        .set({ iscrittoIl: new Date(Date.now() - (INVITO_SCADE_GIORNI + 1) * DAY) })
        .where(eq(tournamentEntries.id, invitation))
      return { counts, trace }
    })
    expect(before.trace).toMatchObject({
      statuses: ['proposed', 'resultEntered', 'attesaCompagno'],
      invitationExpired: 0,
      expired: 0,
      autoConfirmed: 0,
      power: 0,
    })
    console.info(
      `interruzioni (${postgresUrl ? 'PostgreSQL' : 'PGlite'}): ${answered} scritture confermate in ${loadMs} ms ` +
        `prima del SIGKILL; ${before.counts.challenges} sfide e ${before.counts.entries} iscrizioni del carico, ` +
        'tutte intere',
    )

    // The first start after the crash applies the deadlines; the players read the outcome.
    const restarted = await start()
    const seen = await post(port, 'sfide/view', { id_sfida: expiring }, dB!.token)
    expect(seen.body.result).toMatchObject({ stato: 'expired' })
    const confirmed = await post(port, 'sfide/view', { id_sfida: autoConfirmed }, dD!.token)
    expect(confirmed.body.result).toMatchObject({
      stato: 'confirmed',
      risultato: { conferma_automatica: true },
    })
    // Every acknowledged challenge of the load reads as it was answered (a step whose answer was lost may be there).
    for (const ack of load.acks) {
      if (ack.kind !== 'sfida') continue
      const view = await post(port, 'sfide/view', { id_sfida: ack.id }, ack.by.token)
      const stato = (view.body.result as { stato: string }).stato
      expect(['proposed', 'accepted', 'resultEntered'].indexOf(stato) + 1).toBeGreaterThanOrEqual(ack.passi)
    }
    if (postgresUrl) await dropConnectionsAndComeBack(restarted, e1!, e2!)
    await crash()
    const once = await withDatabase((db) => deadlineTrace(db, expiring, autoConfirmed, invitation))
    expect(once).toMatchObject({
      statuses: ['expired', 'confirmed', 'scaduta'],
      expired: 1,
      autoConfirmed: 1,
      power: 2,
      invitationExpired: 1,
    })
    expect(once.notices).toBeGreaterThan(before.trace.notices)
    expect(once.invitationNotices).toBeGreaterThan(before.trace.invitationNotices)

    // A second start (after another crash) finds nothing due: nothing is applied twice.
    await start()
    expect((await post(port, 'sfide/view', { id_sfida: expiring }, dB!.token)).body.result).toMatchObject({
      stato: 'expired',
    })
    await crash()
    expect(await withDatabase((db) => deadlineTrace(db, expiring, autoConfirmed, invitation))).toEqual(once)
    console.info(`interruzioni: avvii del portale in ${starts.join(', ')} ms`)
  }, 480_000)
})
