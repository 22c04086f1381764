// Bundles the server (and shared/) into dist/server/main.js; npm packages stay external. Modules
// imported dynamically (the S3 storage and its AWS SDK) go to chunks of their own, loaded only
// when used: in one file, their packages' imports would be hoisted and loaded at every start.
// Each worker thread is an entry of its own, beside main.js, where lib/worker-thread.ts starts it
// from: dist/server/extract-worker.js (text extraction), dist/server/sheet-worker.js (imports).
import { build } from 'esbuild'

await build({
  entryPoints: [
    'server/main.ts',
    { in: 'server/modules/search/extract/worker.ts', out: 'extract-worker' },
    { in: 'server/modules/imports/sheet-worker.ts', out: 'sheet-worker' },
  ],
  outdir: 'dist/server',
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'tsconfig.json',
  logLevel: 'warning',
})
