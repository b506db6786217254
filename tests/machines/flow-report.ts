// `npm run flows`: explores every machine of machines/index.ts with its model, runs each generated path on a
// real actor, and writes reports/flow-coverage.json (read by the statechart viewer's overlay) and
// reports/flow-coverage.html (read by QA): each machine, each path as steps with the Italian state titles,
// and what is not covered. Exits with 1 when a path fails or something is not covered.
import fs from 'node:fs'
import path from 'node:path'
import { machines } from '../../machines/index.ts'
import {
  type ExecutedPath,
  type TransitionInfo,
  exploreModel,
  percent,
  statesOf,
  titleOf,
  transitionsOf,
} from './coverage.ts'
import { models } from './models/index.ts'

const root = path.resolve(import.meta.dirname, '..', '..')
const outDir = path.join(root, 'reports')

interface MachineReport {
  id: string
  description: string
  hasModel: boolean
  coverage: {
    states: { covered: number; total: number; percent: number }
    transitions: { covered: number; total: number; percent: number }
  }
  states: { id: string; title: string | null; covered: boolean }[]
  transitions: (TransitionInfo & {
    sourceTitle: string | null
    targetTitles: (string | null)[]
    covered: boolean
  })[]
  notCovered: { states: string[]; transitions: string[] }
  scenarios: string[]
  /** The few paths that together take every covered state and transition: what QA reads first. */
  essentialPaths: number[]
  paths: (ExecutedPath & { essential: boolean })[]
  failures: { description: string; error: string }[]
}

/** Greedy set cover: the paths that add the most not-yet-taken states and transitions, until none adds any. */
function essentialPaths(paths: readonly ExecutedPath[]): number[] {
  const taken = new Set<string>()
  const chosen: number[] = []
  const gain = (p: ExecutedPath) =>
    [...p.transitions, ...p.states.map((s) => `state:${s}`)].filter((item) => !taken.has(item)).length
  for (;;) {
    let best = -1
    let bestGain = 0
    paths.forEach((p, i) => {
      const g = gain(p)
      if (g > bestGain || (g === bestGain && g > 0 && p.steps.length < paths[best]!.steps.length)) {
        best = i
        bestGain = g
      }
    })
    if (best < 0) return chosen.sort((a, b) => a - b)
    chosen.push(best)
    for (const item of [...paths[best]!.transitions, ...paths[best]!.states.map((s) => `state:${s}`)]) {
      taken.add(item)
    }
  }
}

async function reportMachine(entry: (typeof machines)[number]): Promise<MachineReport> {
  const { machine } = entry
  const model = models[entry.id]
  const explored = model ? await exploreModel(model) : null
  const executed = explored?.executed ?? []
  const coveredStates = new Set(explored?.coverage.states.covered ?? [])
  const coveredTransitions = new Set(explored?.coverage.transitions.covered ?? [])
  const states = statesOf(machine).map((id) => ({
    id,
    title: titleOf(machine, id),
    covered: coveredStates.has(id),
  }))
  const transitions = transitionsOf(machine).map((t) => ({
    ...t,
    sourceTitle: titleOf(machine, t.source),
    targetTitles: t.targets.map((target) => titleOf(machine, target)),
    covered: coveredTransitions.has(t.key),
  }))
  const essential = essentialPaths(executed)
  return {
    id: entry.id,
    description: entry.description,
    hasModel: model !== undefined,
    coverage: {
      states: {
        covered: coveredStates.size,
        total: states.length,
        percent: percent(coveredStates.size, states.length),
      },
      transitions: {
        covered: coveredTransitions.size,
        total: transitions.length,
        percent: percent(coveredTransitions.size, transitions.length),
      },
    },
    states,
    transitions,
    notCovered: {
      states: states.filter((s) => !s.covered).map((s) => s.id),
      transitions: transitions.filter((t) => !t.covered).map((t) => t.key),
    },
    scenarios: model?.scenarios.map((s) => s.name) ?? [],
    essentialPaths: essential,
    paths: executed.map((p, i) => ({ ...p, essential: essential.includes(i) })),
    failures: explored?.failures ?? [],
  }
}

const escape = (text: unknown) =>
  String(text).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

function pathHtml(p: MachineReport['paths'][number], index: number): string {
  const steps = p.steps
    .map((step) => {
      const through = step.passedThrough
        .map((title) => `<span class="through">${escape(title)}</span>`)
        .join(' → ')
      return `<li><code>${escape(step.event)}</code> → <strong>${escape(step.titles.join(' › '))}</strong>${
        through ? `<br><small>passando per: ${through}</small>` : ''
      }</li>`
    })
    .join('')
  return `<details${p.essential ? ' open' : ''}><summary>#${index + 1} ${escape(p.scenario)} — ${
    p.steps.length - 1
  } passi${p.essential ? ' <em>(essenziale)</em>' : ''}</summary><ol>${steps}</ol></details>`
}

function machineHtml(m: MachineReport): string {
  const stateRows = m.states
    .map(
      (s) =>
        `<tr class="${s.covered ? 'ok' : 'ko'}"><td>${s.covered ? '✔' : '✘'}</td><td>${escape(
          s.title ?? '',
        )}</td><td><code>${escape(s.id)}</code></td></tr>`,
    )
    .join('')
  const transitionRows = m.transitions
    .map(
      (t) =>
        `<tr class="${t.covered ? 'ok' : 'ko'}"><td>${t.covered ? '✔' : '✘'}</td><td>${escape(
          t.sourceTitle ?? t.source,
        )}</td><td><code>${escape(t.event)}</code>${t.guard ? `<br><small>se ${escape(t.guard)}</small>` : ''}</td><td>${escape(
          t.targetTitles.map((title, i) => title ?? t.targets[i]).join(', ') || '(resta)',
        )}</td></tr>`,
    )
    .join('')
  const essential = m.paths.map((p, i) => (p.essential ? pathHtml(p, i) : '')).join('')
  const others = m.paths.map((p, i) => (p.essential ? '' : pathHtml(p, i))).join('')
  const missing =
    m.notCovered.states.length + m.notCovered.transitions.length === 0
      ? '<p class="ok">Tutto coperto.</p>'
      : `<p class="ko">Non coperti: ${[...m.notCovered.states, ...m.notCovered.transitions]
          .map((x) => `<code>${escape(x)}</code>`)
          .join(', ')}</p>`
  const failures = m.failures.length
    ? `<h3>Percorsi falliti</h3>${m.failures
        .map(
          (f) =>
            `<details open><summary class="ko">${escape(f.description)}</summary><pre>${escape(f.error)}</pre></details>`,
        )
        .join('')}`
    : ''
  return `<section id="${escape(m.id)}">
<h2>${escape(m.id)}</h2>
<p>${escape(m.description)}</p>
${m.hasModel ? '' : '<p class="ko">Nessun modello di test per questa macchina.</p>'}
<p>Stati: <strong>${m.coverage.states.covered}/${m.coverage.states.total}</strong> (${m.coverage.states.percent}%) ·
Transizioni: <strong>${m.coverage.transitions.covered}/${m.coverage.transitions.total}</strong> (${m.coverage.transitions.percent}%) ·
Percorsi eseguiti: ${m.paths.length} · Scenari: ${m.scenarios.map(escape).join('; ')}</p>
${missing}${failures}
<h3>Stati</h3><table><tr><th></th><th>Titolo</th><th>Id</th></tr>${stateRows}</table>
<h3>Transizioni</h3><table><tr><th></th><th>Da</th><th>Evento</th><th>A</th></tr>${transitionRows}</table>
<h3>Percorsi essenziali (${m.essentialPaths.length})</h3>
<p><small>I pochi percorsi che insieme attraversano ogni stato e ogni transizione coperti.</small></p>
${essential}
<details><summary>Tutti gli altri percorsi eseguiti (${m.paths.length - m.essentialPaths.length})</summary>${others}</details>
</section>`
}

function html(report: { generatedAt: string; machines: MachineReport[] }): string {
  const rows = report.machines
    .map(
      (m) =>
        `<tr><td><a href="#${escape(m.id)}">${escape(m.id)}</a></td><td>${m.coverage.states.covered}/${
          m.coverage.states.total
        } (${m.coverage.states.percent}%)</td><td>${m.coverage.transitions.covered}/${m.coverage.transitions.total} (${
          m.coverage.transitions.percent
        }%)</td><td>${m.paths.length}</td><td>${m.failures.length}</td></tr>`,
    )
    .join('')
  return `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><title>Copertura dei flussi</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:70rem;padding:0 1rem;color:#1a1a1a}
table{border-collapse:collapse;margin:.5rem 0 1rem}td,th{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}
.ok{color:#0a6b2d}.ko{color:#b00020}tr.ko{background:#fde8ea}details{margin:.25rem 0}summary{cursor:pointer}
code{font-size:.85em;background:#f3f3f3;padding:0 .2em}.through{color:#555}section{border-top:2px solid #ddd;margin-top:2rem}
</style></head><body>
<h1>Copertura dei flussi delle macchine a stati</h1>
<p>Generato il ${escape(report.generatedAt)}. Ogni percorso è stato eseguito su un attore reale della macchina, con
servizi simulati; la copertura conta gli stati e le transizioni effettivamente attraversati.</p>
<table><tr><th>Macchina</th><th>Stati</th><th>Transizioni</th><th>Percorsi</th><th>Falliti</th></tr>${rows}</table>
${report.machines.map(machineHtml).join('\n')}
</body></html>
`
}

const reports: MachineReport[] = []
for (const entry of machines) reports.push(await reportMachine(entry))
const report = { generatedAt: new Date().toISOString(), machines: reports }

fs.mkdirSync(outDir, { recursive: true })
fs.writeFileSync(path.join(outDir, 'flow-coverage.json'), `${JSON.stringify(report, null, 2)}\n`)
fs.writeFileSync(path.join(outDir, 'flow-coverage.html'), html(report))

console.table(
  reports.map((m) => ({
    macchina: m.id,
    stati: `${m.coverage.states.covered}/${m.coverage.states.total}`,
    transizioni: `${m.coverage.transitions.covered}/${m.coverage.transitions.total}`,
    percorsi: m.paths.length,
    essenziali: m.essentialPaths.length,
    falliti: m.failures.length,
  })),
)
console.log(`Scritti ${path.relative(root, outDir)}/flow-coverage.json e flow-coverage.html`)
const incomplete = reports.some(
  (m) => m.failures.length > 0 || m.notCovered.states.length > 0 || m.notCovered.transitions.length > 0,
)
if (incomplete) process.exitCode = 1
