import { setTimeout as sleep } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { AppError } from '../../lib/errors'
import { addressKey } from '../../lib/address-key'
import { clearCounter, clearCounters, hit, refund, type CounterRule } from '../../db/counters'

/** One password attempt under way: its counters, to take back if the password was right. */
export interface PasswordAttempt {
  email: string
  ip: string
  keys: { accountFromAddress: string; address: string; account: string }
}

const accountPrefix = (email: string) => `login:account:${email}`
// A space cannot occur in an e-mail address: the account's keys are the ones with this prefix.
const accountFromAddressPrefix = (email: string) => `login:account-ip:${email} `

/**
 * Password guesses (sign-in, and the current password of a change), counted before the verdict so
 * that parallel guesses cannot slip past a limit (decision 009):
 * - per account and address: RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT in the account window, then
 *   429 for that address only: whoever guesses elsewhere cannot lock the owner out;
 * - per address: RATE_LIMIT_LOGIN_FAILURES_PER_IP a minute, then 429;
 * - per account from every address: past RATE_LIMIT_LOGIN_ACCOUNT_CEILING failures in the account
 *   window, each attempt waits RATE_LIMIT_LOGIN_SLOWDOWN_SECONDS for its verdict: slowed, not locked.
 * A right password takes its attempt back; a password reset clears the account's counters.
 */
export function passwordAttempts(app: FastifyInstance) {
  const { db, config, clock, log } = app
  const limits = config.rateLimit

  return {
    /** Counts the attempt; 429 when this address has used its attempts, a delay past the ceiling. */
    async begin(email: string, ip: string): Promise<PasswordAttempt> {
      const now = clock()
      const from = addressKey(ip)
      const keys = {
        accountFromAddress: `${accountFromAddressPrefix(email)}${from}`,
        address: `login:ip:${from}`,
        account: accountPrefix(email),
      }
      const rules: CounterRule[] = [
        {
          key: keys.accountFromAddress,
          limit: limits.loginFailuresPerAccount,
          windowMs: limits.loginAccountWindowMs,
        },
        { key: keys.address, limit: limits.loginFailuresPerIp, windowMs: limits.loginIpWindowMs },
        {
          key: keys.account,
          limit: limits.loginAccountCeiling,
          windowMs: limits.loginAccountWindowMs,
        },
      ]
      const [fromAddress, address, account] = await hit(db, rules, now)
      const refused = [fromAddress!, address!].filter((state) => state.count > state.rule.limit)
      if (refused.length > 0) {
        const wait = Math.max(...refused.map((state) => state.resetsIn))
        log.warn(
          { event: 'auth.login.throttled', ip },
          'password attempt refused: too many failures',
        )
        throw new AppError(
          'RATE_LIMITED',
          `Too many failed sign-in attempts. Please try again in ${Math.ceil(wait / 60)} minute${wait > 60 ? 's' : ''}.`,
          undefined,
          { 'Retry-After': String(wait) },
        )
      }
      if (account!.count > limits.loginAccountCeiling) {
        log.warn(
          { event: 'auth.login.slowed', ip, failures: account!.count - 1 },
          'password attempt slowed: many failures on this account',
        )
        await sleep(limits.loginSlowdownMs)
      }
      return { email, ip, keys }
    },

    /** The password was right: the attempt does not count against anyone. */
    async succeeded(attempt: PasswordAttempt) {
      await clearCounter(db, attempt.keys.accountFromAddress)
      await refund(db, [attempt.keys.address, attempt.keys.account], clock())
    },

    /** After a password reset: the account starts afresh from every address. */
    async clearAccount(email: string) {
      await clearCounter(db, accountPrefix(email))
      await clearCounters(db, accountFromAddressPrefix(email))
    },
  }
}
