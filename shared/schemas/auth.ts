import { z } from 'zod'
import { id, nameText, requiredText } from './common'
import { mfaRequiredReply } from './mfa'
import { companySize, dateFormat, industry, timeZone } from './organization'
import { CAPABILITIES } from '../access'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, ROLES } from '../constants'

export const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Enter a valid email address'))
  .transform((value) => value.toLowerCase())

/** Length in characters (code points), so an emoji counts once, not as two UTF-16 units. */
const characters = (value: string) => [...value].length

export const password = z
  .string({ error: 'Password is required' })
  .refine(
    (value) => characters(value) >= PASSWORD_MIN_LENGTH,
    `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
  )
  .refine(
    (value) => characters(value) <= PASSWORD_MAX_LENGTH,
    `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
  )

const token = z.string({ error: 'Token is required' }).trim().min(1, 'Token is required').max(200)

export const loginInput = z.strictObject({
  email,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .refine((value) => characters(value) <= PASSWORD_MAX_LENGTH, 'Invalid email or password'),
})
export type LoginInput = z.infer<typeof loginInput>

export const registerInput = z.strictObject({
  firstName: nameText('First name', 100),
  lastName: nameText('Last name', 100),
  email,
  password,
  companyName: nameText('Company name'),
  companySize,
  companyPhone: requiredText('Company phone', 50),
  companyIndustry: industry,
  /**
   * The registering browser's IANA time zone: the company's, and its reminders' send hour (09:00)
   * is read in it. Omitted: UTC.
   */
  timeZone: timeZone.optional(),
  /** The order the registering browser writes dates in: the company's. Omitted: month first. */
  dateFormat: dateFormat.optional(),
  captchaToken: z
    .string({ error: 'Please complete the CAPTCHA verification' })
    .min(1, 'Please complete the CAPTCHA verification')
    .max(20_000),
})
export type RegisterInput = z.infer<typeof registerInput>

export const emailOnlyInput = z.strictObject({ email })
export type EmailOnlyInput = z.infer<typeof emailOnlyInput>

export const verifyEmailInput = z.strictObject({
  token,
  /** Needed when the link is opened in another browser than the registering one (decision 042). */
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .refine(
      (value) => characters(value) <= PASSWORD_MAX_LENGTH,
      'This is not the password chosen when this address was registered.',
    )
    .optional(),
})
export type VerifyEmailInput = z.infer<typeof verifyEmailInput>

export const resetPasswordInput = z.strictObject({ token, password })
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>

export const role = z.enum(ROLES)
export type Role = z.infer<typeof role>

export const currentUser = z
  .object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    role,
    /** For role client: the client record the user belongs to; null for the firm's people. */
    clientId: z.uuid().nullable(),
    /** `dateFormat`: the order every date in the interface follows. */
    company: z.object({ id: z.uuid(), name: z.string(), dateFormat }),
    /** What the user's role may do across the company (the server decides; the interface follows). */
    permissions: z.array(z.enum(CAPABILITIES)),
    /** The company's policy holds the user until they set up a second factor (Settings → Security). */
    mfaSetupRequired: z.boolean(),
  })
  .meta({ id: 'CurrentUser' })
export type CurrentUser = z.infer<typeof currentUser>

export const messageReply = z.object({ message: z.string() })

/** A new session's user (accepting an invitation, the second step of a sign-in). */
export const signedInReply = z.object({ user: currentUser })

/** Signed in, or (for an account with a second factor) waiting for it: see POST /api/auth/mfa/verify. */
export const loginReply = z.union([signedInReply, mfaRequiredReply])
export type LoginReply = z.infer<typeof loginReply>

/** PATCH /api/auth/profile: answers with the current user. */
export const updateProfileInput = z.strictObject({
  firstName: nameText('First name', 100),
  lastName: nameText('Last name', 100),
})
export type UpdateProfileInput = z.input<typeof updateProfileInput>

/** POST /api/auth/change-password: ends the user's other sessions. */
export const changePasswordInput = z.strictObject({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .refine((value) => characters(value) <= PASSWORD_MAX_LENGTH, 'Current password is incorrect'),
  newPassword: password,
})
export type ChangePasswordInput = z.input<typeof changePasswordInput>

/** The Settings form: the API body plus a confirmation that must match. */
export const changePasswordForm = changePasswordInput
  .extend({
    confirmPassword: z
      .string({ error: 'Please confirm your new password' })
      .min(1, 'Please confirm your new password'),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Passwords do not match',
  })

/** GET /api/auth/memberships: a company the signed-in person belongs to, and their role there. */
export const membershipDto = z
  .object({
    /** The company's id. */
    id: z.string(),
    /** The same id, as `POST /api/auth/switch` takes it. */
    organizationId: z.string(),
    name: z.string(),
    role,
    /** The membership this session acts as. */
    active: z.boolean(),
  })
  .meta({ id: 'Membership' })
export type Membership = z.infer<typeof membershipDto>

/** POST /api/auth/switch: act as the person's membership in this company from now on. */
export const switchMembershipInput = z.strictObject({ organizationId: id })
export type SwitchMembershipInput = z.infer<typeof switchMembershipInput>

/** GET /api/auth/sessions: the user's unexpired sessions, most recently seen first. */
export const sessionDto = z
  .object({
    id: z.string(),
    userAgent: z.string().nullable(),
    ip: z.string().nullable(),
    createdAt: z.string(),
    lastSeenAt: z.string(),
    /** The session making this request. */
    current: z.boolean(),
  })
  .meta({ id: 'Session' })
export type Session = z.infer<typeof sessionDto>

export const revokeOtherSessionsReply = z.object({ revoked: z.number().int() })
export type RevokeOtherSessionsReply = z.infer<typeof revokeOtherSessionsReply>

export const registerReply = z.object({ email: z.string() })

export const verifyEmailReply = z.object({
  message: z.string(),
  /** `email`: the verified address, for the sign-in form that follows. */
  user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
})

export const publicConfig = z.object({
  captcha: z.discriminatedUnion('provider', [
    z.object({ provider: z.literal('altcha'), challengeUrl: z.string() }),
    z.object({ provider: z.literal('turnstile'), siteKey: z.string() }),
  ]),
  /** What a request's upload accepts, so the browser can say so before sending a file. */
  uploads: z.object({ maxFileBytes: z.number().int(), maxFilesPerRequest: z.number().int() }),
})
export type PublicConfig = z.infer<typeof publicConfig>

/** GET /api/auth/captcha: an ALTCHA challenge for the browser widget to solve. */
export const captchaChallengeDto = z.looseObject({
  parameters: z.looseObject({ algorithm: z.string(), salt: z.string() }),
  signature: z.string().optional(),
})
