/**
 * How many cases a property test draws. PROPERTY_RUNS (set by vitest.mutation.config.ts) caps every count: under
 * Stryker a property test runs once per mutant it covers, and a handful of drawn cases kills the mutants the
 * full count kills while costing a fraction of the time; the ordinary run keeps the counts written in the tests.
 */
const cap = Number(process.env.PROPERTY_RUNS) || undefined

export const runs = (numRuns: number): { numRuns: number } => ({
  numRuns: cap === undefined ? numRuns : Math.min(numRuns, cap),
})
