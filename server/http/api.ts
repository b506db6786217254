import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { Result, type Schema } from 'effect'
import { API_PREFIX, type Endpoint } from '../../contract/endpoint.ts'
import { decode } from '../../contract/decode.ts'
import type { Account } from '../auth/accounts.ts'
import type { Db } from '../db/client.ts'
import type { JobQueue } from '../jobs/queue.ts'
import { noWriteQueue, type WriteQueue } from '../db/write-queue.ts'
import { createRepositories, type Repositories } from '../repositories/index.ts'
import type { CacheChannel } from './cache-channel.ts'
import { ApiError } from './errors.ts'
import { responseJsonSchema } from './response-schema.ts'

export type HandlerContext<E extends Endpoint> = {
  body: E['request']['Type']
  /** The SQL of every area (server/repositories); routes call these, never the database. */
  repos: Repositories
  request: FastifyRequest
} & (E['access'] extends 'user'
  ? {
      /** The signed-in account (a `user` endpoint answers 401 without one). */
      account: Account
    }
  : {
      /**
       * The signed-in account, or null: read only when asked for, so an answer that does not depend on
       * the caller costs no query for a signed-in one.
       */
      caller: () => Promise<Account | null>
    })

export type Handler<E extends Endpoint> = (ctx: HandlerContext<E>) => Promise<E['response']['Encoded']>

export type HandleOptions = {
  /** Cache the JSON of anonymous calls for this long (public reads only). */
  cacheSeconds?: number
  /**
   * The instants (ISO) at which the answer stops being true, e.g. an enrolment deadline it shows: a cached answer
   * expires at the first of them still to come, if that is sooner than `cacheSeconds`.
   */
  changesAt?: (result: unknown) => readonly (string | null | undefined)[]
  /** Calls per minute per caller (account, or address when anonymous), for reads that must not be walked. */
  perMinute?: number
  /**
   * Serialise the answer from the contract's response schema (server/http/response-schema.ts) with
   * fast-json-stringify, for large answers (a draw, a month): faster than JSON.stringify, and a field the
   * contract does not name is left out.
   */
  responseSchema?: boolean
}

/** One file received by an upload endpoint, whole in memory (its size is capped before it is read). */
export type UploadedFile = { bytes: Buffer; filename: string; declaredType: string }

export type UploadOptions = {
  /** The multipart field that carries the file. */
  field: string
  /** Largest file, in bytes: a larger one is cut off while it streams in and refused with `messages.tooLarge`. */
  maxBytes: number
  /** Italian messages: no file in the field, more than one file (more than `maxFiles`), too large. */
  messages: { missing: string; oneFile: string; tooLarge: string }
  /** How many files the field may carry (1 unless said). */
  maxFiles?: number
  /** How many it must carry (1 unless said; 0 for optional attachments). */
  minFiles?: number
  /**
   * The field whose value is the request's JSON, decoded with the endpoint's request schema into `body`. With
   * it, a plain JSON call (no multipart, no files) is accepted too when `minFiles` is 0.
   */
  dataField?: string
}

export type UploadHandler<E extends Endpoint> = (ctx: {
  account: Account
  repos: Repositories
  /** The first file (always there when `minFiles` is at least 1). */
  file: UploadedFile
  /** Every file of the field, in the order sent. */
  files: UploadedFile[]
  /** The decoded request (`dataField`), or an empty object without one. */
  body: E['request']['Type']
  request: FastifyRequest
}) => Promise<E['response']['Encoded']>

export type Api = {
  repos: Repositories
  handle<E extends Endpoint<Schema.Top & { readonly DecodingServices: never }>>(
    endpoint: E,
    handler: Handler<E>,
    options?: HandleOptions,
  ): void
  /**
   * A `user` endpoint that receives one file as multipart/form-data (spec §7: «a multipart upload variant sends
   * form data with the same token header»): the token is checked before a byte of the body is read, the size is
   * capped while it streams, other fields are ignored, and the handler gets the file whole.
   */
  upload<E extends Endpoint>(endpoint: E, options: UploadOptions, handler: UploadHandler<E>): void
  /** Drops cached responses of the paths that start with `prefix` (call after a write). */
  invalidate(prefix: string): void
}

/** Builds the registrar that route modules use: decode with the contract, check access, call the handler. */
export function createApi(
  app: FastifyInstance,
  db: Db,
  options: {
    writeRateLimit: number
    responseCache?: boolean
    jobs?: JobQueue
    writeQueue?: WriteQueue
    /** PGlite's door: the requests that may do their database work at once, the others waiting (write-queue.ts). */
    admission?: WriteQueue
    /** Several replicas: invalidations also go to the others, and theirs come here (LISTEN/NOTIFY). */
    channel?: Pick<CacheChannel, 'publish' | 'subscribe'>
  },
): Api {
  const cache = new ResponseCache()
  const admission = options.admission ?? noWriteQueue
  const repos = createRepositories(db, { jobs: options.jobs, writeQueue: options.writeQueue })
  const { channel } = options
  channel?.subscribe({ invalidate: (prefix) => cache.invalidate(prefix), reset: () => cache.clear() })
  return {
    repos,
    invalidate: (prefix) => {
      cache.invalidate(prefix)
      channel?.publish(prefix)
    },
    upload(endpoint, uploadOptions, handler) {
      const tooLarge = () => new ApiError(413, uploadOptions.messages.tooLarge)
      const maxFiles = uploadOptions.maxFiles ?? 1
      const minFiles = uploadOptions.minFiles ?? 1
      const { dataField } = uploadOptions
      const decodeBody = (raw: unknown) => {
        const decoded = decode(endpoint.request as never, raw ?? {})
        if (Result.isFailure(decoded)) {
          throw ApiError.badRequest(decoded.failure.message, decoded.failure.details)
        }
        return decoded.success as unknown
      }
      // Its own scope: the multipart parser exists for the upload routes only, every other route stays JSON.
      void app.register(async (scope) => {
        await scope.register(multipart, {
          // A few small parts besides the files (the request's JSON when there is one); the files' cap is the
          // endpoint's.
          limits: {
            fileSize: uploadOptions.maxBytes,
            files: maxFiles,
            fields: 5,
            fieldSize: dataField ? 64 * 1024 : 1024,
            parts: maxFiles + 5,
          },
          throwFileSizeLimit: true,
        })
        scope.post(
          `${API_PREFIX}${endpoint.path}`,
          {
            config: {
              rateLimit: {
                max: options.writeRateLimit,
                timeWindow: '1 minute',
                keyGenerator: (request: FastifyRequest) => request.claims?.sub ?? request.ip,
              },
            },
          },
          async (request) => {
            const account = await request.caller()
            if (!account) throw ApiError.unauthorized()
            if (!request.isMultipart()) {
              // The plain JSON variant of an endpoint whose files are optional.
              if (dataField && minFiles === 0) {
                const body = decodeBody(request.body) as never
                return handler({ account, repos, file: undefined as never, files: [], body, request })
              }
              throw ApiError.badRequest(uploadOptions.messages.missing)
            }
            const files: UploadedFile[] = []
            let data: string | undefined
            try {
              for await (const part of request.parts()) {
                if (part.type !== 'file') {
                  if (dataField && part.fieldname === dataField) data = String(part.value)
                  continue
                }
                if (files.length >= maxFiles) throw ApiError.badRequest(uploadOptions.messages.oneFile)
                const bytes = await part.toBuffer()
                if (part.fieldname !== uploadOptions.field) continue
                // A browser sends an empty part for an empty file input: it is no file.
                if (bytes.length === 0 && part.filename === '') continue
                files.push({ bytes, filename: part.filename, declaredType: part.mimetype })
              }
            } catch (error) {
              if (error instanceof ApiError) throw error
              const code = (error as { code?: unknown }).code
              if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge()
              if (code === 'FST_FILES_LIMIT') throw ApiError.badRequest(uploadOptions.messages.oneFile)
              // A cut or malformed body (busboy's «Unexpected end of form»), too many parts, a proto key.
              throw ApiError.badRequest(uploadOptions.messages.missing)
            }
            if (files.length < minFiles || files.some((f) => f.bytes.length === 0))
              throw ApiError.badRequest(uploadOptions.messages.missing)
            let body: unknown = {}
            if (dataField) {
              if (data === undefined) throw ApiError.badRequest(uploadOptions.messages.missing)
              let raw: unknown
              try {
                raw = JSON.parse(data)
              } catch {
                throw ApiError.badRequest(uploadOptions.messages.missing)
              }
              body = decodeBody(raw)
            }
            return handler({ account, repos, file: files[0]!, files, body: body as never, request })
          },
        )
      })
    },
    handle(endpoint, handler, handleOptions = {}) {
      const cacheable = options.responseCache !== false && endpoint.access === 'public' && !endpoint.write
      const ttl = cacheable ? (handleOptions.cacheSeconds ?? 0) : 0
      app.post(
        `${API_PREFIX}${endpoint.path}`,
        {
          ...(handleOptions.responseSchema
            ? { schema: { response: { 200: responseJsonSchema(endpoint.response) } } }
            : {}),
          config:
            endpoint.write || handleOptions.perMinute !== undefined
              ? {
                  rateLimit: {
                    max: handleOptions.perMinute ?? options.writeRateLimit,
                    timeWindow: '1 minute',
                    keyGenerator: (request: FastifyRequest) => request.claims?.sub ?? request.ip,
                  },
                }
              : {},
        },
        async (request, reply) => {
          // Anonymous answers only: a signed-in caller may see more (puo_commentare, their enrolment). A user
          // endpoint is never cached (ttl 0), so the cache is read before anything touches the database.
          const cacheKey =
            ttl > 0 && !request.claims ? `${endpoint.path}:${JSON.stringify(request.body ?? {})}` : null
          const cached = cacheKey ? cache.get(cacheKey) : undefined
          if (cached !== undefined) return reply.type('application/json; charset=utf-8').send(cached)
          return admission.run('database', () => answer(request, reply, cacheKey))
        },
      )
      async function answer(request: FastifyRequest, reply: FastifyReply, cacheKey: string | null) {
        const account = endpoint.access === 'user' ? await request.caller() : null
        if (endpoint.access === 'user' && !account) throw ApiError.unauthorized()
        const decoded = decode(endpoint.request, request.body ?? {})
        if (Result.isFailure(decoded)) {
          throw ApiError.badRequest(decoded.failure.message, decoded.failure.details)
        }
        // An invalidation that lands while this read runs may concern what it read before the write committed.
        const generation = cache.generation
        const result = await handler({
          body: decoded.success,
          repos,
          request,
          ...(endpoint.access === 'user' ? { account } : { caller: () => request.caller() }),
        } as never)
        if (!cacheKey) return result
        // The route's serializer: the response schema's when it has one, else JSON.stringify.
        const json = reply.serialize(result) as string
        if (cache.generation === generation)
          cache.set(cacheKey, endpoint.path, json, ttlUntilChange(ttl, handleOptions.changesAt?.(result)))
        return reply.type('application/json; charset=utf-8').send(json)
      }
    },
  }
}

/** The seconds an answer may be cached: `ttl`, or less when an instant it shows comes first. */
function ttlUntilChange(ttl: number, instants: readonly (string | null | undefined)[] = []): number {
  const now = Date.now()
  const next = instants.reduce(
    (soonest, iso) => {
      const at = iso ? Date.parse(iso) : Number.NaN
      return at > now && at < soonest ? at : soonest
    },
    now + ttl * 1000,
  )
  return (next - now) / 1000
}

/** A small per-process TTL cache of serialized responses, bounded in entries. */
class ResponseCache {
  private entries = new Map<string, { path: string; json: string; expires: number }>()
  /**
   * Counts invalidations: a read that began before one is answered but not cached (it may have read the data as it
   * was before the write), so no replica keeps an old answer for its whole TTL after hearing of a write.
   */
  generation = 0
  constructor(private readonly maxEntries = 2000) {}

  get(key: string): string | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expires < Date.now()) {
      this.entries.delete(key)
      return undefined
    }
    return entry.json
  }

  set(key: string, path: string, json: string, ttlSeconds: number) {
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
    this.entries.set(key, { path, json, expires: Date.now() + ttlSeconds * 1000 })
  }

  invalidate(prefix: string) {
    this.generation += 1
    for (const [key, entry] of this.entries) if (entry.path.startsWith(prefix)) this.entries.delete(key)
  }

  clear() {
    this.generation += 1
    this.entries.clear()
  }
}
