// Issue 24, item 4: schema-driven fuzzing. For every endpoint of the contract's table, fast-check arbitraries derived
// from its request schema (tests/support/fuzz-bodies.ts) draw FUZZ_BODIES bodies the schema accepts (1,000 unless
// told; 100 in the default run on PGlite, see BODIES), with hostile values wherever the schema lets them through
// (SQL, HTML, CSV and ICS injections, emoji sequences, bidi and zero-width characters, 10k texts, numbers and dates at the edges), and FUZZ_REFUSED bodies it
// refuses (a tenth as many unless told: poisoned fields, NUL bytes, ids past int32, the years 0 and 275760, unknown
// or missing keys). Each is sent through app.inject, signed in as a real player (a card of this season): no answer
// is a 5xx, every 4xx is in Italian, and a refused body is a 400. A 429 (in Italian) signs in another player and
// sends the body again, so the bodies reach the handler. FUZZ_SEED changes the draw (a fixed one unless told);
// FUZZ_ONLY (a regular expression on the path) narrows the run. The table of what each endpoint answered is printed.
import * as fc from 'fast-check'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isReadableMessage } from '../../contract/common.ts'
import { endpoints } from '../../contract/endpoints.ts'
import {
  acceptedBodyArbitrary,
  acceptedBy,
  rejectedBodyArbitrary,
  type FuzzEndpoint,
} from '../support/fuzz-bodies.ts'
import { ENGLISH_WORDS } from '../support/italian.ts'
import { makeTennisPlayer } from '../support/players.ts'
import { buildTestApp } from '../support/server.ts'

/**
 * 1,000 on PostgreSQL (CI's npm test runs there: about 6 minutes). PGlite answers one query at a time inside this
 * process (about 14 ms a signed-in call), so 1,000 bodies per endpoint would take some 35 minutes there: the default
 * run on PGlite draws 100 per endpoint, and `npm run fuzz` draws 1,000 on whichever engine is configured.
 */
const BODIES = Number(process.env.FUZZ_BODIES ?? (process.env.DATABASE_URL ? 1000 : 100))
const REFUSED = Number(process.env.FUZZ_REFUSED ?? Math.ceil(BODIES / 10))
const SEED = Number(process.env.FUZZ_SEED ?? 2024)
const ONLY = new RegExp(process.env.FUZZ_ONLY ?? '')
/**
 * Calls in flight at once. PGlite runs in this process and answers one query at a time, so 1 there; PostgreSQL
 * answers on the machine's other cores while this process prepares the next calls.
 */
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? (process.env.DATABASE_URL ? 4 : 1))
/** Players signed in per endpoint, taken in turn; more join when one meets a 429. */
const PLAYERS = 3
const MAX_PLAYERS = 80

let app: FastifyInstance
const errors: string[] = []
beforeAll(async () => {
  // The write rate limit is raised (the fuzz sends thousands of writes from a handful of accounts); per-endpoint
  // limits (tessere/verifica) stay, and are met by more players.
  app = await buildTestApp(
    { WRITE_RATE_LIMIT: '100000000', LOG_LEVEL: 'error' },
    { write: (line) => errors.push(line) },
  )
})
afterAll(async () => {
  await app?.close()
  console.log(summary())
})

type Tally = {
  path: string
  accepted: number
  /** The schema admits fewer distinct bodies than asked for (an empty request admits one: `{}`). */
  exhausted: boolean
  refused: number
  handled: number
  statuses: Map<number, number>
  retries429: number
  ms: number
  drawMs: number
}
const tallies: Tally[] = []

/** One endpoint's line of the table: bodies sent, how many reached the handler, 429s met, time, statuses. */
function summaryRow(t: Tally): string {
  return (
    `${t.path.padEnd(48)} accettati ${String(t.accepted).padStart(5)}${t.exhausted ? ' (tutti)' : '        '} ` +
    `rifiutati ${String(t.refused).padStart(4)} al gestore ${String(t.handled).padStart(5)} 429 ${String(t.retries429).padStart(3)} ` +
    `${String(Math.round(t.ms)).padStart(6)} ms (generati in ${Math.round(t.drawMs)}) ` +
    [...t.statuses]
      .sort(([x], [y]) => x - y)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ')
  )
}

function summary(): string {
  const rows = tallies.map(summaryRow)
  const total = tallies.reduce((sum, t) => sum + t.accepted + t.refused, 0)
  const ms = tallies.reduce((sum, t) => sum + t.ms, 0)
  return [...rows, `totale: ${tallies.length} endpoint, ${total} richieste, ${Math.round(ms / 1000)} s`].join(
    '\n',
  )
}

function seedOf(path: string): number {
  let hash = SEED >>> 0
  for (const char of path) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) >>> 0
  return hash
}

async function send(path: string, body: unknown, token: string) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/${path}`,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify(body),
  })
  let json: { statusCode?: unknown; message?: unknown } = {}
  try {
    json = response.json()
  } catch {
    // Not JSON: checked below as a wrong answer when it is an error.
  }
  return { status: response.statusCode, json }
}

/** What is wrong with an answer, or undefined: a 5xx, an error not in Italian, a refused body let through. */
function fault(status: number, json: { statusCode?: unknown; message?: unknown }, accepted: boolean) {
  if (status >= 500) return `${status} ${String(json.message)}`
  if (status >= 400) {
    if (json.statusCode !== status || !isReadableMessage(json.message) || ENGLISH_WORDS.test(json.message))
      return `${status} non in italiano: ${JSON.stringify(json).slice(0, 160)}`
    // The server refused as malformed a body that the contract accepts: its decoding and ours disagree.
    if (accepted && status === 400 && json.message.startsWith('Richiesta non valida: il campo «'))
      return `400 su un corpo accettato dallo schema: ${json.message.slice(0, 160)}`
  }
  if (!accepted && status !== 400 && status !== 429) return `${status} su un corpo che lo schema rifiuta`
  return undefined
}

/**
 * BODIES distinct bodies drawn from the arbitrary, or all it yields when it has fewer (an empty request, a
 * switch): drawn again with new seeds until no new body comes.
 */
function distinctBodies(arbitrary: fc.Arbitrary<unknown>, seed: number) {
  const seen = new Map<string, unknown>()
  for (let round = 0; round < 8 && seen.size < BODIES; round++) {
    const before = seen.size
    for (const body of fc.sample(arbitrary, { numRuns: BODIES, seed: seed + round }))
      seen.set(JSON.stringify(body), body)
    if (round > 0 && seen.size === before) return { bodies: [...seen.values()], exhausted: true }
  }
  return { bodies: [...seen.values()].slice(0, BODIES), exhausted: seen.size < BODIES }
}

/** Signing out (here or everywhere) revokes the token: the next call takes a new player. */
const SIGNS_OUT = new Set(['logout', 'logout/ovunque'])

async function fuzz(endpoint: FuzzEndpoint) {
  const started = performance.now()
  const seed = seedOf(endpoint.path)
  const { bodies: accepted, exhausted } = distinctBodies(acceptedBodyArbitrary(endpoint, seed), seed)
  const refused =
    REFUSED > 0
      ? fc
          .sample(rejectedBodyArbitrary(endpoint, seed), { numRuns: REFUSED * 20, seed })
          .filter((body) => !acceptedBy(endpoint, body))
          .slice(0, REFUSED)
      : []
  const drawn = performance.now()
  const players = await Promise.all(Array.from({ length: PLAYERS }, () => makeTennisPlayer()))
  const tally: Tally = {
    path: endpoint.path,
    accepted: accepted.length,
    exhausted,
    refused: refused.length,
    handled: 0,
    statuses: new Map(),
    retries429: 0,
    ms: 0,
    drawMs: 0,
  }
  const wrong: string[] = []
  let turn = 0
  const bodies = [
    ...accepted.map((body) => ({ body, ok: true })),
    ...refused.map((body) => ({ body, ok: false })),
  ]
  const queue = bodies.values()
  // Signing out revokes the player's other calls in flight: those endpoints go one call at a time.
  const lanes = SIGNS_OUT.has(endpoint.path) ? 1 : CONCURRENCY
  const lane = async () => {
    for (const { body, ok } of queue) {
      expect(acceptedBy(endpoint, body)).toBe(ok)
      let answer
      for (;;) {
        const player = players[turn++ % players.length]!
        answer = await send(endpoint.path, body, player.token)
        if (SIGNS_OUT.has(endpoint.path) && answer.status === 200)
          players[players.indexOf(player)] = await makeTennisPlayer()
        if (answer.status !== 429 || players.length >= MAX_PLAYERS) break
        const problem = fault(answer.status, answer.json, ok)
        if (problem) wrong.push(`${problem} ← ${JSON.stringify(body).slice(0, 200)}`)
        tally.retries429++
        players.push(await makeTennisPlayer())
      }
      tally.statuses.set(answer.status, (tally.statuses.get(answer.status) ?? 0) + 1)
      // Reached the handler: past authentication, decoding and the rate limit.
      if (ok && answer.status !== 429 && answer.status !== 401) tally.handled++
      const problem = fault(answer.status, answer.json, ok)
      if (problem) wrong.push(`${problem} ← ${JSON.stringify(body).slice(0, 300)}`)
    }
  }
  await Promise.all(Array.from({ length: lanes }, lane))
  tally.ms = performance.now() - started
  tally.drawMs = drawn - started
  tallies.push(tally)
  if (process.env.FUZZ_PROGRESS) console.log(summaryRow(tally))
  return { tally, wrong }
}

const selected = Object.values(endpoints).filter((e) => ONLY.test(e.path))

describe('schema-driven fuzzing of every endpoint, signed in as a player', () => {
  it('covers every endpoint of the contract (or those FUZZ_ONLY names)', () => {
    expect(selected.length).toBeGreaterThan(0)
    expect(selected.length).toBe(process.env.FUZZ_ONLY ? selected.length : Object.keys(endpoints).length)
  })

  for (const endpoint of selected)
    it(`${endpoint.path}`, async () => {
      const { tally, wrong } = await fuzz(endpoint)
      // The server's last error lines come with the wrong answers, to find where a 500 came from.
      expect(wrong.length === 0 ? [] : [...wrong.slice(0, 20), ...errors.slice(-3)]).toEqual([])
      // Every request schema refuses something (an unknown key at least): Struct({}) took any body at all.
      expect(tally.refused).toBe(REFUSED)
      // As many distinct accepted bodies as asked for, or every one the schema admits.
      expect(tally.accepted === BODIES || tally.exhausted).toBe(true)
      // Most accepted bodies got past the rate limits to the handler.
      expect(tally.handled).toBeGreaterThanOrEqual(Math.ceil(tally.accepted * 0.9))
    }, 600_000)
})
