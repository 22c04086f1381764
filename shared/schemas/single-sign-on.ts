import { z } from 'zod'
import { email } from './auth'

/** How many e-mail domains one firm may claim. */
export const SSO_MAX_DOMAINS = 20

const DOMAIN_MESSAGE = 'Enter a domain such as example.com'

/** An e-mail domain ("example.com"), lower-cased; a leading "@" is dropped. */
export const emailDomain = z
  .string({ error: DOMAIN_MESSAGE })
  .trim()
  .toLowerCase()
  .max(253, DOMAIN_MESSAGE)
  .transform((value) => value.replace(/^@/, ''))
  .pipe(
    z
      .string()
      .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, DOMAIN_MESSAGE),
  )

/** PUT /api/organization/sso: the firm's OpenID provider. */
export const ssoConnectionInput = z.strictObject({
  issuer: z
    .url({ protocol: /^https?$/, error: 'Enter the issuer’s address (https://…)' })
    .max(500, 'The issuer’s address must be at most 500 characters'),
  clientId: z
    .string({ error: 'Client ID is required' })
    .trim()
    .min(1, 'Client ID is required')
    .max(500, 'Client ID must be at most 500 characters'),
  /** Required the first time; left out, the saved one is kept. */
  clientSecret: z
    .string({ error: 'Client secret is required' })
    .min(1, 'Client secret is required')
    .max(2_000, 'Client secret must be at most 2000 characters')
    .optional(),
  domains: z
    .array(emailDomain, { error: 'Enter at least one domain' })
    .min(1, 'Enter at least one domain')
    .max(SSO_MAX_DOMAINS, `At most ${SSO_MAX_DOMAINS} domains`)
    .refine((domains) => new Set(domains).size === domains.length, 'A domain is listed twice'),
  autoProvision: z.boolean({ error: 'Choose whether new people are added' }),
  enforce: z.boolean({ error: 'Choose whether single sign-on is required' }),
})
export type SsoConnectionInput = z.infer<typeof ssoConnectionInput>

/** The firm's provider as its admins see it: never the secret. */
export const ssoConnectionDto = z.object({
  issuer: z.string(),
  clientId: z.string(),
  domains: z.array(z.string()),
  autoProvision: z.boolean(),
  enforce: z.boolean(),
  updatedAt: z.string(),
})
export type SsoConnectionDto = z.infer<typeof ssoConnectionDto>

export const ssoSettingsDto = z.object({
  /** The redirect URI to register at the provider. */
  callbackUrl: z.string(),
  connection: ssoConnectionDto.nullable(),
})
export type SsoSettingsDto = z.infer<typeof ssoSettingsDto>

export const ssoEmailQuery = z.strictObject({ email })

/** GET /api/auth/sso/lookup: whether an address signs in through its firm's provider. */
export const ssoLookupReply = z.object({
  sso: z.boolean(),
  /** The password sign-in is refused for it (a firm admin with a second factor aside). */
  enforced: z.boolean(),
})

/** What the provider sends back; checked by the callback itself, which always redirects. */
export const ssoCallbackQuery = z.looseObject({
  code: z.string().max(4_096).optional(),
  state: z.string().max(4_096).optional(),
  error: z.string().max(200).optional(),
})
