import type { FastifyInstance } from 'fastify'
import type { SecurityPolicyInput } from '@shared/schemas/security-policy'
import type { Principal } from '../../access/principal'
import { AppError } from '../../lib/errors'
import { recordActivity } from '../activity/activity.repo'
import { findOrganizationDisplay } from '../organization/organization.repo'
import {
  companyUserIds,
  findSecurityPolicy,
  hasSecondFactor,
  saveSecurityPolicy,
} from './security-policy.repo'

export const securityPolicyMessages = {
  setUpYourselfFirst:
    'Set up two-factor sign-in for yourself first (Settings → Security): the policy would hold you too.',
} as const

/** The company's sign-in policy (company.manage): who needs a second factor, session limits. */
export function securityPolicyService(app: FastifyInstance) {
  const { db, clock, log } = app
  return {
    get: (principal: Principal) => findSecurityPolicy(db, principal.organizationId),

    async update(principal: Principal, input: SecurityPolicyInput) {
      if (input.requireMfa !== 'off' && !(await hasSecondFactor(db, principal.userId)))
        throw new AppError('CONFLICT', securityPolicyMessages.setUpYourselfFirst)
      const now = clock()
      const policy = await db.transaction(async (tx) => {
        const saved = await saveSecurityPolicy(tx, principal.organizationId, input, now)
        const { name } = await findOrganizationDisplay(tx, principal.organizationId)
        await recordActivity(tx, principal, 'organization.security_changed', name, now)
        return saved
      })
      // Every session of the company's people follows at once, on every instance.
      await app.sessionCache.usersChanged(await companyUserIds(db, principal.organizationId))
      log.info(
        {
          event: 'organization.security_policy',
          organizationId: principal.organizationId,
          ...policy,
        },
        'sign-in policy changed',
      )
      return policy
    },
  }
}
