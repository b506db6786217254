// `npm run flows`: explores every machine of machines/index.ts with its model, runs each generated path and the
// machine's tour on a real actor, and writes reports/flow-coverage.json (read by the statechart viewer's
// overlay) and reports/flow-coverage.html (read by QA): per machine the counts, the tour, each path as steps with
// the Italian state titles, what is not covered, and the requirement trace (spec §4/§8 items, the paths that
// exercise each, the items nothing claims). Exits with 1 when a path fails or something is not covered.
import fs from 'node:fs'
import path from 'node:path'
import { machines } from '../../machines/index.ts'
import { escapeHtml } from '../../server/http/html.ts'
import { type GraphTransition, machineGraph } from '../../src/statecharts/graph.ts'
import {
  type ExecutedPath,
  type ExecutedTour,
  type TransitionInfo,
  exploreModel,
  planTour,
  runTour,
  statesOf,
  titleOf,
  transitionsOf,
} from './coverage.ts'
import { models } from './models/index.ts'
import { type Claim, REQUIREMENTS, claimsOf, specOf } from './requirements.ts'

const root = path.resolve(import.meta.dirname, '..', '..')
const outDir = path.join(root, 'reports')

type Counts = { covered: number; total: number }
/** A step with its event in Italian (the machine's vocabulary, as the viewer labels it), null for the start. */
type ReportStep = ExecutedPath['steps'][number] & { eventText: string | null }
type ReportPath = Omit<ExecutedPath, 'trace' | 'steps'> & { steps: ReportStep[] }
type ReportTour = Omit<ExecutedTour, 'segments' | 'steps'> & {
  steps: (ExecutedTour['steps'][number] & { eventText: string | null })[]
  transitionsTaken: Counts
  statesTaken: Counts
}

interface MachineReport {
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
  failures: { description: string; error: string }[]
}

interface RequirementReport {
  id: string
  text: string
  claims: (Claim & { label: string })[]
  /** Indices into the machine's `paths`, by machine id. */
  paths: Record<string, number[]>
  /** Machines whose tour exercises the requirement. */
  tours: string[]
}

const count = (covered: number, total: number): Counts => ({ covered, total })

/** Eventless transitions are taken at once: the report says so in Italian. */
const eventName = (event: string) => (event === '(always)' ? 'subito' : event)

/** The registry entry's title when it has one (entries may gain it), else its description. */
const titleOfEntry = (entry: (typeof machines)[number]) =>
  (entry as { title?: string }).title ?? entry.description

async function reportMachine(entry: (typeof machines)[number]): Promise<MachineReport> {
  const { machine } = entry
  const model = models[entry.id]
  const explored = model ? await exploreModel(model) : null
  const executed = explored?.executed ?? []
  const failures = [...(explored?.failures ?? [])]
  let tour: ExecutedTour | null = null
  if (model) {
    try {
      tour = await runTour(model, planTour(model, executed))
    } catch (error) {
      failures.push({
        description: 'Giro completo',
        error: error instanceof Error ? error.message : String(error),
      })
    }
  }
  const coveredStates = new Set(explored?.coverage.states.covered ?? [])
  const coveredTransitions = new Set(explored?.coverage.transitions.covered ?? [])
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
  return {
    id: entry.id,
    title: titleOfEntry(entry),
    description: entry.description,
    hasModel: model !== undefined,
    states: count(coveredStates.size, stateDetails.length),
    transitions: count(coveredTransitions.size, transitionDetails.length),
    stateDetails,
    transitionDetails,
    notCovered: {
      states: stateDetails.filter((s) => !s.covered).map((s) => s.id),
      transitions: transitionDetails.filter((t) => !t.covered).map((t) => t.key),
    },
    scenarios: model?.scenarios.map((s) => s.name) ?? [],
    paths: executed.map(({ trace: _trace, ...rest }) => ({ ...rest, steps: rest.steps.map(eventText) })),
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

function traceRequirements(reports: readonly MachineReport[]): RequirementReport[] {
  const claims = machines.flatMap((entry) => claimsOf(entry.machine))
  const exercises = (claim: Claim, p: { states: string[]; transitions: string[] }) =>
    claim.kind === 'state' ? p.states.includes(claim.target) : p.transitions.includes(claim.target)
  return REQUIREMENTS.map((requirement) => {
    const own = claims.filter((c) => c.requirement === requirement.id)
    const paths: Record<string, number[]> = {}
    const tours: string[] = []
    for (const report of reports) {
      const mine = own.filter((c) => c.machine === report.id)
      if (mine.length === 0) continue
      paths[report.id] = report.paths.flatMap((p, i) => (mine.some((c) => exercises(c, p)) ? [i] : []))
      if (report.tour && mine.some((c) => exercises(c, report.tour!))) tours.push(report.id)
    }
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
    }
  })
}

// ---------------------------------------------------------------------------------------------------------------
// HTML (Italian, self-contained, no external resources)

const e = (text: unknown) => escapeHtml(String(text))
const anchor = (...parts: string[]) => parts.join('-').replace(/[^A-Za-z0-9-]/g, '_')
const mark = (ok: boolean) =>
  ok
    ? '<span class="ok"><span aria-hidden="true">✔</span> coperto</span>'
    : '<span class="ko"><span aria-hidden="true">✘</span> non coperto</span>'
const ratio = (c: Counts) => `${c.covered}/${c.total}`

/**
 * A step as QA reads it: the Italian sentence (who does what: what must then be true); the event's type and
 * payload only behind the «per sviluppatori» switch.
 */
function stepsHtml(steps: ReportPath['steps'] | ReportTour['steps']): string {
  return steps
    .map((step) => {
      const start = 'start' in step ? step.start : undefined
      const restart = 'restart' in step && step.restart === true
      const head = start
        ? `<span class="restart">${restart ? 'Nuovo avvio' : 'Avvio'}</span> (scenario «${e(start)}»)`
        : e(step.head)
      const sentence = `<strong class="does">${head}</strong><ul class="then">${step.then
        .map((clause) => `<li>${e(clause)}</li>`)
        .join('')}</ul>`
      const through = step.passedThrough.length
        ? `<small>passando per: ${step.passedThrough.map(e).join(' → ')}</small>`
        : ''
      const dev =
        step.eventType === 'xstate.init'
          ? ''
          : `<small class="dev">evento <code>${e(step.event)}</code> · stato <code>${e(
              JSON.stringify(step.state),
            )}</code></small>`
      return `<li${restart ? ' class="restart-step"' : ''}>${sentence}${through}${dev}</li>`
    })
    .join('')
}

function pathHtml(m: MachineReport, p: ReportPath, index: number): string {
  return `<details id="${anchor(m.id, 'percorso', String(index + 1))}"><summary>Percorso ${index + 1} · ${e(
    p.scenario,
  )} · ${p.steps.length - 1} ${p.steps.length === 2 ? 'passo' : 'passi'}</summary><ol>${stepsHtml(p.steps)}</ol></details>`
}

function machineHtml(m: MachineReport): string {
  const heading = `h-${anchor(m.id)}`
  const stateRows = m.stateDetails
    .map(
      (s) =>
        `<tr${s.covered ? '' : ' class="row-ko"'}><td>${mark(s.covered)}</td><td>${e(s.title ?? '')}<small class="dev"><br><code>${e(s.id)}</code></small></td><td>${s.spec.map(e).join('<br>')}</td></tr>`,
    )
    .join('')
  const transitionRows = m.transitionDetails
    .map(
      (t) =>
        `<tr${t.covered ? '' : ' class="row-ko"'}><td>${mark(t.covered)}</td><td>${e(t.sourceTitle ?? t.source)}</td><td>${e(t.label)} <small class="dev"><code>${e(
          eventName(t.event),
        )}</code></small>${t.guardText ? `<br><small>se ${e(t.guardText)}${t.guardText === t.guard ? '' : ` <code class="dev">${e(t.guard)}</code>`}</small>` : ''}</td><td>${e(
          t.targetTitles.map((title, i) => title ?? t.targets[i]).join(', ') || '(resta nello stato)',
        )}</td><td>${t.spec.map(e).join('<br>')}</td></tr>`,
    )
    .join('')
  const missing =
    m.notCovered.states.length + m.notCovered.transitions.length === 0
      ? '<p class="ok"><span aria-hidden="true">✔</span> Ogni stato e ogni transizione sono coperti.</p>'
      : `<div class="ko-box"><p><strong>Non coperti</strong></p><ul>${[
          ...m.notCovered.states.map((id) => `<li>stato <code>${e(id)}</code></li>`),
          ...m.notCovered.transitions.map((key) => `<li>transizione <code>${e(key)}</code></li>`),
        ].join('')}</ul></div>`
  const failures = m.failures.length
    ? `<h3>Percorsi falliti (${m.failures.length})</h3>${m.failures
        .map(
          (f) =>
            `<details open><summary class="ko">${e(f.description)}</summary><pre>${e(f.error)}</pre></details>`,
        )
        .join('')}`
    : ''
  const tour = m.tour
    ? `<h3>Giro completo: ${m.tour.length} passi per ${m.transitions.total} transizioni</h3>
<p>Un solo percorso da eseguire che prende ogni transizione almeno una volta: ${m.tour.transitionsTaken.covered} transizioni
su ${m.transitions.total} e ${m.tour.statesTaken.covered} stati su ${m.states.total}${
        m.tour.restarts > 0
          ? `, con ${m.tour.restarts} ${m.tour.restarts === 1 ? 'nuovo avvio' : 'nuovi avvii'} (dove nessuna transizione riporta indietro, il giro ricomincia dallo stato iniziale)`
          : ''
      }.</p>
<ol class="tour">${stepsHtml(m.tour.steps)}</ol>`
    : '<p class="ko">Nessun giro: la macchina non ha un modello di test.</p>'
  return `<section aria-labelledby="${heading}" id="${anchor(m.id)}">
<h2 id="${heading}">${e(m.title)} <small class="dev">(<code>${e(m.id)}</code>)</small></h2>
${m.description === m.title ? '' : `<p>${e(m.description)}</p>`}
${m.hasModel ? '' : '<p class="ko">Nessun modello di test per questa macchina.</p>'}
<dl class="counts">
<div><dt>Stati coperti</dt><dd>${ratio(m.states)}</dd></div>
<div><dt>Transizioni coperte</dt><dd>${ratio(m.transitions)}</dd></div>
<div><dt>Percorsi eseguiti</dt><dd>${m.paths.length}</dd></div>
<div><dt>Passi del giro</dt><dd>${m.tour?.length ?? '—'}</dd></div>
</dl>
<p>Scenari: ${m.scenarios.map(e).join('; ') || '—'}</p>
${missing}${failures}
${tour}
<h3>Transizioni (${m.transitions.total})</h3>
<div class="scroll" role="region" tabindex="0" aria-label="Transizioni di ${e(m.id)}"><table><caption class="sr-only">Transizioni di ${e(m.title)}</caption>
<thead><tr><th scope="col">Copertura</th><th scope="col">Da</th><th scope="col">Evento</th><th scope="col">A</th><th scope="col">Requisito</th></tr></thead>
<tbody>${transitionRows}</tbody></table></div>
<h3>Stati (${m.states.total})</h3>
<div class="scroll" role="region" tabindex="0" aria-label="Stati di ${e(m.id)}"><table><caption class="sr-only">Stati di ${e(m.title)}</caption>
<thead><tr><th scope="col">Copertura</th><th scope="col">Stato</th><th scope="col">Requisito</th></tr></thead>
<tbody>${stateRows}</tbody></table></div>
<h3>Percorsi generati (${m.paths.length})</h3>
<details><summary>Mostra i ${m.paths.length} percorsi (i più brevi verso ogni stato e verso ogni transizione, più i percorsi semplici quando sono pochi)</summary>
${m.paths.map((p, i) => pathHtml(m, p, i)).join('')}
</details>
</section>`
}

function requirementsHtml(requirements: readonly RequirementReport[], reports: readonly MachineReport[]) {
  const rows = requirements
    .map((r) => {
      const claimed = r.claims.length > 0
      const claims = r.claims
        .map((c) => `${e(reports.find((m) => m.id === c.machine)?.id ?? c.machine)}: ${e(c.label)}`)
        .join('<br>')
      const paths = Object.entries(r.paths)
        .map(([machine, indices]) => {
          const shown = indices
            .map((i) => ({ i, length: reports.find((m) => m.id === machine)!.paths[i]!.steps.length }))
            .sort((a, b) => a.length - b.length)
            .slice(0, 3)
            .map(({ i }) => `<a href="#${anchor(machine, 'percorso', String(i + 1))}">${i + 1}</a>`)
          return `${e(machine)}: ${indices.length} ${indices.length === 1 ? 'percorso' : 'percorsi'}${
            shown.length ? ` (i più brevi: ${shown.join(', ')})` : ''
          }`
        })
        .join('<br>')
      const tours = r.tours.length
        ? `sì (${r.tours.map(e).join(', ')})`
        : claimed
          ? '<span class="ko">no</span>'
          : '—'
      return `<tr${claimed ? '' : ' class="row-ko"'}><th scope="row">${e(r.id)}</th><td>${e(r.text)}</td><td>${
        claimed ? claims : '<span class="ko">nessuna transizione</span>'
      }</td><td>${paths || '—'}</td><td>${tours}</td></tr>`
    })
    .join('')
  const unclaimed = requirements.filter((r) => r.claims.length === 0)
  return `<section aria-labelledby="h-requisiti" id="requisiti">
<h2 id="h-requisiti">Requisiti della specifica (§4 e §8)</h2>
<p>Stati e transizioni dichiarano in <code>meta.spec</code> il punto della specifica che realizzano.
${REQUIREMENTS.length - unclaimed.length} punti su ${REQUIREMENTS.length} sono dichiarati da almeno una transizione o uno stato.</p>
${
  unclaimed.length
    ? `<div class="ko-box"><p><strong>Punti che nessuna transizione dichiara (${unclaimed.length})</strong></p><ul>${unclaimed
        .map((r) => `<li><strong>${e(r.id)}</strong>: ${e(r.text)}</li>`)
        .join('')}</ul></div>`
    : '<p class="ok">Ogni punto è dichiarato.</p>'
}
<div class="scroll" role="region" tabindex="0" aria-label="Tabella dei requisiti"><table><caption class="sr-only">Requisiti e percorsi che li esercitano</caption>
<thead><tr><th scope="col">Punto</th><th scope="col">Che cosa dice</th><th scope="col">Dichiarato da</th><th scope="col">Percorsi che lo esercitano</th><th scope="col">Nel giro</th></tr></thead>
<tbody>${rows}</tbody></table></div>
</section>`
}

function html(report: { generatedAt: string; machines: MachineReport[]; requirements: RequirementReport[] }) {
  const rows = report.machines
    .map(
      (m) =>
        `<tr><th scope="row"><a href="#${anchor(m.id)}">${e(m.title)}</a></th><td>${ratio(m.states)}</td><td>${ratio(
          m.transitions,
        )}</td><td>${m.paths.length}</td><td>${m.tour?.length ?? '—'}${
          m.tour && m.tour.restarts > 0 ? ` <small>(${m.tour.restarts} nuovi avvii)</small>` : ''
        }</td><td>${m.failures.length === 0 ? '0' : `<span class="ko">${m.failures.length}</span>`}</td></tr>`,
    )
    .join('')
  return `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Copertura dei flussi</title>
<style>
:root{color-scheme:light}
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem;color:#1a1a1a;background:#fff}
h1{font-size:1.6rem;margin:.5rem 0}h2{font-size:1.3rem;margin:0 0 .5rem}h3{font-size:1.1rem;margin:1.25rem 0 .25rem}
a{color:#0645ad}a:focus-visible,summary:focus-visible{outline:3px solid #0645ad;outline-offset:2px}
.scroll{overflow-x:auto;max-width:100%}.scroll:focus-visible{outline:3px solid #0645ad}
table{border-collapse:collapse;margin:.5rem 0 1rem;min-width:100%}td,th{border:1px solid #bbb;padding:.3rem .5rem;text-align:left;vertical-align:top}
thead th{background:#f0f0f0}
.ok{color:#0a5c27}.ko{color:#a3001b}tr.row-ko{background:#fdecee}.ko-box{border-left:4px solid #a3001b;background:#fdecee;padding:.25rem .75rem;margin:.5rem 0}
details{margin:.25rem 0}summary{cursor:pointer;padding:.15rem 0}
code{font-size:.85em;background:#f3f3f3;padding:0 .2em;overflow-wrap:anywhere}small{color:#4a4a4a}
section{border-top:2px solid #ccc;margin-top:2rem;padding-top:1rem}
dl.counts{display:flex;flex-wrap:wrap;gap:.5rem;margin:.5rem 0}dl.counts div{border:1px solid #bbb;border-radius:4px;padding:.25rem .75rem}
dl.counts dt{font-size:.85rem;color:#4a4a4a}dl.counts dd{margin:0;font-size:1.3rem;font-weight:600}
ol.tour li{margin:.15rem 0}li.restart-step{margin-top:.6rem}.restart{font-weight:600;color:#5a2d82}
ul.then{margin:.1rem 0 .2rem;padding-left:1.1rem;list-style:'– '}ul.then li{margin:0}
li>small{display:block}h2 small.dev{display:inline}
body:not(:has(#per-sviluppatori:checked)) .dev{display:none}
p.switch{border:1px solid #bbb;border-radius:4px;padding:.4rem .6rem;background:#f7f7f7}
p.switch input{width:1.1rem;height:1.1rem;vertical-align:middle}
p.switch input:focus-visible{outline:3px solid #0645ad;outline-offset:2px}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
nav ul{padding-left:1.2rem}
</style></head><body>
<header>
<h1>Copertura dei flussi delle macchine a stati</h1>
<p>Generato il ${e(new Date(report.generatedAt).toLocaleString('it-IT', { timeZone: 'Europe/Rome' }))}. Ogni percorso e ogni
giro sono stati eseguiti su un attore reale della macchina, con servizi simulati; la copertura conta gli stati e le
transizioni effettivamente attraversati. Ogni passo dice chi fa che cosa e che cosa deve
essere vero dopo: la pagina o lo stato raggiunto, il messaggio mostrato, ciò che il server registra o avvisa, i
pulsanti offerti e a chi. Le persone sono indicate per ruolo («il giocatore che ha proposto», «l’avversario»).</p>
<p class="switch"><input type="checkbox" id="per-sviluppatori"> <label for="per-sviluppatori">Per sviluppatori: mostra
i nomi tecnici (tipo d’evento, dati inviati, stato della macchina). Lì <code>✔ nome</code> è la risposta del
servizio <em>nome</em>, <code>✘ nome</code> il suo errore.</label></p>
<nav aria-label="Indice"><ul>${report.machines
    .map((m) => `<li><a href="#${anchor(m.id)}">${e(m.title)}</a></li>`)
    .join('')}<li><a href="#requisiti">Requisiti della specifica</a></li></ul></nav>
</header>
<main>
<div class="scroll" role="region" tabindex="0" aria-label="Riepilogo per macchina"><table><caption class="sr-only">Riepilogo per macchina</caption>
<thead><tr><th scope="col">Macchina</th><th scope="col">Stati coperti</th><th scope="col">Transizioni coperte</th><th scope="col">Percorsi</th><th scope="col">Passi del giro</th><th scope="col">Falliti</th></tr></thead>
<tbody>${rows}</tbody></table></div>
${report.machines.map(machineHtml).join('\n')}
${requirementsHtml(report.requirements, report.machines)}
</main>
<script>
// A link to a path opens the collapsed sections around it.
function openTarget() {
  const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)))
  for (let node = target; node; node = node.parentElement) if (node.tagName === 'DETAILS') node.open = true
  if (target) target.scrollIntoView()
}
addEventListener('hashchange', openTarget)
openTarget()
</script>
</body></html>
`
}

const started = performance.now()
const reports: MachineReport[] = []
for (const entry of machines) reports.push(await reportMachine(entry))
const report = {
  generatedAt: new Date().toISOString(),
  machines: reports,
  requirements: traceRequirements(reports),
}

fs.mkdirSync(outDir, { recursive: true })
fs.writeFileSync(path.join(outDir, 'flow-coverage.json'), `${JSON.stringify(report, null, 2)}\n`)
fs.writeFileSync(path.join(outDir, 'flow-coverage.html'), html(report))

console.table(
  reports.map((m) => ({
    macchina: m.id,
    stati: ratio(m.states),
    transizioni: ratio(m.transitions),
    percorsi: m.paths.length,
    giro: m.tour ? `${m.tour.length} passi, ${m.tour.transitionsTaken.covered} transizioni` : '—',
    falliti: m.failures.length,
  })),
)
const unclaimed = report.requirements.filter((r) => r.claims.length === 0).map((r) => r.id)
if (unclaimed.length > 0)
  console.log(`Punti di §4/§8 che nessuna transizione dichiara: ${unclaimed.join('; ')}`)
console.log(
  `Scritti ${path.relative(root, outDir)}/flow-coverage.json e flow-coverage.html in ${(
    (performance.now() - started) /
    1000
  ).toFixed(1)} s`,
)
const incomplete = reports.some(
  (m) =>
    !m.hasModel ||
    m.failures.length > 0 ||
    m.notCovered.states.length > 0 ||
    m.notCovered.transitions.length > 0 ||
    (m.tour !== null && m.tour.transitionsTaken.covered < m.transitions.total),
)
if (incomplete) process.exitCode = 1
