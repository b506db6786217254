// The draws repository called directly, as the routes do after their own checks: it refuses a tournament that
// does not exist itself (a bad request, not a crash), so no caller that skips the route's question can announce
// or draw nothing. Stryker mutates these lines (`npm run mutation:repositories`).
import { describe, expect, it } from 'vitest'
import { DrawRuleError } from '../../server/domain/draws.ts'
import { createRepositories } from '../../server/repositories/index.ts'
import { testDatabase } from '../support/server.ts'

describe('the draws repository', () => {
  it('refuses to announce or draw a tournament that does not exist, as a bad request', async () => {
    const { db } = await testDatabase()
    const { draws } = createRepositories(db)
    for (const step of ['announce', 'make'] as const) {
      const refusal = await draws[step](99_999_999, new Date()).catch((error: unknown) => error)
      expect(refusal).toBeInstanceOf(DrawRuleError)
      expect({ step, refusal }).toMatchObject({
        step,
        refusal: { message: 'Torneo non trovato', kind: 'invalid' },
      })
    }
  })
})
