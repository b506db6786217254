/**
 * Named runs of `npm run mutation` (MUTATION_SET=<name>): the lines to mutate and the test files that pin them,
 * kept together so a run is one command (`npm run mutation:repositories`) instead of two long variables to copy.
 * Read by stryker.config.mjs (the lines) and vitest.mutation.config.ts (the tests); docs/mutazioni.md says what
 * each set covers and what it measured.
 */
export interface MutationSet {
  /** Files or line ranges (`file:from-to`), as Stryker's `mutate` takes them. */
  readonly mutate: readonly string[]
  /** Test files (globs); under tests/server they run with the server's database setup. */
  readonly tests: readonly string[]
}

export const MUTATION_SETS: Readonly<Record<string, MutationSet>> = {
  /**
   * The rule checks written in the repositories (SQL and the refusals around it), not the whole files: their
   * tests are server tests that open a database, seconds per run, so only these lines are mutated. The row locks
   * (`FOR UPDATE`) only matter on PostgreSQL: run it with DATABASE_URL set.
   */
  repositories: {
    mutate: [
      // Who may be invited to a challenge (a valid card, visible in searches), the row lock, the 20 pending.
      'server/repositories/challenges.ts:101-122',
      'server/repositories/challenges.ts:153-156',
      'server/repositories/challenges.ts:410-414',
      // A card of the discipline valid today; hidden players out of searches.
      'server/repositories/person-search.ts:30-40',
      // The lifecycles' row locks: how each row is read (enrolments lock the tournament's row), and each change
      // asking for the lock (`true` → `false` is the lock removed: only concorrenza.test.ts on PostgreSQL sees it).
      'server/repositories/enrolments.ts:100-100',
      'server/repositories/partner-search.ts:110-110',
      'server/repositories/ties.ts:93-93',
      'server/repositories/draws.ts:78-78',
      'server/repositories/challenges.ts:498-498',
      'server/repositories/ties.ts:563-563',
      'server/repositories/enrolments.ts:436-436',
      'server/repositories/enrolments.ts:591-591',
      'server/repositories/partner-search.ts:596-596',
      'server/repositories/partner-search.ts:677-677',
      'server/repositories/partner-search.ts:801-801',
      // Who organises a tournament; the draw's announcement (refusals, a new seed when announced again).
      'server/repositories/draws.ts:120-133',
      'server/repositories/draws.ts:218-268',
      // The draw made only once, announced, with the entrants announced; a result only in a drawn draw, and not
      // in a group once the bracket was made from the groups.
      'server/repositories/draws.ts:273-283',
      'server/repositories/draws.ts:325-333',
      // Enrolment: the tournament must exist, one entry per player, only its players act on an entry, the places
      // left, a withdrawal refused from the first day unless the partner never accepted.
      'server/repositories/enrolments.ts:573-574',
      'server/repositories/enrolments.ts:605-606',
      'server/repositories/enrolments.ts:644-648',
      'server/repositories/enrolments.ts:660-663',
      // Circuit tie-breaks: matches won on court, a walkover is not played.
      'server/repositories/ranking-refresh.ts:616-624',
      'server/repositories/circuits.ts:248-288',
    ],
    tests: [
      'tests/server/sfide-regole.test.ts',
      'tests/server/concorrenza.test.ts',
      'tests/server/tabelloni.test.ts',
      'tests/server/tabelloni-repository.test.ts',
      'tests/server/circuiti.test.ts',
      'tests/server/iscrizioni.test.ts',
      'tests/server/privacy.test.ts',
    ],
  },
}

/** The set MUTATION_SET names, or undefined when it names none; an unknown name stops the run. */
export function mutationSet(name = process.env.MUTATION_SET): MutationSet | undefined {
  if (!name) return undefined
  const set = MUTATION_SETS[name]
  if (!set) throw new Error(`MUTATION_SET=${name}: no such set (${Object.keys(MUTATION_SETS).join(', ')})`)
  return set
}
