// The card photo's crop in the browser: which part of the picture the card shows (the card's ratio, 35 × 45 mm),
// drawn on a canvas for the preview and for the file sent.
import { FOTOTESSERA } from '../../../contract/profilo.ts'
import type { Crop, ImageToCrop } from '../../../machines/fototessera.ts'

export const CARD_RATIO = FOTOTESSERA.width / FOTOTESSERA.height

export type Rect = { sx: number; sy: number; sw: number; sh: number }

/**
 * The rectangle of the picture to keep: at zoom 1 the largest one of the card's ratio, smaller as the zoom grows;
 * x and y place it from the left/top edge (0) to the right/bottom one (1).
 */
export function cropRect(image: Pick<ImageToCrop, 'width' | 'height'>, crop: Crop): Rect {
  const fullWidth = Math.min(image.width, image.height * CARD_RATIO)
  const sw = fullWidth / crop.zoom
  const sh = sw / CARD_RATIO
  return {
    sx: (image.width - sw) * crop.x,
    sy: (image.height - sh) * crop.y,
    sw,
    sh,
  }
}

/** Draws the crop of `source` on `canvas` at the canvas's size. */
export function drawCrop(
  canvas: HTMLCanvasElement,
  source: CanvasImageSource,
  image: ImageToCrop,
  crop: Crop,
) {
  const context = canvas.getContext('2d')
  if (!context) return
  const { sx, sy, sw, sh } = cropRect(image, crop)
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, canvas.width, canvas.height)
  context.drawImage(source, sx, sy, sw, sh, 0, 0, canvas.width, canvas.height)
}

/** Opens a picked file as an image: its object URL and size (rejects when the browser cannot decode it). */
export async function readImageFile(file: Blob): Promise<ImageToCrop> {
  const src = URL.createObjectURL(file)
  try {
    const image = await loadImage(src)
    return { src, width: image.naturalWidth, height: image.naturalHeight }
  } catch (error) {
    URL.revokeObjectURL(src)
    throw error
  }
}

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image()
    image.onload = () => resolve(image)
    image.onerror = () => reject(new Error('immagine non leggibile'))
    image.src = src
  })
}

/** The crop as the JPEG to upload, at the size the server stores. */
export async function cropToBlob(image: ImageToCrop, crop: Crop): Promise<Blob> {
  const canvas = document.createElement('canvas')
  canvas.width = FOTOTESSERA.width
  canvas.height = FOTOTESSERA.height
  drawCrop(canvas, await loadImage(image.src), image, crop)
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('ritaglio non riuscito'))),
      'image/jpeg',
      0.92,
    ),
  )
}
