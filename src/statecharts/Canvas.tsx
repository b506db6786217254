// The drawing area: zoom with the wheel, the buttons or + and −; pan by dragging or with the arrow keys;
// 0 fits the drawing to the window.
import {
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
} from 'react'
import { fitView, READABLE_FONT_PX, READABLE_SCALE, startView } from './fit.ts'

export interface View {
  scale: number
  x: number
  y: number
  /** The frame's height when a fit made it taller than the style sheet's, to hold the drawing readable. */
  frameHeight?: number | null
  /** The last fit showed the drawing by its width only (the page scrolls for the rest). */
  byWidth?: boolean
}

export interface CanvasHandle {
  zoom: (factor: number) => void
  fit: () => void
  /** Pans so that a box of the drawing is in sight, when it is not. */
  reveal: (box: { x: number; y: number; width: number; height: number }) => void
  /** Pans so that a box of the drawing is in the middle of the window (the replay's current state). */
  centre: (box: { x: number; y: number; width: number; height: number }) => void
  /** Scrolls the page so that the drawing area is on screen (a link to a state, opened on a phone). */
  show: () => void
}

const MIN = 0.1
const MAX = 4
/** The scale of the first view of a drawing too large to read whole on a narrow screen. */
const READABLE = 0.7

/** The frame's own size (as the style sheet makes it), without the height a fit may have added. */
function ownBox(element: HTMLElement): DOMRect {
  const grown = element.style.height
  element.style.height = ''
  const box = element.getBoundingClientRect()
  element.style.height = grown
  return box
}

export function Canvas({
  width,
  height,
  focus,
  label,
  handle,
  drawingRef,
  children,
}: {
  width: number
  height: number
  /**
   * Where the machine starts, shown first when the whole drawing is too small to read: its start marker and
   * state, and the drawing's boxes (the first view cuts none of them at its left edge).
   */
  focus: {
    dot: { x: number; y: number }
    box: { x: number; y: number; width: number; height: number } | null
    boxes: { x: number; y: number; width: number; height: number }[]
  } | null
  label: string
  handle: RefObject<CanvasHandle | null>
  drawingRef: RefObject<SVGGElement | null>
  children: ReactNode
}) {
  const frame = useRef<HTMLDivElement>(null)
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 })
  const drag = useRef<{ x: number; y: number; view: View } | null>(null)

  const fit = useCallback(() => {
    const box = frame.current && ownBox(frame.current)
    if (!box || width === 0 || height === 0) return
    const fitted = fitView({ width, height }, box)
    setView({
      scale: fitted.scale,
      x: fitted.x,
      y: fitted.y,
      frameHeight: fitted.frameHeight,
      byWidth: fitted.byWidth,
    })
  }, [width, height])

  /** The whole drawing, or its width, when readable so (see fitView); otherwise readable, from where it starts. */
  const start = useCallback(() => {
    const box = frame.current && ownBox(frame.current)
    if (!box || width === 0 || height === 0) return
    if (fitView({ width, height }, box).scale >= READABLE_SCALE || !focus) return fit()
    setView(startView(box, focus, focus.boxes, READABLE))
  }, [width, height, focus, fit])

  const zoomAt = useCallback((factor: number, cx?: number, cy?: number) => {
    setView((old) => {
      const box = frame.current?.getBoundingClientRect()
      const px = cx ?? (box ? box.width / 2 : 0)
      const py = cy ?? (box ? box.height / 2 : 0)
      const scale = Math.min(MAX, Math.max(MIN, old.scale * factor))
      const ratio = scale / old.scale
      return { scale, x: px - (px - old.x) * ratio, y: py - (py - old.y) * ratio }
    })
  }, [])

  const reveal = useCallback((target: { x: number; y: number; width: number; height: number }) => {
    const box = frame.current?.getBoundingClientRect()
    if (!box) return
    setView((old) => {
      const left = old.x + target.x * old.scale
      const top = old.y + target.y * old.scale
      const right = left + target.width * old.scale
      const bottom = top + target.height * old.scale
      if (left >= 0 && top >= 0 && right <= box.width && bottom <= box.height) return old
      return {
        ...old,
        x: box.width / 2 - (target.x + target.width / 2) * old.scale,
        y: box.height / 2 - (target.y + target.height / 2) * old.scale,
      }
    })
  }, [])

  const centre = useCallback((target: { x: number; y: number; width: number; height: number }) => {
    const box = frame.current?.getBoundingClientRect()
    if (!box) return
    setView((old) => ({
      ...old,
      x: box.width / 2 - (target.x + target.width / 2) * old.scale,
      y: box.height / 2 - (target.y + target.height / 2) * old.scale,
    }))
  }, [])

  const show = useCallback(() => frame.current?.scrollIntoView?.({ block: 'nearest' }), [])

  /** «Adatta»: the drawing fitted, its frame brought to the top of the window, which it fills. */
  const fitInWindow = useCallback(() => {
    fit()
    frame.current?.scrollIntoView?.({ block: 'start' })
  }, [fit])

  useImperativeHandle(
    handle,
    () => ({ zoom: (factor) => zoomAt(factor), fit: fitInWindow, reveal, centre, show }),
    [zoomAt, fitInWindow, reveal, centre, show],
  )

  // A new drawing (another machine) starts over.
  useEffect(() => start(), [start])

  // Non-passive, so that the wheel zooms the drawing instead of scrolling the page.
  useEffect(() => {
    const element = frame.current
    if (!element) return
    const onWheel = (event: WheelEvent) => {
      event.preventDefault()
      const box = element.getBoundingClientRect()
      zoomAt(event.deltaY < 0 ? 1.15 : 1 / 1.15, event.clientX - box.left, event.clientY - box.top)
    }
    element.addEventListener('wheel', onWheel, { passive: false })
    return () => element.removeEventListener('wheel', onWheel)
  }, [zoomAt])

  const pan = (dx: number, dy: number) => setView((old) => ({ ...old, x: old.x + dx, y: old.y + dy }))

  return (
    // A pan-and-zoom surface is keyboard-operable as a whole (arrows, + −, 0): an application region, focusable.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <div
      ref={frame}
      className="canvas"
      style={view.frameHeight ? { height: `${view.frameHeight}px` } : undefined}
      // oxlint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="application"
      aria-roledescription="diagramma"
      aria-label={`${label}. Trascina o usa le frecce per spostare, + e − per ingrandire o ridurre, 0 per adattare.`}
      onKeyDown={(event) => {
        if (event.target !== event.currentTarget) return
        const step = 60
        const actions: Record<string, () => void> = {
          ArrowLeft: () => pan(step, 0),
          ArrowRight: () => pan(-step, 0),
          ArrowUp: () => pan(0, step),
          ArrowDown: () => pan(0, -step),
          '+': () => zoomAt(1.2),
          '=': () => zoomAt(1.2),
          '-': () => zoomAt(1 / 1.2),
          '0': fit,
        }
        const action = actions[event.key]
        if (action) {
          event.preventDefault()
          action()
        }
      }}
      onPointerDown={(event) => {
        if (event.button !== 0) return
        drag.current = { x: event.clientX, y: event.clientY, view }
      }}
      onPointerMove={(event) => {
        const origin = drag.current
        if (!origin) return
        const dx = event.clientX - origin.x
        const dy = event.clientY - origin.y
        if (Math.abs(dx) + Math.abs(dy) > 3) {
          if (!frame.current?.hasPointerCapture(event.pointerId))
            frame.current?.setPointerCapture(event.pointerId)
          setView({ ...origin.view, x: origin.view.x + dx, y: origin.view.y + dy })
        }
      }}
      onPointerUp={(event) => {
        drag.current = null
        if (frame.current?.hasPointerCapture(event.pointerId))
          frame.current.releasePointerCapture(event.pointerId)
      }}
    >
      <svg width="100%" height="100%">
        <g
          ref={drawingRef}
          transform={`translate(${view.x.toFixed(1)} ${view.y.toFixed(1)}) scale(${view.scale.toFixed(4)})`}
        >
          {children}
        </g>
      </svg>
      {view.byWidth && (
        <p className="fit-note">
          Adattato alla larghezza: intero si leggerebbe sotto i {READABLE_FONT_PX} px. Scorri per il resto.
        </p>
      )}
      <p className="zoom-level" aria-live="polite">
        {Math.round(view.scale * 100)}%
      </p>
    </div>
  )
}
