// Automatic layout of a machine's graph with dagre (MIT): each compound or parallel state lays out its own
// children, recursively, and its box is sized around them. A transition is routed in the innermost state that
// holds both ends, between the children that contain them, and extended to the real source and target boxes.
// A transition that stays in its state (or goes to one of its own children) is written inside the state's box
// as a line "↻ event" instead of an arrow.
import { Graph, layout as dagreLayout } from '@dagrejs/dagre'
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
  /** Height of the title and the inner transitions, where the children area begins. */
  headerHeight: number
}

export interface LaidLoop {
  transition: GraphTransition
  /** Where the line of text begins (left, baseline). */
  x: number
  y: number
  text: string
}

export interface LaidEdge {
  transition: GraphTransition
  target: string
  points: { x: number; y: number }[]
  label: Box & { lines: string[] }
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
  initials: LaidInitial[]
}

export const FONT_SIZE = 13
export const LINE_HEIGHT = 17
const CHAR_WIDTH = 7.1
const PAD = 10
const MAX_TITLE_CHARS = 28
const MAX_LABEL_CHARS = 26
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
  const lines = wrap(transition.label, MAX_LABEL_CHARS)
  const condition = conditionText(transition)
  if (condition) lines.push(...wrap(condition, MAX_LABEL_CHARS))
  return lines
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

interface Placement {
  /** Edges routed inside each container, between two of its children. */
  edges: Map<string, { transition: GraphTransition; target: string; from: string; to: string }[]>
  /** Transitions written inside their source's box. */
  loops: Map<string, GraphTransition[]>
}

function place(graph: MachineGraph): Placement {
  const edges: Placement['edges'] = new Map()
  const loops: Placement['loops'] = new Map()
  for (const transition of graph.transitions) {
    const targets = transition.targets.length > 0 ? transition.targets : [transition.source]
    let looped = false
    for (const target of targets) {
      const from = ancestry(graph, transition.source)
      const to = ancestry(graph, target)
      let common = 0
      while (common < from.length && common < to.length && from[common] === to[common]) common++
      if (common === from.length || common === to.length) {
        // The same state, or one inside the other: written in the source's box (once per transition).
        if (!looped) loops.set(transition.source, [...(loops.get(transition.source) ?? []), transition])
        looped = true
        continue
      }
      const container = from[common - 1]!
      const list = edges.get(container) ?? []
      list.push({ transition, target, from: from[common]!, to: to[common]! })
      edges.set(container, list)
    }
  }
  return { edges, loops }
}

interface Local {
  width: number
  height: number
  /** Positions relative to the container's top-left corner. */
  boxes: Map<string, Box>
  edges: {
    transition: GraphTransition
    target: string
    from: string
    to: string
    points: Point[]
    label: Box
  }[]
  initial: { dot: Point; points: Point[]; target: string } | null
}

type Point = { x: number; y: number }

/** Lays out a machine: absolute positions of every state box, inner line, arrow and initial marker. */
export function layoutMachine(graph: MachineGraph): MachineLayout {
  const placement = place(graph)
  const sizes = new Map<string, { width: number; height: number; header: number; lines: string[] }>()
  const locals = new Map<string, Local>()

  const measure = (id: string): { width: number; height: number } => {
    const state = graph.states[id]!
    if (state.kind === 'history') {
      sizes.set(id, { width: HISTORY_SIZE, height: HISTORY_SIZE, header: 0, lines: [] })
      return { width: HISTORY_SIZE, height: HISTORY_SIZE }
    }
    const lines = wrap(state.title, MAX_TITLE_CHARS)
    const loopTexts = (placement.loops.get(id) ?? []).map((t) => loopText(t, graph))
    const header =
      PAD + lines.length * LINE_HEIGHT + loopTexts.length * LINE_HEIGHT + (loopTexts.length ? 4 : 0)
    let width = Math.max(...lines.map(textWidth), ...loopTexts.map(textWidth), 60) + 2 * PAD
    let height = header + PAD
    if (state.children.length > 0) {
      const local = layoutChildren(id)
      locals.set(id, local)
      width = Math.max(width, local.width + 2 * PAD)
      height = header + local.height + 2 * PAD
    }
    sizes.set(id, { width, height, header, lines })
    return { width, height }
  }

  const layoutChildren = (id: string): Local => {
    const state = graph.states[id]!
    const g = new Graph({ multigraph: true })
    const rankdir = id === graph.root ? 'TB' : 'TB'
    g.setGraph({ rankdir, nodesep: 28, ranksep: 56, edgesep: 14, marginx: 0, marginy: 0 })
    g.setDefaultEdgeLabel(() => ({}))
    for (const child of state.children) g.setNode(child, measure(child))
    const initialChild = state.initial && state.kind !== 'parallel' ? state.initial : null
    if (initialChild) {
      g.setNode('__initial__', { width: INITIAL_SIZE, height: INITIAL_SIZE })
      g.setEdge('__initial__', initialChild, { width: 0, height: 0 }, '__initial__')
    }
    const routed = placement.edges.get(id) ?? []
    routed.forEach((edge, index) => {
      const lines = labelLines(edge.transition)
      g.setEdge(
        edge.from,
        edge.to,
        {
          width: Math.max(...lines.map(textWidth)) + 8,
          height: lines.length * LINE_HEIGHT + 4,
          labelpos: 'c',
        },
        `e${index}`,
      )
    })
    dagreLayout(g)
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
      const laid = g.edge({ v: edge.from, w: edge.to, name: `e${index}` })
      const width = laid.width ?? 0
      const height = laid.height ?? 0
      return {
        ...edge,
        points: (laid.points ?? []).map((p: Point) => ({ x: p.x, y: p.y })),
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
    return { width: graphLabel.width ?? 0, height: graphLabel.height ?? 0, boxes, edges, initial }
  }

  const rootSize = measure(graph.root)
  const result: MachineLayout = {
    width: rootSize.width,
    height: rootSize.height,
    states: {},
    loops: [],
    edges: [],
    initials: [],
  }

  const shift = (points: Point[], dx: number, dy: number) => points.map((p) => ({ x: p.x + dx, y: p.y + dy }))

  const position = (id: string, box: Box) => {
    const size = sizes.get(id)!
    result.states[id] = {
      ...box,
      state: graph.states[id]!,
      lines: size.lines,
      headerHeight: size.header,
    }
    ;(placement.loops.get(id) ?? []).forEach((transition, index) => {
      result.loops.push({
        transition,
        x: box.x + PAD,
        y: box.y + PAD + (size.lines.length + index) * LINE_HEIGHT + FONT_SIZE,
        text: loopText(transition, graph),
      })
    })
    const local = locals.get(id)
    if (!local) return
    const ox = box.x + (box.width - local.width) / 2
    const oy = box.y + size.header + PAD
    for (const [child, childBox] of local.boxes) {
      position(child, { ...childBox, x: childBox.x + ox, y: childBox.y + oy })
    }
    for (const edge of local.edges) {
      result.edges.push({
        transition: edge.transition,
        target: edge.target,
        points: shift(edge.points, ox, oy),
        label: {
          ...edge.label,
          x: edge.label.x + ox,
          y: edge.label.y + oy,
          lines: labelLines(edge.transition),
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
  for (const edge of result.edges) {
    const source = result.states[edge.transition.source]!
    const target = result.states[edge.target]!
    const first = edge.points[0]
    const last = edge.points.at(-1)
    if (first && !inside(first, source)) edge.points.unshift(borderPoint(source, first))
    if (last && !inside(last, target)) edge.points.push(borderPoint(target, last))
  }
  return result
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
