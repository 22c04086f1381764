import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { lt } from 'drizzle-orm'
import type { PublicConfig } from '@shared/schemas/auth'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { usedCaptchas } from '../db/schema'
import { generatedSetting } from '../db/settings'
import type { Clock } from '../lib/clock'

const CHALLENGE_TTL_MS = 5 * 60 * 1000
const SECRET_SETTING = 'captcha_hmac_secret'

export interface Captcha {
  publicConfig: PublicConfig['captcha']
  /** A fresh ALTCHA challenge (only for the ALTCHA provider). */
  challenge(): Promise<Challenge>
  /** True once for a valid, unexpired solution; false for anything else, including a replay. */
  verify(token: string, remoteIp?: string): Promise<boolean>
}

/**
 * The HMAC key: CAPTCHA_SECRET, or one generated once and kept in the database for every instance,
 * read when first needed (the app starts without its database) and kept once read.
 */
function secretLoader(db: Db, configured: string | undefined) {
  let loading: Promise<string> | undefined
  return () =>
    configured
      ? Promise.resolve(configured)
      : (loading ??= generatedSetting(db, SECRET_SETTING).catch((error: unknown) => {
          loading = undefined
          throw error
        }))
}

function decodePayload(token: string): { challenge: Challenge; solution: never } | null {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'))
    if (payload && typeof payload === 'object' && 'challenge' in payload && 'solution' in payload) {
      const { challenge } = payload as { challenge: unknown }
      const parameters =
        challenge && typeof challenge === 'object'
          ? (challenge as { parameters?: unknown }).parameters
          : undefined
      if (parameters && typeof parameters === 'object')
        return payload as { challenge: Challenge; solution: never }
    }
  } catch {
    // not base64 JSON: refused below
  }
  return null
}

export function createCaptcha(config: Config, db: Db, clock: Clock): Captcha {
  const turnstile = config.captcha.turnstile
  if (turnstile) {
    return {
      publicConfig: { provider: 'turnstile', siteKey: turnstile.siteKey },
      challenge: () => Promise.reject(new Error('ALTCHA is not the configured provider')),
      async verify(token, remoteIp) {
        const body = new URLSearchParams({
          secret: turnstile.secretKey,
          response: token,
          ...(remoteIp ? { remoteip: remoteIp } : {}),
        })
        const response = await fetch('https://challenges.cloudflare.com/turnstile/v0/siteverify', {
          method: 'POST',
          body,
        })
        const result = (await response.json()) as { success?: boolean }
        return result.success === true
      },
    }
  }

  const secret = secretLoader(db, config.captcha.secret)
  const maxCounter = config.captcha.cost

  return {
    publicConfig: { provider: 'altcha', challengeUrl: '/api/auth/captcha' },
    async challenge() {
      const key = await secret()
      return createChallenge({
        algorithm: 'SHA-256',
        cost: 1,
        counter: randomInt(maxCounter, Math.ceil(maxCounter / 2)),
        deriveKey,
        expiresAt: new Date(clock().getTime() + CHALLENGE_TTL_MS),
        hmacSignatureSecret: key,
        hmacKeySignatureSecret: `${key}:key`,
      })
    },
    async verify(token) {
      const payload = decodePayload(token)
      if (!payload) return false
      const expiresAt = payload.challenge.parameters.expiresAt
      if (typeof expiresAt !== 'number' || expiresAt * 1000 < clock().getTime()) return false
      const key = await secret()
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: key,
        hmacKeySignatureSecret: `${key}:key`,
      }).catch(() => ({ verified: false }))
      if (!result.verified) return false
      const now = clock()
      await db.delete(usedCaptchas).where(lt(usedCaptchas.expiresAt, now))
      const inserted = await db
        .insert(usedCaptchas)
        .values({ id: payload.challenge.parameters.nonce, expiresAt: new Date(expiresAt * 1000) })
        .onConflictDoNothing()
        .returning({ id: usedCaptchas.id })
      return inserted.length === 1
    },
  }
}
