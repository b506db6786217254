// The large public answers are written by fast-json-stringify from the contract's response schema
// (server/http/response-schema.ts): the JSON must be the one JSON.stringify gave before, and a field the contract
// does not name must not reach the client.
import Fastify, { type FastifyInstance } from 'fastify'
import { Schema } from 'effect'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../server/app.ts'
import { responseJsonSchema } from '../../server/http/response-schema.ts'
import { testConfig, testDatabase, seededTournamentWith } from '../support/server.ts'

type Json = Record<string, unknown>

let app: FastifyInstance
/** What each handler returned, before it was serialised (by URL). */
const returned = new Map<string, unknown>()
/** A URL whose answer gets a field the contract does not have, added after the handler (the leak test). */
const LEAK = 'fuori_contratto'
let leakUrl = ''

beforeAll(async () => {
  // Uncached, so every answer is an object that reaches the route's serializer.
  app = await buildApp({
    config: testConfig({ RESPONSE_CACHE: 'off' }),
    database: await testDatabase(),
    logger: false,
  })
  app.addHook('preSerialization', async (request, _reply, payload) => {
    returned.set(request.url, structuredClone(payload))
    if (request.url === leakUrl && typeof payload === 'object' && payload !== null) {
      const answer = payload as { results?: Json[] } & Json
      answer[LEAK] = 'segreto'
      if (answer.results?.[0]) answer.results[0][LEAK] = 'segreto'
    }
    return payload
  })
  await app.ready()
})
afterAll(() => app.close())

async function post(path: string, body: unknown) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/v1/${path}`,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  })
  expect({ path, status: response.statusCode }).toStrictEqual({ path, status: 200 })
  return { text: response.body, before: returned.get(`/api/v1/${path}`) }
}

async function aCircuit() {
  const { results } = JSON.parse((await post('circuiti/list', { id_settore: 1, fetchrows: 1 })).text) as {
    results: { id: number }[]
  }
  return results[0]!.id
}

/** Representative answers of every endpoint serialised from its schema: [label, path, body]. */
async function representative(): Promise<[string, string, Json][]> {
  const knockout = await seededTournamentWith('eliminazione')
  const groups = await seededTournamentWith('gironi')
  const circuit = await aCircuit()
  return [
    [
      'the calendar, a month of 100 rows',
      'tornei/list',
      { id_settore: 1, dal: '2000-01-01', fetchrows: 100 },
    ],
    ['the calendar, finished ones', 'tornei/list', { id_settore: 1, stato: 'concluso', fetchrows: 50 }],
    ['a knockout draw', 'tornei/tabelloni/view', { id_torneo: knockout }],
    ['a groups draw', 'tornei/tabelloni/view', { id_torneo: groups }],
    ['group standings', 'tornei/gironi_classifiche/list', { id_torneo: groups }],
    ['a circuit stages', 'tornei/circuiti/list', { id_settore: 1, id_circuito: circuit, fetchrows: 50 }],
    ['the entrants', 'tornei/iscritti/view', { id_torneo: knockout, fetchrows: 100 }],
    ['a tournament', 'tornei/dettaglio/view', { id: knockout }],
    ['a circuit', 'circuiti/view', { id: circuit }],
    [
      'a circuit standings',
      'circuiti/classifiche/list',
      { id_settore: 1, id_circuito: circuit, fetchrows: 100 },
    ],
  ]
}

describe('answers serialised from the response schema', () => {
  it('give the same JSON as JSON.stringify of what the handler returned', async () => {
    const cases = await representative()
    for (const [label, path, body] of cases) {
      const { text, before } = await post(path, body)
      expect({ label, returned: before !== undefined }).toStrictEqual({ label, returned: true })
      expect({ label, json: JSON.parse(text) }).toStrictEqual({
        label,
        json: JSON.parse(JSON.stringify(before)),
      })
    }
    // The month and the draw are not trivially small: the comparison covers real rows and matches.
    const month = JSON.parse((await post(cases[0]![1], cases[0]![2])).text) as { results: unknown[] }
    expect(month.results.length).toBeGreaterThan(20)
  })

  it('leave out a field the contract does not name, at the top and in a row', async () => {
    leakUrl = '/api/v1/tornei/list'
    const { text } = await post('tornei/list', { id_settore: 1, dal: '2000-01-01', fetchrows: 5 })
    leakUrl = ''
    const answer = JSON.parse(text) as { results: Json[] } & Json
    expect(answer.results.length).toBeGreaterThan(0)
    expect(text).not.toContain(LEAK)
    expect(answer.record).toBeGreaterThan(0)
  })
})

describe('responseJsonSchema', () => {
  const Row = Schema.Struct({
    id: Schema.Int,
    nome: Schema.NullOr(Schema.String),
    club: Schema.NullOr(Schema.Struct({ id: Schema.Int })),
    note: Schema.optionalKey(Schema.String),
  })

  it('writes null where the contract allows it, for a value and for an object (through Fastify)', async () => {
    const answer = {
      results: [
        { id: 1, nome: null, club: null },
        { id: 2, nome: 'A', club: { id: 3 }, note: 'x' },
      ],
    }
    const bare = Fastify()
    bare.post(
      '/',
      { schema: { response: { 200: responseJsonSchema(Schema.Struct({ results: Schema.Array(Row) })) } } },
      async () => answer,
    )
    const response = await bare.inject({ method: 'POST', url: '/' })
    await bare.close()
    expect(response.json()).toStrictEqual(answer)
  })

  it('turns «X or null» into a nullable X, and closes objects', () => {
    const schema = responseJsonSchema(Row) as {
      properties: Record<string, Json>
      additionalProperties: unknown
    }
    expect(schema.properties.nome).toMatchObject({ type: 'string', nullable: true })
    expect(schema.properties.club).toMatchObject({ type: 'object', nullable: true })
    expect(schema.properties.club).not.toHaveProperty('anyOf')
    expect(schema.additionalProperties).toBe(false)
  })
})
