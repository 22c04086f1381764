import '@fontsource-variable/inter'
import './styles.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { setNonce } from 'get-nonce'
import { AppRouter } from '@/app/router'
import { ToastHost } from '@/components/toast-host'

// The server puts a per-page nonce here; Radix's injected <style> elements carry it (CSP style-src).
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content
if (nonce && nonce !== '__CSP_NONCE__') setNonce(nonce)

const container = document.getElementById('root')
if (!container) throw new Error('Missing #root element')

createRoot(container).render(
  <StrictMode>
    <AppRouter />
    <ToastHost />
  </StrictMode>,
)
