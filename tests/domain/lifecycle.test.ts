// Whose step a refused action was (docs/regole.md «Rifiuti: 403 e 409»): 403 when another party of the record
// could take it now, 409 when nobody else could, whatever the person asking could do.
import { describe, expect, it } from 'vitest'
import { refusalStatus } from '../../server/domain/lifecycle.ts'

type Step = { type: 'accetta'; by: number | null }

describe('refusalStatus', () => {
  it('is 403 when another party could take the step now', () => {
    const onlyTwo = (e: Step) => e.by === 2
    expect(refusalStatus(onlyTwo, { type: 'accetta', by: 1 }, [1, 2])).toBe(403)
  })

  it('is 409 when no other party could, even if the one asking could', () => {
    const onlyOne = (e: Step) => e.by === 1
    expect(refusalStatus(onlyOne, { type: 'accetta', by: 1 }, [1, 2])).toBe(409)
    expect(refusalStatus(() => false, { type: 'accetta', by: 1 }, [1, 2])).toBe(409)
  })
})
