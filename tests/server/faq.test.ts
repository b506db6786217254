import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DISCIPLINE_IDS, DISCIPLINES } from '../../contract/constants.ts'
import { faq } from '../../server/db/schema/content.ts'
import { disciplines } from '../../server/db/schema/core.ts'
import { buildTestApp, call, createAccount, testDatabase, tokenFor } from '../support/server.ts'

type Item = { id: number; categoria: string; domanda: string; risposta: string; disciplina: string | null }
type List = { results: Item[]; record: number }

let app: FastifyInstance

// Every fixture mentions «zefirino», a word no real FAQ uses, so the assertions hold whatever the seed adds.
const FIXTURES = [
  {
    disciplineId: null,
    domanda: 'Come ottengo il rimborso zefirino della quota?',
    risposta: 'Lo chiedi al circolo.',
  },
  {
    disciplineId: null,
    domanda: 'Dove trovo il modulo?',
    risposta: 'Nella sezione zefirino della pagina Assistenza.',
  },
  {
    disciplineId: null,
    domanda: 'Chi risponde alle richieste zefirino?',
    risposta: 'La segreteria federale.',
  },
  {
    disciplineId: null,
    domanda: 'Quanto tempo serve per la pratica zefirino?',
    risposta: 'Di solito 5 giorni.',
  },
  {
    disciplineId: DISCIPLINE_IDS.TENNIS,
    domanda: 'Zefirino nel tennis?',
    risposta: 'Vale per i tornei OPEN.',
  },
  { disciplineId: DISCIPLINE_IDS.PADEL, domanda: 'Zefirino nel padel?', risposta: 'Vale per i doppi.' },
  { disciplineId: DISCIPLINE_IDS.BEACH_TENNIS, domanda: 'Zefirino nel beach?', risposta: 'Vale in estate.' },
  {
    disciplineId: DISCIPLINE_IDS.PICKLEBALL,
    domanda: 'Zefirino nel pickleball?',
    risposta: 'Vale per tutti.',
  },
]

beforeAll(async () => {
  const { db } = await testDatabase()
  // The reference data may not be seeded yet: the FAQ rows need their disciplines.
  await db
    .insert(disciplines)
    .values(DISCIPLINES.map((d, i) => ({ id: d.id, codice: d.codice, nome: d.nome, ordine: i + 1 })))
    .onConflictDoNothing()
  await db.insert(faq).values([
    ...FIXTURES.map((f, i) => ({
      disciplineId: f.disciplineId,
      categoria: i < 4 ? 'Rimborsi' : 'Discipline',
      question: f.domanda,
      answer: f.risposta,
      ordine: 900 + i,
    })),
    {
      disciplineId: null,
      categoria: 'Rimborsi',
      question: 'Bozza zefirino non pubblicata',
      answer: 'Non deve comparire.',
      ordine: 999,
      published: false,
    },
  ])
  app = await buildTestApp()
})
afterAll(() => app.close())

async function list(body: unknown, token?: string): Promise<List> {
  const response = await call(app, 'faq/list', body, token)
  expect(response.status).toBe(200)
  return response.body as unknown as List
}

describe('faq/list', () => {
  it('returns the general questions and those of the chosen discipline only', async () => {
    const padel = await list({ filters: { disciplina: 'padel', testo: 'zefirino' } })
    expect(padel.record).toBe(5)
    expect(padel.results.map((r) => r.disciplina).sort()).toEqual([null, null, null, null, 'padel'].sort())
    expect(padel.results.find((r) => r.disciplina === 'padel')).toMatchObject({
      categoria: 'Discipline',
      domanda: 'Zefirino nel padel?',
      risposta: 'Vale per i doppi.',
    })

    const all = await list({ filters: { testo: 'zefirino' } })
    expect(all.record).toBe(8)
    expect(new Set(all.results.map((r) => r.disciplina))).toEqual(
      new Set([null, 'tennis', 'padel', 'beach-tennis', 'pickleball']),
    )
  })

  it('never returns unpublished questions', async () => {
    const all = await list({ filters: { testo: 'bozza zefirino' }, fetchrows: 100 })
    expect(all.results.map((r) => r.domanda)).not.toContain('Bozza zefirino non pubblicata')
  })

  it('filters the discipline also without a search', async () => {
    const tennis = await list({ filters: { disciplina: 'tennis' }, fetchrows: 100 })
    expect(tennis.record).toBeGreaterThanOrEqual(5)
    expect(tennis.results.every((r) => r.disciplina === null || r.disciplina === 'tennis')).toBe(true)
    expect(tennis.results.map((r) => r.domanda)).toContain('Zefirino nel tennis?')
    expect(tennis.results.map((r) => r.domanda)).not.toContain('Zefirino nel padel?')
  })

  it('searches questions and answers in Italian, by stem and by prefix while typing', async () => {
    // «rimborsi» finds «rimborso» (Italian stemming), in the question.
    const stem = await list({ filters: { testo: 'rimborsi zefirino' } })
    expect(stem.results.map((r) => r.domanda)).toEqual(['Come ottengo il rimborso zefirino della quota?'])
    // Half-typed words: «rimbor zefiri».
    const prefix = await list({ filters: { testo: 'RIMBOR zefiri' } })
    expect(prefix.results.map((r) => r.domanda)).toEqual(['Come ottengo il rimborso zefirino della quota?'])
    // A word found only in the answer.
    const answer = await list({ filters: { testo: 'sezione zefirino' } })
    expect(answer.results.map((r) => r.domanda)).toEqual(['Dove trovo il modulo?'])
    // Nothing matches.
    const none = await list({ filters: { testo: 'zefirino inesistentissimo' } })
    expect(none).toEqual({ results: [], record: 0 })
  })

  it('takes pattern characters literally and treats a blank search as no search', async () => {
    const percent = await list({ filters: { testo: '%%%' }, fetchrows: 100 })
    expect(percent.results.every((r) => `${r.domanda} ${r.risposta}`.includes('%%%'))).toBe(true)
    const blank = await list({ filters: { disciplina: 'padel', testo: '   ' }, fetchrows: 100 })
    const unfiltered = await list({ filters: { disciplina: 'padel' }, fetchrows: 100 })
    expect(blank).toEqual(unfiltered)
  })

  it('pages with rowstoskip and fetchrows, with the total in record', async () => {
    const all = await list({ filters: { testo: 'zefirino' }, fetchrows: 100 })
    const pages = await Promise.all(
      [0, 3, 6].map((rowstoskip) => list({ filters: { testo: 'zefirino' }, rowstoskip, fetchrows: 3 })),
    )
    expect(pages.map((p) => p.results.length)).toEqual([3, 3, 2])
    expect(pages.every((p) => p.record === 8)).toBe(true)
    expect(pages.flatMap((p) => p.results.map((r) => r.id))).toEqual(all.results.map((r) => r.id))
    const beyond = await list({ filters: { testo: 'zefirino' }, rowstoskip: 50 })
    expect(beyond).toEqual({ results: [], record: 8 })
  })

  it('is public, and works with a token too', async () => {
    const account = await createAccount()
    const signedIn = await list(
      { filters: { testo: 'zefirino', disciplina: 'padel' } },
      await tokenFor(account),
    )
    expect(signedIn.record).toBe(5)
  })

  it('refuses a bad body with an Italian 400', async () => {
    const cases: [unknown, string][] = [
      [{ filters: { disciplina: 'squash' } }, '«filters.disciplina» deve essere una disciplina'],
      [{ filters: { testo: 'x'.repeat(101) } }, '«filters.testo» deve avere al massimo 100 caratteri'],
      [{ fetchrows: 500 }, '«fetchrows» deve essere un intero tra 1 e 100'],
      [{ rowstoskip: -1 }, '«rowstoskip» deve essere un intero tra 0 e 2147483647'],
      [{ filters: { cerca: 'tessera' } }, '«filters.cerca» non è previsto'],
      ['"tessera"', 'il corpo della richiesta deve essere un oggetto JSON'],
    ]
    for (const [body, message] of cases) {
      const response = await call(app, 'faq/list', body)
      expect({ body, status: response.status, statusCode: response.body.statusCode }).toEqual({
        body,
        status: 400,
        statusCode: 400,
      })
      expect(response.body.message).toMatch(/^Richiesta non valida: /)
      expect(response.body.message).toContain(message)
    }
  })
})
