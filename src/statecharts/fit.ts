// «Adatta alla finestra»: the scale and position that show a drawing in its frame (as tall as the window on a
// wide screen, statecharts.css). The whole drawing when its text reads so; otherwise the drawing fitted to the frame's width at the smallest readable scale, the frame
// made taller to hold it (the page scrolls); on a frame too narrow even for that (a phone), the whole drawing.
import { FONT_SIZE } from './layout.ts'

/** The smallest text a product owner reads comfortably on screen, in CSS pixels. */
export const READABLE_FONT_PX = 10
/** The scale at which the drawing's text is READABLE_FONT_PX tall. */
export const READABLE_SCALE = READABLE_FONT_PX / FONT_SIZE
const MAX_SCALE = 1.25
const MARGIN = 16

export interface Fit {
  scale: number
  x: number
  y: number
  /** The frame's height the drawing needs, when taller than the frame; null to keep the frame's own. */
  frameHeight: number | null
  /** Fitted to the frame's width only: the whole drawing would read smaller than READABLE_FONT_PX. */
  byWidth: boolean
}

export function fitView(
  drawing: { width: number; height: number },
  frame: { width: number; height: number },
): Fit {
  const byWidth = (frame.width - 2 * MARGIN) / drawing.width
  const byHeight = (frame.height - 2 * MARGIN) / drawing.height
  const whole = Math.min(byWidth, byHeight, MAX_SCALE)
  const centred = (scale: number, height: number): Fit => ({
    scale,
    x: (frame.width - drawing.width * scale) / 2,
    y: Math.max(MARGIN, (height - drawing.height * scale) / 2),
    frameHeight: height === frame.height ? null : height,
    byWidth: height !== frame.height,
  })
  if (whole >= READABLE_SCALE || byWidth < READABLE_SCALE) return centred(whole, frame.height)
  const scale = READABLE_SCALE
  return centred(scale, Math.ceil(drawing.height * scale + 2 * MARGIN))
}

interface Rect {
  x: number
  y: number
  width: number
  height: number
}

/**
 * The first view of a drawing too large to read whole (a phone), at `scale` (smaller if the start state's box
 * would not fit the frame's width): the start state whole, and no box cut by the frame's sides in the rows the
 * frame shows. The frame's left edge falls where it cuts no box (the drawing's own edge, or a gap between boxes),
 * the one that brings the start state nearest the middle; the top shows the start marker. When no such edge
 * shows the start state, the view starts at the drawing's left edge (where reading starts), at the same scale.
 */
export function startView(
  frame: { width: number; height: number },
  start: { dot: { x: number; y: number }; box: Rect | null },
  boxes: readonly Rect[],
  preferred: number,
): { scale: number; x: number; y: number } {
  const box = start.box ?? { ...start.dot, width: 0, height: 0 }
  // A narrow margin: the frame's edge is where a box would be cut.
  const margin = 4
  const scale = Math.min(preferred, (frame.width - 2 * margin) / Math.max(box.width, 1))
  // The boxes that hold the start state (its parents) are cut anyway: only the others count.
  const holds = (outer: Rect) =>
    outer.x <= box.x &&
    outer.y <= box.y &&
    outer.x + outer.width >= box.x + box.width &&
    outer.y + outer.height >= box.y + box.height
  const right = Math.max(box.x + box.width, ...boxes.map((other) => other.x + other.width))
  const seen = (frame.width - 2 * margin) / scale
  const y = Math.min(MARGIN, frame.height / 2 - start.dot.y * scale)
  // Every row the frame shows, from its top to its bottom.
  const [top, bottom] = [-y / scale, (frame.height - y) / scale]
  const others = boxes.filter(
    (other) => !holds(other) && other.y < bottom && other.y + other.height > top && other.width > 0,
  )
  const cuts = (edge: number) =>
    others.some((other) => other.x < edge - 1 && other.x + other.width > edge + 1)
  const centre = box.x + box.width / 2
  const candidates = [
    0,
    ...others.flatMap((other) => [other.x - 2, other.x + other.width + margin / scale]),
  ].filter(
    (left) =>
      left >= 0 &&
      left <= box.x &&
      box.x + box.width <= left + seen &&
      !cuts(left) &&
      // The right side cuts nothing either, unless it lies beyond the drawing.
      (left + seen >= right || !cuts(left + seen)),
  )
  // Nearest the start state in the middle, without empty room beyond the drawing's right edge.
  const score = (left: number) => Math.abs(left + seen / 2 - centre) + 2 * Math.max(0, left + seen - right)
  const left = candidates.length
    ? candidates.reduce((best, next) => (score(next) < score(best) ? next : best))
    : 0
  return { scale, x: margin - left * scale, y }
}

/** How far below the start state the first view on a phone cuts no box: the labels of the arrows leaving it. */
export const START_CONTEXT = 60
