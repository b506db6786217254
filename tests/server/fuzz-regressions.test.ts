// The 5xx that the schema-driven fuzzing (schema-fuzz.test.ts, issue 24 item 4) found, one case each, so that each
// fix stays proved by a fast test of its own: every body here is one the request schema of its endpoint accepted
// (or now refuses, when the fix was in the contract) and that the server answered with a 500.
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isReadableMessage } from '../../contract/common.ts'
import { makeTennisPlayer } from '../support/players.ts'
import { buildTestApp, call } from '../support/server.ts'

let app: FastifyInstance
let token: string
beforeAll(async () => {
  app = await buildTestApp()
  token = (await makeTennisPlayer()).token
})
afterAll(() => app.close())

const FOUND: readonly [string, string, Record<string, unknown>, number][] = [
  // A region's id is a smallint column: 2147483647 passed the contract's Id and broke the query.
  ['squadre/campionati/list', 'a region id past smallint', { id_settore: 1, id_zona: 2147483647 }, 400],
  ['squadre/tornei/list', 'a region id past smallint', { rowstoskip: 15, id_zona: 2147483646 }, 400],
  ['squadre/tornei/list', 'the largest region id', { id_zona: 32767 }, 200],
  // The ranking's window (one row either side of the page) went past int32 at the last page of the range.
  [
    'classifiche/societa/list',
    'a page at the end of int32',
    { id_settore: 1, rowstoskip: 2147483646, regione: 'Lazio', tipo_societa: 'monodisciplina' },
    200,
  ],
  // A denormal coordinate (the contract took any finite number) underflowed PostgreSQL's float8 in the distance.
  [
    'ricerca_circoli',
    'a denormal latitude',
    { id_settore: 2, provincia: 'RM', latitudine: -5.4e-323, longitudine: -5 },
    200,
  ],
]

describe('bodies the fuzzing answered with a 500', () => {
  for (const [path, what, body, status] of FOUND)
    it(`${path}: ${what} → ${status}`, async () => {
      const response = await call(app, path, body, token)
      expect(response.status).toBe(status)
      expect(response.status < 400 || isReadableMessage(response.body.message)).toBe(true)
    })
})
