// The flow report's pages (issue 22, item 4), in Italian, self-contained (no external resource, no framework),
// readable at 375 px (tables become stacked rows) and openable as files: a summary with the verdict on top, one
// page per machine, its paths paged and folded (paths differing only in data are one group), the requirements
// with a filter by section and status, and a search by state, event or requirement over a precomputed index.
import { escapeHtml } from '../../../server/http/html.ts'
import { SECTIONS, sectionOf } from '../requirements.ts'
import {
  type FlowReport,
  type MachineReport,
  type ReportPath,
  type ReportTour,
  type RequirementReport,
  eventName,
  verdictOf,
} from './assemble.ts'
import type { HistoryEntry } from './exports.ts'
import { LEVEL_TITLES, type PathRun } from './results.ts'

export interface Page {
  /** Relative to the report's folder (reports/flussi/). */
  file: string
  content: string
}

/** Groups of paths on one page of a machine's paths. */
export const GROUPS_PER_PAGE = 25

const e = (text: unknown) => escapeHtml(String(text))
export const anchor = (...parts: string[]) => parts.join('-').replace(/[^A-Za-z0-9-]/g, '_')
const ratio = (c: { covered: number; total: number }) => `${c.covered}/${c.total}`
const dateText = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('it-IT', {
        timeZone: 'Europe/Rome',
        dateStyle: 'short',
        timeStyle: 'short',
      })
    : '—'
const shortCommit = (commit: string | null) => (commit ? commit.slice(0, 7) : '—')

export const machinePage = (id: string) => `macchina-${anchor(id)}.html`

/** Where the portal serves the statechart viewer: the report links each state to it (renderPages sets it). */
export const DEFAULT_VIEWER_URL = 'https://localhost:8443/statecharts.html'
let viewerUrl = DEFAULT_VIEWER_URL
/** The viewer open on a machine and one of its states (`?macchina=…&stato=…`). */
export const viewerLink = (machine: string, state?: string) => {
  const url = new URL(viewerUrl)
  url.searchParams.set('macchina', machine)
  if (state) url.searchParams.set('stato', state)
  return url.href
}
/** The state a transition key leaves from: `sfida.proposed sfida.accetta #0` → `sfida.proposed`. */
const sourceOf = (key: string) => key.split(' ')[0]!
const diagram = (machine: string, state: string, name: string) =>
  `<a class="diagram" href="${e(viewerLink(machine, state))}">${e(name)}</a>`
export const pathsPage = (id: string, page: number) => `macchina-${anchor(id)}-percorsi-${page}.html`

/** A status in words, with its colour and sign (never colour alone). */
const status = (text: string) => {
  const ok = text === 'passato' || text === 'coperto'
  const ko = text.startsWith('fallito') || text === 'non coperto'
  return `<span class="${ok ? 'ok' : ko ? 'ko' : 'muted'}"><span aria-hidden="true">${ok ? '✔' : ko ? '✘' : '–'}</span> ${e(text)}</span>`
}
const mark = (covered: boolean) => status(covered ? 'coperto' : 'non coperto')

// ---------------------------------------------------------------------------------------------------------------
// Groups and pages of paths

export interface PathGroup {
  key: string
  paths: ReportPath[]
}

/** Paths with the same states and events in the same order (data aside) fold into one group, first seen first. */
export function groupPaths(paths: readonly ReportPath[]): PathGroup[] {
  const groups = new Map<string, PathGroup>()
  for (const p of paths) {
    const group = groups.get(p.group) ?? { key: p.group, paths: [] }
    group.paths.push(p)
    groups.set(p.group, group)
  }
  // A failed group first: QA reads those before the rest.
  return [...groups.values()].sort(
    (a, b) =>
      Number(b.paths.some((p) => p.status === 'fallito')) -
      Number(a.paths.some((p) => p.status === 'fallito')),
  )
}

/** Where each path of a machine is shown: the page of its group. */
export function pathLocations(m: MachineReport): Map<number, string> {
  const where = new Map<number, string>()
  groupPaths(m.paths).forEach((group, i) => {
    const page = Math.floor(i / GROUPS_PER_PAGE) + 1
    for (const p of group.paths) where.set(p.number, `${pathsPage(m.id, page)}#p-${p.number}`)
  })
  return where
}

// ---------------------------------------------------------------------------------------------------------------
// Layout

const CSS = `:root{color-scheme:light}
*{box-sizing:border-box}
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem;color:#1a1a1a;background:#fff}
h1{font-size:1.6rem;margin:.5rem 0}h2{font-size:1.3rem;margin:1.5rem 0 .5rem}h3{font-size:1.1rem;margin:1.25rem 0 .25rem}
a{color:#0645ad}a:focus-visible,summary:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid #0645ad;outline-offset:2px}
nav.top{display:flex;flex-wrap:wrap;gap:.25rem 1rem;border-bottom:1px solid #ccc;padding-bottom:.5rem}
nav.top a[aria-current=page]{font-weight:700;color:#1a1a1a}
.verdict{font-size:1.2rem;font-weight:700;padding:.6rem .9rem;border-radius:4px;margin:.75rem 0}
.verdict.ok{background:#e6f4ea;border-left:6px solid #0a5c27}.verdict.ko{background:#fdecee;border-left:6px solid #a3001b}
table{border-collapse:collapse;margin:.5rem 0 1rem;width:100%}td,th{border:1px solid #bbb;padding:.3rem .5rem;text-align:left;vertical-align:top;overflow-wrap:anywhere}
thead th{background:#f0f0f0}
.ok{color:#0a5c27}.ko{color:#a3001b}.muted{color:#4a4a4a}tr.row-ko{background:#fdecee}
.ko-box{border-left:4px solid #a3001b;background:#fdecee;padding:.25rem .75rem;margin:.5rem 0}
details{margin:.25rem 0}summary{cursor:pointer;padding:.15rem 0}
code{font-size:.85em;background:#f3f3f3;padding:0 .2em;overflow-wrap:anywhere}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font-size:.85em;margin:.25rem 0}small{color:#4a4a4a}
dl.counts{display:flex;flex-wrap:wrap;gap:.5rem;margin:.5rem 0}dl.counts div{border:1px solid #bbb;border-radius:4px;padding:.25rem .75rem}
dl.counts dt{font-size:.85rem;color:#4a4a4a}dl.counts dd{margin:0;font-size:1.3rem;font-weight:600}
ol.steps li{margin:.15rem 0}li.restart-step{margin-top:.6rem}.restart{font-weight:600;color:#5a2d82}
ul.then{margin:.1rem 0 .2rem;padding-left:1.1rem;list-style:'– '}ul.then li{margin:0}
li>small{display:block}
body:not(:has(#per-sviluppatori:checked)) .dev{display:none}
p.switch{border:1px solid #bbb;border-radius:4px;padding:.4rem .6rem;background:#f7f7f7}
p.switch input{width:1.1rem;height:1.1rem;vertical-align:middle}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.group{border:1px solid #ccc;border-radius:4px;padding:.25rem .6rem;margin:.5rem 0}
.group>summary{font-weight:600}
ul.runs{padding-left:1.1rem;margin:.25rem 0}ul.runs li{overflow-wrap:anywhere}
nav.pager{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:1rem 0}
nav.pager a,nav.pager span{border:1px solid #bbb;border-radius:4px;padding:.2rem .6rem;text-decoration:none}
nav.pager [aria-current=page]{background:#1a1a1a;color:#fff}
.filters{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:end;margin:.5rem 0}
.filters label{display:flex;flex-direction:column;font-size:.9rem;max-width:100%}
input[type=search],select{font:inherit;padding:.3rem .4rem;border:1px solid #767676;border-radius:4px;max-width:100%}
input[type=search]{width:24rem}
ul.results{padding-left:0;list-style:none}ul.results li{border-bottom:1px solid #ddd;padding:.35rem 0}
[hidden]{display:none!important}
@media (max-width:40rem){
  body{padding:.6rem}
  table.stack,table.stack tbody,table.stack tr,table.stack td,table.stack th{display:block;width:100%;box-sizing:border-box}
  table.stack thead{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
  table.stack tr{border:1px solid #bbb;border-radius:4px;margin:.5rem 0;padding:.25rem .5rem}
  table.stack td,table.stack th{border:0;padding:.15rem 0}
  table.stack td[data-label]::before{content:attr(data-label) ': ';font-weight:600;color:#333}
  input[type=search]{width:100%}
}
`

const SCRIPT = `// Opens the collapsed sections around a linked path; remembers the «per sviluppatori» switch; filters rows.
function openTarget() {
  var target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)))
  for (var node = target; node; node = node.parentElement) if (node.tagName === 'DETAILS') node.open = true
  if (target) target.scrollIntoView()
}
addEventListener('hashchange', openTarget)
openTarget()
var dev = document.getElementById('per-sviluppatori')
if (dev) {
  try { dev.checked = localStorage.getItem('flussi-dev') === '1' } catch (e) {}
  dev.addEventListener('change', function () { try { localStorage.setItem('flussi-dev', dev.checked ? '1' : '0') } catch (e) {} })
}
var filters = document.querySelectorAll('[data-filter]')
function applyFilters() {
  var wanted = {}
  filters.forEach(function (f) { wanted[f.getAttribute('data-filter')] = f.value })
  var shown = 0, rows = document.querySelectorAll('[data-row]')
  rows.forEach(function (row) {
    var ok = Object.keys(wanted).every(function (k) { return !wanted[k] || row.getAttribute('data-' + k) === wanted[k] })
    row.hidden = !ok
    if (ok) shown++
  })
  var out = document.getElementById('filtrati')
  if (out) out.textContent = shown + ' di ' + rows.length + ' mostrati'
}
filters.forEach(function (f) { f.addEventListener('change', applyFilters) })
if (filters.length) applyFilters()
`

const SEARCH_SCRIPT = `// Search over the precomputed index (indice-ricerca.js): states, events, requirements, machines.
var input = document.getElementById('cerca')
var list = document.getElementById('risultati')
var count = document.getElementById('conteggio')
var KINDS = { stato: 'Stato', evento: 'Evento', requisito: 'Requisito', macchina: 'Macchina' }
function norm(s) { return s.toLowerCase().normalize('NFD').replace(/[\\u0300-\\u036f]/g, '') }
function show() {
  var words = norm(input.value).split(/\\s+/).filter(Boolean)
  list.textContent = ''
  if (!words.length) { count.textContent = 'Scrivi uno stato, un evento o un requisito.'; return }
  var found = INDICE.filter(function (x) { var t = norm(x.c); return words.every(function (w) { return t.indexOf(w) >= 0 }) })
  count.textContent = found.length === 0 ? 'Nessun risultato.' : found.length + (found.length === 1 ? ' risultato' : ' risultati') + (found.length > 100 ? ', mostrati i primi 100' : '')
  found.slice(0, 100).forEach(function (x) {
    var li = document.createElement('li')
    var a = document.createElement('a'); a.href = x.h; a.textContent = x.l
    var kind = document.createElement('strong'); kind.textContent = KINDS[x.t] + ': '
    li.appendChild(kind); li.appendChild(a)
    if (x.d) { var d = document.createElement('small'); d.textContent = x.d; d.style.display = 'block'; li.appendChild(d) }
    list.appendChild(li)
  })
}
input.addEventListener('input', show)
var q = new URLSearchParams(location.search).get('q')
if (q) input.value = q
show()
`

interface LayoutOptions {
  title: string
  current?: 'riepilogo' | 'requisiti' | 'cerca'
  devSwitch?: boolean
  scripts?: string[]
}

function layout(options: LayoutOptions, body: string): string {
  const link = (href: string, text: string, key: LayoutOptions['current']) =>
    `<a href="${href}"${options.current === key ? ' aria-current="page"' : ''}>${text}</a>`
  const dev = options.devSwitch
    ? `<p class="switch"><input type="checkbox" id="per-sviluppatori"> <label for="per-sviluppatori">Per sviluppatori: mostra i nomi tecnici (tipo d’evento, dati inviati, stato della macchina, nomi dei test). Lì <code>✔ nome</code> è la risposta del servizio <em>nome</em>, <code>✘ nome</code> il suo errore.</label></p>`
    : ''
  return `<!doctype html>
<html lang="it"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(options.title)} · Copertura dei flussi</title>
<link rel="stylesheet" href="rapporto.css">
</head><body>
<header>
<nav class="top" aria-label="Rapporto">${link('index.html', 'Riepilogo', 'riepilogo')}${link('requisiti.html', 'Requisiti', 'requisiti')}${link('cerca.html', 'Cerca', 'cerca')}</nav>
</header>
<main>
${body}
${dev}
</main>
${(options.scripts ?? ['rapporto.js']).map((src) => `<script src="${src}"></script>`).join('\n')}
</body></html>
`
}

// ---------------------------------------------------------------------------------------------------------------
// Steps and paths

function stepsHtml(steps: ReportPath['steps'] | ReportTour['steps']): string {
  return steps
    .map((step) => {
      const start = 'start' in step ? step.start : undefined
      const restart = 'restart' in step && step.restart === true
      const head = start
        ? `<span class="restart">${restart ? 'Nuovo avvio' : 'Avvio'}</span> (scenario «${e(start)}»)`
        : e(step.head)
      const sentence = `<strong>${head}</strong><ul class="then">${step.then.map((c) => `<li>${e(c)}</li>`).join('')}</ul>`
      const through = step.passedThrough.length
        ? `<small>passando per: ${step.passedThrough.map(e).join(' → ')}</small>`
        : ''
      const dev =
        step.eventType === 'xstate.init'
          ? ''
          : `<small class="dev">evento <code>${e(step.event)}</code> · stato <code>${e(JSON.stringify(step.state))}</code></small>`
      return `<li${restart ? ' class="restart-step"' : ''}>${sentence}${through}${dev}</li>`
    })
    .join('')
}

function runsHtml(runs: readonly PathRun[]): string {
  if (runs.length === 0) {
    return '<p class="muted">Eseguito solo dal rapporto (nessun risultato dei test in <code>reports/</code>: lancia <code>npm test</code>).</p>'
  }
  return `<ul class="runs">${runs
    .map(
      (r) =>
        `<li>${status(r.outcome)} · ${e(LEVEL_TITLES[r.level])} · <code>${e(r.file)}</code> · ${e(dateText(r.date))}, commit <code>${e(
          shortCommit(r.commit),
        )}</code><small class="dev">test «${e(r.name)}»</small>${
          r.outcome === 'fallito' && r.message ? `<pre class="ko">${e(r.message)}</pre>` : ''
        }</li>`,
    )
    .join('')}</ul>`
}

const levelsText = (p: ReportPath) =>
  [...new Set(p.runs.map((r) => LEVEL_TITLES[r.level]))].join(', ') || 'solo il rapporto'

function groupHtml(m: MachineReport, group: PathGroup, requirementsOf: (p: ReportPath) => string[]): string {
  const [first, ...others] = group.paths
  const p = first!
  const failed = group.paths.filter((x) => x.status === 'fallito').length
  const head = `Percorso ${p.number}${others.length ? ` e ${others.length} ${others.length === 1 ? 'variante' : 'varianti'}` : ''} · ${e(
    p.scenario,
  )} · ${p.steps.length - 1} ${p.steps.length === 2 ? 'passo' : 'passi'} · ${
    failed > 0 ? status(`fallito${group.paths.length > 1 ? ` (${failed})` : ''}`) : status(p.status)
  }`
  const reqs = requirementsOf(p)
  const variants = others.length
    ? `<details><summary>Varianti con gli stessi stati ed eventi, dati diversi (${others.length})</summary><ul>${others
        .map(
          (v) =>
            `<li id="p-${v.number}">Percorso ${v.number} · ${e(v.scenario)} · ${status(v.status)} · ${e(levelsText(v))}${runsHtml(
              v.runs,
            )}</li>`,
        )
        .join('')}</ul></details>`
    : ''
  const last = p.states.at(-1)
  const open = last ? ` · ${diagram(m.id, last, `Percorso ${p.number} nel diagramma`)}` : ''
  return `<details class="group" id="p-${p.number}"${failed > 0 ? ' open' : ''}><summary>${head}</summary>
<p>Livelli: ${e(levelsText(p))}${open}${reqs.length ? ` · requisiti: ${reqs.map((r) => `<a href="requisiti.html#${anchor('r', r)}">${e(r)}</a>`).join(', ')}` : ''}</p>
${runsHtml(p.runs)}
<ol class="steps">${stepsHtml(p.steps)}</ol>
${variants}</details>`
}

function pager(m: MachineReport, pages: number, current: number, where: 'sopra' | 'sotto'): string {
  if (pages <= 1) return ''
  const items = Array.from({ length: pages }, (_, i) => i + 1).map((n) =>
    n === current
      ? `<span aria-current="page">${n}</span>`
      : `<a href="${pathsPage(m.id, n)}" aria-label="Pagina ${n} dei percorsi">${n}</a>`,
  )
  return `<nav class="pager" aria-label="Pagine dei percorsi (${where})">Pagina: ${items.join('')}</nav>`
}

// ---------------------------------------------------------------------------------------------------------------
// Machine pages

function machineHtml(report: FlowReport, m: MachineReport, locations: Map<number, string>): string {
  const groups = groupPaths(m.paths)
  const pages = Math.max(1, Math.ceil(groups.length / GROUPS_PER_PAGE))
  const pathLinks = (numbers: number[]) => {
    const shown = numbers.slice(0, 3).map((n) => `<a href="${locations.get(n)}">${n}</a>`)
    return numbers.length ? `${numbers.length} (${shown.join(', ')}${numbers.length > 3 ? ', …' : ''})` : '0'
  }
  const stateRows = m.stateDetails
    .map((s) => {
      const through = m.paths.filter((p) => p.states.includes(s.id)).map((p) => p.number)
      return `<tr id="${anchor('s', s.id)}"${s.covered ? '' : ' class="row-ko"'}><td data-label="Copertura">${mark(s.covered)}</td><th scope="row" data-label="Stato">${e(
        s.title ?? s.id,
      )}<br>${diagram(m.id, s.id, `«${s.title ?? s.id}» nel diagramma`)}<small class="dev"><br><code>${e(s.id)}</code></small></th><td data-label="Percorsi">${pathLinks(through)}</td><td data-label="Requisiti">${
        s.spec.map((r) => `<a href="requisiti.html#${anchor('r', r)}">${e(r)}</a>`).join('<br>') || '—'
      }</td></tr>`
    })
    .join('')
  const transitionRows = m.transitionDetails
    .map((t, i) => {
      const through = m.paths.filter((p) => p.transitions.includes(t.key)).map((p) => p.number)
      const to = t.targetTitles.map((title, j) => title ?? t.targets[j]).join(', ') || '(resta nello stato)'
      return `<tr id="${anchor('t', String(i + 1))}"${t.covered ? '' : ' class="row-ko"'}><td data-label="Copertura">${mark(t.covered)}</td><td data-label="Da">${e(
        t.sourceTitle ?? t.source,
      )}</td><td data-label="Evento">${e(t.label)} <small class="dev"><code>${e(eventName(t.event))}</code></small>${
        t.guardText ? `<br><small>se ${e(t.guardText)}</small>` : ''
      }</td><td data-label="A">${e(to)}</td><td data-label="Percorsi">${pathLinks(through)}</td><td data-label="Requisiti">${
        t.spec.length
          ? t.spec.map((r) => `<a href="requisiti.html#${anchor('r', r)}">${e(r)}</a>`).join('<br>')
          : '<span class="muted">nessuno</span>'
      }</td></tr>`
    })
    .join('')
  const missing =
    m.notCovered.states.length + m.notCovered.transitions.length === 0
      ? '<p class="ok"><span aria-hidden="true">✔</span> Ogni stato e ogni transizione sono coperti.</p>'
      : `<div class="ko-box"><p><strong>Non coperti</strong></p><ul>${[
          ...m.notCovered.states.map((id) => `<li>stato <code>${e(id)}</code></li>`),
          ...m.notCovered.transitions.map((key) => `<li>transizione <code>${e(key)}</code></li>`),
        ].join('')}</ul></div>`
  const failedPaths = m.paths.filter((p) => p.status === 'fallito')
  const failures =
    m.failures.length + failedPaths.length
      ? `<div class="ko-box"><h2>Falliti (${m.failures.length + failedPaths.length})</h2><ul>${[
          ...failedPaths.map(
            (p) => `<li><a href="${locations.get(p.number)}">Percorso ${p.number}</a>: ${e(p.scenario)}</li>`,
          ),
          ...m.failures.map((f) => `<li>Nel rapporto: ${e(f.description)}<pre>${e(f.error)}</pre></li>`),
        ].join('')}</ul></div>`
      : ''
  const journeys = m.journeys.length
    ? `<h2>Percorsi nel browser (${m.journeys.length})</h2><p>Seguono un utente attraverso le pagine di questa macchina: non ripetono un percorso generato alla volta.</p><ul class="runs">${m.journeys
        .map(
          (j) =>
            `<li>${status(j.outcome)} · <code>${e(j.file)}</code> · ${e(j.name)} · ${e(dateText(j.date))}, commit <code>${e(
              shortCommit(j.commit),
            )}</code></li>`,
        )
        .join('')}</ul>`
    : ''
  const tour = m.tour
    ? `<details><summary>Giro completo: ${m.tour.length} passi per ${m.transitions.total} transizioni${
        m.tour.restarts > 0
          ? `, ${m.tour.restarts} ${m.tour.restarts === 1 ? 'nuovo avvio' : 'nuovi avvii'}`
          : ''
      }</summary><p>Un solo percorso da eseguire che prende ogni transizione almeno una volta: ${m.tour.transitionsTaken.covered} transizioni su ${m.transitions.total} e ${m.tour.statesTaken.covered} stati su ${m.states.total}.</p><ol class="steps">${stepsHtml(
        m.tour.steps,
      )}</ol></details>`
    : '<p class="ko">Nessun giro: la macchina non ha un modello di test.</p>'
  const pageLinks = Array.from({ length: pages }, (_, i) => i + 1)
    .map((n) => {
      const slice = groups.slice((n - 1) * GROUPS_PER_PAGE, n * GROUPS_PER_PAGE)
      const first = slice[0]?.paths[0]?.number
      return `<li><a href="${pathsPage(m.id, n)}">Pagina ${n}</a>: ${slice.length} gruppi, ${slice.reduce(
        (s, g) => s + g.paths.length,
        0,
      )} percorsi${first ? ` (dal percorso ${first})` : ''}</li>`
    })
    .join('')
  const body = `<h1>${e(m.title)} <small class="dev">(<code>${e(m.id)}</code>)</small></h1>
${m.description === m.title ? '' : `<p>${e(m.description)}</p>`}
${m.hasModel ? '' : '<p class="ko">Nessun modello di test per questa macchina.</p>'}
<dl class="counts">
<div><dt>Stati coperti</dt><dd>${ratio(m.states)}</dd></div>
<div><dt>Transizioni coperte</dt><dd>${ratio(m.transitions)}</dd></div>
<div><dt>Percorsi</dt><dd>${m.paths.length}</dd></div>
<div><dt>Gruppi di percorsi</dt><dd>${groups.length}</dd></div>
<div><dt>Falliti</dt><dd>${m.failures.length + failedPaths.length}</dd></div>
</dl>
<p>Scenari: ${m.scenarios.map(e).join('; ') || '—'}</p>
${missing}${failures}
<h2>Percorsi generati</h2>
<p>${m.paths.length} percorsi in ${groups.length} gruppi: i percorsi con gli stessi stati e gli stessi eventi, che differiscono solo nei dati, sono piegati in un gruppo. ${GROUPS_PER_PAGE} gruppi per pagina, i falliti per primi.</p>
<ul>${pageLinks}</ul>
${journeys}
<h2>Transizioni (${m.transitions.total})</h2>
<table class="stack"><caption class="sr-only">Transizioni di ${e(m.title)}</caption>
<thead><tr><th scope="col">Copertura</th><th scope="col">Da</th><th scope="col">Evento</th><th scope="col">A</th><th scope="col">Percorsi</th><th scope="col">Requisiti</th></tr></thead>
<tbody>${transitionRows}</tbody></table>
<h2>Stati (${m.states.total})</h2>
<table class="stack"><caption class="sr-only">Stati di ${e(m.title)}</caption>
<thead><tr><th scope="col">Copertura</th><th scope="col">Stato</th><th scope="col">Percorsi</th><th scope="col">Requisiti</th></tr></thead>
<tbody>${stateRows}</tbody></table>
<h2>Giro</h2>
${tour}
<p class="muted">Rapporto generato il ${e(dateText(report.generatedAt))}, commit <code>${e(shortCommit(report.commit))}</code>.</p>`
  return layout({ title: m.title, devSwitch: true }, body)
}

function pathsPageHtml(
  report: FlowReport,
  m: MachineReport,
  groups: readonly PathGroup[],
  page: number,
  pages: number,
): string {
  const requirementsOf = (p: ReportPath) =>
    report.requirements.filter((r) => r.paths[m.id]?.includes(p.number - 1)).map((r) => r.id)
  const slice = groups.slice((page - 1) * GROUPS_PER_PAGE, page * GROUPS_PER_PAGE)
  const body = `<p><a href="${machinePage(m.id)}">← ${e(m.title)}</a></p>
<h1>Percorsi di «${e(m.title)}», pagina ${page} di ${pages}</h1>
<p>Ogni percorso è stato eseguito su un attore reale della macchina; dove i test lo ripetono (vista disegnata, replica sul server) ne è indicato il file, il nome e l’ultimo esito. Ogni passo dice chi fa che cosa e che cosa deve essere vero dopo.</p>
${pager(m, pages, page, 'sopra')}
${slice.map((g) => groupHtml(m, g, requirementsOf)).join('\n')}
${pager(m, pages, page, 'sotto')}`
  return layout({ title: `Percorsi di ${m.title}, pagina ${page}`, devSwitch: true }, body)
}

// ---------------------------------------------------------------------------------------------------------------
// Requirements

function requirementsHtml(report: FlowReport, locations: Map<string, Map<number, string>>): string {
  const rows = report.requirements
    .map((r: RequirementReport) => {
      const section = sectionOf(r)
      const claims =
        r.claims
          .map(
            (c) =>
              `${e(c.machine)}: ${e(c.label)} (${diagram(
                c.machine,
                c.kind === 'state' ? c.target : sourceOf(c.target),
                `nel diagramma${r.claims.length > 1 ? `, ${c.label}` : ''}`,
              )})`,
          )
          .join('<br>') ||
        (r.tests?.length
          ? '<span class="muted">nessuna macchina: lo fa il router</span>'
          : '<span class="ko">nessuna transizione</span>')
      const paths = Object.entries(r.paths)
        .map(([machine, indices]) => {
          const shown = indices
            .slice(0, 3)
            .map((i) => `<a href="${locations.get(machine)?.get(i + 1)}">${i + 1}</a>`)
          return `<a href="${machinePage(machine)}">${e(machine)}</a>: ${indices.length} ${indices.length === 1 ? 'percorso' : 'percorsi'}${
            shown.length ? ` (${shown.join(', ')}${indices.length > 3 ? ', …' : ''})` : ''
          }`
        })
        .join('<br>')
      const tests = r.testResults
        .map((t) => `${status(t.outcome)} <code>${e(t.file)}</code> «${e(t.name.split(' › ').at(-1))}»`)
        .join('<br>')
      const failed = r.failedPaths.length
        ? `<br><span class="ko">falliti: ${r.failedPaths.map(e).join(', ')}</span>`
        : ''
      return `<tr id="${anchor('r', r.id)}" data-row data-sezione="${e(section)}" data-stato="${e(r.status)}"${
        r.status === 'passato' ? '' : ' class="row-ko"'
      }><th scope="row" data-label="Requisito">${e(r.id)}</th><td data-label="Stato">${status(r.status)}${failed}</td><td data-label="Che cosa dice">${e(
        r.text,
      )}</td><td data-label="Dichiarato da">${claims}</td><td data-label="Percorsi e test">${paths || ''}${paths && tests ? '<br>' : ''}${tests || (paths ? '' : '—')}</td></tr>`
    })
    .join('')
  const counts = (s: string) => report.requirements.filter((r) => r.status === s).length
  const unclaimedByMachine = new Map<string, typeof report.unclaimed>()
  for (const u of report.unclaimed)
    unclaimedByMachine.set(u.machine, [...(unclaimedByMachine.get(u.machine) ?? []), u])
  const unclaimed = [...unclaimedByMachine.entries()]
    .map(
      ([machine, list]) =>
        `<details><summary>${e(machine)}: ${list.length} ${
          list.length === 1 ? 'transizione' : 'transizioni'
        }</summary><p><a href="${machinePage(machine)}">Pagina della macchina</a></p><p>${list[0]!.reason ? `Perché: ${e(list[0]!.reason)}` : '<span class="ko">Nessuna ragione indicata.</span>'}</p><ul>${list
          .map((u) => `<li>${e(u.label)} <small class="dev"><code>${e(u.key)}</code></small></li>`)
          .join('')}</ul></details>`,
    )
    .join('')
  const body = `<h1>Requisiti</h1>
<p>I punti §4 e §8 della specifica e le regole di ciclo di vita scelte dove la specifica tace (sfide, iscrizioni, cerca compagno: DESIGN §5 e <code>docs/regole.md</code>). Stati e transizioni delle macchine dichiarano in <code>meta.spec</code> il punto che realizzano; un punto che nessuna macchina disegna (lo fa il router) nomina i suoi test. Un requisito è <strong>passato</strong> se un percorso o un test che lo esercita è passato e nessuno è fallito, <strong>fallito</strong> se uno è fallito, <strong>non coperto</strong> se niente lo esercita.</p>
<dl class="counts"><div><dt>Passati</dt><dd>${counts('passato')}</dd></div><div><dt>Falliti</dt><dd>${counts('fallito')}</dd></div><div><dt>Non coperti</dt><dd>${counts('non coperto')}</dd></div></dl>
<div class="filters">
<label>Sezione <select data-filter="sezione"><option value="">Tutte</option>${Object.entries(SECTIONS)
    .map(([key, title]) => `<option value="${e(key)}">${e(title)}</option>`)
    .join('')}</select></label>
<label>Stato <select data-filter="stato"><option value="">Tutti</option><option value="passato">passato</option><option value="fallito">fallito</option><option value="non coperto">non coperto</option></select></label>
<output id="filtrati" aria-live="polite"></output>
</div>
<table class="stack"><caption class="sr-only">Requisiti, il loro stato e ciò che li esercita</caption>
<thead><tr><th scope="col">Requisito</th><th scope="col">Stato</th><th scope="col">Che cosa dice</th><th scope="col">Dichiarato da</th><th scope="col">Percorsi e test</th></tr></thead>
<tbody>${rows}</tbody></table>
<h2>Transizioni che non dichiarano un requisito (${report.unclaimed.length} su ${report.totals.transitions.total})</h2>
<p>Per ogni macchina, perché le sue transizioni non realizzano un punto della specifica o una regola di ciclo di vita.</p>
${unclaimed}`
  return layout({ title: 'Requisiti', current: 'requisiti', devSwitch: true }, body)
}

// ---------------------------------------------------------------------------------------------------------------
// Summary

function summaryHtml(report: FlowReport, history: readonly HistoryEntry[]): string {
  const verdict = verdictOf(report.totals, report.machines)
  const t = report.totals
  const rows = report.machines
    .map((m) => {
      const failed = m.paths.filter((p) => p.status === 'fallito').length + m.failures.length
      const levels = [...new Set(m.paths.flatMap((p) => p.runs.map((r) => LEVEL_TITLES[r.level])))]
      if (m.journeys.length) levels.push(LEVEL_TITLES.browser)
      return `<tr${failed ? ' class="row-ko"' : ''}><th scope="row" data-label="Macchina"><a href="${machinePage(m.id)}">${e(
        m.title,
      )}</a></th><td data-label="Stati">${ratio(m.states)}</td><td data-label="Transizioni">${ratio(m.transitions)}</td><td data-label="Percorsi">${
        m.paths.length
      }</td><td data-label="Dove girano">${e(levels.join(', ') || 'solo il rapporto')}</td><td data-label="Falliti">${
        failed ? `<span class="ko">${failed}</span>` : '0'
      }</td></tr>`
    })
    .join('')
  const runs = report.runs.length
    ? `<ul>${report.runs
        .map(
          (r) =>
            `<li>${r.tool === 'vitest' ? 'vitest (modello, viste, router, server)' : 'Playwright (browser)'}: ${r.total} test, ${
              r.failed ? `<span class="ko">${r.failed} falliti</span>` : '0 falliti'
            }, ${e(dateText(r.date))}, commit <code>${e(shortCommit(r.commit))}</code></li>`,
        )
        .join('')}</ul>`
    : '<p class="muted">Nessun risultato dei test in <code>reports/</code>: i percorsi sono stati eseguiti solo dal rapporto. <code>npm test</code> scrive <code>reports/vitest.json</code> e <code>reports/playwright.json</code>.</p>'
  const historyRows = [...history]
    .reverse()
    .slice(0, 10)
    .map(
      (h) =>
        `<tr><td data-label="Data">${e(dateText(h.date))}</td><td data-label="Commit"><code>${e(shortCommit(h.commit))}</code></td><td data-label="Percorsi">${h.paths}</td><td data-label="Falliti">${h.failed}</td><td data-label="Requisiti coperti">${h.requirementsCovered}/${h.requirements}</td><td data-label="Transizioni">${e(h.transitions)}</td></tr>`,
    )
    .join('')
  const body = `<h1>Copertura dei flussi delle macchine a stati</h1>
<p class="verdict ${verdict.ok ? 'ok' : 'ko'}">${e(verdict.text)}</p>
<dl class="counts">
<div><dt>Macchine</dt><dd>${t.machines}</dd></div>
<div><dt>Percorsi</dt><dd>${t.paths}</dd></div>
<div><dt>Falliti</dt><dd>${t.failed}</dd></div>
<div><dt>Requisiti coperti</dt><dd>${t.requirementsCovered}/${t.requirements}</dd></div>
<div><dt>Stati</dt><dd>${ratio(t.states)}</dd></div>
<div><dt>Transizioni</dt><dd>${ratio(t.transitions)}</dd></div>
</dl>
<p>Generato il ${e(dateText(report.generatedAt))}, commit <code>${e(shortCommit(report.commit))}</code>. Ogni percorso e ogni giro sono stati eseguiti su un attore reale della macchina; «Falliti» conta anche i test falliti nell’ultima esecuzione delle suite:</p>
${runs}
<p>Esporta: <a href="percorsi.csv">percorsi (CSV)</a> · <a href="requisiti.csv">requisiti (CSV)</a> · <a href="junit.xml">JUnit XML</a> · <a href="../flow-history.json">storico (JSON)</a> · <a href="../flow-coverage.json">dati completi (JSON)</a></p>
<h2>Macchine</h2>
<table class="stack"><caption class="sr-only">Riepilogo per macchina</caption>
<thead><tr><th scope="col">Macchina</th><th scope="col">Stati</th><th scope="col">Transizioni</th><th scope="col">Percorsi</th><th scope="col">Dove girano</th><th scope="col">Falliti</th></tr></thead>
<tbody>${rows}</tbody></table>
<h2>Ultime esecuzioni</h2>
<table class="stack"><caption class="sr-only">Storico delle esecuzioni del rapporto</caption>
<thead><tr><th scope="col">Data</th><th scope="col">Commit</th><th scope="col">Percorsi</th><th scope="col">Falliti</th><th scope="col">Requisiti coperti</th><th scope="col">Transizioni</th></tr></thead>
<tbody>${historyRows}</tbody></table>`
  return layout({ title: 'Riepilogo', current: 'riepilogo' }, body)
}

// ---------------------------------------------------------------------------------------------------------------
// Search

export interface IndexEntry {
  /** Kind. */
  t: 'stato' | 'evento' | 'requisito' | 'macchina'
  /** Label shown. */
  l: string
  /** Detail shown under it. */
  d: string
  /** Link. */
  h: string
  /** Text searched (label, technical names, ids). */
  c: string
}

export function searchIndex(report: FlowReport): IndexEntry[] {
  return [
    ...report.machines.map((m) => ({
      t: 'macchina' as const,
      l: m.title,
      d: `${m.paths.length} percorsi`,
      h: machinePage(m.id),
      c: `${m.title} ${m.id} ${m.description}`,
    })),
    ...report.machines.flatMap((m) =>
      m.stateDetails.map((s) => ({
        t: 'stato' as const,
        l: s.title ?? s.id,
        d: `${m.title} · ${m.paths.filter((p) => p.states.includes(s.id)).length} percorsi`,
        h: `${machinePage(m.id)}#${anchor('s', s.id)}`,
        c: `${s.title ?? ''} ${s.id} ${m.id} ${s.spec.join(' ')}`,
      })),
    ),
    ...report.machines.flatMap((m) =>
      m.transitionDetails.map((tr, i) => ({
        t: 'evento' as const,
        l: `${tr.label}${tr.guardText ? ` (se ${tr.guardText})` : ''}`,
        d: `${m.title} · da «${tr.sourceTitle ?? tr.source}» · ${m.paths.filter((p) => p.transitions.includes(tr.key)).length} percorsi`,
        h: `${machinePage(m.id)}#${anchor('t', String(i + 1))}`,
        c: `${tr.label} ${tr.event} ${tr.guardText ?? ''} ${tr.sourceTitle ?? ''} ${m.id} ${tr.spec.join(' ')}`,
      })),
    ),
    ...report.requirements.map((r) => ({
      t: 'requisito' as const,
      l: `${r.id}: ${r.text}`,
      d: `${r.status} · ${Object.values(r.paths).reduce((s, x) => s + x.length, 0)} percorsi`,
      h: `requisiti.html#${anchor('r', r.id)}`,
      c: `${r.id} ${r.text}`,
    })),
  ]
}

function searchHtml(): string {
  const body = `<h1>Cerca</h1>
<p>Cerca uno stato, un evento o un requisito (anche per nome tecnico o codice, ad esempio «AADB2C90118» o «401»).</p>
<form role="search" onsubmit="return false"><label for="cerca">Stato, evento o requisito</label><br><input type="search" id="cerca" name="q" autocomplete="off"></form>
<p id="conteggio" aria-live="polite"></p>
<ul id="risultati" class="results"></ul>
<noscript><p>La ricerca ha bisogno di JavaScript: altrimenti usa l’indice delle pagine delle macchine e dei requisiti.</p></noscript>`
  return layout({ title: 'Cerca', current: 'cerca', scripts: ['indice-ricerca.js', 'cerca.js'] }, body)
}

// ---------------------------------------------------------------------------------------------------------------

/** Every page and asset of the report, relative to its folder. */
export function renderPages(
  report: FlowReport,
  history: readonly HistoryEntry[],
  options: { viewerUrl?: string } = {},
): Page[] {
  viewerUrl = options.viewerUrl ?? DEFAULT_VIEWER_URL
  const locations = new Map(report.machines.map((m) => [m.id, pathLocations(m)]))
  const pages: Page[] = [
    { file: 'rapporto.css', content: CSS },
    { file: 'rapporto.js', content: SCRIPT },
    { file: 'cerca.js', content: SEARCH_SCRIPT },
    { file: 'indice-ricerca.js', content: `var INDICE = ${JSON.stringify(searchIndex(report))}\n` },
    { file: 'index.html', content: summaryHtml(report, history) },
    { file: 'requisiti.html', content: requirementsHtml(report, locations) },
    { file: 'cerca.html', content: searchHtml() },
  ]
  for (const m of report.machines) {
    pages.push({ file: machinePage(m.id), content: machineHtml(report, m, locations.get(m.id)!) })
    const groups = groupPaths(m.paths)
    const count = Math.max(1, Math.ceil(groups.length / GROUPS_PER_PAGE))
    for (let page = 1; page <= count; page++) {
      pages.push({ file: pathsPage(m.id, page), content: pathsPageHtml(report, m, groups, page, count) })
    }
  }
  return pages
}
