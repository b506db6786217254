// The load loop of the read benches (bench/letture.ts, bench/scala.ts): JSON POSTs to one address, each request
// with the next of many bodies in turn, so that no answer is read twice in a row from the database's own caches.
import autocannon from 'autocannon'

export type Body = Record<string, unknown>

/** One JSON POST to `base`/`path` (what the benches sample their bodies with); anything but a 2xx throws. */
export async function post<T>(base: string, path: string, body: Body): Promise<T> {
  const response = await fetch(`${base}/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as T
}

/**
 * `connections` connections on `url` for `durationS` seconds, turning over `bodies`, after a 2 s warm-up (JIT,
 * pool, prepared plans). Every answer must be a 200: a non-2xx throws. `errors` are the transport's (a timeout, a
 * reset), for the caller to refuse or report.
 */
export async function loadTurningOver(url: string, bodies: Body[], connections: number, durationS: number) {
  const payloads = bodies.map((b) => JSON.stringify(b))
  let next = 0
  const options: autocannon.Options = {
    url,
    connections,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          headers: { 'content-type': 'application/json' },
          body: payloads[next++ % payloads.length],
        }),
      },
    ],
  }
  await autocannon({ ...options, duration: 2 })
  const result = await autocannon({ ...options, duration: durationS })
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} risposte non 2xx`)
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
  }
}
