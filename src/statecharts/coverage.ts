// The flow-coverage report (reports/flow-coverage.json, written by `npm run flows`) as the viewer overlays it.
// Read defensively: the report's shape grows with the generator, so only what is recognised is used.
import { sentenceOf } from './narrate.ts'

export interface CoveragePath {
  description: string
  /** Readable steps, when the report gives them. */
  steps: string[]
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

/** Parses the report; unknown shapes give an empty report rather than an error. */
export function parseCoverage(json: unknown): CoverageReport {
  const report: CoverageReport = new Map()
  const list = Array.isArray(json)
    ? json
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
