// The response cache of server/http/api.ts and its invalidations (issue 25, item 2): a read that was running when
// a write's invalidation arrived (from this replica, or from another through LISTEN/NOTIFY) may have read the data
// as it was before the write; its answer goes out but is not cached, or the replica would serve the old answer for
// the whole TTL after hearing of the write. A plain Fastify and a test endpoint, no database.
import Fastify from 'fastify'
import { Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { endpoint } from '../../contract/endpoint.ts'
import type { Db } from '../../server/db/client.ts'
import { createApi } from '../../server/http/api.ts'
import type { CacheListener } from '../../server/http/cache-channel.ts'

const lettura = endpoint('prova/lettura', {
  request: Schema.Struct({}),
  response: Schema.Struct({ valore: Schema.Number }),
  access: 'public',
})

async function setup() {
  const app = Fastify({ logger: false })
  const listeners: CacheListener[] = []
  const published: string[] = []
  const api = createApi(app, {} as Db, {
    writeRateLimit: 100,
    channel: { publish: (prefix) => published.push(prefix), subscribe: (l) => listeners.push(l) },
  })
  let valore = 1
  let gate: Promise<void> | undefined
  let entered: () => void = () => undefined
  api.handle(
    lettura,
    async () => {
      const seen = valore
      entered()
      await gate
      return { valore: seen }
    },
    { cacheSeconds: 60 },
  )
  await app.ready()
  const read = async () =>
    (await app.inject({ method: 'POST', url: '/api/v1/prova/lettura', payload: {} })).json()
  return {
    api,
    read,
    listeners,
    published,
    write: (next: number) => {
      valore = next
    },
    /** Holds the next read after it has read its value; resolves once it has, with the function that lets it go. */
    hold: () => {
      let open!: () => void
      gate = new Promise((resolve) => (open = resolve))
      const reading = new Promise<void>((resolve) => (entered = resolve))
      return {
        reading,
        release: () => {
          gate = undefined
          open()
        },
      }
    },
  }
}

describe('the response cache', () => {
  it('does not keep an answer read before an invalidation that arrived while it ran', async () => {
    const t = await setup()
    const held = t.hold()
    const running = t.read()
    await held.reading
    // The write commits and another replica's notice arrives while the read is still running.
    t.write(2)
    t.listeners[0]!.invalidate('prova/')
    held.release()
    expect(await running).toEqual({ valore: 1 })
    expect(await t.read()).toEqual({ valore: 2 })
  })

  it('publishes its own invalidations to the other replicas, and drops everything when told to reset', async () => {
    const t = await setup()
    expect(await t.read()).toEqual({ valore: 1 })
    t.write(2)
    expect(await t.read()).toEqual({ valore: 1 })
    t.api.invalidate('prova/')
    expect(t.published).toEqual(['prova/'])
    expect(await t.read()).toEqual({ valore: 2 })
    t.write(3)
    t.listeners[0]!.reset()
    expect(await t.read()).toEqual({ valore: 3 })
  })
})
