import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { precompress } from './scripts/precompress.ts'

const apiPort = process.env.API_PORT ?? '3001'

// Chunks of the sign-in route (quality budget: Lighthouse on /login). Left to itself the bundler
// gives every small module shared by several lazy pages its own chunk: /login fetched 17 of them
// after the entry, several round trips on HTTP/1.1's six connections. These two groups make it
// three: the data layer, and the sign-in page's shared pieces. Captured modules keep their
// dependencies where they are (a group must not pull React or zod along), so keep to small leaf
// modules here; `npm run bench:web` shows what each page loads. Paged lists' pieces (the
// infinite query, the virtualizer) stay out of the data group: only the lazy pages use them.
const sep = String.raw`[\\/]`
const chunkGroups = [
  {
    name: 'data',
    test: new RegExp(
      `${sep}node_modules${sep}@tanstack${sep}(?!react-virtual|virtual-core|.*(infiniteQueryObserver|useInfiniteQuery|infiniteQueryOptions)\\.)|${sep}web${sep}(app${sep}query-layout|lib${sep}(query-client|api|passkeys)|features${sep}auth${sep}api${sep}(keys|login|resend-verification))\\.`,
    ),
    includeDependenciesRecursively: false,
  },
  {
    name: 'auth-ui',
    test: new RegExp(
      `${sep}web${sep}(features${sep}auth${sep}(components${sep}(auth-layout|resend-verification-button)|hooks${sep}use-auth-form)|components${sep}(form-error|ui${sep}(input|label|card|pending-button|form-field)))\\.|@radix-ui${sep}react-label${sep}|lucide-react${sep}.*${sep}(arrow-left|triangle-exclamation-point)\\.`,
    ),
    includeDependenciesRecursively: false,
  },
]

/**
 * Preloads the Inter variable font's Latin file (the one every page's text uses) from index.html,
 * so that it arrives with the scripts instead of after the stylesheet (first paint, no swap).
 */
function preloadFont(): Plugin {
  let warn = (_message: string) => {}
  return {
    name: 'auditdesk:preload-font',
    apply: 'build',
    configResolved(config) {
      warn = (message) => config.logger.warn(message)
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const font = Object.keys(context.bundle ?? {}).find((file) =>
          /inter-latin-wght-normal-[\w-]+\.woff2$/.test(file),
        )
        if (!font) {
          warn('preload-font: the Inter Latin font file is not in the build; nothing preloaded')
          return []
        }
        return [
          {
            tag: 'link',
            attrs: {
              rel: 'preload',
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
              href: `/${font}`,
            },
            injectTo: 'head',
          },
        ]
      },
    },
  }
}

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), preloadFont(), precompress()],
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./shared', import.meta.url)),
      '@': fileURLToPath(new URL('./web', import.meta.url)),
    },
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
})
