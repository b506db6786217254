// The flow-coverage report (reports/flow-coverage.json, written by `npm run flows`) as the viewer overlays it.
// Read defensively: the report's shape grows with the generator, so only what is recognised is used.
import { sentenceOf } from './narrate.ts'

export interface CoveragePath {
  description: string
  /** Readable steps, when the report gives them. */
  steps: string[]
  /** How many steps it has (the compact report gives the number, not the steps). */
  length: number
  states: string[]
  transitions: string[]
  tour: boolean
}

export interface MachineCoverage {
  id: string
  title: string | null
  states: { covered: number; total: number } | null
  transitions: { covered: number; total: number } | null
  coveredStates: Set<string>
  coveredTransitions: Set<string>
  paths: CoveragePath[]
}

export type CoverageReport = Map<string, MachineCoverage>

type Json = Record<string, unknown>

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object'
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []

function counts(value: unknown): { covered: number; total: number } | null {
  if (!isObject(value)) return null
  const covered = Number(value.covered)
  const total = Number(value.total)
  return Number.isFinite(covered) && Number.isFinite(total) ? { covered, total } : null
}

function stepText(step: unknown): string | null {
  if (typeof step === 'string') return step
  if (!isObject(step)) return null
  // The step told as an expectation (who does what: what must then be true), when the report gives it.
  if (typeof step.head === 'string' && step.head)
    return sentenceOf({ head: step.head, then: strings(step.then) })
  // The event in Italian (the machine's vocabulary) when the report gives it, else as the test sent it.
  const event =
    typeof step.eventText === 'string' && step.eventText
      ? step.eventText
      : typeof step.event === 'string'
        ? step.event
        : null
  const titles = strings(step.titles)
  if (!event) return null
  return titles.length > 0 ? `${event} → ${titles.join(' › ')}` : event
}

function pathOf(value: unknown, index: number, tour: boolean): CoveragePath | null {
  if (!isObject(value)) return null
  const description =
    (typeof value.description === 'string' && value.description) ||
    (typeof value.name === 'string' && value.name) ||
    (tour ? 'Giro completo' : `Percorso ${index + 1}`)
  const steps = Array.isArray(value.steps)
    ? value.steps.map(stepText).filter((s): s is string => s !== null)
    : []
  return {
    description: tour ? `Giro completo: ${description}` : description,
    steps,
    length: typeof value.length === 'number' ? value.length : steps.length,
    states: strings(value.states),
    transitions: strings(value.transitions),
    tour,
  }
}

/** Per-item flags of an older report: `states: [{ id, covered }]`, `transitions: [{ key, covered }]`. */
function flagged(value: unknown, idKey: string): string[] {
  if (!Array.isArray(value)) return []
  return value
    .filter(
      (item): item is Json => isObject(item) && item.covered === true && typeof item[idKey] === 'string',
    )
    .map((item) => item[idKey] as string)
}

/**
 * The report as the viewer needs it, written beside the full one by `npm run flows`
 * (reports/statecharts-coverage.json) and served at /statecharts/flow-coverage.json: per machine its counts, and
 * each path as a line of Italian (its scenario and the steps' heads) with its states and transitions as
 * indices into the machine's lists. The full report (15 MB) carries every step's expectations, the runs and
 * the requirements, which the overlay does not show.
 */
export interface CompactCoverage {
  compatto: 1
  machines: {
    id: string
    title: string | null
    states: { covered: number; total: number } | null
    transitions: { covered: number; total: number } | null
    /** State ids and transition keys the paths name, in one list each. */
    stateIds: string[]
    transitionKeys: string[]
    /** [description, state indices, transition indices, number of steps, tour (1) or not (0)]. */
    paths: [string, number[], number[], number, 0 | 1][]
  }[]
}

/** Compacts the full report (tests/machines/report/assemble.ts's FlowReport, read as plain JSON). */
export function compactCoverage(json: unknown): CompactCoverage {
  const list = isObject(json) && Array.isArray(json.machines) ? json.machines : []
  const machines: CompactCoverage['machines'] = []
  for (const item of list) {
    if (!isObject(item) || typeof item.id !== 'string') continue
    const stateIds: string[] = []
    const transitionKeys: string[] = []
    const indexIn = (into: string[], value: string) => {
      const at = into.indexOf(value)
      return at >= 0 ? at : into.push(value) - 1
    }
    const compactPath = (
      value: unknown,
      tour: boolean,
    ): CompactCoverage['machines'][number]['paths'][number] | null => {
      if (!isObject(value)) return null
      const steps = Array.isArray(value.steps) ? value.steps : []
      const heads = steps
        .slice(1)
        .map((step) => (isObject(step) && typeof step.head === 'string' ? step.head : null))
        .filter((head): head is string => head !== null)
      const scenario = typeof value.scenario === 'string' && value.scenario ? value.scenario : null
      const number = typeof value.number === 'number' ? `Percorso ${value.number}` : null
      const description = tour
        ? typeof value.description === 'string'
          ? value.description
          : 'Giro completo'
        : [[number, scenario].filter(Boolean).join(', '), heads.join(' → ')].filter(Boolean).join(': ')
      return [
        description,
        strings(value.states).map((id) => indexIn(stateIds, id)),
        strings(value.transitions).map((key) => indexIn(transitionKeys, key)),
        steps.length,
        tour ? 1 : 0,
      ]
    }
    const paths = [
      compactPath(item.tour, true),
      ...(Array.isArray(item.paths) ? item.paths : []).map((p) => compactPath(p, false)),
    ].filter((p): p is NonNullable<typeof p> => p !== null)
    machines.push({
      id: item.id,
      title: typeof item.title === 'string' ? item.title : null,
      states: counts(item.states),
      transitions: counts(item.transitions),
      stateIds,
      transitionKeys,
      paths,
    })
  }
  return { compatto: 1, machines }
}

/** The compact report's paths, as the full report's are read. */
function expandCompact(json: CompactCoverage): Json[] {
  return json.machines.map((m) => {
    const paths = m.paths.map(([description, states, transitions, length, tour]) => ({
      description,
      states: states.map((i) => m.stateIds[i]),
      transitions: transitions.map((i) => m.transitionKeys[i]),
      length,
      tour: tour === 1,
    }))
    return {
      id: m.id,
      title: m.title,
      states: m.states,
      transitions: m.transitions,
      paths: paths.filter((p) => !p.tour),
      tour: paths.find((p) => p.tour) ?? null,
    }
  })
}

/** Parses the report, full or compact; unknown shapes give an empty report rather than an error. */
export function parseCoverage(json: unknown): CoverageReport {
  const report: CoverageReport = new Map()
  const list = Array.isArray(json)
    ? json
    : isObject(json) && json.compatto === 1 && Array.isArray(json.machines)
      ? expandCompact(json as unknown as CompactCoverage)
      : isObject(json) && Array.isArray(json.machines)
        ? json.machines
        : []
  for (const item of list) {
    if (!isObject(item) || typeof item.id !== 'string') continue
    const paths = (Array.isArray(item.paths) ? item.paths : [])
      .map((p, i) => pathOf(p, i, false))
      .filter((p): p is CoveragePath => p !== null)
    const tour = pathOf(item.tour, 0, true)
    if (tour) paths.unshift(tour)
    const coverage = isObject(item.coverage) ? item.coverage : {}
    const coveredStates = new Set([...paths.flatMap((p) => p.states), ...flagged(item.states, 'id')])
    const coveredTransitions = new Set([
      ...paths.flatMap((p) => p.transitions),
      ...flagged(item.transitions, 'key'),
    ])
    report.set(item.id, {
      id: item.id,
      title: typeof item.title === 'string' ? item.title : null,
      states: counts(item.states) ?? counts(coverage.states),
      transitions: counts(item.transitions) ?? counts(coverage.transitions),
      coveredStates,
      coveredTransitions,
      paths,
    })
  }
  return report
}

/** The paths of a machine that pass through a state, or take a transition. */
export function pathsCovering(
  coverage: MachineCoverage | undefined,
  item: { state: string } | { transition: string },
): CoveragePath[] {
  if (!coverage) return []
  return coverage.paths.filter((p) =>
    'state' in item ? p.states.includes(item.state) : p.transitions.includes(item.transition),
  )
}
