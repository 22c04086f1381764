import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { ApiErrorBody } from '@shared/errors'

const NONCE_PLACEHOLDER = '__CSP_NONCE__'

type Encoding = 'br' | 'gzip'

/** CSP sources for the page's inline scripts (the theme, applied before first paint), by hash. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, content = '']) => `'sha256-${createHash('sha256').update(content).digest('base64')}'`,
  )
}

/** The best of br and gzip that the client accepts (q-values honoured), or none. */
export function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined
  const weights = new Map<string, number>()
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim())
    const q = params.find((param) => param.startsWith('q='))
    const weight = q ? Number(q.slice(2)) : 1
    weights.set(name, Number.isFinite(weight) ? weight : 0)
  }
  const weight = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0
  const best = (['br', 'gzip'] as const).reduce((a, b) => (weight(b) > weight(a) ? b : a))
  return weight(best) > 0 ? best : undefined
}

// The page is about a kilobyte: compressing each answer (it carries its own nonce) costs
// microseconds at these settings.
function compressPage(html: string, request: FastifyRequest, reply: FastifyReply) {
  reply.header('Vary', 'Accept-Encoding')
  const encoding = preferredEncoding(request.headers['accept-encoding'])
  if (encoding === 'br') {
    reply.header('Content-Encoding', 'br')
    return brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
  }
  if (encoding === 'gzip') {
    reply.header('Content-Encoding', 'gzip')
    return gzipSync(html, { level: 6 })
  }
  return html
}

/**
 * Serves the built web app: hashed assets with a long cache, index.html for every other GET
 * outside /api (the client-side router decides, including its 404 pages). Each page gets a fresh
 * style nonce, so the <style> elements Radix injects run under a CSP without 'unsafe-inline'; its
 * inline script is allowed by its hash.
 * Text files are sent compressed: assets from the .br/.gz copies the build writes beside them
 * (scripts/precompress.ts), the page compressed per answer.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, { webDir }: { webDir: string | undefined }) => {
    const hasWeb = webDir !== undefined && existsSync(path.join(webDir, 'index.html'))
    const indexHtml = hasWeb ? readFileSync(path.join(webDir, 'index.html'), 'utf8') : ''
    const scriptSources = ["'self'", ...inlineScriptHashes(indexHtml)].join(' ')
    if (hasWeb) {
      await app.register(fastifyStatic, {
        root: webDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        // The compressed copies are chosen by Accept-Encoding, not requested by their own URL;
        // the page itself always goes out through the handler below, with its nonce.
        globIgnore: ['index.html', '**/*.br', '**/*.gz'],
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

    // /api has its own 404 (plugins/security.ts): everything that reaches this one is outside it.
    app.setNotFoundHandler((request, reply) => {
      const isPage = request.method === 'GET' || request.method === 'HEAD'
      if (isPage && hasWeb) {
        const nonce = randomBytes(16).toString('base64')
        const policy = String(reply.getHeader('content-security-policy') ?? '')
        reply
          .header('Cache-Control', 'no-cache')
          .header(
            'Content-Security-Policy',
            policy
              .replace("style-src 'self'", `style-src 'self' 'nonce-${nonce}'`)
              .replace("script-src 'self'", `script-src ${scriptSources}`),
          )
          .type('text/html; charset=utf-8')
        return reply.send(
          compressPage(indexHtml.replaceAll(NONCE_PLACEHOLDER, nonce), request, reply),
        )
      }
      return reply.code(404).send({
        message: `No route for ${request.method} ${request.url.split('?')[0]}`,
        code: 'NOT_FOUND',
      } satisfies ApiErrorBody)
    })
  },
)
