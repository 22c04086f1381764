import { VERIFY_EMAIL_TTL_MS } from '@shared/constants'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hostCookie } from '../../lib/cookies'
import { randomToken, sha256 } from '../../lib/crypto'

const WELL_FORMED = /^[A-Za-z0-9_-]{43}$/

/**
 * The browser a verification link belongs to (decision 042): registering, or asking for a new
 * link, sets an HttpOnly cookie whose hash the link's token keeps. The link opened in that browser
 * verifies at once; anywhere else it also asks for the account's password, so that verifying
 * never activates a password the address's owner did not choose.
 */
export function verifyBinding(app: FastifyInstance) {
  const cookie = hostCookie(app.config.secureCookies, 'verify', VERIFY_EMAIL_TTL_MS / 1000)
  const read = (request: FastifyRequest) => {
    const value = cookie.read(request)
    return value && WELL_FORMED.test(value) ? value : undefined
  }
  return {
    /** This browser's binding: the one it holds (so that its earlier links keep working), or new. */
    of(request: FastifyRequest) {
      const value = read(request) ?? randomToken()
      return { value, hash: sha256(value) }
    },
    /** Sets (or renews) the binding's cookie: once the call that mails a link has succeeded. */
    keep(reply: FastifyReply, browser: { value: string }) {
      cookie.set(reply, browser.value)
    },
    /** The hash of the binding this browser holds, if any. */
    hashOf(request: FastifyRequest) {
      const binding = read(request)
      return binding ? sha256(binding) : null
    },
  }
}
