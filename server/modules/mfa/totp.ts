import { Secret, TOTP } from 'otpauth'
import { renderSVG } from 'uqr'

// RFC 6238 as every authenticator app reads it by default: SHA-1, 6 digits, 30 seconds.
const PARAMETERS = { algorithm: 'SHA1', digits: 6, period: 30 } as const
/** One step either side of now: a phone clock 30 s off, or a code typed as it turned. */
const WINDOW = 1

export const newTotpSecret = () => new Secret({ size: 20 }).base32

/** What an authenticator app reads from the QR code, and the QR code itself (SVG). */
export function enrolment(secret: string, account: string, issuer: string) {
  const otpauthUrl = new TOTP({
    ...PARAMETERS,
    issuer,
    label: account,
    secret: Secret.fromBase32(secret),
  }).toString()
  return { otpauthUrl, qrSvg: renderSVG(otpauthUrl, { border: 2, pixelSize: 6 }) }
}

/** The 30-second step `code` belongs to, within one step of `now`; null when it matches none. */
export function stepOf(secret: string, code: string, now: Date): number | null {
  const timestamp = now.getTime()
  const delta = TOTP.validate({
    ...PARAMETERS,
    token: code,
    secret: Secret.fromBase32(secret),
    timestamp,
    window: WINDOW,
  })
  return delta === null ? null : TOTP.counter({ period: PARAMETERS.period, timestamp }) + delta
}

/** The code of `now` (tests, and nothing else, play the authenticator app with it). */
export const codeAt = (secret: string, now: Date) =>
  TOTP.generate({ ...PARAMETERS, secret: Secret.fromBase32(secret), timestamp: now.getTime() })
