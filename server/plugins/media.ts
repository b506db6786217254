import path from 'node:path'
import { fileURLToPath } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import { MESSAGES } from '../../contract/common.ts'

/** Images and sample videos of the editorial content (news, videos and their posters, banners). */
export const defaultMediaDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../media')

/**
 * Serves `server/media/` under /media/: local files only, so the CSP stays `'self'`. A missing file is a 404,
 * never the SPA's index.html. Register with `{ prefix: '/media' }`.
 */
export async function mediaPlugin(app: FastifyInstance, options: { root?: string } = {}) {
  await app.register(fastifyStatic, {
    root: options.root ?? defaultMediaDir,
    prefix: '/',
    index: false,
    // The SPA plugin owns reply.sendFile; this instance only serves its own folder.
    decorateReply: false,
    maxAge: '1d',
  })
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).send({ statusCode: 404, message: MESSAGES.notFound }),
  )
  // The static server refuses some paths itself (a NUL byte is 403 «Forbidden»): a file that cannot be is not found.
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const status = error.statusCode ?? 500
    if (status >= 500) request.log.error(error)
    return status >= 500
      ? reply.code(500).send({ statusCode: 500, message: MESSAGES.generic })
      : reply.code(404).send({ statusCode: 404, message: MESSAGES.notFound })
  })
}
