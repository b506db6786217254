// The card photo's checks and cleaning (issue 23 item 1; server/domain/fototessera.ts): what is refused and why,
// and what is stored — a fresh JPEG of the card's size, upright, with nothing but pixels.
import { createHash } from 'node:crypto'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { FOTOTESSERA, FOTOTESSERA_MESSAGES as M } from '../../contract/profilo.ts'
import { cleanPhoto, photoHeaderProblem } from '../../server/domain/fototessera.ts'
import { picture, pngClaiming } from '../support/images.ts'

describe('photoHeaderProblem', () => {
  it('reads JPEG, PNG and WebP only', () => {
    for (const format of ['jpeg', 'png', 'webp'])
      expect(photoHeaderProblem({ format, width: 420, height: 540 })).toBeNull()
    expect(photoHeaderProblem({ format: 'gif', width: 420, height: 540 })).toBe(M.notAnImage)
    expect(photoHeaderProblem({ width: 420, height: 540 })).toBe(M.notAnImage)
  })

  it('refuses more than 40 million pixels, however the sides are split', () => {
    expect(photoHeaderProblem({ format: 'png', width: 8000, height: 5000 })).toBeNull()
    expect(photoHeaderProblem({ format: 'png', width: 8001, height: 5000 })).toBe(M.tooManyPixels)
    expect(photoHeaderProblem({ format: 'png', width: 5000, height: 8001 })).toBe(M.tooManyPixels)
  })

  it('refuses a photo smaller than 210 × 270 on either side', () => {
    expect(photoHeaderProblem({ format: 'png', width: 210, height: 270 })).toBeNull()
    expect(photoHeaderProblem({ format: 'png', width: 209, height: 270 })).toBe(M.tooSmall)
    expect(photoHeaderProblem({ format: 'png', width: 210, height: 269 })).toBe(M.tooSmall)
    expect(photoHeaderProblem({ format: 'png' })).toBe(M.tooSmall)
  })
})

describe('cleanPhoto', () => {
  it('refuses an empty file and one over 5 MB, before reading it', async () => {
    expect(await cleanPhoto(Buffer.alloc(0))).toEqual({ refused: M.missing })
    expect(await cleanPhoto(Buffer.alloc(FOTOTESSERA.maxBytes + 1))).toEqual({ refused: M.tooLarge })
    expect(await cleanPhoto(Buffer.alloc(FOTOTESSERA.maxBytes))).toEqual({ refused: M.notAnImage })
  })

  it('refuses what is not a picture, and a picture in a format it does not read', async () => {
    expect(await cleanPhoto(Buffer.from('%PDF-1.7 not a photo'))).toEqual({ refused: M.notAnImage })
    expect(await cleanPhoto(await picture(420, 540, 'gif'))).toEqual({ refused: M.notAnImage })
  })

  it('tells a decompression bomb as too many pixels, not as a broken file', async () => {
    expect(await cleanPhoto(await pngClaiming(10_000, 10_000))).toEqual({ refused: M.tooManyPixels })
  })

  it('takes exactly 40 million pixels as not too many (the lying header then fails to decode)', async () => {
    expect(await cleanPhoto(await pngClaiming(8000, 5000))).toEqual({ refused: M.unreadable })
  })

  it('paints what was transparent white, not black', async () => {
    const clear = await sharp({
      create: { width: 420, height: 540, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer()
    const photo = await cleanPhoto(clear)
    if ('refused' in photo) throw new Error(photo.refused)
    const { data } = await sharp(photo.jpeg).raw().toBuffer({ resolveWithObject: true })
    expect(data.reduce((low, value) => Math.min(low, value), 255)).toBeGreaterThan(245)
  })

  it('refuses a photo too small to print', async () => {
    expect(await cleanPhoto(await picture(209, 300))).toEqual({ refused: M.tooSmall })
  })

  it('judges the size of the upright photo: EXIF orientations 5 to 8 swap the sides', async () => {
    // 300 × 250 turned by 90° (orientation 6) is 250 × 300 upright: large enough.
    expect(await cleanPhoto(await picture(300, 250, 'jpeg', 6))).toMatchObject({
      larghezza: 420,
      altezza: 540,
    })
    expect(await cleanPhoto(await picture(300, 250, 'jpeg', 5))).toMatchObject({
      larghezza: 420,
      altezza: 540,
    })
    // The same picture flipped (orientation 4) keeps its sides: 250 pixels high is too small.
    expect(await cleanPhoto(await picture(300, 250, 'jpeg', 4))).toEqual({ refused: M.tooSmall })
    expect(await cleanPhoto(await picture(250, 300, 'jpeg', 8))).toEqual({ refused: M.tooSmall })
  })

  it('refuses a file whose header reads but whose pixels do not', async () => {
    const jpeg = await picture(800, 1000, 'jpeg')
    expect(await cleanPhoto(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).toEqual({ refused: M.unreadable })
  })

  it('stores a fresh JPEG of 420 × 540 with no metadata, named by its SHA-256', async () => {
    const photo = await cleanPhoto(await picture(900, 1000, 'png', 1))
    if ('refused' in photo) throw new Error(photo.refused)
    const meta = await sharp(photo.jpeg).metadata()
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'jpeg',
      width: 420,
      height: 540,
    })
    expect(meta.exif).toBeUndefined()
    expect(photo).toMatchObject({ larghezza: 420, altezza: 540 })
    expect(photo.impronta).toBe(createHash('sha256').update(photo.jpeg).digest('hex'))
  })
})
