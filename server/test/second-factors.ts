import { expect } from 'vitest'
import { codeAt } from '../modules/mfa/totp'
import { APP_URL, type TestApp } from './harness'
import { softwareAuthenticator } from './passkey-authenticator'

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

/**
 * Adds a passkey made by `authenticator` (a new software one by default) to the user behind
 * `cookie`; answers the authenticator and the verify reply.
 */
export async function addPasskey(
  app: TestApp,
  cookie: string,
  authenticator = softwareAuthenticator({ origin: APP_URL }),
  name?: string,
) {
  const options = await app.request('POST', '/api/auth/passkeys/register/options', { cookie })
  expect(options.statusCode).toBe(200)
  const verify = await app.request('POST', '/api/auth/passkeys/register/verify', {
    cookie,
    body: { response: authenticator.create(options.json()), ...(name ? { name } : {}) },
  })
  expect(verify.statusCode).toBe(201)
  return {
    authenticator,
    reply: verify.json<{ passkey: { id: string; name: string }; recoveryCodes?: string[] }>(),
  }
}
