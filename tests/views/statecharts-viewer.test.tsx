// The statechart viewer as a product owner reads it: frame titles, the live banner and the replay's steps in
// Italian, from the machines' own labels, never xstate's internal event names (xstate.done.actor.…).
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { JournalEntry } from '../../src/journal/journal.ts'
import { machines } from '../../machines/index.ts'
import { graphCounts, machineGraph } from '../../src/statecharts/graph.ts'
import { liveStatus } from '../../src/statecharts/live.ts'
import { replayJournal } from '../../src/statecharts/replay.ts'
import { ReplayPanel } from '../../src/statecharts/ReplayPanel.tsx'
import { Drawing } from '../../src/statecharts/Drawing.tsx'
import { layoutMachine } from '../../src/statecharts/layout.ts'
import { searchMachines } from '../../src/statecharts/search.ts'
import { linkedState } from '../../src/statecharts/App.tsx'
import { compactCoverage, parseCoverage } from '../../src/statecharts/coverage.ts'
import { Details } from '../../src/statecharts/Details.tsx'

const viewerMachines = machines.map((entry) => {
  const graph = machineGraph(entry.machine, entry.labels, entry.title)
  return {
    id: entry.id,
    title: entry.title,
    description: entry.description,
    graph,
    counts: graphCounts(graph),
  }
})

const at = '2026-11-26T10:00:00.000Z'
/** A journal as the portal exports it: the «Le mie tessere» page loads a second page, then fails a third. */
const journal: JournalEntry[] = [
  {
    at,
    source: 'elencoTessere',
    type: 'xstate.init',
    machine: 'elencoTessere',
    payload: { input: { idPersona: 7, tessere: [], record: 40 } },
    state: 'ready',
  },
  { at, source: 'elencoTessere', type: 'tessere.more', machine: 'elencoTessere', state: 'loadingMore' },
  {
    at,
    source: 'elencoTessere',
    type: 'xstate.done.actor.loadTessere',
    machine: 'elencoTessere',
    payload: { output: { results: [], record: 40 } },
    state: 'ready',
  },
  { at, source: 'elencoTessere', type: 'tessere.more', machine: 'elencoTessere', state: 'loadingMore' },
  {
    at,
    source: 'elencoTessere',
    type: 'xstate.error.actor.loadTessere',
    machine: 'elencoTessere',
    payload: { error: { message: 'Servizio non raggiungibile' } },
    state: 'ready',
  },
  // An event a child actor received (no machine of the registry): still told in words.
  { at, source: 'loadCards', type: 'xstate.done.actor.loadCards' },
  { at, source: 'session', type: 'xstate.after.60000.session.authenticated.refreshing' },
]

describe('the statechart viewer in Italian', () => {
  it('titles each machine’s frame with its Italian name, not its id', () => {
    const tessere = viewerMachines.find((m) => m.id === 'elencoTessere')!
    expect(tessere.graph.states[tessere.graph.root]?.title).toBe('Le mie tessere')
    for (const m of viewerMachines) expect(m.graph.states[m.graph.root]?.title).toBe(m.title)
  })

  it('tells every replayed step in words, never with xstate’s event names', () => {
    const steps = replayJournal(journal, machines)
    expect(steps.map((step) => step.problem)).toEqual(journal.map(() => null))
    const { rerender } = render(
      <ReplayPanel
        name="registro.json"
        steps={steps}
        step={0}
        onStep={() => undefined}
        onClose={() => undefined}
        machines={viewerMachines}
        onShowMachine={() => undefined}
        followEvent
        onFollowEvent={() => undefined}
      />,
    )
    const told: string[] = []
    steps.forEach((_, index) => {
      rerender(
        <ReplayPanel
          name="registro.json"
          steps={steps}
          step={index}
          onStep={() => undefined}
          onClose={() => undefined}
          machines={viewerMachines}
          onShowMachine={() => undefined}
          followEvent
          onFollowEvent={() => undefined}
        />,
      )
      const section = screen.getByRole('region', { name: /Riproduzione del registro/ })
      // What is shown: the technical names stay in the closed «per sviluppatori» details.
      const shown = section.cloneNode(true) as HTMLElement
      for (const details of shown.querySelectorAll('details')) details.remove()
      expect(shown.textContent).not.toContain('xstate.')
      told.push(screen.getByTestId('evento').textContent ?? '')
    })
    expect(told[0]).toBe('Avvio')
    expect(told[2]).toBe('Il server risponde (tessere caricate)')
    expect(told[4]).toContain('tessere non caricate')
    expect(told[5]).toContain('tessere caricate')
    expect(told[6]).toContain('dopo 1 min')
  })

  it('names the last live event in words, with the machine’s Italian name', () => {
    const status = liveStatus(journal[2]!, machines)
    expect(status).toContain('tessere caricate')
    expect(status).toContain('Le mie tessere')
    expect(status).not.toContain('xstate.')
    expect(liveStatus(null, machines)).toMatch(/^Dal vivo: in attesa/)
  })
})

describe('the viewer’s search', () => {
  const found = (query: string) =>
    searchMachines(viewerMachines, query).map(({ machine, hits }) => ({
      machine: machine.id,
      hits: hits.map((hit) => hit.text),
    }))

  it('finds a spec id on the transitions that claim it', () => {
    const forgot = found('AADB2C90118')
    expect(forgot.map((m) => m.machine)).toEqual(['session'])
    expect(forgot[0]!.hits.length).toBeGreaterThan(0)
    const unauthorized = searchMachines(viewerMachines, '401').find((r) => r.machine.id === 'session')
    const claimed = viewerMachines
      .find((m) => m.id === 'session')!
      .graph.transitions.filter((t) => t.spec?.includes('401'))
    expect(claimed.length).toBeGreaterThan(0)
    expect(unauthorized?.hits.map((hit) => ('transition' in hit ? hit.transition : null))).toEqual(
      expect.arrayContaining(claimed.map((t) => t.key)),
    )
  })

  it('finds states by their title and events by their Italian label or their type', () => {
    const shown = searchMachines(viewerMachines, 'tessere mostrate')
    expect(shown.map((r) => r.machine.id)).toEqual(['elencoTessere'])
    expect(shown[0]!.hits).toContainEqual(expect.objectContaining({ state: 'elencoTessere.ready' }))
    const loaded = found('tessere caricate').map((m) => m.machine)
    expect(loaded).toEqual(expect.arrayContaining(['session', 'elencoTessere']))
    const signIn = searchMachines(viewerMachines, 'session.signIn')
    expect(signIn[0]?.hits).toContainEqual(
      expect.objectContaining({ transition: 'session.anonymous session.signIn #0' }),
    )
  })

  it('lists every machine, and no hit, for an empty query; finds a machine by its name', () => {
    expect(searchMachines(viewerMachines, ' ')).toHaveLength(viewerMachines.length)
    expect(found('Le mie tessere')).toEqual([{ machine: 'elencoTessere', hits: [] }])
  })
})

describe('the coverage overlay', () => {
  it('colours a history marker as covered when the state it resumes is covered', () => {
    const session = viewerMachines.find((m) => m.id === 'session')!
    const history = Object.values(session.graph.states).find((state) => state.kind === 'history')!
    // What the flow report lists: every state a path rests in; a history marker is never rested in.
    const states = new Set(
      Object.values(session.graph.states)
        .filter((state) => state.kind !== 'history')
        .map((state) => state.id),
    )
    const { container } = render(
      <svg>
        <Drawing
          layout={layoutMachine(session.graph)}
          selection={null}
          highlight={{ active: new Set(), taken: new Set(), covered: { states, transitions: new Set() } }}
          onSelect={() => undefined}
        />
      </svg>,
    )
    const marker = container.querySelector(`[data-kind="history"][data-state-id="${history.id}"]`)!
    expect(marker.getAttribute('aria-label')).toMatch(/, coperto$/)
    const parent = container.querySelector(`[data-state-id="${history.parent}"] rect`)!
    expect(marker.querySelector('circle')?.getAttribute('fill')).toBe(parent.getAttribute('fill'))
  })
})

describe('the compact coverage report the portal serves', () => {
  /** A full report as `npm run flows` writes it: two paths and a tour, with every step's expectations. */
  const full = {
    machines: [
      {
        id: 'sfida',
        title: 'Sfida tra giocatori',
        states: { covered: 3, total: 9 },
        transitions: { covered: 2, total: 16 },
        paths: [1, 2].map((number) => ({
          number,
          scenario: 'Singolare con un avversario invitato',
          description: `sfida.accetta {"by":${number}}`,
          steps: [
            {
              head: 'Avvio',
              then: ['ora è «Proposta»'],
              event: 'avvio',
              payload: { input: 'x'.repeat(500) },
            },
            { head: 'L’avversario accetta la sfida', then: ['ora è «Accettata»'.repeat(20)] },
          ],
          states: ['sfida.proposed', 'sfida.accepted'],
          transitions: ['sfida.proposed sfida.accetta #0'],
        })),
        tour: {
          description: 'Giro di 2 passi',
          length: 2,
          steps: [
            { head: 'Avvio', then: [] },
            { head: 'L’avversario rifiuta la sfida', then: [] },
          ],
          states: ['sfida.proposed', 'sfida.refused'],
          transitions: ['sfida.proposed sfida.rifiuta #0'],
        },
      },
    ],
  }

  it('keeps what the overlay shows, in a fraction of the size', () => {
    const compact = compactCoverage(full)
    expect(JSON.stringify(compact).length).toBeLessThan(JSON.stringify(full).length / 3)
    const [before, after] = [parseCoverage(full).get('sfida')!, parseCoverage(compact).get('sfida')!]
    expect(after.coveredStates).toEqual(before.coveredStates)
    expect(after.coveredTransitions).toEqual(before.coveredTransitions)
    expect(after.states).toEqual({ covered: 3, total: 9 })
    expect(after.paths.map((p) => p.tour)).toEqual([true, false, false])
    expect(after.paths[0]!.length).toBe(2)
    // A path in words, as its steps tell it: never the test's technical name.
    expect(after.paths[1]!.description).toBe(
      'Percorso 1, Singolare con un avversario invitato: L’avversario accetta la sfida',
    )
  })
})

describe('the details of a state', () => {
  const sfida = viewerMachines.find((m) => m.id === 'sfida')!

  it('says where one arrives from («si arriva da»), each incoming transition a link', async () => {
    const selected: unknown[] = []
    render(
      <Details
        machine={sfida}
        selection={{ state: 'sfida.accepted' }}
        coverage={undefined}
        onSelect={(s) => selected.push(s)}
      />,
    )
    const incoming = screen.getByRole('list', { name: 'Si arriva a «Accettata: da giocare» da' })
    const links = within(incoming).getAllByRole('button')
    const expected = sfida.graph.transitions.filter((t) => t.targets.includes('sfida.accepted'))
    expect(links).toHaveLength(expected.length)
    expect(links.map((l) => l.textContent)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Proposta: Accetta la sfida \[se /)]),
    )
    links[0]!.click()
    expect(selected).toEqual([{ transition: expected[0]!.key }])
  })

  it('says the first state is where the machine starts', () => {
    render(
      <Details
        machine={sfida}
        selection={{ state: 'sfida.proposed' }}
        coverage={undefined}
        onSelect={() => undefined}
      />,
    )
    expect(screen.getByText('Nessuna transizione: è lo stato da cui parte la macchina.')).toBeInTheDocument()
  })
})

describe('links to a machine and a state', () => {
  const sfida = viewerMachines.find((m) => m.id === 'sfida')!
  it('finds the state by its id or by its path in the machine', () => {
    expect(linkedState(sfida.graph, 'sfida.accepted')).toBe('sfida.accepted')
    expect(linkedState(sfida.graph, 'accepted')).toBe('sfida.accepted')
    expect(linkedState(sfida.graph, 'nessuno')).toBeNull()
    expect(linkedState(sfida.graph, null)).toBeNull()
  })
})
