import { z } from 'zod'

/** Who must have a second factor: nobody, the firm's people (admins and staff), or everyone. */
export const REQUIRE_MFA = ['off', 'staff', 'all'] as const
export type RequireMfa = (typeof REQUIRE_MFA)[number]
export const REQUIRE_MFA_LABELS: Record<RequireMfa, string> = {
  off: 'Nobody (each person may still turn it on)',
  staff: 'The firm’s people (admins and staff)',
  all: 'Everyone, client users too',
}

/** Bounds of the session limits; a session never outlives 7 days idle or 30 days in all. */
export const SESSION_IDLE_MINUTES = { min: 15, max: 7 * 24 * 60, default: 12 * 60 } as const
export const SESSION_MAX_HOURS = { min: 1, max: 30 * 24, default: 7 * 24 } as const

const whole = (label: string, { min, max }: { min: number; max: number }) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`)

/** PUT /api/organization/security: the firm's sign-in policy. */
export const securityPolicyInput = z
  .strictObject({
    requireMfa: z.enum(REQUIRE_MFA, { error: 'Choose who must use two-factor sign-in' }),
    sessionIdleMinutes: whole('Idle limit', SESSION_IDLE_MINUTES),
    sessionMaxHours: whole('Session limit', SESSION_MAX_HOURS),
  })
  .refine((policy) => policy.sessionIdleMinutes <= policy.sessionMaxHours * 60, {
    message: 'The idle limit cannot be longer than the session limit',
    path: ['sessionIdleMinutes'],
  })
export type SecurityPolicyInput = z.infer<typeof securityPolicyInput>

export const securityPolicyDto = z
  .object({
    requireMfa: z.enum(REQUIRE_MFA),
    sessionIdleMinutes: z.number().int(),
    sessionMaxHours: z.number().int(),
  })
  .meta({ id: 'SecurityPolicy' })
export type SecurityPolicy = z.infer<typeof securityPolicyDto>
