import { z } from 'zod'
import { email } from './auth'
import { id } from './common'

export const PASSKEY_NAME_MAX_LENGTH = 100

/** What the person calls a passkey ("Work laptop"); trimmed, 1–100 characters. */
export const passkeyName = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(PASSKEY_NAME_MAX_LENGTH, `Name must be at most ${PASSKEY_NAME_MAX_LENGTH} characters`)

/** A passkey as its owner sees it in Settings → Security (never its key). */
export const passkeyDto = z.object({
  id,
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced to the person's other devices by their password manager or platform. */
  backedUp: z.boolean(),
})
export type PasskeyDto = z.infer<typeof passkeyDto>

/**
 * The options for `navigator.credentials.create()` / `.get()`, as `@simplewebauthn/server` makes
 * them (WebAuthn's JSON forms); the browser library turns them into the call.
 */
export const webauthnOptions = z.looseObject({ challenge: z.string() })

const CREDENTIAL_MESSAGE = 'The passkey’s answer is missing or malformed'
/** What the browser's authenticator answered (`@simplewebauthn/browser`'s JSON), checked in full on the server. */
const credentialResponse = z.looseObject(
  {
    id: z.string().min(1).max(1_024),
    rawId: z.string().min(1).max(1_024),
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: z.string().max(8_192) }),
  },
  { error: CREDENTIAL_MESSAGE },
)

export const passkeyRegisterInput = z.strictObject({
  response: credentialResponse,
  /** Defaults to "Passkey". */
  name: passkeyName.optional(),
})

export const passkeyRegisteredReply = z.object({
  passkey: passkeyDto,
  /** Made with one's first second factor, shown this once; absent when one had codes already. */
  recoveryCodes: z.array(z.string()).optional(),
})

export const passkeySignInOptionsInput = z.strictObject({
  /** Optional: the account the passkey must belong to. Its options never tell whether it has one. */
  email: email.optional(),
})

export const passkeySignInInput = z.strictObject({ response: credentialResponse })

export const renamePasskeyInput = z.strictObject({ name: passkeyName })
