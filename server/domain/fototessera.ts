// The card photo's checks and cleaning (issue 23 item 1): the type is read from the bytes, the size and the
// pixels are capped before decoding, and what is stored is a fresh JPEG of the card's size, with no metadata.
import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { FOTOTESSERA, FOTOTESSERA_MESSAGES } from '../../contract/profilo.ts'

export type CleanPhoto = { jpeg: Buffer; larghezza: number; altezza: number; impronta: string }
export type PhotoRefusal = { refused: string }

type Header = { format?: string; width?: number; height?: number; pages?: number }

/**
 * Whether an image's header (as the decoder read it from the bytes) may be decoded: a format we read, a size we
 * can afford (a decompression bomb declares a huge one in a few bytes) and enough pixels for a printed card.
 */
export function photoHeaderProblem(header: Header): string | null {
  if (!header.format || !(FOTOTESSERA.formats as readonly string[]).includes(header.format)) {
    return FOTOTESSERA_MESSAGES.notAnImage
  }
  const { width = 0, height = 0 } = header
  if (width * height > FOTOTESSERA.maxPixels) return FOTOTESSERA_MESSAGES.tooManyPixels
  if (width < FOTOTESSERA.minWidth || height < FOTOTESSERA.minHeight) return FOTOTESSERA_MESSAGES.tooSmall
  return null
}

/**
 * Reads an uploaded photo and answers the JPEG to store, or the Italian reason it is refused. The decoder sniffs
 * the format from the bytes (a file's name and declared type are never trusted); decoding is capped at the
 * largest size allowed, so a header that lies is stopped too; the image is turned upright by its EXIF
 * orientation, cut to the card's ratio from the centre (the browser has already cropped it: this only holds
 * the rule for a client that did not) and written anew, so nothing but pixels survives: no EXIF (GPS
 * included), no ICC profile beyond sRGB, no comment, no data appended after the image (a polyglot).
 */
export async function cleanPhoto(bytes: Buffer): Promise<CleanPhoto | PhotoRefusal> {
  if (bytes.length === 0) return { refused: FOTOTESSERA_MESSAGES.missing }
  if (bytes.length > FOTOTESSERA.maxBytes) return { refused: FOTOTESSERA_MESSAGES.tooLarge }
  const options = { limitInputPixels: FOTOTESSERA.maxPixels, failOn: 'error', pages: 1 } as const
  let header: Header
  try {
    // The header only (no pixel is decoded), without the cap: a bomb is told as such, not as «not a photo».
    header = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    return { refused: FOTOTESSERA_MESSAGES.notAnImage }
  }
  // EXIF orientation 5 to 8 swaps the sides: the minimum size is that of the upright picture.
  const upright =
    'orientation' in header && Number((header as { orientation?: number }).orientation) >= 5
      ? { ...header, width: header.height, height: header.width }
      : header
  const problem = photoHeaderProblem(upright)
  if (problem) return { refused: problem }
  try {
    const jpeg = await sharp(bytes, options)
      .autoOrient()
      .resize(FOTOTESSERA.width, FOTOTESSERA.height, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: 86, mozjpeg: true })
      .toBuffer()
    return {
      jpeg,
      larghezza: FOTOTESSERA.width,
      altezza: FOTOTESSERA.height,
      impronta: createHash('sha256').update(jpeg).digest('hex'),
    }
  } catch {
    return { refused: FOTOTESSERA_MESSAGES.unreadable }
  }
}
