import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressDirectory } from '../../scripts/precompress'
import { createTestApp, type TestApp } from '../test/harness'
import { inlineScriptHashes, preferredEncoding } from './spa'

const THEME_SCRIPT = `
      try {
        if (localStorage.getItem('theme') === 'dark') document.documentElement.classList.add('dark')
      } catch (_) {}
    `
const INDEX_HTML = `<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__" /><title>AuditDesk</title><script>${THEME_SCRIPT}</script><script type="module" crossorigin src="/assets/index-3f2a1b.js"></script></head><body><div id="root"></div>${'<p>page</p>'.repeat(50)}</body></html>`
const ASSET = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `client ${i}` })))}\n`
const CSS = `${'.card { display: grid; gap: 1rem; }\n'.repeat(100)}`
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(40)}</svg>`

let t: TestApp
let webDir: string
let written: string[]

beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'auditdesk-spa-'))
  await mkdir(path.join(webDir, 'assets'))
  await writeFile(path.join(webDir, 'index.html'), INDEX_HTML)
  await writeFile(path.join(webDir, 'favicon.svg'), FAVICON)
  await writeFile(path.join(webDir, 'assets', 'index-3f2a1b.js'), ASSET)
  await writeFile(path.join(webDir, 'assets', 'index-9c8d7e.css'), CSS)
  await writeFile(path.join(webDir, 'assets', 'tiny-1a2b3c.js'), 'x')
  await writeFile(path.join(webDir, 'assets', 'inter-4d5e6f.woff2'), Buffer.from([1, 2, 3, 4]))
  // What the build does after Vite has written the files (scripts/precompress.ts).
  written = await precompressDirectory(webDir)
  t = await createTestApp({ webDir })
})
afterAll(async () => {
  await t?.close()
  if (webDir) await rm(webDir, { recursive: true, force: true })
})

const get = (url: string, acceptEncoding?: string) =>
  t.request('GET', url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })

function decoded(res: LightMyRequestResponse): string {
  const encoding = res.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(res.rawPayload).toString('utf8')
  if (encoding === 'gzip') return gunzipSync(res.rawPayload).toString('utf8')
  return res.body
}

describe('the build step', () => {
  it('writes .br and .gz beside text assets, never for index.html, fonts or files it cannot shrink', () => {
    const names = written.map((file) => path.relative(webDir, file)).sort()
    expect(names).toEqual(
      [
        'assets/index-3f2a1b.js.br',
        'assets/index-3f2a1b.js.gz',
        'assets/index-9c8d7e.css.br',
        'assets/index-9c8d7e.css.gz',
        'favicon.svg.br',
        'favicon.svg.gz',
      ].map((name) => name.split('/').join(path.sep)),
    )
    expect(existsSync(path.join(webDir, 'index.html.br'))).toBe(false)
  })
})

describe('compressed assets', () => {
  it('Accept-Encoding: br gets the brotli copy, the same bytes once decompressed', async () => {
    const res = await get('/assets/index-3f2a1b.js', 'gzip, deflate, br, zstd')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/)
    expect(res.headers.vary).toMatch(/accept-encoding/i)
    expect(res.rawPayload.length).toBeLessThan(ASSET.length / 3)
    expect(decoded(res)).toBe(ASSET)
  })

  it('gzip when brotli is not accepted, identity when nothing is', async () => {
    const gz = await get('/assets/index-9c8d7e.css', 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gz.headers['content-type']).toMatch(/^text\/css/)
    expect(decoded(gz)).toBe(CSS)

    const refused = await get('/assets/index-9c8d7e.css', 'br;q=0, gzip;q=0')
    expect(refused.headers['content-encoding']).toBeUndefined()
    expect(refused.body).toBe(CSS)

    const plain = await get('/assets/index-3f2a1b.js')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(ASSET)
    expect(plain.headers.vary).toMatch(/accept-encoding/i)
  })

  it('a file without compressed copies is sent as it is', async () => {
    const res = await get('/assets/tiny-1a2b3c.js', 'br, gzip')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body).toBe('x')
  })

  it('hashed assets are cached for a year as immutable, in every encoding', async () => {
    for (const [url, encoding] of [
      ['/assets/index-3f2a1b.js', 'br'],
      ['/assets/index-3f2a1b.js', 'gzip'],
      ['/assets/index-3f2a1b.js', undefined],
      ['/assets/inter-4d5e6f.woff2', 'br, gzip'],
    ] as const) {
      const res = await get(url, encoding)
      expect(res.statusCode, `${url} ${encoding}`).toBe(200)
      expect(res.headers['cache-control'], `${url} ${encoding}`).toBe(
        'public, max-age=31536000, immutable',
      )
    }
  })

  it('files outside /assets (no hash in the name) revalidate, compressed or not', async () => {
    for (const encoding of ['br', undefined]) {
      const res = await get('/favicon.svg', encoding)
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('no-cache')
      expect(decoded(res)).toBe(FAVICON)
    }
  })

  it('the compressed copies have no URL of their own', async () => {
    const res = await get('/assets/index-3f2a1b.js.br')
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(
      res.rawPayload.equals(await readFile(path.join(webDir, 'assets/index-3f2a1b.js.br'))),
    ).toBe(false)
  })
})

describe('the page', () => {
  const nonceOf = (res: LightMyRequestResponse) =>
    /style-src 'self' 'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1]

  it('is compressed per answer and keeps its own nonce in the body and the CSP', async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await get('/login', `${encoding}`)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-encoding']).toBe(encoding)
      expect(res.headers.vary).toMatch(/accept-encoding/i)
      expect(res.headers['content-type']).toMatch(/^text\/html/)
      expect(res.headers['cache-control']).toBe('no-cache')
      const html = decoded(res)
      const nonce = nonceOf(res)
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/)
      expect(html).toBe(INDEX_HTML.replace('__CSP_NONCE__', nonce!))
    }
  })

  it('/index.html is the page too, never the file with its placeholder', async () => {
    const res = await get('/index.html')
    expect(res.statusCode).toBe(200)
    expect(res.body).not.toContain('__CSP_NONCE__')
    expect(res.body).toBe(INDEX_HTML.replace('__CSP_NONCE__', nonceOf(res)!))
  })

  it('gets a fresh nonce on every answer, and is sent as it is without Accept-Encoding', async () => {
    const [a, b] = [await get('/', 'br'), await get('/')]
    expect(nonceOf(a)).not.toBe(nonceOf(b))
    expect(b.headers['content-encoding']).toBeUndefined()
    expect(b.body).toBe(INDEX_HTML.replace('__CSP_NONCE__', nonceOf(b)!))
  })
})

describe('the inline theme script', () => {
  it('is allowed by its hash, and no other inline script is', async () => {
    const res = await get('/clients')
    const scriptSrc = /script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1]
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64')
    expect(scriptSrc?.split(' ')).toEqual(["'self'", `'sha256-${hash}'`])
    expect(inlineScriptHashes(INDEX_HTML)).toEqual([`'sha256-${hash}'`])
    expect(
      inlineScriptHashes(
        '<script src="/a.js"></script><script type="module" src="/b.js"></script>',
      ),
    ).toEqual([])
  })
})

describe('preferredEncoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['GZIP, BR', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.8, gzip;q=0.8', 'br'],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['gzip;q=0', undefined],
    ['br;q=nonsense, gzip', 'gzip'],
  ])('%j → %s', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected)
  })
})
