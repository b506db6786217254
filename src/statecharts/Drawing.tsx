// The drawing of one machine, in plain SVG with presentation attributes only (no CSS classes), so that the
// exported SVG and PNG look exactly like the screen.
import type { KeyboardEvent } from 'react'
import { conditionText, FONT_SIZE, LINE_HEIGHT, type MachineLayout } from './layout.ts'

export type Selection = { state: string } | { transition: string } | null

export interface Highlight {
  /** States active now (live mode or replay). */
  active: ReadonlySet<string>
  /** Transition just taken (replay), by key. */
  taken: ReadonlySet<string>
  /** Coverage overlay: covered ids and keys, or null when off. */
  covered: { states: ReadonlySet<string>; transitions: ReadonlySet<string> } | null
}

export const COLORS = {
  text: '#1b1f24',
  muted: '#4a5561',
  border: '#51606f',
  state: '#ffffff',
  compound: '#f2f6fa',
  machine: '#fbfcfd',
  edge: '#51606f',
  label: '#ffffff',
  selected: '#0b4f8a',
  active: '#fff1b8',
  activeBorder: '#8a5a00',
  covered: '#1b6e3a',
  coveredFill: '#e7f6ec',
  uncovered: '#a4161a',
  uncoveredFill: '#fdecec',
} as const

export const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif'

const path = (points: { x: number; y: number }[]) =>
  points.map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')

function onActivate(select: () => void) {
  return {
    onClick: select,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault()
        select()
      }
    },
  }
}

export function Drawing({
  layout,
  selection,
  highlight,
  onSelect,
}: {
  layout: MachineLayout
  selection: Selection
  highlight: Highlight
  onSelect: (selection: Selection) => void
}) {
  const isSelectedState = (id: string) => selection !== null && 'state' in selection && selection.state === id
  const isSelectedTransition = (key: string) =>
    selection !== null && 'transition' in selection && selection.transition === key
  const coverage = highlight.covered

  const edgeColor = (key: string) => {
    if (isSelectedTransition(key)) return COLORS.selected
    if (highlight.taken.has(key)) return COLORS.activeBorder
    if (coverage) return coverage.transitions.has(key) ? COLORS.covered : COLORS.uncovered
    return COLORS.edge
  }

  const states = Object.values(layout.states)
  return (
    <g fontFamily={FONT} fontSize={FONT_SIZE} fill={COLORS.text}>
      <defs>
        {(['edge', 'selected', 'activeBorder', 'covered', 'uncovered'] as const).map((name) => (
          <marker
            key={name}
            id={`freccia-${name}`}
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="8"
            markerHeight="8"
            orient="auto-start-reverse"
          >
            <path d="M0,0 L10,5 L0,10 z" fill={COLORS[name]} />
          </marker>
        ))}
      </defs>
      {states.map(({ state, x, y, width, height, lines }) => {
        const selected = isSelectedState(state.id)
        const active = highlight.active.has(state.id)
        // A history marker is never rested in: it is covered when the state whose step it resumes is.
        const isCovered = coverage?.states.has(
          state.kind === 'history' && state.parent ? state.parent : state.id,
        )
        const root = state.kind === 'root'
        let fill: string = root ? COLORS.machine : state.children.length > 0 ? COLORS.compound : COLORS.state
        let stroke: string = COLORS.border
        if (coverage && !root) {
          fill = isCovered ? COLORS.coveredFill : COLORS.uncoveredFill
          stroke = isCovered ? COLORS.covered : COLORS.uncovered
        }
        if (active) {
          fill = COLORS.active
          stroke = COLORS.activeBorder
        }
        if (selected) stroke = COLORS.selected
        const strokeWidth = selected || active ? 3 : root ? 1 : 1.5
        const kindWord = {
          root: 'Macchina',
          atomic: 'Stato',
          compound: 'Stato composto',
          parallel: 'Stato parallelo',
          final: 'Stato finale',
          history: 'Ripresa (cronologia)',
        }[state.kind]
        const label = `${kindWord}: ${state.title}${active ? ' (attivo)' : ''}${
          coverage && !root ? (isCovered ? ', coperto' : ', non coperto') : ''
        }`
        if (state.kind === 'history') {
          const r = width / 2
          return (
            <g
              key={state.id}
              data-kind="history"
              data-state-id={state.id}
              role="button"
              tabIndex={0}
              aria-label={label}
              aria-pressed={selected}
              cursor="pointer"
              {...onActivate(() => onSelect({ state: state.id }))}
            >
              <circle cx={x + r} cy={y + r} r={r} fill={fill} stroke={stroke} strokeWidth={strokeWidth} />
              <text x={x + r} y={y + r + 5} textAnchor="middle" fontWeight="bold">
                {state.deep ? 'H*' : 'H'}
              </text>
            </g>
          )
        }
        return (
          <g
            key={state.id}
            data-kind={root ? 'machine' : 'state'}
            data-state-id={state.id}
            role="button"
            tabIndex={0}
            aria-label={label}
            aria-pressed={selected}
            cursor="pointer"
            {...onActivate(() => onSelect({ state: state.id }))}
          >
            <rect
              x={x}
              y={y}
              width={width}
              height={height}
              rx={root ? 4 : 10}
              fill={fill}
              stroke={stroke}
              strokeWidth={strokeWidth}
              strokeDasharray={
                state.parent && layout.states[state.parent]?.state.kind === 'parallel' ? '6 4' : undefined
              }
            />
            {state.kind === 'final' && (
              <rect
                x={x + 4}
                y={y + 4}
                width={width - 8}
                height={height - 8}
                rx={7}
                fill="none"
                stroke={stroke}
                strokeWidth={1.5}
              />
            )}
            {lines.map((line, i) => (
              <text
                key={i}
                x={state.children.length > 0 || root ? x + 10 : x + width / 2}
                y={y + 10 + FONT_SIZE + i * LINE_HEIGHT}
                textAnchor={state.children.length > 0 || root ? 'start' : 'middle'}
                fontWeight="bold"
                fontSize={root ? FONT_SIZE + 2 : FONT_SIZE}
              >
                {/* A space between lines, so that the text reads as the accessible name does. */}
                {i < lines.length - 1 ? `${line} ` : line}
              </text>
            ))}
          </g>
        )
      })}
      {layout.initials.map((initial) => (
        <g key={`initial-${initial.parent}`} data-kind="initial" aria-hidden="true">
          <circle cx={initial.dot.x} cy={initial.dot.y} r={6} fill={COLORS.text} />
          <path
            d={path(initial.points)}
            fill="none"
            stroke={COLORS.text}
            strokeWidth={1.5}
            markerEnd="url(#freccia-edge)"
          />
        </g>
      ))}
      {layout.edges.map((edge, i) => {
        const key = edge.transition.key
        const color = edgeColor(key)
        const markerName =
          color === COLORS.selected
            ? 'selected'
            : color === COLORS.activeBorder
              ? 'activeBorder'
              : color === COLORS.covered
                ? 'covered'
                : color === COLORS.uncovered
                  ? 'uncovered'
                  : 'edge'
        const condition = conditionText(edge.transition)
        return (
          <g
            key={`${key}-${edge.target}-${i}`}
            data-kind="transition"
            data-transition-key={key}
            role="button"
            tabIndex={0}
            aria-label={`Transizione: ${edge.transition.label}${condition ? ` ${condition}` : ''}`}
            aria-pressed={isSelectedTransition(key)}
            cursor="pointer"
            {...onActivate(() => onSelect({ transition: key }))}
          >
            <path
              d={path(edge.points)}
              fill="none"
              stroke={color}
              strokeWidth={isSelectedTransition(key) || highlight.taken.has(key) ? 3 : 1.5}
              strokeDasharray={edge.transition.kind === 'always' ? '5 3' : undefined}
              markerEnd={`url(#freccia-${markerName})`}
            />
            <rect
              x={edge.label.x}
              y={edge.label.y}
              width={edge.label.width}
              height={edge.label.height}
              rx={4}
              fill={COLORS.label}
              fillOpacity={0.92}
              stroke={isSelectedTransition(key) ? COLORS.selected : 'none'}
            />
            {edge.label.lines.map((line, j) => (
              <text
                key={j}
                x={edge.label.x + edge.label.width / 2}
                y={edge.label.y + 2 + FONT_SIZE + j * LINE_HEIGHT}
                textAnchor="middle"
                fill={line.startsWith('[') ? COLORS.muted : color === COLORS.edge ? COLORS.text : color}
                fontStyle={line.startsWith('[') ? 'italic' : undefined}
              >
                {j < edge.label.lines.length - 1 ? `${line} ` : line}
              </text>
            ))}
          </g>
        )
      })}
      {layout.loops.map((loop) => {
        const key = loop.transition.key
        const color = edgeColor(key)
        return (
          <g
            key={key}
            data-kind="transition"
            data-transition-key={key}
            role="button"
            tabIndex={0}
            aria-label={`Transizione: ${loop.text}`}
            aria-pressed={isSelectedTransition(key)}
            cursor="pointer"
            {...onActivate(() => onSelect({ transition: key }))}
          >
            <text
              x={loop.x}
              y={loop.y}
              fill={color === COLORS.edge ? COLORS.muted : color}
              fontWeight={isSelectedTransition(key) ? 'bold' : undefined}
            >
              {loop.text}
            </text>
          </g>
        )
      })}
    </g>
  )
}
