import type { FastifyInstance } from 'fastify'
import { hit, type CounterRule } from '../db/counters'

const HOUR_MS = 60 * 60 * 1000

/** The mails one can make the app send to an address that is not theirs. */
export type AccountMailKind = 'verify_email' | 'reset_password' | 'invitation' | 'account_exists'

/**
 * Quotas on the account mails anyone can trigger (decision 009): per address and kind
 * (MAIL_QUOTA_PER_ADDRESS_PER_HOUR) and, for mails a company sends, per company
 * (MAIL_QUOTA_PER_COMPANY_PER_HOUR). Past one, the mail is not sent and the quota is logged; the
 * caller answers exactly as if it had been.
 */
export function mailQuota(app: FastifyInstance) {
  const { db, config, clock, log } = app
  const { perAddressPerHour, perCompanyPerHour } = config.mailQuota

  return {
    async allows(kind: AccountMailKind, to: string, companyId?: string) {
      const rules: CounterRule[] = [
        { key: `mail:${kind}:${to}`, limit: perAddressPerHour, windowMs: HOUR_MS },
        ...(companyId
          ? [{ key: `mail:company:${companyId}`, limit: perCompanyPerHour, windowMs: HOUR_MS }]
          : []),
      ]
      const reached = (await hit(db, rules, clock())).find(
        (state) => state.count > state.rule.limit,
      )
      if (!reached) return true
      log.warn(
        {
          event: 'mail.quota_reached',
          kind,
          quota: reached.rule.key.startsWith('mail:company:') ? 'company' : 'address',
          organizationId: companyId ?? null,
        },
        'e-mail not sent: quota reached',
      )
      return false
    },
  }
}
