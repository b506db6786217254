// The statechart viewer: the list of the portal's machines, the drawing of the chosen one with its details,
// the coverage overlay, live mode (a portal tab of this browser) and the replay of an exported journal.
import { type ChangeEvent, useEffect, useMemo, useRef, useState } from 'react'
import type { StateValue } from 'xstate'
import { machines as registry } from '../../machines/index.ts'
import type { JournalEntry } from '../journal/journal.ts'
import { Canvas, type CanvasHandle } from './Canvas.tsx'
import { type CoverageReport, parseCoverage } from './coverage.ts'
import { Details } from './Details.tsx'
import { Drawing, type Highlight, type Selection } from './Drawing.tsx'
import { standaloneSvg, svgToPng } from './exportImage.ts'
import { saveFile } from '../ui/save-file.ts'
import { graphCounts, machineGraph, type MachineGraph } from './graph.ts'
import { Legend } from './Legend.tsx'
import { LIVE_CHANNEL, liveMessageEntries, liveStatus } from './live.ts'
import { type ReplayStep, activeStateIds, parseJournal, replayJournal, stateWords } from './replay.ts'
import { ReplayPanel } from './ReplayPanel.tsx'
import { searchMachines } from './search.ts'
import { SimulatePanel } from './SimulatePanel.tsx'
import { type SimulationStep, simulationChoices, startSimulation, stepSimulation } from './simulate.ts'
import { useFolding } from './useFolding.ts'

export interface ViewerMachine {
  id: string
  title: string
  description: string
  graph: MachineGraph
  counts: { states: number; transitions: number }
}

const viewerMachines: ViewerMachine[] = registry.map((entry) => {
  const graph = machineGraph(entry.machine, entry.labels, entry.title)
  return {
    id: entry.id,
    title: entry.title,
    description: entry.description,
    graph,
    counts: graphCounts(graph),
  }
})

const EMPTY = new Set<string>()
/** The states and transitions listed under a machine for a search; the rest are counted. */
const MAX_HITS = 8

async function readJsonFile(event: ChangeEvent<HTMLInputElement>): Promise<unknown> {
  const file = event.target.files?.[0]
  event.target.value = ''
  if (!file) return undefined
  return JSON.parse(await file.text()) as unknown
}

function initialMachine(): string {
  const asked = new URLSearchParams(window.location.search).get('macchina')
  return viewerMachines.find((m) => m.id === asked)?.id ?? viewerMachines[0]?.id ?? ''
}

/**
 * The state a link asks for (`?macchina=sfida&stato=sfida.accepted`, the flow report's links): by its id, or
 * by its path inside the machine (`stato=accepted`, `stato=authenticated.ready`).
 */
export function linkedState(graph: MachineGraph, asked: string | null): string | null {
  if (!asked) return null
  if (graph.states[asked]) return asked
  const byPath = `${graph.root}.${asked}`
  return graph.states[byPath] ? byPath : null
}

function initialSelection(): Selection {
  const params = new URLSearchParams(window.location.search)
  const machine = viewerMachines.find((m) => m.id === initialMachine())
  const state = machine ? linkedState(machine.graph, params.get('stato')) : null
  return state ? { state } : null
}

/** Keeps the address on the machine and state shown, so that it can be shared. */
function rememberInAddress(machine: string, state: string | null) {
  const url = new URL(window.location.href)
  url.searchParams.set('macchina', machine)
  if (state) url.searchParams.set('stato', state)
  else url.searchParams.delete('stato')
  window.history.replaceState(null, '', url)
}

export function App() {
  const [query, setQuery] = useState('')
  const [machineId, setMachineId] = useState(initialMachine)
  const [selection, setSelection] = useState<Selection>(initialSelection)
  const [simulation, setSimulation] = useState<SimulationStep[] | null>(null)
  const [coverage, setCoverage] = useState<CoverageReport | null>(null)
  const [showCoverage, setShowCoverage] = useState(false)
  const [live, setLive] = useState(false)
  const [liveStates, setLiveStates] = useState<Record<string, StateValue>>({})
  const [lastLive, setLastLive] = useState<JournalEntry | null>(null)
  const [replay, setReplay] = useState<{ name: string; steps: ReplayStep[] } | null>(null)
  const [step, setStep] = useState(0)
  const [followEvent, setFollowEvent] = useState(true)
  const [notice, setNotice] = useState<string | null>(null)
  const canvas = useRef<CanvasHandle>(null)
  const drawingRef = useRef<SVGGElement>(null)

  const machine = viewerMachines.find((m) => m.id === machineId) ?? viewerMachines[0]!
  const { layout, toggle } = useFolding(machine.graph, selection)
  const machineCoverage = coverage?.get(machine.id)
  const focus = useMemo(() => {
    const initial = layout.initials.find((at) => at.parent === machine.graph.root)
    if (!initial) return null
    return {
      dot: initial.dot,
      box: layout.states[initial.target] ?? null,
      boxes: [...Object.values(layout.states), ...layout.edges.map((edge) => edge.label)],
    }
  }, [layout, machine])

  // The report generated with the build, when there is one; otherwise the user may load one.
  useEffect(() => {
    fetch('/statecharts/flow-coverage.json')
      .then((response) => (response.ok ? response.json() : null))
      .then((json: unknown) => {
        if (json) {
          setCoverage(parseCoverage(json))
          setShowCoverage(true)
        }
      })
      .catch(() => undefined)
  }, [])

  useEffect(() => {
    if (!live || typeof BroadcastChannel !== 'function') return
    const channel = new BroadcastChannel(LIVE_CHANNEL)
    channel.onmessage = (message) => {
      const entries = liveMessageEntries(message.data)
      if (entries.length === 0) return
      setLiveStates((states) => {
        const next = { ...states }
        for (const entry of entries)
          if (entry.machine && entry.state !== undefined) next[entry.machine] = entry.state
        return next
      })
      setLastLive(entries.at(-1)!)
    }
    channel.postMessage('richiesta')
    return () => channel.close()
  }, [live])

  // A link to a state (the flow report's) shows the drawing on screen, also where the page is taller than it.
  const linked = useRef(selection !== null)
  useEffect(() => {
    if (!linked.current) return
    linked.current = false
    canvas.current?.show()
  }, [])

  // What is selected comes into sight (chosen in the details panel, or reached with the keyboard).
  useEffect(() => {
    if (!selection) return
    const box =
      'state' in selection
        ? layout.states[selection.state]
        : (layout.edges.find((edge) => edge.transition.key === selection.transition)?.label ??
          layout.loops
            .filter((loop) => loop.transition.key === selection.transition)
            .map((loop) => ({ x: loop.x, y: loop.y - 14, width: 200, height: 18 }))[0])
    // The whole machine is its frame: nothing to bring into sight.
    if (box && !('state' in selection && selection.state === machine.graph.root)) canvas.current?.reveal(box)
  }, [selection, layout, machine])

  const current = replay?.steps[step] ?? null
  const entry = registry.find((e) => e.id === machine.id)
  const simulated = simulation?.at(-1) ?? null
  const choices = useMemo(
    () => (simulated ? simulationChoices(machine.graph, simulated.state) : []),
    [simulated, machine],
  )
  const startSimulating = () => {
    if (!entry) return
    try {
      setSimulation([startSimulation(entry.machine, entry.example)])
      setReplay(null)
      setLive(false)
    } catch (error) {
      setNotice(`Simulazione non avviata: ${error instanceof Error ? error.message : String(error)}`)
    }
  }
  const takeChoice = (choice: (typeof choices)[number]) => {
    if (!entry || !simulated) return
    setSimulation((steps) => [
      ...(steps ?? []),
      stepSimulation(entry.machine, machine.graph, simulated.state, choice),
    ])
  }
  /** A click in the drawing selects; in simulate mode, a click on a transition that can be taken takes it. */
  const select = (next: Selection) => {
    setSelection(next)
    if (next && 'transition' in next) {
      const choice = choices.find((c) => c.key === next.transition)
      if (choice) takeChoice(choice)
    }
    rememberInAddress(
      machine.id,
      next && 'state' in next && next.state !== machine.graph.root ? next.state : null,
    )
  }
  // The replay centres the state its step reached; the simulation brings it into sight.
  const leafOf = (value: StateValue | null | undefined) => {
    const active = value ? activeStateIds(machine.graph, value) : []
    return (
      active.findLast((id) => !active.some((other) => machine.graph.states[other]?.parent === id)) ?? null
    )
  }
  const replayed = leafOf(current?.states[machine.id])
  const simulatedLeaf = leafOf(simulated?.state.value)
  useEffect(() => {
    const box = replayed ? layout.states[replayed] : undefined
    if (box) canvas.current?.centre(box)
  }, [replayed, layout])
  useEffect(() => {
    const box = simulatedLeaf ? layout.states[simulatedLeaf] : undefined
    if (box) canvas.current?.reveal(box)
  }, [simulatedLeaf, layout])

  /** Goes to a step of the replay; the drawing shows the machine that received its event, if asked. */
  const showStep = (to: number, steps = replay?.steps ?? [], follow = followEvent) => {
    setStep(to)
    const receiver = steps[to]?.entry.machine
    if (follow && receiver && viewerMachines.some((m) => m.id === receiver)) {
      setMachineId(receiver)
      setSelection(null)
    }
  }
  const highlight: Highlight = useMemo(() => {
    let value: StateValue | null | undefined
    let taken: ReadonlySet<string> = EMPTY
    if (simulated) {
      value = simulated.state.value
      if (simulated.taken) taken = new Set([simulated.taken])
    } else if (current) {
      value = current.states[machine.id]
      if (current.entry.machine === machine.id) taken = new Set(current.taken)
    } else if (live) {
      value = liveStates[machine.id]
    }
    return {
      active: new Set(activeStateIds(machine.graph, value)),
      taken,
      covered:
        showCoverage && machineCoverage
          ? { states: machineCoverage.coveredStates, transitions: machineCoverage.coveredTransitions }
          : null,
    }
  }, [simulated, current, live, liveStates, machine, showCoverage, machineCoverage])

  const visible = useMemo(() => searchMachines(viewerMachines, query), [query])

  const choose = (id: string) => {
    if (id !== machine.id) setSimulation(null)
    setMachineId(id)
    setSelection(null)
    rememberInAddress(id, null)
  }

  const exportSvg = () => {
    if (!drawingRef.current) return
    const svg = standaloneSvg(drawingRef.current, layout.width, layout.height, machine.title)
    saveFile(new Blob([svg], { type: 'image/svg+xml' }), `${machine.id}.svg`)
  }
  const exportPng = async () => {
    if (!drawingRef.current) return
    try {
      const svg = standaloneSvg(drawingRef.current, layout.width, layout.height, machine.title)
      saveFile(await svgToPng(svg), `${machine.id}.png`)
    } catch (error) {
      setNotice(error instanceof Error ? error.message : String(error))
    }
  }

  const loadCoverage = async (event: ChangeEvent<HTMLInputElement>) => {
    try {
      const json = await readJsonFile(event)
      if (json === undefined) return
      const report = parseCoverage(json)
      if (report.size === 0) throw new Error('Il file non contiene macchine: non è un rapporto di copertura.')
      setCoverage(report)
      setShowCoverage(true)
      setNotice(`Rapporto di copertura caricato: ${report.size} macchine.`)
    } catch (error) {
      setNotice(`Rapporto non letto: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  const loadJournal = async (event: ChangeEvent<HTMLInputElement>) => {
    const name = event.target.files?.[0]?.name ?? 'registro'
    try {
      const json = await readJsonFile(event)
      if (json === undefined) return
      const steps = replayJournal(parseJournal(json), registry)
      setReplay({ name, steps })
      showStep(0, steps)
      setLive(false)
      setNotice(`Registro «${name}» caricato: ${steps.length} eventi.`)
    } catch (error) {
      setNotice(`Registro non letto: ${error instanceof Error ? error.message : String(error)}`)
    }
  }

  return (
    <div className="viewer">
      <header className="viewer-header">
        <h1>Diagrammi di stato del portale</h1>
        <p>
          Come il portale decide che cosa succede: ogni riquadro è una situazione (uno <strong>stato</strong>
          ), ogni freccia un passaggio da una situazione a un’altra (una <strong>transizione</strong>) con ciò
          che lo provoca e, tra parentesi quadre, la condizione.
        </p>
      </header>
      <div className="viewer-body">
        <nav className="machine-list" aria-label="Macchine">
          <label htmlFor="cerca-macchina">Cerca una macchina, uno stato, un evento o un requisito</label>
          <input
            id="cerca-macchina"
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="es. sessione, tessere caricate, 401"
          />
          <ul>
            {visible.map(({ machine: m, hits }) => {
              const liveValue = live ? liveStates[m.id] : current?.states[m.id]
              return (
                <li key={m.id}>
                  <button
                    type="button"
                    data-machine={m.id}
                    data-live-value={live ? JSON.stringify(liveValue ?? null) : undefined}
                    aria-current={m.id === machine.id ? 'true' : undefined}
                    onClick={() => choose(m.id)}
                  >
                    <span className="machine-title">{m.title}</span>
                    <span className="machine-counts">
                      {m.counts.states} stati · {m.counts.transitions} transizioni
                    </span>
                    {(live || current) && (
                      <span className="machine-live">Ora: {stateWords(m.graph, liveValue)}</span>
                    )}
                  </button>
                  {hits.length > 0 && (
                    <ul className="search-hits" aria-label={`Trovati in ${m.title}`}>
                      {hits.slice(0, MAX_HITS).map((hit) => (
                        <li key={'state' in hit ? hit.state : hit.transition}>
                          <button
                            type="button"
                            className="link"
                            onClick={() => {
                              choose(m.id)
                              setSelection(
                                'state' in hit ? { state: hit.state } : { transition: hit.transition },
                              )
                              if ('state' in hit) rememberInAddress(m.id, hit.state)
                            }}
                          >
                            {hit.text}
                            {hit.why.toLowerCase() !== hit.text.toLowerCase() &&
                              !hit.text.includes(hit.why) && <span className="hint"> ({hit.why})</span>}
                          </button>
                        </li>
                      ))}
                      {hits.length > MAX_HITS && (
                        <li className="hint">e altri {hits.length - MAX_HITS}: precisa la ricerca</li>
                      )}
                    </ul>
                  )}
                </li>
              )
            })}
            {visible.length === 0 && <li className="empty">Nulla corrisponde alla ricerca.</li>}
          </ul>
        </nav>
        <main className="viewer-main">
          <section aria-labelledby="titolo-macchina" className="machine-head">
            <h2 id="titolo-macchina">{machine.title}</h2>
            <p>{machine.description}</p>
            <p className="figures" data-testid="conteggi">
              <span data-testid="conteggio-stati">{machine.counts.states}</span> stati ·{' '}
              <span data-testid="conteggio-transizioni">{machine.counts.transitions}</span> transizioni
              {machineCoverage?.states && machineCoverage.transitions && (
                <>
                  {' '}
                  · copertura dei percorsi generati: {machineCoverage.states.covered}/
                  {machineCoverage.states.total} stati, {machineCoverage.transitions.covered}/
                  {machineCoverage.transitions.total} transizioni
                </>
              )}
            </p>
          </section>
          <div className="toolbar" role="toolbar" aria-label="Strumenti del diagramma">
            <button type="button" onClick={() => canvas.current?.zoom(1.2)}>
              Ingrandisci
            </button>
            <button type="button" onClick={() => canvas.current?.zoom(1 / 1.2)}>
              Riduci
            </button>
            <button
              type="button"
              title="Mostra il diagramma intero nella finestra; se così si leggerebbe troppo piccolo, lo adatta alla larghezza"
              onClick={() => canvas.current?.fit()}
            >
              Adatta alla finestra
            </button>
            <button type="button" onClick={exportSvg}>
              Esporta SVG
            </button>
            <button type="button" onClick={() => void exportPng()}>
              Esporta PNG
            </button>
            <label className="check">
              <input
                type="checkbox"
                checked={showCoverage && coverage !== null}
                disabled={coverage === null}
                onChange={(event) => setShowCoverage(event.target.checked)}
              />
              Mostra la copertura
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={live}
                onChange={(event) => {
                  setLive(event.target.checked)
                  if (event.target.checked) {
                    setReplay(null)
                    setSimulation(null)
                  }
                }}
              />
              Segui il portale dal vivo
            </label>
            <label className="check">
              <input
                type="checkbox"
                checked={simulation !== null}
                onChange={(event) => (event.target.checked ? startSimulating() : setSimulation(null))}
              />
              Simula la macchina
            </label>
            <label className="file">
              Carica rapporto di copertura
              <input
                type="file"
                accept="application/json,.json"
                onChange={(event) => void loadCoverage(event)}
              />
            </label>
            <label className="file">
              Carica registro esportato
              <input
                type="file"
                accept="application/json,.json"
                onChange={(event) => void loadJournal(event)}
              />
            </label>
          </div>
          <p className="notice" role="status">
            {notice}
          </p>
          {live && (
            <p className="live-status" role="status" data-testid="stato-dal-vivo">
              {liveStatus(lastLive, registry)}
            </p>
          )}
          <div className="stage">
            <Canvas
              width={layout.width}
              height={layout.height}
              focus={focus}
              label={`Diagramma: ${machine.title}`}
              handle={canvas}
              drawingRef={drawingRef}
            >
              <Drawing
                layout={layout}
                selection={selection}
                highlight={highlight}
                onSelect={select}
                onToggle={toggle}
              />
            </Canvas>
            <div className="side">
              {replay && (
                <ReplayPanel
                  name={replay.name}
                  steps={replay.steps}
                  step={step}
                  onStep={(to) => showStep(to)}
                  onClose={() => setReplay(null)}
                  machines={viewerMachines}
                  onShowMachine={choose}
                  followEvent={followEvent}
                  onFollowEvent={(follow) => {
                    setFollowEvent(follow)
                    showStep(step, replay.steps, follow)
                  }}
                />
              )}
              {simulation && (
                <SimulatePanel
                  machine={machine}
                  steps={simulation}
                  choices={choices}
                  onChoose={takeChoice}
                  onBack={() =>
                    setSimulation((steps) => (steps && steps.length > 1 ? steps.slice(0, -1) : steps))
                  }
                  onRestart={startSimulating}
                  onClose={() => setSimulation(null)}
                />
              )}
              <Details machine={machine} selection={selection} coverage={machineCoverage} onSelect={select} />
            </div>
          </div>
          <Legend />
        </main>
      </div>
    </div>
  )
}
