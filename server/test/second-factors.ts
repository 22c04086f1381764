import { expect } from 'vitest'
import { codeAt } from '../modules/mfa/totp'
import type { TestApp } from './harness'

/** The length of one TOTP step. */
export const TOTP_STEP_MS = 30_000

/** Sets the app's clock to the middle of a 30-second step, so that no test crosses one by accident. */
export function clockAtMidStep(app: TestApp) {
  const step = Math.floor(Date.now() / TOTP_STEP_MS) * TOTP_STEP_MS
  app.clock.set(new Date(step + TOTP_STEP_MS + TOTP_STEP_MS / 2))
}

/** The app's code `steps` steps away from the app's clock (0: the current one). */
export const totpCodeIn = (app: TestApp, secret: string, steps = 0) =>
  codeAt(secret, new Date(app.clock().getTime() + steps * TOTP_STEP_MS))

/**
 * Sets up and confirms an authenticator app for the user behind `cookie` with the current step's
 * code (which is then spent); answers its secret and the recovery codes shown once.
 */
export async function turnOnTotp(app: TestApp, cookie: string) {
  const setup = await app.request('POST', '/api/auth/mfa/totp/setup', { cookie })
  expect(setup.statusCode).toBe(200)
  const { secret } = setup.json<{ secret: string }>()
  const confirm = await app.request('POST', '/api/auth/mfa/totp/confirm', {
    cookie,
    body: { code: totpCodeIn(app, secret) },
  })
  expect(confirm.statusCode).toBe(200)
  return { secret, recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes }
}
