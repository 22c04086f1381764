import { z } from 'zod'
import { PASSWORD_MAX_LENGTH } from '../constants'

export const MFA_METHODS = ['totp', 'webauthn', 'recovery'] as const
export type MfaMethod = (typeof MFA_METHODS)[number]

/** How many recovery codes are made at a time. */
export const RECOVERY_CODE_COUNT = 10

const CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app'

/** A code from an authenticator app: 6 digits; spaces (as apps show it, "123 456") are dropped. */
export const totpCode = z
  .string({ error: CODE_MESSAGE })
  .max(20, CODE_MESSAGE)
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, CODE_MESSAGE))

/** A recovery code as printed ("k7m2p-9xq4r"); case, spaces and dashes do not matter. */
export const recoveryCode = z
  .string({ error: 'Enter one of your recovery codes' })
  .max(40, 'This is not one of your recovery codes')
  .transform((value) => value.toLowerCase().replace(/[\s-]/g, ''))
  .pipe(z.string().min(1, 'Enter one of your recovery codes'))

const currentPassword = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(PASSWORD_MAX_LENGTH * 4, 'Password is incorrect')

/** POST /api/auth/mfa/totp/setup: a new secret, pending until a code confirms it. */
export const totpSetupReply = z.object({
  /** Base32, for typing into an app that cannot scan. */
  secret: z.string(),
  otpauthUrl: z.string(),
  /** The otpauth URL as a QR code, an SVG document. */
  qrSvg: z.string(),
})

export const totpConfirmInput = z.strictObject({ code: totpCode })

export const recoveryCodesReply = z.object({ recoveryCodes: z.array(z.string()) })

/**
 * Turning the factor off or making new recovery codes: the account's password, or a code (from
 * the app, or a recovery code).
 */
export const secondFactorProof = z
  .strictObject({
    password: currentPassword.optional(),
    code: z.string().max(40, 'This code is not valid').optional(),
  })
  .refine((value) => (value.password === undefined) !== (value.code === undefined), {
    message: 'Give your password or a code from your authenticator app',
    path: ['password'],
  })
export type SecondFactorProof = z.infer<typeof secondFactorProof>

/** POST /api/auth/mfa/verify: the second step of a sign-in. */
export const mfaVerifyInput = z
  .strictObject({ code: totpCode.optional(), recoveryCode: recoveryCode.optional() })
  .refine((value) => (value.code === undefined) !== (value.recoveryCode === undefined), {
    message: CODE_MESSAGE,
    path: ['code'],
  })
export type MfaVerifyInput = z.infer<typeof mfaVerifyInput>

/** The signed-in user's second factors, for Settings → Security. */
export const mfaStatus = z.object({
  totp: z.object({ enabled: z.boolean(), confirmedAt: z.string().nullable() }),
  /** How many passkeys one has (GET /api/auth/passkeys lists them). */
  passkeys: z.number().int(),
  /** Unused recovery codes; 0 without a second factor. */
  recoveryCodesLeft: z.number().int(),
})
export type MfaStatus = z.infer<typeof mfaStatus>

/** The first step of a sign-in with a second factor: no session yet. */
export const mfaRequiredReply = z.object({
  mfaRequired: z.literal(true),
  methods: z.array(z.enum(MFA_METHODS)),
})
