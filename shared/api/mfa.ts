import { z } from 'zod'
import { signedInReply } from '../schemas/auth'
import {
  mfaStatus,
  mfaVerifyInput,
  recoveryCodesReply,
  secondFactorProof,
  totpConfirmInput,
  totpSetupReply,
} from '../schemas/mfa'
import { defineRoute } from './route'

const tag = 'Account'

/** Second factors of the signed-in user, and the second step of a sign-in. */
export const mfaApi = {
  verify: defineRoute({
    method: 'POST',
    path: '/api/auth/mfa/verify',
    tag,
    summary: 'Complete a sign-in with a second factor',
    description:
      'After `POST /api/auth/login` answered `mfaRequired`: `{ code }` from the authenticator app or `{ recoveryCode }`, with the pending cookie that sign-in set. Sets the session cookie. A code is accepted once; wrong codes are a 400 naming the field and count towards the sign-in limits (429 past them); 401 when the pending sign-in is missing or older than 5 minutes.',
    access: 'public',
    body: mfaVerifyInput,
    status: 200,
    reply: signedInReply,
  }),
  status: defineRoute({
    method: 'GET',
    path: '/api/auth/mfa',
    tag,
    summary: 'One’s second factors',
    access: 'signed-in',
    sessionOnly: true,
    duringMfaSetup: true,
    status: 200,
    reply: mfaStatus,
  }),
  setupTotp: defineRoute({
    method: 'POST',
    path: '/api/auth/mfa/totp/setup',
    tag,
    summary: 'Start setting up an authenticator app',
    description:
      'A new secret (base32), its otpauth URL and a QR code (SVG), pending until confirmed; a pending set-up is replaced. 409 when an app is already on.',
    access: 'signed-in',
    sessionOnly: true,
    duringMfaSetup: true,
    status: 200,
    reply: totpSetupReply,
  }),
  confirmTotp: defineRoute({
    method: 'POST',
    path: '/api/auth/mfa/totp/confirm',
    tag,
    summary: 'Turn on the authenticator app with its first code',
    description:
      'Answers 10 single-use recovery codes, shown this once (only their hashes are kept). 400 naming `code` for a wrong code; 409 without a pending set-up.',
    access: 'signed-in',
    sessionOnly: true,
    duringMfaSetup: true,
    body: totpConfirmInput,
    status: 200,
    reply: recoveryCodesReply,
  }),
  removeTotp: defineRoute({
    method: 'DELETE',
    path: '/api/auth/mfa/totp',
    tag,
    summary: 'Turn off the authenticator app',
    description:
      'With `{ password }` or `{ code }` (from the app, or a recovery code); the recovery codes go too. Wrong ones count towards the sign-in limits.',
    access: 'signed-in',
    sessionOnly: true,
    body: secondFactorProof,
    status: 204,
    reply: z.undefined(),
  }),
  regenerateRecoveryCodes: defineRoute({
    method: 'POST',
    path: '/api/auth/mfa/recovery-codes',
    tag,
    summary: 'Replace one’s recovery codes',
    description:
      'With `{ password }` or `{ code }`. The old codes stop working; the new ones are shown this once.',
    access: 'signed-in',
    sessionOnly: true,
    body: secondFactorProof,
    status: 200,
    reply: recoveryCodesReply,
  }),
}
