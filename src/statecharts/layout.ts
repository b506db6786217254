// Automatic layout of a machine's graph with dagre (MIT): each compound or parallel state lays out its own
// children, recursively, and its box is sized around them. A transition is routed in the innermost state that
// holds both ends, between the children that contain them, and extended to the real source and target boxes.
// A transition that stays in its state (or goes to one of its own children) is written inside the state's box
// as a line "↻ event" instead of an arrow. Afterwards the failures' junction moves near the states it gathers,
// and any segment that would cross a box other than its arrow's ends (or another arrow's label) is rerouted
// orthogonally around it. dagre stays the engine: elkjs routes compound graphs in one pass but is EPL-2.0.
import { Graph, layout as dagreLayout } from '@dagrejs/dagre'
import { allExpanded, foldable, hiddenStates, isFolded, shownAs } from './fold.ts'
import { type GraphState, type GraphTransition, type MachineGraph, ancestry } from './graph.ts'

export interface Box {
  x: number
  y: number
  width: number
  height: number
}

export interface LaidState extends Box {
  state: GraphState
  /** Title lines drawn at the top of the box. */
  lines: string[]
  /** Lines in italics under the title: the message the user reads there (meta.message), what a fold hides. */
  notes: string[]
  /** Height of the title and the inner transitions, where the children area begins. */
  headerHeight: number
  /** What a folded box hides (its states and transitions); null when its children are drawn or it has none. */
  folded: { states: string[]; transitions: GraphTransition[] } | null
}

export interface LaidLoop {
  transition: GraphTransition
  /** Where the line of text begins (left, baseline). */
  x: number
  y: number
  text: string
  /** The text in lines (the first at `y`, the others below it). */
  lines: string[]
}

export interface LaidEdge {
  /** The transition it stands for (the first, when it stands for several): what a click selects. */
  transition: GraphTransition
  /** Every transition it stands for: several when a folded state or a group of failures draws them as one. */
  transitions: GraphTransition[]
  /** The box it leaves as drawn: the source state, or the folded state that holds it. */
  source: string
  /** The box it reaches as drawn: a state, a folded state that holds it, or a junction (`LaidJunction.id`). */
  target: string
  points: { x: number; y: number }[]
  /** Empty (no lines, no size) for the unlabelled arrows that lead into a junction. */
  label: Box & { lines: string[] }
  /** Into a junction: drawn without an arrow head. */
  intoJunction: boolean
}

/** Where failures from several states meet, drawn as one edge on to their common target (UML junction). */
export interface LaidJunction {
  id: string
  x: number
  y: number
  target: string
  transitions: GraphTransition[]
}

export interface LaidInitial {
  /** The compound state whose initial child this marks. */
  parent: string
  target: string
  dot: { x: number; y: number }
  points: { x: number; y: number }[]
}

export interface MachineLayout {
  width: number
  height: number
  states: Record<string, LaidState>
  loops: LaidLoop[]
  edges: LaidEdge[]
  junctions: LaidJunction[]
  initials: LaidInitial[]
}

export interface LayoutOptions {
  /** The compound states drawn unfolded; every one when not given. */
  expanded?: ReadonlySet<string>
  /** Ranks top to bottom or left to right; when not given, the one that reads largest in TARGET_FRAME. */
  direction?: Direction
}

export type Direction = 'TB' | 'LR'

/**
 * The frame a drawing is made for: the viewer's diagram area on a 1280 × 800 screen (statecharts.css: the page's
 * padding, the machine list and its gap, the frame's border; as tall as the window less 2rem). Each machine is
 * laid out in the direction that shows it whole there with the largest text.
 */
export const TARGET_FRAME = { width: 1280 - 2 * 16 - 208 - 16 - 2, height: 800 - 32 - 2 }
/** The scale at which a drawing of this size is seen whole in a frame (its margins left free). */
export const wholeScale = (
  drawing: { width: number; height: number },
  frame: { width: number; height: number } = TARGET_FRAME,
): number => Math.min((frame.width - 32) / drawing.width, (frame.height - 32) / drawing.height)

/** The label of the single edge that stands for a group of failures. */
export const FAILURE_GROUP_LABEL = 'qualsiasi errore'
/** Failures from at least this many boxes into the same state are drawn as one grouped edge. */
export const FAILURE_GROUP_MIN = 3

export const FONT_SIZE = 13
export const LINE_HEIGHT = 17
const CHAR_WIDTH = 7.1
const PAD = 10
const MAX_TITLE_CHARS = 28
const MAX_LABEL_CHARS = 22
const MAX_LOOP_CHARS = 40
/** A condition is one line on its arrow, a little wider than an event's (whole in the details and tooltip). */
const MAX_CONDITION_CHARS = 28
const MAX_EVENT_LINES = 2
const MAX_CONDITION_LINES = 1
const HISTORY_SIZE = 28
const INITIAL_SIZE = 12

/** An estimate of a text's width in the viewer's font, good enough for sizing boxes (no DOM needed). */
export function textWidth(value: string): number {
  return Math.ceil(value.length * CHAR_WIDTH)
}

/** Splits a text into lines of at most `max` characters, at spaces when possible. */
export function wrap(value: string, max: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of value.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > max) {
      lines.push(line)
      line = ''
    }
    let rest = word
    while (rest.length > max) {
      if (line) {
        lines.push(line)
        line = ''
      }
      lines.push(rest.slice(0, max))
      rest = rest.slice(max)
    }
    line = line ? `${line} ${rest}` : rest
  }
  if (line) lines.push(line)
  return lines.length > 0 ? lines : ['']
}

/** The text of an edge label: what makes it happen, then the condition in brackets. */
export function labelLines(transition: GraphTransition): string[] {
  const condition = conditionText(transition)
  // An eventless transition is drawn dashed (it happens by itself, see the legend): its condition says it all.
  const event = transition.kind === 'always' && condition ? [] : wrap(transition.label, MAX_LABEL_CHARS)
  // What is drawn is the beginning of the whole text (as the arrow's name reads it): an event too long for its
  // lines leaves its condition to the details; else the condition on one line.
  if (event.length > MAX_EVENT_LINES) return shorten(event, MAX_EVENT_LINES)
  return condition ? [...event, ...shorten(wrap(condition, MAX_CONDITION_CHARS), MAX_CONDITION_LINES)] : event
}

/**
 * At most `max` lines, the last ending in «…» when the text goes on: a long condition is read whole in the
 * details panel and the arrow's name, the drawing keeps its beginning (and stays small enough to read whole).
 */
export function shorten(lines: string[], max: number): string[] {
  if (lines.length <= max) return lines
  const kept = lines.slice(0, max)
  // Not inside a bracket left open: what is drawn reads as the start of the whole text, asides and all.
  const open = (text: string) => text.lastIndexOf('(') > text.lastIndexOf(')')
  while (kept.length > 1 && open(kept.join(' ')) && !open(kept.slice(0, -1).join(' '))) {
    const last = kept.at(-1)!
    const at = last.lastIndexOf('(')
    if (at > 0) {
      kept[kept.length - 1] = last.slice(0, at)
      break
    }
    kept.pop()
  }
  if (open(kept.join(' '))) {
    const last = kept.at(-1)!
    kept[kept.length - 1] = last.slice(0, Math.max(last.lastIndexOf('('), 1))
  }
  const bracketed = lines[0]!.startsWith('[')
  kept[kept.length - 1] = `${kept.at(-1)!.replace(/[\s\],.;:]+$/, '')}…${bracketed ? ']' : ''}`
  return kept
}

/** The condition in brackets: `[se …]`, or `[altrimenti]` for the fallback of guarded candidates. */
export function conditionText(transition: GraphTransition): string | null {
  if (transition.guard) return `[se ${transition.guard}]`
  return transition.otherwise ? '[altrimenti]' : null
}

function loopText(transition: GraphTransition, graph: MachineGraph): string {
  const condition = conditionText(transition)
  const guard = condition ? ` ${condition}` : ''
  const target = transition.targets.find((id) => id !== transition.source)
  const to = target ? ` → ${graph.states[target]?.title ?? target}` : ''
  return `↻ ${transition.label}${guard}${to}`
}

/** What a folded box says of what it hides. */
export function foldedNote(states: number): string {
  return states === 1 ? '1 stato al suo interno' : `${states} stati al suo interno`
}

/** An arrow between two boxes as drawn, before layout. */
interface Routed {
  transitions: GraphTransition[]
  source: string
  target: string
  lines: string[]
  intoJunction: boolean
}

interface Placement {
  /** Arrows routed inside each container, between two of its children (or junctions). */
  edges: Map<string, (Routed & { from: string; to: string })[]>
  /** Transitions written inside their source's box. */
  loops: Map<string, GraphTransition[]>
  /** Transitions a folded box hides (from one of its states to another). */
  hidden: Map<string, GraphTransition[]>
  /** The junctions of each container, by id, with the state their edge reaches. */
  junctions: Map<string, { id: string; target: string; transitions: GraphTransition[] }[]>
}

const JUNCTION = '__incrocio__ '

function place(graph: MachineGraph, expanded: ReadonlySet<string>): Placement {
  const loops: Placement['loops'] = new Map()
  const hidden: Placement['hidden'] = new Map()
  const junctions: Placement['junctions'] = new Map()
  const junctionContainer = new Map<string, string>()
  const add = <T>(map: Map<string, T[]>, key: string, value: T) =>
    map.set(key, [...(map.get(key) ?? []), value])
  const arrows: { transition: GraphTransition; source: string; target: string }[] = []

  for (const transition of graph.transitions) {
    const targets = transition.targets.length > 0 ? transition.targets : [transition.source]
    const source = shownAs(graph, expanded, transition.source)
    let written = false
    for (const real of targets) {
      const target = shownAs(graph, expanded, real)
      const from = ancestry(graph, source)
      const to = ancestry(graph, target)
      if (from.includes(target) || to.includes(source)) {
        // The same box, or one inside the other: hidden in a fold, else written in the box (once).
        if (written) continue
        written = true
        if (source === target && transition.source !== source) add(hidden, source, transition)
        else add(loops, source, transition)
        continue
      }
      arrows.push({ transition, source, target })
    }
  }

  // Failures from several boxes into one state: one edge from a junction, the boxes joined to it.
  const routed: Routed[] = []
  const byTarget = new Map<string, typeof arrows>()
  for (const arrow of arrows) if (arrow.transition.failure) add(byTarget, arrow.target, arrow)
  const grouped = new Set<(typeof arrows)[number]>()
  for (const [target, failures] of byTarget) {
    const sources = [...new Set(failures.map((f) => f.source))]
    if (sources.length < FAILURE_GROUP_MIN) continue
    const chains = [target, ...sources].map((id) => ancestry(graph, id))
    let common = 0
    while (chains.every((chain) => chain[common] !== undefined && chain[common] === chains[0]![common]))
      common++
    const container = chains[0]![common - 1]!
    if (sources.includes(container)) continue
    const id = `${JUNCTION}${target}`
    const transitions = failures.map((f) => f.transition)
    junctionContainer.set(id, container)
    add(junctions, container, { id, target, transitions })
    for (const source of sources) {
      const own = failures.filter((f) => f.source === source)
      routed.push({
        transitions: own.map((f) => f.transition),
        source,
        target: id,
        lines: [],
        intoJunction: true,
      })
    }
    routed.push({
      transitions,
      source: id,
      target,
      lines: wrap(FAILURE_GROUP_LABEL, MAX_LABEL_CHARS),
      intoJunction: false,
    })
    for (const failure of failures) grouped.add(failure)
  }
  // The same event from one box to another under several conditions: one arrow, the conditions joined by «o».
  const alike = new Map<string, typeof arrows>()
  for (const arrow of arrows) {
    if (grouped.has(arrow)) continue
    const { transition } = arrow
    // Eventless ones stay apart: each is a decision of its own in a chain of checks.
    const key =
      transition.guard && transition.kind !== 'always'
        ? `${arrow.source} ${arrow.target} ${transition.kind} ${transition.label}`
        : `${transition.key} ${arrow.target}`
    add(alike, key, arrow)
  }
  for (const same of alike.values()) {
    const transitions = same.map((arrow) => arrow.transition)
    const first = transitions[0]!
    const lines =
      transitions.length === 1
        ? labelLines(first)
        : labelLines({ ...first, guard: transitions.map((t) => t.guard).join(' o ') })
    routed.push({ transitions, source: same[0]!.source, target: same[0]!.target, lines, intoJunction: false })
  }

  const chain = (id: string) => {
    const container = junctionContainer.get(id)
    return container === undefined ? ancestry(graph, id) : [...ancestry(graph, container), id]
  }
  const edges: Placement['edges'] = new Map()
  for (const arrow of routed) {
    const from = chain(arrow.source)
    const to = chain(arrow.target)
    let common = 0
    while (common < from.length && common < to.length && from[common] === to[common]) common++
    add(edges, from[common - 1]!, { ...arrow, from: from[common]!, to: to[common]! })
  }
  return { edges, loops, hidden, junctions }
}

interface Local {
  width: number
  height: number
  /** Positions relative to the container's top-left corner. */
  boxes: Map<string, Box>
  edges: (Routed & { points: Point[]; label: Box })[]
  junctions: { id: string; target: string; transitions: GraphTransition[]; at: Point }[]
  initial: { dot: Point; points: Point[]; target: string } | null
}

type Point = { x: number; y: number }

/** The space a toggle (fold / unfold) takes at the top right of a compound state's box. */
export const TOGGLE_SIZE = 22
const JUNCTION_SIZE = 12
/** What one more crossing costs where a junction goes, in steps of distance: crossings weigh most. */
const TANGLE_COST = 1000
type Align = 'UL' | 'UR' | 'DL' | 'DR'
type Ranker = 'network-simplex' | 'tight-tree' | 'longest-path'
interface Variant {
  align: Align | undefined
  ranker: Ranker
}
const VARIANTS: Variant[] = (['network-simplex', 'tight-tree', 'longest-path'] as const).flatMap((ranker) =>
  ([undefined, 'UL', 'UR', 'DL', 'DR'] as const).map((align) => ({ align, ranker })),
)

/**
 * Lays out a machine: absolute positions of every state box drawn, inner line, arrow, junction and initial
 * marker. The children of a folded state are not drawn; what they do is drawn from or to its box.
 */
export function layoutMachine(graph: MachineGraph, options: LayoutOptions = {}): MachineLayout {
  const expanded = options.expanded ?? allExpanded(graph)
  if (options.direction) return untangled(graph, options.direction, expanded)
  // Top to bottom reads first; left to right is tried (and taken when larger) only when the first reads small:
  // much taller than the frame, or a row of many siblings wider than it (the help desk's five steps from «idle»).
  const down = untangled(graph, 'TB', expanded)
  if (FONT_SIZE * wholeScale(down) >= COMFORTABLE_FONT_PX) return down
  const across = untangled(graph, 'LR', expanded)
  return wholeScale(across) > wholeScale(down) * 1.02 ? across : down
}

/**
 * Of the drawing dagre makes by itself and the one whose ranks follow the machine's flow (see `layoutIn`), the
 * one whose arrows cross one another least, then the one whose longest arrow is shortest.
 */
function untangled(graph: MachineGraph, direction: Direction, expanded: ReadonlySet<string>): MachineLayout {
  const measured = (layout: MachineLayout) => ({
    layout,
    crossings: edgeCrossings(layout),
    longest: Math.max(0, ...layout.edges.map(lineLength)),
  })
  const seen = { backward: false }
  const plain = measured(layoutIn(graph, direction, expanded, false, seen))
  // No arrow leads back: following the flow would draw the same.
  if (!seen.backward) return plain.layout
  const flowing = measured(layoutIn(graph, direction, expanded, true))
  return flowing.crossings < plain.crossings ||
    (flowing.crossings === plain.crossings && flowing.longest < plain.longest)
    ? flowing.layout
    : plain.layout
}

/** The length of an arrow's line. */
export const lineLength = ({ points }: { points: Point[] }): number =>
  points.slice(1).reduce((sum, p, i) => sum + Math.hypot(p.x - points[i]!.x, p.y - points[i]!.y), 0)

/** Text this large when whole in TARGET_FRAME needs no other direction tried. */
const COMFORTABLE_FONT_PX = 11

/**
 * Lays out a machine in one direction. With `flow`, the ranks follow the machine's flow: each arrow that leads
 * back towards the start (to a state nearer to the initial one, counting steps without failures) is given to
 * dagre reversed, so that the states read in the order a user meets them and the arrows back go up; without it
 * dagre breaks the cycles itself (depth first), which may put a state reached by a return arrow at the top.
 */
function layoutIn(
  graph: MachineGraph,
  direction: Direction,
  expanded: ReadonlySet<string>,
  flow: boolean,
  seen: { backward: boolean } = { backward: false },
): MachineLayout {
  const placement = place(graph, expanded)
  const sizes = new Map<
    string,
    { width: number; height: number; header: number; lines: string[]; notes: string[] }
  >()
  const locals = new Map<string, Local>()

  const measure = (id: string): { width: number; height: number } => {
    const state = graph.states[id]!
    if (state.kind === 'history') {
      sizes.set(id, { width: HISTORY_SIZE, height: HISTORY_SIZE, header: 0, lines: [], notes: [] })
      return { width: HISTORY_SIZE, height: HISTORY_SIZE }
    }
    const lines = wrap(state.title, MAX_TITLE_CHARS)
    const folded = isFolded(graph, expanded, id)
    const notes = [
      ...(state.message ? wrap(`«${state.message}»`, MAX_TITLE_CHARS) : []),
      ...(folded ? [foldedNote(hiddenStates(graph, id).length)] : []),
    ]
    const loopTexts = (placement.loops.get(id) ?? []).flatMap((t) => wrap(loopText(t, graph), MAX_LOOP_CHARS))
    const header =
      PAD + (lines.length + notes.length + loopTexts.length) * LINE_HEIGHT + (loopTexts.length ? 4 : 0)
    const toggle = foldable(graph, id) ? TOGGLE_SIZE + 8 : 0
    let width = Math.ceil(
      Math.max(
        // Titles are bold (wider than the estimate); a final state's double border takes room too.
        ...lines.map((line) => textWidth(line) * 1.08 + toggle + (state.kind === 'final' ? 8 : 0)),
        ...notes.map(textWidth),
        ...loopTexts.map(textWidth),
        60,
      ) +
        2 * PAD,
    )
    let height = header + PAD
    if (state.children.length > 0 && !folded) {
      const local = layoutChildren(id)
      locals.set(id, local)
      width = Math.max(width, local.width + 2 * PAD)
      height = header + local.height + 2 * PAD
    }
    sizes.set(id, { width, height, header, lines, notes })
    return { width, height }
  }

  const layoutChildren = (id: string): Local => {
    const state = graph.states[id]!
    const childSizes = new Map(state.children.map((child) => [child, measure(child)]))
    const junctions = placement.junctions.get(id) ?? []
    const initialChild = state.initial && state.kind !== 'parallel' ? state.initial : null
    const routed = placement.edges.get(id) ?? []
    // How many steps each child is from the initial child (failures and junctions left out): with `flow`, an
    // arrow to a child fewer steps away leads back, and is given to dagre reversed.
    const depth = new Map<string, number>()
    if (initialChild) {
      depth.set(initialChild, 0)
      const queue = [initialChild]
      for (let at = queue.shift(); at !== undefined; at = queue.shift())
        for (const edge of routed)
          if (
            edge.from === at &&
            !edge.intoJunction &&
            !edge.from.startsWith(JUNCTION) &&
            !depth.has(edge.to)
          ) {
            depth.set(edge.to, depth.get(at)! + 1)
            queue.push(edge.to)
          }
    }
    const backward = (edge: { from: string; to: string }) =>
      depth.has(edge.from) && depth.has(edge.to) && depth.get(edge.to)! < depth.get(edge.from)!
    if (routed.some(backward)) seen.backward = true
    /** What dagre laid out for a routed arrow (reversed when given reversed; its points are turned back after). */
    const laidEdge = (g: Graph, index: number) => {
      const edge = routed[index]!
      const back = flow && backward(edge)
      return g.edge({ v: back ? edge.to : edge.from, w: back ? edge.from : edge.to, name: `e${index}` })
    }
    const build = ({ align, ranker }: Variant) => {
      const g = new Graph({ multigraph: true })
      g.setGraph({
        rankdir: direction,
        ranker,
        ...(align ? { align } : {}),
        nodesep: 20,
        // Tight ranks: at «Adatta» every machine is drawn whole in a 1280 × 800 window (statecharts-layout test).
        ranksep: 12,
        edgesep: 12,
        marginx: 0,
        marginy: 0,
      })
      g.setDefaultEdgeLabel(() => ({}))
      for (const [child, size] of childSizes) g.setNode(child, { ...size })
      for (const junction of junctions)
        g.setNode(junction.id, { width: JUNCTION_SIZE, height: JUNCTION_SIZE })
      if (initialChild) {
        g.setNode('__initial__', { width: INITIAL_SIZE, height: INITIAL_SIZE })
        g.setEdge('__initial__', initialChild, { width: 0, height: 0 }, '__initial__')
      }
      routed.forEach((edge, index) => {
        const labelled = edge.lines.length > 0
        const back = flow && backward(edge)
        g.setEdge(
          back ? edge.to : edge.from,
          back ? edge.from : edge.to,
          {
            width: labelled ? Math.max(...edge.lines.map(textWidth)) + 8 : 0,
            height: labelled ? edge.lines.length * LINE_HEIGHT + 4 : 0,
            labelpos: 'c',
          },
          `e${index}`,
        )
      })
      dagreLayout(g)
      return g
    }
    // Brandes–Köpf's four alignments and their balance, and dagre's rankers, give different drawings: the one
    // where fewest lines cross a label another arrow's, then the one that fits the target frame best.
    const labelCrossings = (g: Graph) => {
      const laid = routed.map((_, index) => laidEdge(g, index))
      let count = 0
      laid.forEach((label, i) => {
        if (!label?.width) return
        const box = {
          x: label.x - label.width / 2,
          y: label.y - label.height / 2,
          width: label.width,
          height: label.height,
        }
        laid.forEach((other, j) => {
          const points: Point[] = other?.points ?? []
          if (i !== j && points.some((p, k) => k > 0 && crossesBox(points[k - 1]!, p, box))) count++
        })
      })
      return count
    }
    const g = VARIANTS.map((variant) => {
      const built = build(variant)
      const { width = 0, height = 0 } = built.graph()
      return { g: built, crossings: labelCrossings(built), scale: wholeScale({ width, height }) }
    }).reduce((best, next) =>
      next.crossings < best.crossings || (next.crossings === best.crossings && next.scale > best.scale)
        ? next
        : best,
    ).g
    const boxes = new Map<string, Box>()
    for (const child of state.children) {
      const node = g.node(child)
      boxes.set(child, {
        x: node.x - node.width / 2,
        y: node.y - node.height / 2,
        width: node.width,
        height: node.height,
      })
    }
    const edges = routed.map((edge, index) => {
      const laid = laidEdge(g, index) ?? {}
      const width = laid.width ?? 0
      const height = laid.height ?? 0
      const pts = (laid?.points ?? []).map((p: Point) => ({ x: p.x, y: p.y }))
      if (flow && backward(edge)) pts.reverse()
      return {
        ...edge,
        points: pts,
        label: { x: (laid.x ?? 0) - width / 2, y: (laid.y ?? 0) - height / 2, width, height },
      }
    })
    let initial: Local['initial'] = null
    if (initialChild) {
      const dot = g.node('__initial__')
      const laid = g.edge({ v: '__initial__', w: initialChild, name: '__initial__' })
      initial = {
        dot: { x: dot.x, y: dot.y },
        points: (laid.points ?? []).map((p: Point) => ({ x: p.x, y: p.y })),
        target: initialChild,
      }
    }
    const graphLabel = g.graph()
    // dagre's size holds its boxes and labels, not always the bends of a long arrow around them: those stay
    // inside too, not on the state's border.
    const bends = edges.flatMap((edge) => edge.points)
    const [left, top] = [Math.min(0, ...bends.map((p) => p.x)), Math.min(0, ...bends.map((p) => p.y))]
    const move = (p: Point) => ({ x: p.x - left, y: p.y - top })
    return {
      width: Math.max(graphLabel.width ?? 0, ...bends.map((p) => p.x)) - left,
      height: Math.max(graphLabel.height ?? 0, ...bends.map((p) => p.y)) - top,
      boxes: new Map([...boxes].map(([child, box]) => [child, { ...box, ...move(box) }])),
      edges: edges.map((edge) => ({
        ...edge,
        points: edge.points.map(move),
        label: { ...edge.label, ...move(edge.label) },
      })),
      junctions: junctions.map((junction) => {
        const node = g.node(junction.id)
        return { ...junction, at: move(node) }
      }),
      initial: initial && {
        ...initial,
        dot: move(initial.dot),
        points: initial.points.map(move),
      },
    }
  }

  const rootSize = measure(graph.root)
  const result: MachineLayout = {
    width: rootSize.width,
    height: rootSize.height,
    states: {},
    loops: [],
    edges: [],
    junctions: [],
    initials: [],
  }

  const shift = (points: Point[], dx: number, dy: number) => points.map((p) => ({ x: p.x + dx, y: p.y + dy }))

  const position = (id: string, box: Box) => {
    const size = sizes.get(id)!
    const folded = isFolded(graph, expanded, id)
    result.states[id] = {
      ...box,
      state: graph.states[id]!,
      lines: size.lines,
      notes: size.notes,
      headerHeight: size.header,
      folded: folded
        ? { states: hiddenStates(graph, id), transitions: placement.hidden.get(id) ?? [] }
        : null,
    }
    let line = size.lines.length + size.notes.length
    for (const transition of placement.loops.get(id) ?? []) {
      const text = loopText(transition, graph)
      const lines = wrap(text, MAX_LOOP_CHARS)
      result.loops.push({
        transition,
        x: box.x + PAD,
        y: box.y + PAD + line * LINE_HEIGHT + FONT_SIZE,
        text,
        lines,
      })
      line += lines.length
    }
    const local = locals.get(id)
    if (!local) return
    const ox = box.x + (box.width - local.width) / 2
    const oy = box.y + size.header + PAD
    for (const [child, childBox] of local.boxes) {
      position(child, { ...childBox, x: childBox.x + ox, y: childBox.y + oy })
    }
    for (const junction of local.junctions) {
      result.junctions.push({
        id: junction.id,
        target: junction.target,
        transitions: junction.transitions,
        x: junction.at.x + ox,
        y: junction.at.y + oy,
      })
    }
    for (const edge of local.edges) {
      result.edges.push({
        transition: edge.transitions[0]!,
        transitions: edge.transitions,
        source: edge.source,
        target: edge.target,
        intoJunction: edge.intoJunction,
        points: shift(edge.points, ox, oy),
        label: {
          ...edge.label,
          x: edge.label.x + ox,
          y: edge.label.y + oy,
          lines: edge.lines,
        },
      })
    }
    if (local.initial) {
      result.initials.push({
        parent: id,
        target: local.initial.target,
        dot: { x: local.initial.dot.x + ox, y: local.initial.dot.y + oy },
        points: shift(local.initial.points, ox, oy),
      })
    }
  }
  position(graph.root, { x: 0, y: 0, width: rootSize.width, height: rootSize.height })

  // Arrows routed between containing boxes are extended to the boxes of the real source and target.
  const boxOf = (id: string): Box => {
    const state = result.states[id]
    if (state) return state
    const junction = result.junctions.find((j) => j.id === id)!
    const half = JUNCTION_SIZE / 2
    return { x: junction.x - half, y: junction.y - half, width: JUNCTION_SIZE, height: JUNCTION_SIZE }
  }
  for (const edge of result.edges) {
    const source = boxOf(edge.source)
    const target = boxOf(edge.target)
    const first = edge.points[0]
    const last = edge.points.at(-1)
    if (first && !inside(first, source)) edge.points.unshift(borderPoint(source, first))
    if (last && !inside(last, target)) edge.points.push(borderPoint(target, last))
  }
  // The junctions moved to where their lines cross fewest others, or to where they are shortest: whichever
  // crosses least in the end, once every line is routed (the straight lines weighed first are an estimate).
  const [untangling, nearest] = [true, false].map((untangle) => {
    const copy: MachineLayout = {
      ...result,
      edges: result.edges.map((edge) => ({ ...edge, points: [...edge.points], label: { ...edge.label } })),
      junctions: result.junctions.map((junction) => ({ ...junction })),
    }
    gatherNearer(graph, copy, untangle)
    routeAround(graph, copy)
    clearLabels(copy)
    return copy
  })
  return edgeCrossings(nearest!) < edgeCrossings(untangling!) ? nearest! : untangling!
}

/**
 * dagre places a junction as one more node in the ranks, often far from the states whose failures meet there
 * (long lines across the drawing). It is moved to the free point, in the state that holds them, where the lines
 * into it and the arrow out of it, drawn straight, cross fewest other arrows and boxes, and then nearest to them
 * all and to its target (the least total distance, in steps along x and y); it stays where dagre put it when no
 * such point is better. The lines are routed around what they would cross afterwards (routeAround).
 */
function gatherNearer(graph: MachineGraph, result: MachineLayout, untangle: boolean) {
  const boxes = Object.values(result.states)
  const distance = (p: Point, box: Box) =>
    Math.max(box.x - p.x, 0, p.x - box.x - box.width) + Math.max(box.y - p.y, 0, p.y - box.y - box.height)
  for (const junction of result.junctions) {
    const feeders = result.edges.filter((edge) => edge.target === junction.id)
    const out = result.edges.find((edge) => edge.source === junction.id)
    const target = result.states[junction.target]
    if (!out || !target) continue
    const sources = feeders.map((edge) => result.states[edge.source]!)
    const holders = boxes.filter(
      (laid) =>
        laid.state.children.length > 0 &&
        laid.folded === null &&
        inside(junction, laid) &&
        [target, ...sources].every(
          (box) => box === laid || ancestry(graph, box.state.id).includes(laid.state.id),
        ),
    )
    const holder = holders.reduce<LaidState | null>(
      (inner, laid) =>
        inner === null || laid.width * laid.height < inner.width * inner.height ? laid : inner,
      null,
    )
    if (!holder) continue
    const area = {
      x: holder.x + PAD,
      y: holder.y + holder.headerHeight,
      width: holder.width - 2 * PAD,
      height: holder.height - holder.headerHeight - PAD,
    }
    const labels = result.edges
      .filter((edge) => edge !== out && edge.label.lines.length > 0)
      .map((e) => e.label)
    const taken = [
      ...boxes.filter((laid) => !ancestry(graph, holder.state.id).includes(laid.state.id)),
      ...labels,
    ]
    const room = JUNCTION_SIZE
    const free = (p: Point) =>
      inside(p, area) &&
      !taken.some(
        (box) =>
          p.x > box.x - room &&
          p.x < box.x + box.width + room &&
          p.y > box.y - room &&
          p.y < box.y + box.height + room,
      )
    const xs = [...sources, target].flatMap((box) => [
      box.x - room - 2,
      box.x + box.width / 2,
      box.x + box.width + room + 2,
    ])
    const ys = [...sources, target].flatMap((box) => [
      box.y - room - 2,
      box.y + box.height / 2,
      box.y + box.height + room + 2,
    ])
    const others = result.edges.filter((edge) => edge !== out && !feeders.includes(edge))
    // A line through a box is routed around it afterwards: half as bad as a crossing, longer and bent.
    const walls = boxes.filter((laid) => laid.state.children.length === 0 || laid.folded !== null)
    // The lines into and out of the junction at p: straight from each source's border, straight to the target.
    const linesAt = (p: Point) => [
      ...sources.map((box) => [borderPoint(box, p), p]),
      [p, borderPoint(target, p)],
    ]
    const tangle = (lines: Point[][]) => {
      let count = 0
      for (const line of lines) {
        for (const other of others)
          for (let k = 1; k < line.length; k++)
            for (let m = 1; m < other.points.length; m++)
              if (segmentsCross(line[k - 1]!, line[k]!, other.points[m - 1]!, other.points[m]!)) count++
        count +=
          walls.filter((box) => line.some((q, i) => i > 0 && crossesBox(line[i - 1]!, q, box))).length / 2
      }
      return count
    }
    const cost = (p: Point, lines = linesAt(p)) =>
      (untangle ? TANGLE_COST * tangle(lines) : 0) +
      sources.reduce((sum, box) => sum + distance(p, box), 0) +
      2 * distance(p, target)
    let best: Point = { x: junction.x, y: junction.y }
    let bestCost = cost(
      best,
      [...feeders, out].map((edge) => edge.points),
    )
    for (const x of xs)
      for (const y of ys) {
        const p = { x, y }
        if (free(p) && cost(p) < bestCost) [best, bestCost] = [p, cost(p)]
      }
    if (best.x === junction.x && best.y === junction.y) continue
    junction.x = best.x
    junction.y = best.y
    feeders.forEach((edge, i) => {
      edge.points = [borderPoint(sources[i]!, best), best]
    })
    out.points = [best, borderPoint(target, best)]
    const middle = along(out.points, 0.5)
    out.label = { ...out.label, x: middle.x - out.label.width / 2, y: middle.y - out.label.height / 2 }
  }
}

/**
 * An arrow extended from the box dagre routed it from (a compound state) to the state it really leaves or reaches
 * inside it may pass over that state's siblings; so may, rarely, one of dagre's own segments. Each segment that
 * crosses a box other than its arrow's ends (and the states holding them) is replaced by an orthogonal detour
 * around every such box and every other arrow's label: the shortest with fewest bends on the grid the boxes'
 * sides make (a visibility grid), or left as it is when there is none.
 */
function routeAround(graph: MachineGraph, result: MachineLayout) {
  const boxes = Object.values(result.states)
  for (const edge of result.edges) {
    const ends = new Set(
      [edge.source, edge.target].flatMap((id) => (graph.states[id] ? ancestry(graph, id) : [])),
    )
    // The boxes holding the arrow's ends may be crossed; its own source and target only touched.
    const walls = boxes.filter((laid) => !ends.has(laid.state.id))
    const own = [edge.source, edge.target]
      .map((id) => result.states[id])
      .filter((laid): laid is LaidState => laid !== undefined && laid.state.children.length === 0)
    const labels = result.edges.filter((other) => other !== edge && other.label.lines.length > 0)
    const obstacles: Box[] = [...walls, ...own, ...labels.map((other) => other.label)]
    const points: Point[] = [edge.points[0]!]
    for (let i = 1; i < edge.points.length; i++) {
      const [p, q] = [edge.points[i - 1]!, edge.points[i]!]
      const crosses = [...walls, ...labels.map((other) => other.label)].some((box) => crossesBox(p, q, box))
      const detour = crosses ? orthogonalPath(p, q, obstacles) : null
      points.push(...(detour ? detour.slice(1) : [q]))
    }
    edge.points = points
  }
}

const GAP = 6
const BEND = 24

/**
 * The shortest orthogonal path from p to q that crosses none of the obstacles (fewest bends among equals):
 * first among the obstacles near the two points, then among all of them.
 */
export function orthogonalPath(p: Point, q: Point, obstacles: Box[]): Point[] | null {
  const reach = 160
  const near = {
    x: Math.min(p.x, q.x) - reach,
    y: Math.min(p.y, q.y) - reach,
    width: Math.abs(p.x - q.x) + 2 * reach,
    height: Math.abs(p.y - q.y) + 2 * reach,
  }
  return (
    searchPath(
      p,
      q,
      obstacles.filter((box) => overlaps(box, near)),
    ) ?? searchPath(p, q, obstacles)
  )
}

function searchPath(p: Point, q: Point, obstacles: Box[]): Point[] | null {
  const xs = [...new Set([p.x, q.x, ...obstacles.flatMap((b) => [b.x - GAP, b.x + b.width + GAP])])].sort(
    (a, b) => a - b,
  )
  const ys = [...new Set([p.y, q.y, ...obstacles.flatMap((b) => [b.y - GAP, b.y + b.height + GAP])])].sort(
    (a, b) => a - b,
  )
  const blocked = (a: Point, b: Point) => obstacles.some((box) => crossesBox(a, b, box))
  const [sx, sy, tx, ty] = [xs.indexOf(p.x), ys.indexOf(p.y), xs.indexOf(q.x), ys.indexOf(q.y)]
  // Dijkstra over (column, row, direction of arrival): a bend costs BEND besides the length.
  const key = (x: number, y: number, d: number) => (y * xs.length + x) * 5 + d
  const cost = new Map<number, number>([[key(sx, sy, 4), 0]])
  const from = new Map<number, number>()
  const heap = new MinHeap()
  heap.push(0, key(sx, sy, 4))
  const steps = [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ] as const
  for (let top = heap.pop(); top; top = heap.pop()) {
    const [c, k] = top
    if (c > (cost.get(k) ?? Infinity)) continue
    const d = k % 5
    const cell = (k - d) / 5
    const [x, y] = [cell % xs.length, Math.floor(cell / xs.length)]
    if (x === tx && y === ty) {
      const path: Point[] = []
      for (let at: number | undefined = k; at !== undefined; at = from.get(at)) {
        const c2 = Math.floor(at / 5)
        path.unshift({ x: xs[c2 % xs.length]!, y: ys[Math.floor(c2 / xs.length)]! })
      }
      return path.filter((point, i) => {
        const [before, after] = [path[i - 1], path[i + 1]]
        if (!before || !after) return true
        return !(
          (before.x === point.x && point.x === after.x) ||
          (before.y === point.y && point.y === after.y)
        )
      })
    }
    steps.forEach(([dx, dy], nd) => {
      const [nx, ny] = [x + dx, y + dy]
      if (nx < 0 || ny < 0 || nx >= xs.length || ny >= ys.length) return
      const a = { x: xs[x]!, y: ys[y]! }
      const b = { x: xs[nx]!, y: ys[ny]! }
      const next = c + Math.abs(b.x - a.x) + Math.abs(b.y - a.y) + (d !== 4 && d !== nd ? BEND : 0)
      const nk = key(nx, ny, nd)
      if (next >= (cost.get(nk) ?? Infinity) || blocked(a, b)) return
      cost.set(nk, next)
      from.set(nk, k)
      heap.push(next, nk)
    })
  }
  return null
}

/** A binary heap of (cost, key) pairs, the least cost first. */
class MinHeap {
  private items: [number, number][] = []
  push(cost: number, key: number) {
    const items = this.items
    items.push([cost, key])
    for (let i = items.length - 1; i > 0;) {
      const parent = (i - 1) >> 1
      if (items[parent]![0] <= items[i]![0]) break
      ;[items[parent], items[i]] = [items[i]!, items[parent]!]
      i = parent
    }
  }
  pop(): [number, number] | undefined {
    const items = this.items
    const top = items[0]
    const last = items.pop()
    if (items.length > 0 && last) {
      items[0] = last
      for (let i = 0; ;) {
        const [l, r] = [2 * i + 1, 2 * i + 2]
        let least = i
        if (l < items.length && items[l]![0] < items[least]![0]) least = l
        if (r < items.length && items[r]![0] < items[least]![0]) least = r
        if (least === i) break
        ;[items[least], items[i]] = [items[i]!, items[least]!]
        i = least
      }
    }
    return top
  }
}

/** Whether the segment p–q passes through the box (its border shrunk by 2 px: touching is not crossing). */
export function crossesBox(p: Point, q: Point, box: Box): boolean {
  const [left, top, right, bottom] = [box.x + 2, box.y + 2, box.x + box.width - 2, box.y + box.height - 2]
  let t0 = 0
  let t1 = 1
  const dx = q.x - p.x
  const dy = q.y - p.y
  for (const [step, room] of [
    [-dx, p.x - left],
    [dx, right - p.x],
    [-dy, p.y - top],
    [dy, bottom - p.y],
  ] as const) {
    if (step === 0) {
      if (room < 0) return false
      continue
    }
    const t = room / step
    if (step < 0) t0 = Math.max(t0, t)
    else t1 = Math.min(t1, t)
    if (t0 > t1) return false
  }
  return t0 < t1
}

/** Whether two segments cross (at a point inside both; touching or overlapping along a line is not crossing). */
export function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const side = (p: Point, q: Point, r: Point) =>
    Math.sign((q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x))
  return side(a, b, c) * side(a, b, d) < 0 && side(c, d, a) * side(c, d, b) < 0
}

/** How many times the arrows' lines cross one another (segment by segment): a tangle a reader must unpick. */
export function edgeCrossings(layout: { edges: { points: Point[] }[] }): number {
  let count = 0
  layout.edges.forEach((a, i) => {
    for (const b of layout.edges.slice(i + 1))
      for (let k = 1; k < a.points.length; k++)
        for (let m = 1; m < b.points.length; m++)
          if (segmentsCross(a.points[k - 1]!, a.points[k]!, b.points[m - 1]!, b.points[m]!)) count++
  })
  return count
}

/** How far a box is from a polyline: 0 when the line touches or crosses it. */
export function labelDistance(box: Box, points: readonly Point[]): number {
  let least = Infinity
  const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), hi)
  for (let i = 1; i < points.length; i++) {
    const [p, q] = [points[i - 1]!, points[i]!]
    if (crossesBox(p, q, { x: box.x - 2, y: box.y - 2, width: box.width + 4, height: box.height + 4 }))
      return 0
    // The nearest of a few points along the segment (labels are small next to segments' lengths).
    const steps = Math.max(1, Math.ceil(Math.hypot(q.x - p.x, q.y - p.y) / 4))
    for (let k = 0; k <= steps; k++) {
      const x = p.x + ((q.x - p.x) * k) / steps
      const y = p.y + ((q.y - p.y) * k) / steps
      least = Math.min(
        least,
        Math.hypot(x - clamp(x, box.x, box.x + box.width), y - clamp(y, box.y, box.y + box.height)),
      )
    }
  }
  return least
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/** The point at a fraction of a polyline's length. */
function along(points: Point[], fraction: number): Point {
  const lengths = points.slice(1).map((p, i) => Math.hypot(p.x - points[i]!.x, p.y - points[i]!.y))
  let rest = fraction * lengths.reduce((sum, length) => sum + length, 0)
  for (const [i, length] of lengths.entries()) {
    if (rest <= length && length > 0) {
      const t = rest / length
      const [p, q] = [points[i]!, points[i + 1]!]
      return { x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t }
    }
    rest -= length
  }
  return points.at(-1) ?? { x: 0, y: 0 }
}

const FRACTIONS = [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9]
/** Where a label goes from a point of its arrow: on it, then to its right, left, above or below it, touching it. */
const BESIDE: [(width: number) => number, (height: number) => number][] = [
  [(w) => -w / 2, (h) => -h / 2],
  [() => 1, (h) => -h / 2],
  [(w) => -w - 1, (h) => -h / 2],
  [(w) => -w / 2, (h) => -h - 1],
  [(w) => -w / 2, () => 1],
]

/**
 * Moves an edge label that another edge's line crosses (so that a reader cannot tell which arrow it names)
 * along its own arrow, onto it or just beside it, to the first place where no other line, box or label is.
 */
function clearLabels(result: MachineLayout) {
  const states = Object.values(result.states)
  const labelled = result.edges.filter((edge) => edge.label.lines.length > 0)
  const clashes = (edge: LaidEdge, label: Box) => {
    // Off its own line, or touched by another's, a reader cannot tell which arrow it names.
    let count = labelDistance(label, edge.points) > 0 ? 1 : 0
    for (const other of result.edges) {
      if (other === edge) continue
      if (labelDistance(label, other.points) === 0) count++
      if (other.label.lines.length > 0 && overlaps(other.label, label)) count++
    }
    for (const laid of states) {
      const area = {
        x: laid.x,
        y: laid.y + laid.headerHeight,
        width: laid.width,
        height: laid.height - laid.headerHeight,
      }
      const holds =
        laid.state.children.length > 0 &&
        laid.folded === null &&
        label.x >= area.x &&
        label.y >= area.y &&
        label.x + label.width <= area.x + area.width &&
        label.y + label.height <= area.y + area.height
      if (overlaps(label, laid) && !holds) count++
    }
    return count
  }
  for (const edge of labelled) {
    if (clashes(edge, edge.label) === 0) continue
    const { width, height } = edge.label
    let best: { box: Box; count: number } = { box: edge.label, count: clashes(edge, edge.label) }
    for (const fraction of FRACTIONS) {
      const at = along(edge.points, fraction)
      for (const [dx, dy] of BESIDE) {
        const box = { x: at.x + dx(width), y: at.y + dy(height), width, height }
        const count = clashes(edge, box)
        if (count < best.count) best = { box, count }
        if (count === 0) break
      }
      if (best.count === 0) break
    }
    edge.label = { ...best.box, lines: edge.label.lines }
  }
}

const inside = (p: Point, box: Box) =>
  p.x >= box.x - 1 && p.x <= box.x + box.width + 1 && p.y >= box.y - 1 && p.y <= box.y + box.height + 1

/** Where the segment from the box's centre towards `toward` leaves the box. */
export function borderPoint(box: Box, toward: Point): Point {
  const cx = box.x + box.width / 2
  const cy = box.y + box.height / 2
  const dx = toward.x - cx
  const dy = toward.y - cy
  if (dx === 0 && dy === 0) return { x: cx, y: cy }
  const sx = dx === 0 ? Infinity : box.width / 2 / Math.abs(dx)
  const sy = dy === 0 ? Infinity : box.height / 2 / Math.abs(dy)
  const s = Math.min(sx, sy)
  return { x: cx + dx * s, y: cy + dy * s }
}
