// Issue 19, item 9(d): every field of every request, poisoned one at a time with what an attacker sends (ids past
// PostgreSQL's integer, fractions, negatives, NUL bytes, huge texts, impossible dates), is refused with 400 and an
// Italian message, never a 500. The fields are found by walking each request schema of the endpoint table, so a new
// endpoint with a raw Int, String or date field fails here without anyone writing a case for it.
import type { FastifyInstance } from 'fastify'
import { Result } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import { decode } from '../../contract/decode.ts'
import { endpoints } from '../../contract/endpoints.ts'
import { bodyWith, leaves, type Leaf } from '../support/request-fields.ts'
import { ENGLISH_WORDS as ENGLISH } from '../support/italian.ts'
import { makeTennisPlayer } from '../support/players.ts'
import { buildTestApp, call } from '../support/server.ts'

let app: FastifyInstance
let player: string
let admin: string
beforeAll(async () => {
  // Hundreds of refused writes from one account: the write rate limit is not what this test is about.
  app = await buildTestApp({ WRITE_RATE_LIMIT: '1000000' })
  player = (await makeTennisPlayer()).token
  admin = (await makeTennisPlayer({ role: 'admin' })).token
})
afterAll(() => app.close())

const NUMBER_POISONS: readonly [string, number][] = [
  ['2147483648', 2147483648],
  ['2^53', 2 ** 53],
  ['-1', -1],
  ['1.5', 1.5],
]
const LONG_TEXT = 'x'.repeat(10_000)
const TEXT_POISONS: readonly [string, string][] = [
  ['NUL', 'ab\u0000cd'],
  ['surrogato isolato', 'ab\ud800cd'],
  ['ESC', 'ab\u001bcd'],
  ['10.000 caratteri', LONG_TEXT],
]
const DATE_POISONS: readonly [string, string][] = [
  ['275760-01-01', '275760-01-01'],
  ['2026-02-30', '2026-02-30'],
]

/** Date fields by the contract's naming: data_*, dal, al, *_il. */
const isDateField = (leaf: Leaf) => /^(data(_\w+)?|dal|al|\w+_il)$/.test(String(leaf.path.at(-1)))

/** The poisons a leaf must refuse: numbers for numbers; NUL and a huge text for texts; impossible dates for dates. */
function poisonsOf(leaf: Leaf): readonly [string, unknown][] {
  if (leaf.kind === 'number') return NUMBER_POISONS
  return isDateField(leaf) ? [...TEXT_POISONS, ...DATE_POISONS] : TEXT_POISONS
}

type Outcome = { where: string; status: number; message: unknown }

describe('hostile values in request fields', () => {
  it('find a field to poison in every endpoint that has fields, and a valid body around each', () => {
    const missing: string[] = []
    for (const endpoint of Object.values(endpoints))
      for (const leaf of leaves(endpoint.request.ast))
        if (bodyWith(endpoint.request.ast, leaf.path) === undefined)
          missing.push(`${endpoint.path} ${leaf.path.join('.')}`)
    // A field no sample fits: add a plausible value to tests/support/request-fields.ts.
    expect(missing).toEqual([])
  })

  it('answer 400 with an Italian message on every endpoint, signed in or not, never 500', async () => {
    const wrong: Outcome[] = []
    let sent = 0
    for (const endpoint of Object.values(endpoints)) {
      for (const leaf of leaves(endpoint.request.ast)) {
        for (const [label, poison] of poisonsOf(leaf)) {
          const body = bodyWith(endpoint.request.ast, leaf.path, poison)
          if (body === undefined) continue
          // A long text a field admits (a news body) is no poison there: any answer but a 500 will do.
          const admitted = poison === LONG_TEXT && Result.isSuccess(decode(endpoint.request, body))
          for (const [who, token] of [
            ['anonimo', undefined],
            ['giocatore', player],
            ['admin', admin],
          ] as const) {
            const response = await call(app, endpoint.path, body, token)
            sent++
            const field = leaf.path.join('.')
            const expected = endpoint.access === 'user' && !token ? 401 : admitted ? response.status : 400
            const { statusCode, message } = response.body
            const answered =
              response.status === expected &&
              response.status < 500 &&
              statusCode === response.status &&
              typeof message === 'string' &&
              !ENGLISH.test(message) &&
              (response.status === 401 ? message === MESSAGES.unauthorized : true) &&
              // Refused by the contract at that field: a handler's own 400 (no opponent named) is not the refusal.
              (response.status === 400 && !admitted ? message.includes(`«${field}»`) : true)
            if (!answered && !(admitted && response.status === 200))
              wrong.push({
                where: `${endpoint.path} ${field}=${label} (${who})`,
                status: response.status,
                message,
              })
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(500)
    expect(wrong.map((w) => `${w.status} ${w.where}: ${String(w.message).slice(0, 120)}`)).toEqual([])
  })
})

describe('hostile ids and dates in the paths and queries of the GET routes outside the API', () => {
  const BIG = ['2147483648', '9999999999', String(2 ** 53), '-1', '1.5', '0', '1e3', '%00']
  const paths = [
    ...BIG.flatMap((id) => [
      ...['locandina', 'tabellone', 'gironi', 'calendario'].map((p) => `/stampe/tornei/${id}/${p}.pdf`),
      `/stampe/circuiti/${id}/classifica.pdf`,
      `/stampe/circuiti/${id}/classifica.csv`,
      `/calendario/tornei/${id}.ics`,
      `/opendata/tornei/${id}/tods.json`,
      `/calendario/feed/tornei.ics?id_settore=${id}`,
      `/calendario/feed/tornei.ics?id_settore=1&id_circolo=${id}`,
      `/calendario/feed/tornei.ics?id_settore=1&id_circuito=${id}`,
      `/media/news/${id}.jpg`,
      `/documenti/regolamenti/tennis/${id}.pdf`,
    ]),
    ...['275760-01-01', '2026-02-30', '0000-01-01', '%00'].flatMap((day) => [
      `/calendario/feed/tornei.ics?id_settore=1&dal=${day}`,
      `/calendario/feed/tornei.ics?id_settore=1&al=${day}`,
    ]),
    '/calendario/feed/tornei.ics?id_settore=1&regione=Lazio%00',
    '/calendario/feed/iscrizioni/abcdefghijklmnopqrstu%00.ics',
  ]

  it('answer 400 or 404 with an Italian message, never 500', async () => {
    const wrong: string[] = []
    for (const url of paths) {
      const response = await app.inject({ method: 'GET', url })
      const body = response.headers['content-type']?.toString().includes('json')
        ? (response.json() as { statusCode?: unknown; message?: unknown })
        : {}
      const ok =
        (response.statusCode === 400 || response.statusCode === 404) &&
        body.statusCode === response.statusCode &&
        typeof body.message === 'string' &&
        !ENGLISH.test(body.message)
      if (!ok)
        wrong.push(`${response.statusCode} ${url}: ${String(body.message ?? response.body.slice(0, 80))}`)
    }
    expect(wrong).toEqual([])
  })
})
