import 'altcha/external'
import 'altcha/altcha.css'
import './altcha-theme.css'
import type {} from 'altcha/types/react'
import type { AltchaWidgetElement } from 'altcha/types/generic'
import Argon2idWorker from 'altcha/workers/argon2id?worker'
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker'
import ScryptWorker from 'altcha/workers/scrypt?worker'
import ShaWorker from 'altcha/workers/sha?worker'
import { useEffect, useImperativeHandle, useRef, type Ref } from 'react'
import type { HumanCheckHandle } from './human-check'

// The CSP-safe build ships no workers: register the proof-of-work algorithms with
// same-origin worker files that Vite emits (worker-src falls back to script-src 'self').
const algorithms: Record<string, () => Worker> = {
  'SHA-256': () => new ShaWorker(),
  'SHA-384': () => new ShaWorker(),
  'SHA-512': () => new ShaWorker(),
  'PBKDF2/SHA-256': () => new Pbkdf2Worker(),
  'PBKDF2/SHA-384': () => new Pbkdf2Worker(),
  'PBKDF2/SHA-512': () => new Pbkdf2Worker(),
  ARGON2ID: () => new Argon2idWorker(),
  SCRYPT: () => new ScryptWorker(),
}
for (const [name, create] of Object.entries(algorithms))
  globalThis.$altcha.algorithms.set(name, create)

interface StateChangeDetail {
  state: string
  payload?: string
}

interface AltchaCheckProps {
  challengeUrl: string
  onToken: (token: string | null) => void
  ref?: Ref<HumanCheckHandle>
}

export function AltchaCheck({ challengeUrl, onToken, ref }: AltchaCheckProps) {
  const widgetRef = useRef<AltchaWidgetElement>(null)

  useImperativeHandle(
    ref,
    () => ({
      reset: () => {
        widgetRef.current?.reset()
        onToken(null)
      },
    }),
    [onToken],
  )

  useEffect(() => {
    const widget = widgetRef.current
    if (!widget) return
    const onStateChange = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChangeDetail>).detail
      // Any state other than verified (verifying, expired, error, unverified) clears the token.
      onToken(state === 'verified' && payload ? payload : null)
    }
    widget.addEventListener('statechange', onStateChange)
    return () => widget.removeEventListener('statechange', onStateChange)
  }, [onToken])

  // Solved in the background as soon as the user starts on the form; the box stays for anyone
  // who reaches it first, and for a check that expired or failed.
  return (
    <altcha-widget
      ref={widgetRef}
      challenge={challengeUrl}
      name="captcha"
      language="en"
      auto="onfocus"
    />
  )
}
