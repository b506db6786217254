// Image files for the upload tests, made with sharp (the library the server cleans them with), and the
// multipart body a browser would send.
import { crc32 } from 'node:zlib'
import sharp from 'sharp'

/** A photo-like JPEG (a gradient, so the encoder has something to encode), optionally with EXIF. */
export async function jpegPhoto(
  width: number,
  height: number,
  exif?: Record<string, Record<string, string>>,
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      raw[i] = (x * 255) / width
      raw[i + 1] = (y * 255) / height
      raw[i + 2] = 128
    }
  }
  const image = sharp(raw, { raw: { width, height, channels: 3 } })
  return (exif ? image.withExif(exif) : image).jpeg({ quality: 80 }).toBuffer()
}

export async function pngPhoto(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 90, b: 160, alpha: 0.5 } } })
    .png()
    .toBuffer()
}

export async function webpPhoto(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#4a8' } })
    .webp()
    .toBuffer()
}

export async function gifImage(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#a48' } })
    .gif()
    .toBuffer()
}

/**
 * A decompression bomb: a small real PNG whose header is rewritten to declare `width` × `height` (CRC fixed, so
 * it is a well-formed PNG header): a decoder that trusted it would allocate gigabytes.
 */
export async function pngBomb(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await pngPhoto(300, 400))
  // Signature (8), IHDR length (4), 'IHDR' (4), width (4), height (4), … then the chunk's CRC.
  png.writeUInt32BE(width, 16)
  png.writeUInt32BE(height, 20)
  const ihdrEnd = 8 + 8 + 13
  png.writeUInt32BE(crc32(png.subarray(12, ihdrEnd)) >>> 0, ihdrEnd)
  return png
}

/**
 * The same bomb as a JPEG: a small real one whose frame header (SOF0) is rewritten to declare `width` × `height`
 * (at most 65535 a side): a few kilobytes that would decode to gigabytes.
 */
export async function jpegBomb(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(
    await sharp(await jpegPhoto(64, 64))
      .jpeg({ progressive: false })
      .toBuffer(),
  )
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]))
  if (sof < 0) throw new Error('JPEG senza SOF0')
  // Marker (2), length (2), precision (1), height (2), width (2).
  jpeg.writeUInt16BE(height, sof + 5)
  jpeg.writeUInt16BE(width, sof + 7)
  return jpeg
}

/** A PDF (a tiny but well-formed one): what people attach when asked for a receipt. */
export function pdfFile(): Buffer {
  return Buffer.from('%PDF-1.7\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n')
}

/** A JPEG that is also something else: an HTML script and a ZIP archive appended after the image's end. */
export async function polyglot(): Promise<Buffer> {
  const zipLocalHeader = Buffer.from('504b0304140000000000', 'hex')
  return Buffer.concat([
    await jpegPhoto(500, 640),
    Buffer.from('<html><script>alert("polyglot")</script></html>'),
    zipLocalHeader,
    Buffer.from('payload.txt'),
  ])
}

export type Part = { field: string; filename: string; type: string; bytes: Buffer }

/** A multipart/form-data body with these file parts (and text fields). */
export function multipartBody(parts: Part[], fields: Record<string, string> = {}) {
  const boundary = `----portale${Math.random().toString(16).slice(2)}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    )
  }
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.filename}"\r\n` +
          `Content-Type: ${part.type}\r\n\r\n`,
      ),
      part.bytes,
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` }
}
