// Images for the tests of the photo and attachment checks, made with sharp: a plain picture of a size, one that
// carries an EXIF orientation, and a PNG whose header declares a size it does not have (a decompression bomb).
import { crc32 } from 'node:zlib'
import sharp from 'sharp'

/** A plain picture of `width` × `height`, in `format`, optionally with an EXIF orientation (1–8). */
export async function picture(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp' | 'gif' = 'png',
  orientation?: number,
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 30 } } })
  const oriented = orientation === undefined ? image : image.withMetadata({ orientation })
  return oriented.toFormat(format).toBuffer()
}

/** A real PNG whose header (IHDR, with a valid checksum) claims `width` × `height`. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await picture(10, 10, 'png'))
  // Signature (8) | length (4) | "IHDR" (4) | width (4) | height (4) | … (5) | CRC over type and data (4).
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29)
  return png
}
