import { z } from 'zod'
import { role } from './auth'
import { id, requiredText } from './common'

/** What marks our API tokens (`adk_…`), so that secret scanners and people can recognise one. */
export const API_TOKEN_PREFIX = 'adk_'
export const API_TOKEN_NAME_MAX_LENGTH = 100
/** A token lives 1 to 365 days; the form offers 30 by default. */
export const API_TOKEN_DAYS = { min: 1, max: 365, default: 30 } as const
/** Tokens a membership may hold at once. */
export const API_TOKENS_PER_USER = 50

export const API_TOKEN_SCOPES = ['read', 'write'] as const
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number]

const SCOPES_MESSAGE = 'Scopes must be ["read"] or ["read", "write"]'

/** `["read"]`: GET and HEAD only; `["read", "write"]`: every method the role allows. */
export const apiTokenScopes = z
  .array(z.enum(API_TOKEN_SCOPES, { error: SCOPES_MESSAGE }), { error: SCOPES_MESSAGE })
  .min(1, SCOPES_MESSAGE)
  .max(2, SCOPES_MESSAGE)
  .refine(
    (scopes) => scopes.includes('read') && new Set(scopes).size === scopes.length,
    SCOPES_MESSAGE,
  )

export const createApiTokenInput = z.strictObject({
  name: requiredText('Name', API_TOKEN_NAME_MAX_LENGTH),
  scopes: apiTokenScopes,
  expiresInDays: z
    .number({
      error: `Expiry must be a whole number of days from ${API_TOKEN_DAYS.min} to ${API_TOKEN_DAYS.max}`,
    })
    .int(
      `Expiry must be a whole number of days from ${API_TOKEN_DAYS.min} to ${API_TOKEN_DAYS.max}`,
    )
    .min(API_TOKEN_DAYS.min, `Expiry must be at least ${API_TOKEN_DAYS.min} day`)
    .max(API_TOKEN_DAYS.max, `Expiry must be at most ${API_TOKEN_DAYS.max} days`),
})

/** A token as its owner sees it: never its secret. */
export const apiTokenDto = z.object({
  id,
  name: z.string(),
  scopes: z.array(z.enum(API_TOKEN_SCOPES)),
  /** The secret's first characters (`adk_Ab3x`), to tell tokens apart. */
  hint: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
})
export type ApiTokenDto = z.infer<typeof apiTokenDto>

/** POST /api/tokens: the token, and its secret this once. */
export const createdApiTokenDto = apiTokenDto.extend({ token: z.string() })

/** A token of the company, as its admins see it: whose it is too. */
export const companyApiTokenDto = apiTokenDto.extend({
  owner: z.object({ id, name: z.string(), email: z.string(), role }),
})
export type CompanyApiTokenDto = z.infer<typeof companyApiTokenDto>
