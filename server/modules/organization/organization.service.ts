import type { FastifyInstance } from 'fastify'
import type { UpdateOrganizationInput } from '@shared/schemas/organization'
import type { Principal } from '../../access/principal'
import { recordActivity } from '../activity/activity.repo'
import { getOrganization, updateOrganization } from './organization.repo'

/** The caller's own company (company.manage). */
export function organizationService({ db, clock }: FastifyInstance) {
  return {
    get: (principal: Principal) => getOrganization(db, principal.organizationId),

    async update(principal: Principal, input: UpdateOrganizationInput) {
      if (Object.keys(input).length === 0) return getOrganization(db, principal.organizationId)
      const now = clock()
      return db.transaction(async (tx) => {
        const organization = await updateOrganization(tx, principal.organizationId, input, now)
        await recordActivity(tx, principal, 'organization.updated', organization.name, now)
        return organization
      })
    },
  }
}
