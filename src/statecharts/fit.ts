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
