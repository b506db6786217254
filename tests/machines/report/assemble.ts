// The flow report's content (issue 22): each machine explored with its model (paths, tour, coverage), each
// path with where the suites ran it and how it ended, the requirement trace with a status per requirement, the
// transitions no requirement claims, and the verdict a release is signed on. The pages (pages.ts) and the
// exports (exports.ts) only lay it out. Plain TypeScript: `npm run flows` runs it with tsx.
import type { machines } from '../../../machines/index.ts'
import { type GraphTransition, machineGraph } from '../../../src/statecharts/graph.ts'
import {
  type ExecutedPath,
  type ExecutedTour,
  type MachineModel,
  type TransitionInfo,
  exploreModel,
  planTour,
  runTour,
  statesOf,
  titleOf,
  transitionsOf,
} from '../coverage.ts'
import {
  type Claim,
  REQUIREMENTS,
  type Requirement,
  UNCLAIMED_REASONS,
  claimsOf,
  specOf,
} from '../requirements.ts'
import {
  BROWSER_JOURNEYS,
  type Outcome,
  type PathRun,
  type SuiteResults,
  type TestResult,
  runsOfPath,
  statusOf,
} from './results.ts'

export type Entry = (typeof machines)[number]
export type Counts = { covered: number; total: number }
export type PathStatus = Outcome | 'non eseguito'
/** A step with its event in Italian (the machine's vocabulary, as the viewer labels it), null for the start. */
export type ReportStep = ExecutedPath['steps'][number] & { eventText: string | null }
export type ReportPath = Omit<ExecutedPath, 'trace' | 'steps'> & {
  steps: ReportStep[]
  /** 1-based, stable within a run: the path's number on its machine's pages. */
  number: number
  /** Where the suites ran it (model, view, server replay) and how it ended. */
  runs: PathRun[]
  status: PathStatus
  /** Paths with the same sequence of states and events (differing only in data) share it: they fold together. */
  group: string
}
export type ReportTour = Omit<ExecutedTour, 'segments' | 'steps'> & {
  steps: (ExecutedTour['steps'][number] & { eventText: string | null })[]
  transitionsTaken: Counts
  statesTaken: Counts
}

export interface MachineReport {
  id: string
  title: string
  description: string
  hasModel: boolean
  states: Counts
  transitions: Counts
  stateDetails: { id: string; title: string | null; covered: boolean; spec: string[] }[]
  transitionDetails: (TransitionInfo & {
    /** The event in Italian, and the guard in Italian (as the viewer labels them). */
    label: string
    guardText: string | null
    sourceTitle: string | null
    targetTitles: (string | null)[]
    covered: boolean
    spec: string[]
  })[]
  notCovered: { states: string[]; transitions: string[] }
  scenarios: string[]
  paths: ReportPath[]
  tour: ReportTour | null
  /** The report's own run: paths and the tour that failed on a real actor. */
  failures: { description: string; error: string }[]
  /** Journeys in the browser that walk this machine's flows (by machine: they are not one path each). */
  journeys: TestResult[]
}

export type RequirementStatus = 'passato' | 'fallito' | 'non coperto'

export interface RequirementReport extends Requirement {
  claims: (Claim & { label: string })[]
  /** Indices into the machine's `paths`, by machine id. */
  paths: Record<string, number[]>
  /** Machines whose tour exercises the requirement. */
  tours: string[]
  /** The tests the requirement names itself (a level no machine draws: the router), with their results. */
  testResults: (TestResult | { file: string; name: string; outcome: 'non eseguito' })[]
  status: RequirementStatus
  /** Paths that exercise it and failed, as «machine n». */
  failedPaths: string[]
}

export interface UnclaimedTransition {
  machine: string
  key: string
  label: string
  reason: string | null
}

export interface FlowReport {
  generatedAt: string
  commit: string | null
  machines: MachineReport[]
  requirements: RequirementReport[]
  unclaimed: UnclaimedTransition[]
  /** The suites' runs the report read (reports/vitest.json, reports/playwright.json). */
  runs: SuiteResults['runs']
  totals: Totals
}

export interface Totals {
  machines: number
  paths: number
  /** Paths failed (in the report's run or in the suites), plus the report's own tour failures. */
  failedPaths: number
  /** Every failed test of the suites, path or not, plus the report's own failures. */
  failed: number
  requirements: number
  requirementsCovered: number
  requirementsFailed: number
  states: Counts
  transitions: Counts
  transitionsClaimed: number
}

const count = (covered: number, total: number): Counts => ({ covered, total })

/** Eventless transitions are taken at once: the report says so in Italian. */
export const eventName = (event: string) => (event === '(always)' ? 'subito' : event)

/** The registry entry's title when it has one (entries may gain it), else its description. */
const titleOfEntry = (entry: Entry) => (entry as { title?: string }).title ?? entry.description

/** The fold key of a path: its scenario's shape aside, the states it reaches and the event types it sends. */
export function groupOf(steps: readonly { eventType: string; state: unknown }[]): string {
  return steps.map((step) => `${step.eventType}>${JSON.stringify(step.state)}`).join('|')
}

/** The name of the tour's failure in `failures`. */
const TOUR = 'Giro completo'

/** Explores one machine with its model: the paths and the tour run on a real actor (the report's own run). */
export async function exploreMachine(entry: Entry, model: MachineModel | undefined) {
  const explored = model ? await exploreModel(model) : null
  const failures = [...(explored?.failures ?? [])]
  let tour: ExecutedTour | null = null
  if (model) {
    try {
      tour = await runTour(model, planTour(model, explored?.executed ?? []))
    } catch (error) {
      failures.push({
        description: TOUR,
        error: error instanceof Error ? error.message : String(error),
      })
    }
  }
  return { entry, hasModel: model !== undefined, explored, tour, failures }
}

/** One machine's report, with the suites' results for its paths. */
export function machineReport(
  explored: Awaited<ReturnType<typeof exploreMachine>>,
  results: SuiteResults,
): MachineReport {
  const { entry, tour, failures } = explored
  const { machine } = entry
  const executed = explored.explored?.executed ?? []
  const coveredStates = new Set(explored.explored?.coverage.states.covered ?? [])
  const coveredTransitions = new Set(explored.explored?.coverage.transitions.covered ?? [])
  const stateDetails = statesOf(machine).map((id) => ({
    id,
    title: titleOf(machine, id),
    covered: coveredStates.has(id),
    spec: specOf(machine.getStateNodeById(id).meta),
  }))
  const claims = claimsOf(machine)
  const graph = new Map<string, GraphTransition>(
    machineGraph(machine, entry.labels).transitions.map((t) => [t.key, t]),
  )
  const eventText = <T extends { eventType: string; transitions: string[] }>(step: T) => ({
    ...step,
    eventText:
      step.eventType === 'xstate.init'
        ? null
        : (step.transitions.map((key) => graph.get(key)).find((t) => t?.event === step.eventType)?.label ??
          entry.labels.events[step.eventType] ??
          step.eventType),
  })
  const transitionDetails = transitionsOf(machine).map((t) => ({
    ...t,
    label: graph.get(t.key)?.label ?? eventName(t.event),
    guardText: graph.get(t.key)?.guard ?? t.guard,
    sourceTitle: titleOf(machine, t.source),
    targetTitles: t.targets.map((target) => titleOf(machine, target)),
    covered: coveredTransitions.has(t.key),
    spec: claims.filter((c) => c.kind === 'transition' && c.target === t.key).map((c) => c.requirement),
  }))
  const descriptions = executed.map((p) => p.description)
  const journeyFiles = new Set(BROWSER_JOURNEYS[entry.id] ?? [])
  return {
    id: entry.id,
    title: titleOfEntry(entry),
    description: entry.description,
    hasModel: explored.hasModel,
    states: count(coveredStates.size, stateDetails.length),
    transitions: count(coveredTransitions.size, transitionDetails.length),
    stateDetails,
    transitionDetails,
    notCovered: {
      states: stateDetails.filter((s) => !s.covered).map((s) => s.id),
      transitions: transitionDetails.filter((t) => !t.covered).map((t) => t.key),
    },
    scenarios:
      explored.explored?.planned.map((p) => p.scenario.name).filter((n, i, all) => all.indexOf(n) === i) ??
      [],
    paths: executed.map(({ trace: _trace, ...rest }, i) => {
      const runs = runsOfPath(entry.id, rest.description, results, descriptions)
      return {
        ...rest,
        number: i + 1,
        steps: rest.steps.map(eventText),
        runs,
        status: statusOf('passato', runs),
        group: groupOf(rest.steps),
      }
    }),
    tour: tour && {
      description: tour.description,
      length: tour.length,
      restarts: tour.restarts,
      steps: tour.steps.map(eventText),
      transitions: tour.transitions,
      states: tour.states,
      transitionsTaken: count(
        transitionDetails.filter((t) => tour.transitions.includes(t.key)).length,
        transitionDetails.length,
      ),
      statesTaken: count(stateDetails.filter((s) => tour.states.includes(s.id)).length, stateDetails.length),
    },
    failures,
    journeys: results.tests.filter((t) => journeyFiles.has(t.file)),
  }
}

function claimLabel(report: MachineReport, claim: Claim): string {
  if (claim.kind === 'state') {
    return report.stateDetails.find((s) => s.id === claim.target)?.title ?? claim.target
  }
  const t = report.transitionDetails.find((x) => x.key === claim.target)
  if (!t) return claim.target
  const to = t.targetTitles.map((title, i) => title ?? t.targets[i]).join(', ') || 'resta'
  return `${t.sourceTitle ?? t.source} —${t.label}${t.guardText ? ` se ${t.guardText}` : ''}→ ${to}`
}

/**
 * Each requirement with the claims behind it, the paths and tours that exercise them, the tests it names, and
 * its status: failed when a path exercising it or a test it names failed, passed when one passed, else not
 * covered.
 */
export function traceRequirements(
  entries: readonly Entry[],
  reports: readonly MachineReport[],
  results: SuiteResults,
  requirements: readonly Requirement[] = REQUIREMENTS,
): RequirementReport[] {
  const claims = entries.flatMap((entry) => claimsOf(entry.machine))
  const exercises = (claim: Claim, p: { states: string[]; transitions: string[] }) =>
    claim.kind === 'state' ? p.states.includes(claim.target) : p.transitions.includes(claim.target)
  return requirements.map((requirement) => {
    const own = claims.filter((c) => c.requirement === requirement.id)
    const paths: Record<string, number[]> = {}
    const tours: string[] = []
    const failedPaths: string[] = []
    let passedPaths = 0
    for (const report of reports) {
      const mine = own.filter((c) => c.machine === report.id)
      if (mine.length === 0) continue
      paths[report.id] = report.paths.flatMap((p, i) => (mine.some((c) => exercises(c, p)) ? [i] : []))
      for (const i of paths[report.id]!) {
        const status = report.paths[i]!.status
        if (status === 'fallito') failedPaths.push(`${report.id} ${i + 1}`)
        if (status === 'passato') passedPaths++
      }
      if (report.tour && mine.some((c) => exercises(c, report.tour!))) tours.push(report.id)
      if (report.failures.length > 0)
        failedPaths.push(...report.failures.map((f) => `${report.id}: ${f.description}`))
    }
    const testResults = (requirement.tests ?? []).map(
      (wanted) =>
        results.tests.find((t) => t.file === wanted.file && t.name === wanted.name) ?? {
          ...wanted,
          outcome: 'non eseguito' as const,
        },
    )
    const testsFailed = testResults.some((t) => t.outcome === 'fallito')
    const testsPassed = testResults.some((t) => t.outcome === 'passato')
    const status: RequirementStatus =
      failedPaths.length > 0 || testsFailed
        ? 'fallito'
        : passedPaths > 0 || testsPassed
          ? 'passato'
          : 'non coperto'
    return {
      ...requirement,
      claims: own.map((c) => ({
        ...c,
        label: claimLabel(
          reports.find((r) => r.id === c.machine)!,
          c,
        ),
      })),
      paths,
      tours,
      testResults,
      status,
      failedPaths,
    }
  })
}

/** The transitions no requirement claims, with the reason given for their machine when there is one. */
export function unclaimedTransitions(reports: readonly MachineReport[]): UnclaimedTransition[] {
  return reports.flatMap((m) =>
    m.transitionDetails
      .filter((t) => t.spec.length === 0)
      .map((t) => ({
        machine: m.id,
        key: t.key,
        label: `${t.sourceTitle ?? t.source} —${t.label}→ ${t.targetTitles.map((title, i) => title ?? t.targets[i]).join(', ') || 'resta'}`,
        reason: UNCLAIMED_REASONS[m.id] ?? null,
      })),
  )
}

export function totalsOf(
  reports: readonly MachineReport[],
  requirements: readonly RequirementReport[],
  results: SuiteResults,
): Totals {
  const suiteFailures = results.tests.filter((t) => t.outcome === 'fallito')
  // A failing path test is one failure, whether the report's run also failed it or not.
  const ownFailures = reports
    .flatMap((m) => m.failures)
    .filter((f) => !suiteFailures.some((t) => t.title === f.description))
  return {
    machines: reports.length,
    // The paths the report ran, those that failed in its own run included (the tour is not a path).
    paths: reports.reduce(
      (sum, m) => sum + m.paths.length + m.failures.filter((f) => f.description !== TOUR).length,
      0,
    ),
    failedPaths: reports.reduce(
      (sum, m) => sum + m.paths.filter((p) => p.status === 'fallito').length + m.failures.length,
      0,
    ),
    failed: suiteFailures.length + ownFailures.length,
    requirements: requirements.length,
    requirementsCovered: requirements.filter((r) => r.status !== 'non coperto').length,
    requirementsFailed: requirements.filter((r) => r.status === 'fallito').length,
    states: count(
      reports.reduce((s, m) => s + m.states.covered, 0),
      reports.reduce((s, m) => s + m.states.total, 0),
    ),
    transitions: count(
      reports.reduce((s, m) => s + m.transitions.covered, 0),
      reports.reduce((s, m) => s + m.transitions.total, 0),
    ),
    transitionsClaimed: reports.reduce(
      (s, m) => s + m.transitionDetails.filter((t) => t.spec.length > 0).length,
      0,
    ),
  }
}

/** The one line a release is signed on. */
export function verdictOf(totals: Totals, reports: readonly MachineReport[]): { ok: boolean; text: string } {
  const complete = reports.every(
    (m) => m.hasModel && m.notCovered.states.length === 0 && m.notCovered.transitions.length === 0,
  )
  const ok =
    complete &&
    totals.failed === 0 &&
    totals.failedPaths === 0 &&
    totals.requirementsCovered === totals.requirements
  const machinesText = `${totals.machines} ${totals.machines === 1 ? 'macchina' : 'macchine'}`
  const failedText = `${totals.failedPaths} ${totals.failedPaths === 1 ? 'percorso fallito' : 'percorsi falliti'}`
  const testsText =
    totals.failed > totals.failedPaths
      ? `, ${totals.failed} ${totals.failed === 1 ? 'test fallito' : 'test falliti'} in tutto`
      : ''
  const reqText = `${totals.requirementsCovered} requisiti su ${totals.requirements} coperti${
    totals.requirementsFailed > 0 ? ` (${totals.requirementsFailed} falliti)` : ''
  }`
  const gaps = complete ? '' : ', copertura di stati e transizioni incompleta'
  return {
    ok,
    text: `${ok ? 'Rilascio firmabile' : 'Rilascio da non firmare'}: ${machinesText}, ${failedText}${testsText}, ${reqText}${gaps}`,
  }
}

/** The whole report, from the explored machines and the suites' results. */
export function assemble(
  entries: readonly Entry[],
  explored: readonly Awaited<ReturnType<typeof exploreMachine>>[],
  results: SuiteResults,
  meta: { generatedAt: string; commit: string | null },
  requirements: readonly Requirement[] = REQUIREMENTS,
): FlowReport {
  const machinesReports = explored.map((e) => machineReport(e, results))
  const traced = traceRequirements(entries, machinesReports, results, requirements)
  return {
    ...meta,
    machines: machinesReports,
    requirements: traced,
    unclaimed: unclaimedTransitions(machinesReports),
    runs: results.runs,
    totals: totalsOf(machinesReports, traced, results),
  }
}
