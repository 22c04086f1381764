import { z } from 'zod'
import { COMPANY_SIZES, DATE_FORMATS, INDUSTRIES } from '../constants'
import { LIMITS, nameText, requiredText, timestamps } from './common'

/** The registration lists (spec §3): the company's size and industry use them everywhere. */
export const companySize = z.enum(COMPANY_SIZES, { error: 'Select a company size' })
export const industry = z.enum(INDUSTRIES, { error: 'Select an industry' })

/** An IANA time zone name (Europe/Berlin, UTC), as the runtime spells it. */
export const timeZone = z
  .string({ error: 'Choose a time zone' })
  .trim()
  .max(100, 'Choose a valid time zone, such as Europe/Berlin')
  .transform((value, ctx) => {
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Choose a valid time zone, such as Europe/Berlin' })
      return z.NEVER
    }
  })

/** The order of day and month wherever the company's dates show: in the app and in its e-mails. */
export const dateFormat = z.enum(DATE_FORMATS, { error: 'Choose month first or day first' })

const organizationFields = {
  name: nameText('Company name'),
  industry,
  size: companySize,
  phone: requiredText('Company phone', LIMITS.phone),
  timeZone,
  dateFormat,
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
    /** When reminders go out, and how dates read in mails (default UTC). */
    timeZone: z.string(),
    /** "Nov 29, 2026" (month-first, the default) or "29 Nov 2026" (day-first). */
    dateFormat,
    ...timestamps,
  })
  .meta({ id: 'Organization' })
export type Organization = z.infer<typeof organizationDto>
