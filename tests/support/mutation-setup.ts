import * as fc from 'fast-check'

/**
 * The setup of `npm run mutation` only: the property tests that name no count draw PROPERTY_RUNS cases (fast-check
 * draws 100 by default), those that name one go through `runs()` (tests/support/property-runs.ts), capped alike.
 */
fc.configureGlobal({ numRuns: Number(process.env.PROPERTY_RUNS) || 100 })
