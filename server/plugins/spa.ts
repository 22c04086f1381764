import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { ApiErrorBody } from '@shared/errors'

const NONCE_PLACEHOLDER = '__CSP_NONCE__'

/**
 * Serves the built web app: hashed assets with a long cache, index.html for every other GET
 * outside /api (the client-side router decides, including its 404 pages). Each page gets a fresh
 * style nonce, so the <style> elements Radix injects run under a CSP without 'unsafe-inline'.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, { webDir }: { webDir: string | undefined }) => {
    const hasWeb = webDir !== undefined && existsSync(path.join(webDir, 'index.html'))
    const indexHtml = hasWeb ? readFileSync(path.join(webDir, 'index.html'), 'utf8') : ''
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: webDir,
        wildcard: false,
        index: false,
        setHeaders(res, filePath) {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
          res.header(
            'Cache-Control',
            immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
          )
        },
      })
    } else {
      app.log.warn('No built web app found: run `npm run build` to serve the interface')
    }

    app.setNotFoundHandler((request, reply) => {
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !request.url.startsWith('/api/') &&
        request.url !== '/api'
      if (isPage && hasWeb) {
        const nonce = randomBytes(16).toString('base64')
        const policy = String(reply.getHeader('content-security-policy') ?? '')
        return reply
          .header('Cache-Control', 'no-cache')
          .header(
            'Content-Security-Policy',
            policy.replace("style-src 'self'", `style-src 'self' 'nonce-${nonce}'`),
          )
          .type('text/html; charset=utf-8')
          .send(indexHtml.replaceAll(NONCE_PLACEHOLDER, nonce))
      }
      return reply.code(404).send({
        message: `No route for ${request.method} ${request.url.split('?')[0]}`,
        code: 'NOT_FOUND',
      } satisfies ApiErrorBody)
    })
  },
)
