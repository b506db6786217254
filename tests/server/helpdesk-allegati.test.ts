// richieste-utenti/add with attachments and their GET (issue 23 items 3 and 7), on PGlite and on PostgreSQL:
// images only, the type read from the bytes, at most three of at most 5 MB, re-encoded with no metadata, the
// request and its files written together (nothing stored on a refusal), read by the requester and the staff only.
import { count, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SECTOR_IDS } from '../../contract/constants.ts'
import { ALLEGATI_MESSAGES as M, HELPDESK_ALLEGATI as A, type Richiesta } from '../../contract/helpdesk.ts'
import { richiesteAllegati, richiesteUtenti } from '../../server/db/schema/helpdesk.ts'
import {
  gifImage,
  jpegBomb,
  jpegPhoto,
  pdfFile,
  multipartBody,
  pngBomb,
  pngPhoto,
  polyglot,
  type Part,
} from '../support/photos.ts'
import { makeTennisPlayer, type TestPlayer } from '../support/players.ts'
import { buildTestApp, call, testDatabase } from '../support/server.ts'

let app: FastifyInstance
let owner: TestPlayer
let other: TestPlayer
let staff: TestPlayer
beforeAll(async () => {
  app = await buildTestApp({ WRITE_RATE_LIMIT: '1000' })
  ;[owner, other, staff] = await Promise.all([
    makeTennisPlayer(),
    makeTennisPlayer(),
    makeTennisPlayer({ role: 'admin', card: false }),
  ])
})
afterAll(() => app.close())

const dati = {
  id_settore: SECTOR_IDS.TENNIS,
  id_categoria: 2,
  oggetto: 'Pagamento non registrato',
  messaggio: 'Allego la ricevuta del bonifico.',
}
const file = (bytes: Buffer, filename = 'ricevuta.jpg', type = 'image/jpeg'): Part => ({
  field: A.field,
  filename,
  type,
  bytes,
})
const GPS = {
  IFD0: { Make: 'Fotocamera', Model: 'Spia 3000' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '41/1 54/1 0/1',
    GPSLongitudeRef: 'E',
    GPSLongitude: '12/1 29/1 0/1',
  },
}

async function send(token: string, parts: Part[], body: Record<string, unknown> = dati) {
  const { payload, contentType } = multipartBody(parts, { [A.dataField]: JSON.stringify(body) })
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/richieste-utenti/add',
    headers: { 'content-type': contentType, authorization: `Bearer ${token}` },
    payload,
  })
  return { status: response.statusCode, body: response.json() as { result?: Richiesta; message?: string } }
}
const download = (url: string, token?: string) =>
  app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} })
async function stored() {
  const { db } = await testDatabase()
  const [[r], [a]] = await Promise.all([
    db.select({ n: count() }).from(richiesteUtenti),
    db.select({ n: count() }).from(richiesteAllegati),
  ])
  return { richieste: r!.n, allegati: a!.n }
}

describe('richieste-utenti/add with attachments', () => {
  it('stores up to three images re-encoded as JPEG, EXIF GPS gone, listed in «my requests» and the staff queue', async () => {
    const withGps = await jpegPhoto(900, 600, GPS)
    expect((await sharp(withGps).metadata()).exif, 'the fixture carries EXIF').toBeDefined()
    const answer = await send(owner.token, [
      file(withGps, 'foto con gps.jpg'),
      file(await pngPhoto(3000, 1000), 'schermata.png', 'image/png'),
    ])
    expect({ status: answer.status, body: answer.body }).toMatchObject({ status: 200 })
    const sent = answer.body.result!
    expect(sent.allegati.map((a) => a.nome)).toEqual(['foto con gps.jpg', 'schermata.png'])

    const served = await download(sent.allegati[0]!.url, owner.token)
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe('image/jpeg')
    const meta = await sharp(served.rawPayload).metadata()
    expect(meta.format).toBe('jpeg')
    expect(meta.exif).toBeUndefined()
    expect(served.rawPayload.includes('GPS')).toBe(false)
    expect(served.rawPayload.includes('Spia 3000')).toBe(false)
    expect(served.rawPayload.length).toBe(sent.allegati[0]!.dimensione)
    // A large image is shrunk to A.maxSide.
    const big = await sharp((await download(sent.allegati[1]!.url, owner.token)).rawPayload).metadata()
    expect([big.format, big.width, big.height]).toEqual(['jpeg', A.maxSide, 667])

    const mine = (await call(app, 'richieste-utenti/list', {}, owner.token)).body as { results: Richiesta[] }
    expect(mine.results.find((r) => r.id_richiesta === sent.id_richiesta)?.allegati).toEqual(sent.allegati)
    // The queue is oldest first: the newest request is its last one.
    const queue = async (body: object) =>
      (await call(app, 'richieste-utenti/aperte/list', body, staff.token)).body as {
        results: Richiesta[]
        record: number
      }
    const { record } = await queue({ fetchrows: 1 })
    const last = (await queue({ fetchrows: 1, rowstoskip: record - 1 })).results[0]!
    expect(last.id_richiesta).toBe(sent.id_richiesta)
    expect(last.allegati).toEqual(sent.allegati)
    // The staff's reply answers the request with its attachments too.
    const replied = await call(
      app,
      'richieste-utenti/rispondi',
      { id_richiesta: sent.id_richiesta, risposta: 'Ricevuta trovata, grazie.' },
      staff.token,
    )
    expect((replied.body as { result: Richiesta }).result.allegati).toEqual(sent.allegati)
  })

  it('lets the requester and the staff download an attachment, nobody else', async () => {
    const sent = (await send(owner.token, [file(await jpegPhoto(400, 300))])).body.result!
    const url = sent.allegati[0]!.url
    expect((await download(url, owner.token)).statusCode).toBe(200)
    expect((await download(url, staff.token)).statusCode).toBe(200)
    const someoneElse = await download(url, other.token)
    expect(someoneElse.statusCode).toBe(404)
    expect(someoneElse.json()).toMatchObject({ message: M.notFound })
    expect((await download(url)).statusCode).toBe(401)
    expect((await download(`${url}999999`, owner.token)).statusCode).toBe(404)
  })

  it('cleans a polyglot: the script and the archive after the image are not stored', async () => {
    const crafted = await polyglot()
    const sent = (await send(owner.token, [file(crafted)])).body.result!
    const served = (await download(sent.allegati[0]!.url, owner.token)).rawPayload
    expect(served.includes('<script>')).toBe(false)
    expect(served.includes(Buffer.from('504b0304', 'hex'))).toBe(false)
  })

  it('still takes a request without attachments, as JSON or as multipart', async () => {
    const json = await call(app, 'richieste-utenti/add', dati, owner.token)
    expect(json.status).toBe(200)
    expect((json.body as { result: Richiesta }).result.allegati).toEqual([])
    const multipart = await send(owner.token, [])
    expect(multipart.status).toBe(200)
    expect(multipart.body.result!.allegati).toEqual([])
  })
})

describe('richieste-utenti/add: refusals in Italian, with nothing stored', () => {
  const refusals: [string, () => Promise<Part[]>, number, string][] = [
    [
      'a text file named .jpg',
      async () => [file(Buffer.from('non sono una foto'), 'finta.jpg')],
      400,
      M.notAnImage('finta.jpg'),
    ],
    [
      'a GIF',
      async () => [file(await gifImage(300, 300), 'anim.gif', 'image/gif')],
      400,
      M.notAnImage('anim.gif'),
    ],
    [
      'a PDF (images only)',
      async () => [
        file(Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF'), 'modulo.pdf', 'application/pdf'),
      ],
      400,
      M.notAnImage('modulo.pdf'),
    ],
    [
      'a good image beside a bad one (neither is stored)',
      async () => [
        file(await jpegPhoto(400, 300), 'buona.jpg'),
        file(Buffer.from('x'.repeat(100)), 'cattiva.png'),
      ],
      400,
      M.notAnImage('cattiva.png'),
    ],
    [
      'a decompression bomb',
      async () => [file(await pngBomb(10_000, 10_000), 'bomba.png', 'image/png')],
      400,
      M.tooManyPixels('bomba.png'),
    ],
    [
      'a JPEG bomb (a few kilobytes that declare 60000 × 60000 pixels) after a good image',
      async () => {
        const bomb = await jpegBomb(60_000, 60_000)
        expect(bomb.length).toBeLessThan(20_000)
        return [file(await jpegPhoto(400, 300), 'buona.jpg'), file(bomb, 'bomba.jpg')]
      },
      400,
      M.tooManyPixels('bomba.jpg'),
    ],
    [
      'a good image, then one over 5 MB (neither is stored)',
      async () => [
        file(await jpegPhoto(400, 300), 'buona.jpg'),
        file(Buffer.concat([await jpegPhoto(400, 300), Buffer.alloc(A.maxBytes)]), 'enorme.jpg'),
      ],
      413,
      M.tooLarge,
    ],
    [
      'a PDF after a good image (neither is stored)',
      async () => [
        file(await jpegPhoto(400, 300), 'buona.jpg'),
        file(pdfFile(), 'ricevuta.pdf', 'application/pdf'),
      ],
      400,
      M.notAnImage('ricevuta.pdf'),
    ],
    [
      'a file over 5 MB',
      async () => [file(Buffer.alloc(A.maxBytes + 1, 0xff), 'enorme.jpg')],
      413,
      M.tooLarge,
    ],
    [
      'four files',
      async () => {
        const one = await jpegPhoto(300, 300)
        return [1, 2, 3, 4].map((n) => file(one, `foto${n}.jpg`))
      },
      400,
      M.oneFile,
    ],
  ]
  for (const [name, parts, status, message] of refusals)
    it(`refuses ${name}`, async () => {
      const before = await stored()
      const answer = await send(owner.token, await parts())
      expect({ status: answer.status, message: answer.body.message }).toEqual({ status, message })
      expect(await stored()).toEqual(before)
    })

  it('refuses a multipart request without its data, or with invalid data, storing nothing', async () => {
    const before = await stored()
    const { payload, contentType } = multipartBody([file(await jpegPhoto(300, 300))])
    const noData = await app.inject({
      method: 'POST',
      url: '/api/v1/richieste-utenti/add',
      headers: { 'content-type': contentType, authorization: `Bearer ${owner.token}` },
      payload,
    })
    expect(noData.statusCode).toBe(400)
    expect(
      (await send(owner.token, [file(await jpegPhoto(300, 300))], { ...dati, oggetto: '' })).status,
    ).toBe(400)
    expect(await stored()).toEqual(before)
  })

  it('deletes the attachments with their request', async () => {
    const sent = (await send(owner.token, [file(await jpegPhoto(300, 300))])).body.result!
    const { db } = await testDatabase()
    await db.delete(richiesteUtenti).where(eq(richiesteUtenti.id, sent.id_richiesta))
    const left = await db
      .select()
      .from(richiesteAllegati)
      .where(eq(richiesteAllegati.richiestaId, sent.id_richiesta))
    expect(left).toEqual([])
  })
})
