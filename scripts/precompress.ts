// Brotli and gzip copies of the built web app's text files, written beside each one at build
// time (`app-1a2b.js` → `app-1a2b.js.br`, `app-1a2b.js.gz`) and served by @fastify/static's
// `preCompressed` option (server/plugins/spa.ts): no compression work per request.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|txt|xml|webmanifest)$/

/**
 * Compresses every compressible file under `dir` (index.html excepted: the server fills in a
 * per-page nonce and compresses each answer itself), keeping only copies that are smaller.
 */
export async function precompressDirectory(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
  const written: string[] = []
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file)
      const [br, gz] = await Promise.all([
        brotli(content, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
          },
        }),
        gzipAsync(content, { level: 9 }),
      ])
      for (const [extension, compressed] of [
        ['.br', br],
        ['.gz', gz],
      ] as const) {
        if (compressed.length >= content.length) continue
        await writeFile(`${file}${extension}`, compressed)
        written.push(`${file}${extension}`)
      }
    }),
  )
  return written
}

/** The Vite plugin: precompresses the output folder once the build has written it. */
export function precompress(): Plugin {
  let outDir = ''
  return {
    name: 'auditdesk:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    async closeBundle() {
      const written = await precompressDirectory(outDir)
      this.info(`${written.length} precompressed files (.br, .gz) in ${outDir}`)
    },
  }
}
