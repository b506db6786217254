// The diagrams read at a glance (issue 22, item 5), measured on the layout's geometry: at «Adatta» in the viewer
// on a 1280 × 800 screen every machine's first view is whole, its labels at least READABLE_FONT_PX tall; no
// edge label overlaps a state box or another label; no edge crosses a state box it does not leave or reach;
// folded compound states hide their children until unfolded; the failures that end the session are one edge.
import { describe, expect, it } from 'vitest'
import { machines } from '../../machines/index.ts'
import {
  fitView,
  READABLE_FONT_PX,
  READABLE_SCALE,
  START_CONTEXT,
  startView,
} from '../../src/statecharts/fit.ts'
import { allExpanded, defaultExpanded, hiddenStates } from '../../src/statecharts/fold.ts'
import { ancestry, machineGraph, type MachineGraph } from '../../src/statecharts/graph.ts'
import {
  type Box,
  crossesBox,
  edgeCrossings,
  FAILURE_GROUP_LABEL,
  FONT_SIZE,
  labelDistance,
  layoutMachine,
  lineLength,
  type MachineLayout,
} from '../../src/statecharts/layout.ts'

/**
 * The drawing's frame in the viewer on a 1280 × 800 screen (statecharts.css): the page's padding (2 × 16),
 * the machine list (13rem) and its gap (16), the frame's border (2); as tall as the window less 2rem, «Adatta»
 * bringing it to the top of the window. The details go under it.
 */
const FRAME_1280 = { width: 1280 - 2 * 16 - 208 - 16 - 2, height: 800 - 32 - 2 }

/** The frame on a 375 × 760 phone: the page's padding and the frame's border; 60% of the window tall. */
const FRAME_375 = { width: 375 - 2 * 16 - 2, height: Math.round(760 * 0.6) }

const entry = (id: string) => machines.find((m) => m.id === id)!
const graphOf = (id: string) => machineGraph(entry(id).machine, entry(id).labels, entry(id).title)

const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
const within = (a: Box, b: Box) =>
  a.x >= b.x && a.y >= b.y && a.x + a.width <= b.x + b.width && a.y + a.height <= b.y + b.height

/** What a product owner could not read: labels on boxes or on labels, edges through boxes or labels. */
function clashes(graph: MachineGraph, layout: MachineLayout): string[] {
  const states = Object.values(layout.states)
  const found: string[] = []
  const labelled = layout.edges.filter((edge) => edge.label.lines.length > 0)
  for (const edge of labelled) {
    for (const laid of states) {
      // Inside a compound state's area for its children is where its inner edges belong.
      const area = {
        x: laid.x,
        y: laid.y + laid.headerHeight,
        width: laid.width,
        height: laid.height - laid.headerHeight,
      }
      const holds = laid.state.children.length > 0 && laid.folded === null && within(edge.label, area)
      if (overlap(edge.label, laid) && !holds)
        found.push(`label «${edge.label.lines.join(' ')}» on box ${laid.state.id}`)
    }
  }
  labelled.forEach((a, i) =>
    labelled
      .slice(i + 1)
      .filter((b) => overlap(a.label, b.label))
      .forEach((b) => found.push(`label «${a.label.lines.join(' ')}» on «${b.label.lines.join(' ')}»`)),
  )
  // A line through another arrow's label makes the label ambiguous: which arrow does it name?
  for (const edge of layout.edges) {
    for (const other of labelled) {
      if (other === edge) continue
      if (edge.points.some((p, i) => i > 0 && crossesBox(edge.points[i - 1]!, p, other.label)))
        found.push(
          `edge ${edge.label.lines.join(' ') || `${edge.source} → ${edge.target}`} through label «${other.label.lines.join(' ')}»`,
        )
    }
  }
  return [...found, ...boxCrossings(graph, layout)]
}

/** The arrows that cross a box other than their ends' (a source, a target, a state holding one of them). */
function boxCrossings(graph: MachineGraph, layout: MachineLayout): string[] {
  const found: string[] = []
  for (const edge of layout.edges) {
    const ends = new Set(
      [edge.source, edge.target].flatMap((id) => (graph.states[id] ? ancestry(graph, id) : [])),
    )
    for (const laid of Object.values(layout.states)) {
      if (ends.has(laid.state.id)) continue
      if (edge.points.some((p, i) => i > 0 && crossesBox(edge.points[i - 1]!, p, laid)))
        found.push(`${edge.source} → ${edge.target} through ${laid.state.id}`)
    }
  }
  return found
}

/** The text size at «Adatta» on a 1280 px screen, in CSS pixels. */
const fontAt1280 = (layout: MachineLayout) => FONT_SIZE * fitView(layout, FRAME_1280).scale

describe('the diagrams read at a glance', () => {
  it.each(['session', 'navigationGuards', 'sfida'])(
    '%s: at «Adatta» on a 1280 px screen every label is at least 10 px and nothing overlaps',
    (id) => {
      const graph = graphOf(id)
      const layout = layoutMachine(graph, { expanded: defaultExpanded(graph) })
      expect(fontAt1280(layout)).toBeGreaterThanOrEqual(READABLE_FONT_PX)
      expect(clashes(graph, layout)).toEqual([])
    },
  )

  it.each(['session', 'navigationGuards', 'sfida'])(
    '%s: each label sits on its own arrow, nearer to it than to any other line',
    (id) => {
      const graph = graphOf(id)
      const layout = layoutMachine(graph, { expanded: defaultExpanded(graph) })
      const astray = layout.edges
        .filter((edge) => edge.label.lines.length > 0)
        .filter((edge) => {
          const own = labelDistance(edge.label, edge.points)
          const others = layout.edges.filter((other) => other !== edge)
          return own > 0 || others.some((other) => labelDistance(edge.label, other.points) <= own)
        })
        .map((edge) => edge.label.lines.join(' '))
      expect(astray).toEqual([])
    },
  )

  it('the session’s default view: its arrows cross one another at most twice, none much longer than the others', () => {
    const graph = graphOf('session')
    const layout = layoutMachine(graph, { expanded: defaultExpanded(graph) })
    expect(edgeCrossings(layout)).toBeLessThanOrEqual(2)
    // The typical arrow is the median one; the longest (a failure's line from «Avvio della sessione» to the
    // junction by «Disconnessione in corso») at most two and a half times as long.
    const lengths = layout.edges.map(lineLength).sort((a, b) => a - b)
    const median = lengths[Math.floor(lengths.length / 2)]!
    expect(lengths.at(-1)! / median).toBeLessThanOrEqual(2.5)
  })

  /** The most crossings each machine's default view has (measured when the ranks were made to follow the flow). */
  const MOST_CROSSINGS: Record<string, number> = {
    session: 2,
    confirmedAction: 5,
    elencoTessere: 2,
    fototessera: 1,
    verificaSorteggio: 3,
    iscrizione: 4,
  }
  it.each(machines.map((m) => m.id))(
    '%s: its default view is no more tangled than it was (arrows crossing one another)',
    (id) => {
      const graph = graphOf(id)
      const layout = layoutMachine(graph, { expanded: defaultExpanded(graph) })
      expect(edgeCrossings(layout)).toBeLessThanOrEqual(MOST_CROSSINGS[id] ?? 0)
    },
  )

  it.each(machines.map((m) => m.id))(
    '%s: «Adatta» shows the default view whole in a 1280 × 800 window, its text at least 10 px',
    (id) => {
      const graph = graphOf(id)
      const fitted = fitView(layoutMachine(graph, { expanded: defaultExpanded(graph) }), FRAME_1280)
      expect(fitted).toMatchObject({ frameHeight: null, byWidth: false })
      expect(FONT_SIZE * fitted.scale).toBeGreaterThanOrEqual(READABLE_FONT_PX)
    },
  )

  it.each(machines.map((m) => m.id))(
    '%s: no arrow crosses a box it does not leave or reach, folded as first shown and all unfolded',
    (id) => {
      const graph = graphOf(id)
      for (const expanded of [defaultExpanded(graph), allExpanded(graph)])
        expect(boxCrossings(graph, layoutMachine(graph, { expanded }))).toEqual([])
    },
    60_000,
  )

  it.each(machines.map((m) => m.id))(
    '%s: on a phone, a drawing too large to read whole first shows its start state whole, nothing beside it cut, or starts at its left edge',
    (id) => {
      const graph = graphOf(id)
      const layout = layoutMachine(graph, { expanded: defaultExpanded(graph) })
      if (fitView(layout, FRAME_375).scale >= READABLE_SCALE) return
      const initial = layout.initials.find((at) => at.parent === graph.root)
      // A machine of parallel regions has no one start: the viewer shows it whole.
      if (!initial) return
      const box = layout.states[initial.target]!
      const boxes = [...Object.values(layout.states), ...layout.edges.map((edge) => edge.label)]
      const view = startView(FRAME_375, { dot: initial.dot, box }, boxes, 0.7)
      const screen = (b: Box) => ({
        left: view.x + b.x * view.scale,
        right: view.x + (b.x + b.width) * view.scale,
        top: view.y + b.y * view.scale,
        bottom: view.y + (b.y + b.height) * view.scale,
      })
      expect(view.y + initial.dot.y * view.scale).toBeGreaterThanOrEqual(0)
      // Where no left edge shows the start state with nothing beside it cut, the view starts at the drawing's
      // left edge (the next test: nothing cut there either).
      if (view.x >= 0) return
      expect(screen(box).left).toBeGreaterThanOrEqual(0)
      expect(screen(box).right).toBeLessThanOrEqual(FRAME_375.width)
      const holdsStart = (b: Box) => b.x <= box.x && b.x + b.width >= box.x + box.width && b.y <= box.y
      const cut = boxes
        .filter((b) => b.width > 0 && !holdsStart(b))
        .filter((b) => screen(b).bottom > 0 && b.y < box.y + box.height + START_CONTEXT)
        .filter((b) => screen(b).left < -1 && screen(b).right > 1)
      expect(cut).toEqual([])
      expect(view.y + initial.dot.y * view.scale).toBeGreaterThanOrEqual(0)
    },
  )

  it.each(machines.map((m) => m.id))(
    '%s: on a phone, the first view cuts no box on its left in the rows it shows, at a readable scale',
    (id) => {
      const graph = graphOf(id)
      const layout = layoutMachine(graph, { expanded: defaultExpanded(graph) })
      if (fitView(layout, FRAME_375).scale >= READABLE_SCALE) return
      const initial = layout.initials.find((at) => at.parent === graph.root)
      if (!initial) return
      const box = layout.states[initial.target]!
      const boxes = [...Object.values(layout.states), ...layout.edges.map((edge) => edge.label)]
      const view = startView(FRAME_375, { dot: initial.dot, box }, boxes, 0.7)
      const holdsStart = (b: Box) => within(box, b)
      // Every box whose row the frame shows (some of its height on screen), cut by the frame's left or right edge.
      const cut = boxes
        .filter((b) => b.width > 0 && !holdsStart(b))
        .filter((b) => {
          const [top, bottom] = [view.y + b.y * view.scale, view.y + (b.y + b.height) * view.scale]
          const [left, right] = [view.x + b.x * view.scale, view.x + (b.x + b.width) * view.scale]
          return bottom > 0 && top < FRAME_375.height && left < -1 && right > 1
        })
        .map((b) => ('state' in b ? (b as { state: { id: string } }).state.id : JSON.stringify(b)))
      expect({ id, cut }).toEqual({ id, cut: [] })
      // At the viewer's phone scale, not smaller: the text stays readable.
      expect(view.scale).toBeGreaterThanOrEqual(Math.min(0.7, (FRAME_375.width - 8) / box.width))
    },
  )

  it('fitView: whole when readable, by width at the readable size when not, whole on a frame too narrow', () => {
    const frame = { width: 1000, height: 700 }
    expect(fitView({ width: 500, height: 400 }, frame)).toMatchObject({ scale: 1.25, byWidth: false })
    const tall = fitView({ width: 900, height: 3000 }, frame)
    expect(tall).toMatchObject({ scale: READABLE_FONT_PX / FONT_SIZE, byWidth: true })
    expect(tall.frameHeight).toBe(Math.ceil(3000 * tall.scale + 32))
    const phone = fitView({ width: 900, height: 3000 }, { width: 340, height: 450 })
    expect(phone).toMatchObject({ frameHeight: null, byWidth: false })
    expect(phone.scale).toBeCloseTo((450 - 32) / 3000)
  })

  it('the session opens folded beyond the first level, and unfolds on demand', () => {
    const graph = graphOf('session')
    const folded = layoutMachine(graph, { expanded: defaultExpanded(graph) })
    const authenticated = folded.states['session.authenticated']!
    expect(authenticated.folded?.states).toEqual(hiddenStates(graph, 'session.authenticated'))
    expect(authenticated.notes).toContain('4 stati al suo interno')
    for (const child of graph.states['session.authenticated']!.children)
      expect(folded.states[child]).toBeUndefined()
    expect(Object.keys(folded.states).sort()).toEqual(
      graph.order.filter((id) => id.split('.').length <= 2).sort(),
    )
    // Every transition is drawn, written in its box, or held by the folded box it stays in.
    const shown = new Set([
      ...folded.edges.flatMap((edge) => edge.transitions.map((t) => t.key)),
      ...folded.loops.map((loop) => loop.transition.key),
      ...Object.values(folded.states).flatMap((laid) => laid.folded?.transitions.map((t) => t.key) ?? []),
    ])
    expect(shown).toEqual(new Set(graph.transitions.map((t) => t.key)))

    const unfolded = layoutMachine(graph, { expanded: new Set(['session.authenticated']) })
    expect(unfolded.states['session.authenticated']!.folded).toBeNull()
    for (const child of graph.states['session.authenticated']!.children)
      expect(unfolded.states[child]).toBeDefined()
    expect(unfolded.states['session.authenticating.restoring']).toBeUndefined()
  })

  it('small machines open unfolded; every state and transition drawn when all is unfolded', () => {
    const graph = graphOf('newsList')
    expect(defaultExpanded(graph)).toEqual(allExpanded(graph))
    const session = graphOf('session')
    const layout = layoutMachine(session)
    expect(Object.keys(layout.states).sort()).toEqual(Object.keys(session.states).sort())
    expect(clashes(session, layout).filter((clash) => clash.startsWith('label'))).toEqual([])
  })

  it('the failures that end the session are one grouped edge into «Disconnessione in corso»', () => {
    for (const expanded of [defaultExpanded, allExpanded]) {
      const graph = graphOf('session')
      const layout = layoutMachine(graph, { expanded: expanded(graph) })
      const into = layout.edges.filter((edge) => edge.target === 'session.signingOut')
      const failures = graph.transitions.filter((t) => t.failure && t.targets.includes('session.signingOut'))
      expect(failures.length).toBeGreaterThanOrEqual(10)
      const grouped = into.filter((edge) => edge.label.lines.join(' ') === FAILURE_GROUP_LABEL)
      expect(grouped).toHaveLength(1)
      expect(grouped[0]!.transitions.map((t) => t.key).sort()).toEqual(failures.map((t) => t.key).sort())
      // Besides the group, only «Esci» leads there with a label of its own.
      expect(into.filter((edge) => !grouped.includes(edge)).map((edge) => edge.transition.label)).toEqual([
        'Esci',
      ])
      expect(layout.junctions).toHaveLength(1)
    }
  })

  it('the lines into the failures’ junction are short: none longer than half the drawing’s width and height', () => {
    const length = (points: { x: number; y: number }[]) =>
      points.slice(1).reduce((sum, p, i) => sum + Math.hypot(p.x - points[i]!.x, p.y - points[i]!.y), 0)
    for (const id of ['session', 'elencoTessere'])
      for (const expanded of [defaultExpanded, allExpanded]) {
        const graph = graphOf(id)
        const layout = layoutMachine(graph, { expanded: expanded(graph) })
        const feeders = layout.edges.filter((edge) => edge.intoJunction)
        expect(feeders.length).toBeGreaterThanOrEqual(3)
        const long = feeders
          .filter((edge) => length(edge.points) > (layout.width + layout.height) / 2)
          .map((edge) => `${id}: ${edge.source} ${Math.round(length(edge.points))}`)
        expect(long).toEqual([])
      }
  }, 60_000)

  it('the guards show each redirect’s destination and message, as a box of its own', () => {
    const graph = graphOf('navigationGuards')
    const layout = layoutMachine(graph, { expanded: defaultExpanded(graph) })
    const redirects = graph.transitions.filter(
      (t) => t.guard !== null && t.targets.every((target) => graph.states[target]!.kind === 'final'),
    )
    const destinations = redirects.flatMap((t) => t.targets)
    // Steps 1, 2, 3, 5, 6 (sign-in), 7 and 8: seven redirects, seven boxes.
    expect(new Set(destinations).size).toBe(destinations.length)
    expect(destinations).toHaveLength(7)
    const shown = (id: string) => [...layout.states[id]!.lines, ...layout.states[id]!.notes].join(' ')
    expect(shown('navigationGuards.toProfile')).toBe(
      'Si va a /modifica-profilo «Prima di vistare il sito, completa la registrazione!»',
    )
    expect(shown('navigationGuards.toPrivacy')).toBe(
      'Si va a /modifica-privacy «Prima di vistare il sito, inserisci le tue preferenze!»',
    )
    for (const [state, path] of [
      ['toCredentialsCreation', '/creazione-credenziali'],
      ['toSectorChoice', '/scelta-disciplina'],
      ['toHome', '/home'],
    ] as const)
      expect(shown(`navigationGuards.${state}`)).toBe(`Si va a ${path}`)
    expect(Object.values(graph.states).map((s) => s.title)).not.toContain('Reindirizzamento')
  })

  it('conditions read without double negatives: every negated guard has its positive phrase', () => {
    for (const { id, machine, labels, title } of machines) {
      const graph = machineGraph(machine, labels, title)
      for (const t of graph.transitions) expect(t.guard ?? '', `${id} ${t.key}`).not.toMatch(/non è vero che/)
      const negated = graph.transitions
        .flatMap((t) => [...(t.guardName ?? '').matchAll(/not\((\w+)\)/g)].map((m) => m[1]!))
        .filter((name, i, all) => all.indexOf(name) === i)
      for (const name of negated) expect(labels.negated?.[name], `${id}: not(${name})`).toBeTruthy()
    }
    const guards = graphOf('navigationGuards')
    expect(guards.transitions.find((t) => t.key.includes('token (always) #0'))!.guard).toBe(
      "la pagina richiede l'accesso e manca il token",
    )
  })
})
