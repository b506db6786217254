// profilo/fototessera/edit and del, and the photo's GET (issue 23 items 1 and 7): the type read from the bytes,
// the size and the pixels capped, crafted files refused or cleaned, nothing half-stored, the owner only.
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../contract/common.ts'
import { FOTOTESSERA, FOTOTESSERA_MESSAGES, FOTOTESSERA_PATH } from '../../contract/profilo.ts'
import { persons } from '../../server/db/schema/core.ts'
import { fototessere } from '../../server/db/schema/profilo.ts'
import {
  gifImage,
  jpegBomb,
  jpegPhoto,
  multipartBody,
  pdfFile,
  pngBomb,
  pngPhoto,
  polyglot,
  webpPhoto,
  type Part,
} from '../support/photos.ts'
import { buildTestApp, call, createAccount, testDatabase, tokenFor } from '../support/server.ts'

let app: FastifyInstance
beforeAll(async () => {
  app = await buildTestApp()
})
afterAll(() => app.close())

const part = (bytes: Buffer, overrides: Partial<Part> = {}): Part => ({
  field: FOTOTESSERA.field,
  filename: 'foto.jpg',
  type: 'image/jpeg',
  bytes,
  ...overrides,
})

async function upload(token: string | undefined, parts: Part[]) {
  const { payload, contentType } = multipartBody(parts)
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/profilo/fototessera/edit',
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload,
  })
  return { status: response.statusCode, body: response.json() as Record<string, unknown> }
}

async function photoOf(token: string | undefined) {
  const response = await app.inject({
    method: 'GET',
    url: FOTOTESSERA_PATH,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  return response
}

async function owner() {
  const account = await createAccount()
  return { account, token: await tokenFor(account) }
}

async function storedRow(personId: number) {
  const { db } = await testDatabase()
  const [photo] = await db.select().from(fototessere).where(eq(fototessere.personId, personId))
  const [person] = await db.select().from(persons).where(eq(persons.id, personId))
  return { photo, pointer: person!.fototessera }
}

const GPS = {
  IFD0: { Make: 'Fotocamera', Model: 'Spia 3000', Copyright: 'Mario Rossi' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '41/1 54/1 0/1',
    GPSLongitudeRef: 'E',
    GPSLongitude: '12/1 29/1 0/1',
  },
}

describe('profilo/fototessera/edit: what is accepted', () => {
  it('stores a JPEG re-encoded at the card size, its EXIF (GPS too) gone, and serves it to its owner', async () => {
    const { account, token } = await owner()
    const original = await jpegPhoto(700, 900, GPS)
    expect((await sharp(original).metadata()).exif, 'the fixture carries EXIF').toBeDefined()

    const response = await upload(token, [part(original)])
    expect(response.status).toBe(200)
    const result = response.body.result as { fototessera: string; larghezza: number; altezza: number }
    expect(result.larghezza).toBe(FOTOTESSERA.width)
    expect(result.altezza).toBe(FOTOTESSERA.height)
    expect(result.fototessera).toMatch(/^\/api\/v1\/profilo\/fototessera\.jpg\?v=[0-9a-f]{16}$/)

    const served = await photoOf(token)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/jpeg')
    expect(served.headers['cache-control']).toBe('private, no-store')
    const meta = await sharp(served.rawPayload).metadata()
    expect(meta.format).toBe('jpeg')
    expect([meta.width, meta.height]).toEqual([FOTOTESSERA.width, FOTOTESSERA.height])
    expect(meta.exif).toBeUndefined()
    expect(meta.xmp).toBeUndefined()
    expect(meta.comments ?? []).toEqual([])
    expect(served.rawPayload.includes('Spia 3000')).toBe(false)
    expect(served.rawPayload.includes('GPS')).toBe(false)

    const stored = await storedRow(account.personId!)
    expect(stored.pointer).toBe(result.fototessera)
    expect(Buffer.compare(stored.photo!.immagine, served.rawPayload)).toBe(0)

    const details = await call(app, 'giocatori/dati_utente', {}, token)
    expect((details.body.results as { fototessera: string }[])[0]!.fototessera).toBe(result.fototessera)
  })

  it('reads the type from the bytes: a PNG named .jpg and a WebP declared as text are photos all the same', async () => {
    const { token } = await owner()
    const png = await upload(token, [
      part(await pngPhoto(600, 700), { filename: 'foto.jpg', type: 'image/jpeg' }),
    ])
    expect(png.status).toBe(200)
    const webp = await upload(token, [
      part(await webpPhoto(500, 600), { filename: 'foto.txt', type: 'text/plain' }),
    ])
    expect(webp.status).toBe(200)
    expect((await sharp((await photoOf(token)).rawPayload).metadata()).format).toBe('jpeg')
  })

  it('cuts a photo of another shape to the card ratio from the centre', async () => {
    const { token } = await owner()
    expect((await upload(token, [part(await jpegPhoto(1200, 600))])).status).toBe(200)
    const meta = await sharp((await photoOf(token)).rawPayload).metadata()
    expect([meta.width, meta.height]).toEqual([FOTOTESSERA.width, FOTOTESSERA.height])
  })

  it('cleans a polyglot: the script and the archive appended after the image are not stored', async () => {
    const { token } = await owner()
    const crafted = await polyglot()
    expect(crafted.includes('<script>')).toBe(true)
    expect((await upload(token, [part(crafted)])).status).toBe(200)
    const served = (await photoOf(token)).rawPayload
    expect(served.includes('<script>')).toBe(false)
    expect(served.includes(Buffer.from('504b0304', 'hex'))).toBe(false)
    expect(served.includes('payload.txt')).toBe(false)
  })

  it('replaces the previous photo', async () => {
    const { account, token } = await owner()
    await upload(token, [part(await jpegPhoto(500, 640))])
    const first = (await storedRow(account.personId!)).pointer
    await upload(token, [part(await pngPhoto(500, 640))])
    const second = (await storedRow(account.personId!)).pointer
    expect(second).not.toBe(first)
    const { db } = await testDatabase()
    const rows = await db.select().from(fototessere).where(eq(fototessere.personId, account.personId!))
    expect(rows).toHaveLength(1)
  })
})

describe('profilo/fototessera/edit: what is refused, in Italian, with nothing stored', () => {
  const refusals: [string, () => Promise<Part[]>, number, string][] = [
    [
      'a text file named foto.jpg',
      async () => [part(Buffer.from('non sono una foto, sono testo'))],
      400,
      FOTOTESSERA_MESSAGES.notAnImage,
    ],
    [
      'an SVG (a script can hide in it)',
      async () => [
        part(
          Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="420" height="540"><script>alert(1)</script></svg>',
          ),
          { filename: 'foto.svg', type: 'image/svg+xml' },
        ),
      ],
      400,
      FOTOTESSERA_MESSAGES.notAnImage,
    ],
    [
      'a GIF',
      async () => [part(await gifImage(500, 600), { type: 'image/gif' })],
      400,
      FOTOTESSERA_MESSAGES.notAnImage,
    ],
    [
      'an HTML page declared as a JPEG',
      async () => [
        part(Buffer.from('<!doctype html><html><body><img src=x onerror=alert(1)></body></html>')),
      ],
      400,
      FOTOTESSERA_MESSAGES.notAnImage,
    ],
    [
      'a decompression bomb (a PNG that declares 20000 × 20000 pixels)',
      async () => [part(await pngBomb(20_000, 20_000), { filename: 'foto.png', type: 'image/png' })],
      400,
      FOTOTESSERA_MESSAGES.tooManyPixels,
    ],
    ['a PDF declared as a JPEG', async () => [part(pdfFile())], 400, FOTOTESSERA_MESSAGES.notAnImage],
    [
      'a JPEG bomb (a few kilobytes whose header declares 60000 × 60000 pixels)',
      async () => {
        const bomb = await jpegBomb(60_000, 60_000)
        expect(bomb.length).toBeLessThan(20_000)
        return [part(bomb)]
      },
      400,
      FOTOTESSERA_MESSAGES.tooManyPixels,
    ],
    [
      'a JPEG cut in half',
      async () => {
        const whole = await jpegPhoto(600, 800)
        return [part(whole.subarray(0, Math.floor(whole.length / 2)))]
      },
      400,
      FOTOTESSERA_MESSAGES.unreadable,
    ],
    [
      'a photo too small for a card',
      async () => [part(await jpegPhoto(150, 200))],
      400,
      FOTOTESSERA_MESSAGES.tooSmall,
    ],
    [
      'a file over the size cap',
      async () => [part(Buffer.concat([await jpegPhoto(500, 640), Buffer.alloc(FOTOTESSERA.maxBytes)]))],
      413,
      FOTOTESSERA_MESSAGES.tooLarge,
    ],
    [
      'two files',
      async () => [
        part(await jpegPhoto(500, 640)),
        part(await jpegPhoto(500, 640), { filename: 'altra.jpg' }),
      ],
      400,
      FOTOTESSERA_MESSAGES.oneFile,
    ],
    [
      'a file in another field',
      async () => [part(await jpegPhoto(500, 640), { field: 'allegato' })],
      400,
      FOTOTESSERA_MESSAGES.missing,
    ],
    ['an empty file', async () => [part(Buffer.alloc(0))], 400, FOTOTESSERA_MESSAGES.missing],
  ]

  it.each(refusals)('refuses %s and keeps the photo stored before', async (_name, parts, status, message) => {
    const { account, token } = await owner()
    expect((await upload(token, [part(await jpegPhoto(500, 640))])).status).toBe(200)
    const before = await storedRow(account.personId!)

    const response = await upload(token, await parts())
    expect(response).toEqual({ status, body: { statusCode: status, message } })

    const after = await storedRow(account.personId!)
    expect(after.pointer).toBe(before.pointer)
    expect(Buffer.compare(after.photo!.immagine, before.photo!.immagine)).toBe(0)
  })

  it('refuses a JSON body in Italian', async () => {
    const { token } = await owner()
    const response = await call(
      app,
      'profilo/fototessera/edit',
      { foto: 'data:image/jpeg;base64,AAAA' },
      token,
    )
    expect(response.status).toBe(400)
    expect(response.body.message).toBe(FOTOTESSERA_MESSAGES.missing)
  })

  it('asks for the registration data first when the account has no person, and stores nothing', async () => {
    const account = await createAccount({ person: null })
    const response = await upload(await tokenFor(account), [part(await jpegPhoto(500, 640))])
    expect(response).toEqual({
      status: 409,
      body: { statusCode: 409, message: FOTOTESSERA_MESSAGES.noPerson },
    })
  })

  it('refuses a call without a valid token before reading the file', async () => {
    const { account } = await owner()
    for (const token of [undefined, await tokenFor(account, { forged: true }), 'non-un-token']) {
      const response = await upload(token, [part(await jpegPhoto(500, 640))])
      expect(response).toEqual({ status: 401, body: { statusCode: 401, message: MESSAGES.unauthorized } })
    }
    expect((await storedRow(account.personId!)).photo).toBeUndefined()
  })
})

describe('the photo is its owner’s only', () => {
  it('serves each account its own photo, never another’s, and nothing without a token', async () => {
    const mine = await owner()
    const theirs = await owner()
    await upload(mine.token, [part(await jpegPhoto(500, 640))])

    const mineServed = await photoOf(mine.token)
    expect(mineServed.statusCode).toBe(200)
    const theirsServed = await photoOf(theirs.token)
    expect(theirsServed.statusCode).toBe(404)
    expect(theirsServed.json()).toEqual({ statusCode: 404, message: FOTOTESSERA_MESSAGES.notFound })
    // The address carries no id: a query naming someone else's person changes nothing.
    const probing = await app.inject({
      method: 'GET',
      url: `${FOTOTESSERA_PATH}?id_persona=${mine.account.personId}`,
      headers: { authorization: `Bearer ${theirs.token}` },
    })
    expect(probing.statusCode).toBe(404)
    const anonymous = await photoOf(undefined)
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toEqual({ statusCode: 401, message: MESSAGES.unauthorized })
  })

  it('profilo/fototessera/del removes the photo and the pointer; another account’s call touches only its own', async () => {
    const mine = await owner()
    const theirs = await owner()
    await upload(mine.token, [part(await jpegPhoto(500, 640))])
    await upload(theirs.token, [part(await jpegPhoto(500, 640))])

    const removed = await call(app, 'profilo/fototessera/del', {}, theirs.token)
    expect(removed).toMatchObject({ status: 200, body: { result: { fototessera: null } } })
    expect((await photoOf(theirs.token)).statusCode).toBe(404)
    expect(await storedRow(theirs.account.personId!)).toEqual({ photo: undefined, pointer: null })
    expect((await photoOf(mine.token)).statusCode).toBe(200)

    const anonymous = await call(app, 'profilo/fototessera/del', {})
    expect(anonymous.status).toBe(401)
  })
})

describe('profilo/fototessera/edit: the write limit', () => {
  it('counts per account, not per address, like every write', async () => {
    const limited = await buildTestApp({ WRITE_RATE_LIMIT: '2' })
    try {
      // A body without the photo (a 400) still counts as a write.
      const send = (token: string, remoteAddress = '127.0.0.1') => {
        const { payload, contentType } = multipartBody([])
        return limited.inject({
          method: 'POST',
          url: '/api/v1/profilo/fototessera/edit',
          remoteAddress,
          headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
          payload,
        })
      }
      const { token } = await owner()
      const statuses = []
      for (let i = 0; i < 3; i++) statuses.push((await send(token)).statusCode)
      expect(statuses).toEqual([400, 400, 429])
      expect((await send(token, '203.0.113.9')).statusCode).toBe(429)
      const neighbour = await owner()
      expect((await send(neighbour.token)).statusCode).toBe(400)
    } finally {
      await limited.close()
    }
  })
})
