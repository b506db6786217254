// A help-desk attachment's checks and cleaning (issue 23 item 3), as for the card photo (fototessera.ts): the
// type is read from the bytes, the size and the pixels are capped before decoding, and what is stored is a fresh
// JPEG with nothing but pixels. Images only: see docs/regole.md.
import sharp from 'sharp'
import { ALLEGATI_MESSAGES as M, HELPDESK_ALLEGATI as A } from '../../contract/helpdesk.ts'

export type CleanAttachment = { nome: string; jpeg: Buffer; larghezza: number; altezza: number }
export type AttachmentRefusal = { refused: string }

/** The name shown for a file: its last path segment, printable characters only, at most 120 of them. */
export function attachmentName(filename: string): string {
  const last = filename.split(/[\\/]/).pop() ?? ''
  const printable = [...last]
    .filter((c) => c >= ' ' && c !== '\u007f')
    .join('')
    .trim()
  return printable.slice(0, 120) || 'allegato'
}

/**
 * Reads one uploaded attachment and answers the JPEG to store, or the Italian reason it is refused (naming the
 * file). The decoder sniffs the format (the name and the declared type are never trusted); a header that
 * declares too many pixels (a decompression bomb) is refused before any pixel is decoded; the image is turned
 * upright, shrunk to at most A.maxSide a side and written anew: no EXIF (GPS included), no comment, nothing
 * appended after the image (a polyglot).
 */
export async function cleanAttachment(
  bytes: Buffer,
  filename: string,
): Promise<CleanAttachment | AttachmentRefusal> {
  const nome = attachmentName(filename)
  if (bytes.length === 0 || bytes.length > A.maxBytes) return { refused: M.notAnImage(nome) }
  let header: { format?: string; width?: number; height?: number }
  try {
    header = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    return { refused: M.notAnImage(nome) }
  }
  if (!header.format || !(A.formats as readonly string[]).includes(header.format))
    return { refused: M.notAnImage(nome) }
  if ((header.width ?? 0) * (header.height ?? 0) > A.maxPixels) return { refused: M.tooManyPixels(nome) }
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: A.maxPixels, failOn: 'error', pages: 1 })
      .autoOrient()
      .resize(A.maxSide, A.maxSide, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true })
    return { nome, jpeg: data, larghezza: info.width, altezza: info.height }
  } catch {
    return { refused: M.unreadable(nome) }
  }
}

/** Cleans every attachment, or answers the first refusal: all or nothing, before anything is written. */
export async function cleanAttachments(
  files: readonly { bytes: Buffer; filename: string }[],
): Promise<CleanAttachment[] | AttachmentRefusal> {
  const clean: CleanAttachment[] = []
  for (const file of files) {
    const one = await cleanAttachment(file.bytes, file.filename)
    if ('refused' in one) return one
    clean.push(one)
  }
  return clean
}
