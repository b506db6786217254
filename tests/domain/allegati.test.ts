// A help-desk attachment's checks and cleaning (issue 23 item 3; server/domain/allegati.ts): the name shown, what
// is refused (naming the file) and what is stored — a fresh JPEG of at most 2000 pixels a side.
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { ALLEGATI_MESSAGES as M, HELPDESK_ALLEGATI as A } from '../../contract/helpdesk.ts'
import { attachmentName, cleanAttachment, cleanAttachments } from '../../server/domain/allegati.ts'
import { picture, pngClaiming } from '../support/images.ts'

describe('attachmentName', () => {
  it('keeps the last segment of a path, Windows or Unix', () => {
    expect(attachmentName('C:\\Users\\anna\\scontrino.jpg')).toBe('scontrino.jpg')
    expect(attachmentName('../../etc/passwd')).toBe('passwd')
  })

  it('drops control characters and the spaces around the name', () => {
    expect(attachmentName(' a\u0000b\u001fc\u007f.png ')).toBe('abc.png')
    expect(attachmentName('foto di Anna.png')).toBe('foto di Anna.png')
  })

  it('keeps at most 120 characters', () => {
    expect(attachmentName(`${'a'.repeat(130)}.png`)).toBe('a'.repeat(120))
  })

  it('calls a file with no printable name «allegato»', () => {
    expect(attachmentName('')).toBe('allegato')
    expect(attachmentName('cartella/')).toBe('allegato')
    expect(attachmentName('\u0001\u0002')).toBe('allegato')
  })
})

describe('cleanAttachment', () => {
  it('refuses an empty file and one over 5 MB as no image, naming it', async () => {
    expect(await cleanAttachment(Buffer.alloc(0), 'a.png')).toEqual({ refused: M.notAnImage('a.png') })
    expect(await cleanAttachment(Buffer.alloc(A.maxBytes + 1), 'b.png')).toEqual({
      refused: M.notAnImage('b.png'),
    })
  })

  it('reads an image of exactly 5 MB, and refuses one byte more before reading it', async () => {
    const png = await picture(40, 40, 'png')
    const padded = (size: number) => Buffer.concat([png, Buffer.alloc(size - png.length)])
    expect(await cleanAttachment(padded(A.maxBytes), 'j.png')).toMatchObject({ nome: 'j.png', larghezza: 40 })
    expect(await cleanAttachment(padded(A.maxBytes + 1), 'k.png')).toEqual({ refused: M.notAnImage('k.png') })
  })

  it('takes exactly 40 million pixels as not too many (the lying header then fails to decode)', async () => {
    expect(await cleanAttachment(await pngClaiming(8000, 5000), 'l.png')).toEqual({
      refused: M.unreadable('l.png'),
    })
  })

  it('refuses what is not an image, or an image in a format it does not read', async () => {
    expect(await cleanAttachment(Buffer.from('%PDF-1.7'), 'c.pdf')).toEqual({
      refused: M.notAnImage('c.pdf'),
    })
    expect(await cleanAttachment(await picture(40, 40, 'gif'), 'd.gif')).toEqual({
      refused: M.notAnImage('d.gif'),
    })
  })

  it('refuses a decompression bomb before decoding it', async () => {
    expect(await cleanAttachment(await pngClaiming(10_000, 10_000), 'e.png')).toEqual({
      refused: M.tooManyPixels('e.png'),
    })
  })

  it('refuses an image whose header reads but whose pixels do not', async () => {
    const jpeg = await picture(800, 600, 'jpeg')
    expect(await cleanAttachment(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'f.jpg')).toEqual({
      refused: M.unreadable('f.jpg'),
    })
  })

  it('stores a JPEG shrunk to 2000 pixels on its longer side, a small one as it is', async () => {
    const large = await cleanAttachment(await picture(3000, 1500, 'webp'), 'g.webp')
    expect(large).toMatchObject({ nome: 'g.webp', larghezza: 2000, altezza: 1000 })
    const small = await cleanAttachment(await picture(120, 80, 'png'), 'h.png')
    expect(small).toMatchObject({ nome: 'h.png', larghezza: 120, altezza: 80 })
    if ('refused' in small) throw new Error(small.refused)
    const meta = await sharp(small.jpeg).metadata()
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['jpeg', 120, 80, undefined])
  })

  it('paints what was transparent white, not black', async () => {
    const clear = await sharp({
      create: { width: 20, height: 20, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer()
    const clean = await cleanAttachment(clear, 'm.png')
    if ('refused' in clean) throw new Error(clean.refused)
    const { data } = await sharp(clean.jpeg).raw().toBuffer({ resolveWithObject: true })
    expect(data.reduce((low, value) => Math.min(low, value), 255)).toBeGreaterThan(245)
  })

  it('turns a photo upright by its EXIF orientation', async () => {
    expect(await cleanAttachment(await picture(300, 200, 'jpeg', 6), 'i.jpg')).toMatchObject({
      larghezza: 200,
      altezza: 300,
    })
  })
})

describe('cleanAttachments', () => {
  it('cleans every file, in order', async () => {
    const clean = await cleanAttachments([
      { bytes: await picture(50, 40), filename: 'uno.png' },
      { bytes: await picture(60, 40, 'jpeg'), filename: 'due.jpg' },
    ])
    expect(Array.isArray(clean) && clean.map((c) => c.nome)).toEqual(['uno.png', 'due.jpg'])
  })

  it('answers the first refusal, so nothing is written', async () => {
    expect(
      await cleanAttachments([
        { bytes: await picture(50, 40), filename: 'uno.png' },
        { bytes: Buffer.from('x'), filename: 'due.txt' },
        { bytes: Buffer.alloc(0), filename: 'tre.png' },
      ]),
    ).toEqual({ refused: M.notAnImage('due.txt') })
  })
})
