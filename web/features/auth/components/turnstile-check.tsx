import { useEffect, useImperativeHandle, useRef, type Ref } from 'react'
import { useTheme } from '@/lib/theme'
import type { HumanCheckHandle } from './human-check'

interface TurnstileRenderOptions {
  sitekey: string
  theme?: 'light' | 'dark' | 'auto'
  callback?: (token: string) => void
  'expired-callback'?: () => void
  'error-callback'?: () => void
}

interface TurnstileApi {
  render: (container: HTMLElement, options: TurnstileRenderOptions) => string
  reset: (widgetId?: string) => void
  remove: (widgetId: string) => void
}

declare global {
  interface Window {
    turnstile?: TurnstileApi
  }
}

const SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'
let scriptPromise: Promise<TurnstileApi> | null = null

function loadTurnstile(): Promise<TurnstileApi> {
  if (window.turnstile) return Promise.resolve(window.turnstile)
  scriptPromise ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = document.createElement('script')
    script.src = SCRIPT_URL
    script.async = true
    script.onload = () =>
      window.turnstile ? resolve(window.turnstile) : reject(new Error('Turnstile did not load'))
    script.onerror = () => {
      scriptPromise = null
      script.remove()
      reject(new Error('Turnstile did not load'))
    }
    document.head.append(script)
  })
  return scriptPromise
}

interface TurnstileCheckProps {
  siteKey: string
  onToken: (token: string | null) => void
  onLoadError: () => void
  ref?: Ref<HumanCheckHandle>
}

export function TurnstileCheck({ siteKey, onToken, onLoadError, ref }: TurnstileCheckProps) {
  const containerRef = useRef<HTMLDivElement>(null)
  const widgetIdRef = useRef<string | null>(null)
  // The theme at mount: re-rendering the widget on a theme switch would drop a solved check.
  const { theme } = useTheme()
  const initialTheme = useRef(theme)

  useImperativeHandle(
    ref,
    () => ({
      reset: () => {
        if (widgetIdRef.current) window.turnstile?.reset(widgetIdRef.current)
        onToken(null)
      },
    }),
    [onToken],
  )

  useEffect(() => {
    let cancelled = false
    loadTurnstile().then(
      (turnstile) => {
        if (cancelled || !containerRef.current) return
        widgetIdRef.current = turnstile.render(containerRef.current, {
          sitekey: siteKey,
          theme: initialTheme.current,
          callback: (token) => onToken(token),
          'expired-callback': () => onToken(null),
          'error-callback': () => onToken(null),
        })
      },
      () => {
        if (!cancelled) onLoadError()
      },
    )
    return () => {
      cancelled = true
      if (widgetIdRef.current) window.turnstile?.remove(widgetIdRef.current)
      widgetIdRef.current = null
    }
  }, [siteKey, onToken, onLoadError])

  return <div ref={containerRef} className="min-h-[65px]" />
}
