import type { FastifyInstance } from 'fastify'
import { hostCookie } from '../../lib/cookies'
import { MFA_CHALLENGE_TTL_MS } from './mfa.service'

/**
 * The browser's half of a sign-in waiting for its second factor: a short-lived HttpOnly cookie
 * holding the challenge's token (mfa.repo.ts keeps its hash). It is not a session: it opens no
 * route but the second step (POST /api/auth/mfa/verify, or a passkey).
 */
export const challengeCookie = (app: FastifyInstance) =>
  hostCookie(app.config.secureCookies, 'mfa', MFA_CHALLENGE_TTL_MS / 1000)
