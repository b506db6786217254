// The drawing of one machine, in plain SVG with presentation attributes only (no CSS classes), so that the
// exported SVG and PNG look exactly like the screen.
import type { KeyboardEvent } from 'react'
import { conditionText, FONT_SIZE, LINE_HEIGHT, type MachineLayout, TOGGLE_SIZE } from './layout.ts'

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
  onToggle,
}: {
  layout: MachineLayout
  selection: Selection
  highlight: Highlight
  onSelect: (selection: Selection) => void
  /** Folds or unfolds a compound state; without it, no toggles are drawn. */
  onToggle?: (state: string) => void
}) {
  const isSelectedState = (id: string) => selection !== null && 'state' in selection && selection.state === id
  const isSelectedTransition = (key: string | readonly string[]) =>
    selection !== null &&
    'transition' in selection &&
    (typeof key === 'string' ? selection.transition === key : key.includes(selection.transition))
  const coverage = highlight.covered

  /** The colour of an arrow standing for one or more transitions (covered when all of them are). */
  const edgeColor = (key: string | readonly string[]) => {
    const keys = typeof key === 'string' ? [key] : key
    if (isSelectedTransition(keys)) return COLORS.selected
    if (keys.some((k) => highlight.taken.has(k))) return COLORS.activeBorder
    if (coverage) return keys.every((k) => coverage.transitions.has(k)) ? COLORS.covered : COLORS.uncovered
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
      {states.map(({ state, x, y, width, height, lines, notes, folded }) => {
        const selected = isSelectedState(state.id)
        // A folded box is active when one of the states it hides is.
        const active =
          highlight.active.has(state.id) || (folded?.states.some((id) => highlight.active.has(id)) ?? false)
        // A history marker is never rested in: it is covered when the state whose step it resumes is.
        const isCovered = coverage?.states.has(
          state.kind === 'history' && state.parent ? state.parent : state.id,
        )
        const root = state.kind === 'root'
        const boxed = state.children.length > 0 && !folded
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
        // The notes are read too (a message, what a fold holds): the name says all the box shows.
        const label = `${kindWord}${folded ? ' chiuso' : ''}: ${[state.title, ...notes].join(' ')}${active ? ' (attivo)' : ''}${
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
            {folded && (
              // A stack of cards: the box holds more than it shows.
              <path
                d={`M${x + 6},${y + height + 4} H${x + width - 6} M${x + width + 4},${y + 6} V${y + height - 6}`}
                stroke={stroke}
                strokeWidth={1.5}
                fill="none"
              />
            )}
            {lines.map((line, i) => (
              <text
                key={i}
                x={boxed || root ? x + 10 : x + (width - (folded ? TOGGLE_SIZE : 0)) / 2}
                y={y + 10 + FONT_SIZE + i * LINE_HEIGHT}
                textAnchor={boxed || root ? 'start' : 'middle'}
                fontWeight="bold"
                fontSize={root ? FONT_SIZE + 2 : FONT_SIZE}
              >
                {/* A space between lines, so that the text reads as the accessible name does. */}
                {i < lines.length - 1 || notes.length > 0 ? `${line} ` : line}
              </text>
            ))}
            {notes.map((note, i) => (
              <text
                key={`nota-${i}`}
                x={boxed ? x + 10 : x + width / 2}
                y={y + 10 + FONT_SIZE + (lines.length + i) * LINE_HEIGHT}
                textAnchor={boxed ? 'start' : 'middle'}
                fontStyle="italic"
                fill={COLORS.muted}
              >
                {i < notes.length - 1 ? `${note} ` : note}
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
      {layout.junctions.map((junction) => (
        <circle
          key={junction.id}
          data-kind="junction"
          aria-hidden="true"
          cx={junction.x}
          cy={junction.y}
          r={6}
          fill={edgeColor(junction.transitions.map((t) => t.key))}
        />
      ))}
      {layout.edges.map((edge, i) => {
        const key = edge.transition.key
        const keys = edge.transitions.map((t) => t.key)
        const color = edgeColor(keys)
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
        // A grouped edge names what it groups; merged conditions read as drawn («[se A o B]»).
        const named = edge.intoJunction
          ? edge.transitions.map((t) => t.label).join('; ')
          : layout.junctions.some((junction) => junction.id === edge.source)
            ? `${edge.label.lines.join(' ')}: ${edge.transitions
                .map((t) => t.label)
                .filter((label, index, all) => all.indexOf(label) === index)
                .join('; ')}`
            : edge.transitions.length > 1
              ? `${edge.transition.label} [se ${edge.transitions.map((t) => t.guard).join(' o ')}]`
              : `${edge.transition.label}${condition ? ` ${condition}` : ''}`
        return (
          <g
            key={`${key}-${edge.target}-${i}`}
            data-kind="transition"
            data-transition-key={key}
            data-transition-keys={keys.length > 1 ? keys.join('|') : undefined}
            role="button"
            tabIndex={0}
            aria-label={`Transizione: ${named}`}
            aria-pressed={isSelectedTransition(keys)}
            cursor="pointer"
            {...onActivate(() => onSelect({ transition: key }))}
          >
            <path
              d={path(edge.points)}
              fill="none"
              stroke={color}
              strokeWidth={isSelectedTransition(keys) || keys.some((k) => highlight.taken.has(k)) ? 3 : 1.5}
              strokeDasharray={edge.transition.kind === 'always' ? '5 3' : undefined}
              markerEnd={edge.intoJunction ? undefined : `url(#freccia-${markerName})`}
            />
            {edge.label.lines.length > 0 && (
              <rect
                x={edge.label.x}
                y={edge.label.y}
                width={edge.label.width}
                height={edge.label.height}
                rx={4}
                fill={COLORS.label}
                fillOpacity={0.92}
                stroke={isSelectedTransition(keys) ? COLORS.selected : 'none'}
              />
            )}
          </g>
        )
      })}
      {/* The arrows' words, over every line: the arrow's name (aria-label) says them whole, so they are hidden
          from assistive technology (a label shortened or cut by the frame's edge would contradict it). */}
      <g aria-hidden="true" pointerEvents="none">
        {layout.edges.map((edge, i) => {
          const color = edgeColor(edge.transitions.map((t) => t.key))
          return edge.label.lines.map((line, j) => (
            <text
              key={`${edge.transition.key}-${edge.target}-${i}-${j}`}
              x={edge.label.x + edge.label.width / 2}
              y={edge.label.y + 2 + FONT_SIZE + j * LINE_HEIGHT}
              textAnchor="middle"
              fill={line.startsWith('[') ? COLORS.muted : color === COLORS.edge ? COLORS.text : color}
              fontStyle={line.startsWith('[') ? 'italic' : undefined}
            >
              {j < edge.label.lines.length - 1 ? `${line} ` : line}
            </text>
          ))
        })}
      </g>
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
            {loop.lines.map((line, j) => (
              <text
                key={j}
                x={loop.x + (j > 0 ? 14 : 0)}
                y={loop.y + j * LINE_HEIGHT}
                fill={color === COLORS.edge ? COLORS.muted : color}
                fontWeight={isSelectedTransition(key) ? 'bold' : undefined}
              >
                {j < loop.lines.length - 1 ? `${line} ` : line}
              </text>
            ))}
          </g>
        )
      })}
      {onToggle &&
        states
          .filter(({ state }) => state.children.length > 0 && state.kind !== 'root')
          .map(({ state, x, y, width, folded }) => (
            <g
              key={`piega-${state.id}`}
              data-kind="toggle"
              data-state-id={state.id}
              role="button"
              tabIndex={0}
              aria-expanded={!folded}
              aria-label={`${folded ? 'Apri' : 'Chiudi'} «${state.title}»`}
              cursor="pointer"
              {...onActivate(() => onToggle(state.id))}
            >
              <rect
                x={x + width - TOGGLE_SIZE - 4}
                y={y + 4}
                width={TOGGLE_SIZE}
                height={TOGGLE_SIZE}
                rx={4}
                fill={COLORS.state}
                stroke={COLORS.border}
              />
              <text
                x={x + width - TOGGLE_SIZE / 2 - 4}
                y={y + 4 + TOGGLE_SIZE / 2 + 5}
                textAnchor="middle"
                fontWeight="bold"
                fontSize={FONT_SIZE + 2}
              >
                {folded ? '+' : '−'}
              </text>
            </g>
          ))}
    </g>
  )
}
