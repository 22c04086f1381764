import { z } from 'zod'
import { COMPANY_SIZES, INDUSTRIES } from '../constants'
import { LIMITS, requiredText, timestamps } from './common'

/** The registration lists (spec §3): the company's size and industry use them everywhere. */
export const companySize = z.enum(COMPANY_SIZES, { error: 'Select a company size' })
export const industry = z.enum(INDUSTRIES, { error: 'Select an industry' })

const organizationFields = {
  name: requiredText('Company name'),
  industry,
  size: companySize,
  phone: requiredText('Company phone', LIMITS.phone),
}

/** PATCH /api/organization: any of the fields; the rest stay as they are. */
export const updateOrganizationInput = z.strictObject(organizationFields).partial()
export type UpdateOrganizationInput = z.input<typeof updateOrganizationInput>

export const organizationDto = z
  .object({
    id: z.string(),
    name: z.string(),
    industry,
    size: companySize,
    phone: z.string(),
    ...timestamps,
  })
  .meta({ id: 'Organization' })
export type Organization = z.infer<typeof organizationDto>
