import { z } from 'zod'
import { signedInReply } from '../schemas/auth'
import { idParams } from '../schemas/common'
import { secondFactorProof } from '../schemas/mfa'
import {
  passkeyDto,
  passkeyRegisteredReply,
  passkeyRegisterInput,
  passkeySignInInput,
  passkeySignInOptionsInput,
  renamePasskeyInput,
  webauthnOptions,
} from '../schemas/passkeys'
import { defineRoute } from './route'

const tag = 'Account'

/** Passkeys (WebAuthn): one's own, and signing in with one. */
export const passkeysApi = {
  registerOptions: defineRoute({
    method: 'POST',
    path: '/api/auth/passkeys/register/options',
    tag,
    summary: 'Start adding a passkey',
    description:
      'WebAuthn creation options (`@simplewebauthn/server`’s JSON) for a discoverable credential with user verification; the challenge may be answered once, within 5 minutes.',
    access: 'signed-in',
    sessionOnly: true,
    duringMfaSetup: true,
    status: 200,
    reply: webauthnOptions,
  }),
  register: defineRoute({
    method: 'POST',
    path: '/api/auth/passkeys/register/verify',
    tag,
    summary: 'Add the passkey the browser made',
    description:
      '`{ response, name? }`, answering a challenge of `register/options`. With one’s first second factor, answers the recovery codes this once. 400 naming `response` when the answer does not verify; 409 when the ceremony expired or the passkey is already registered.',
    access: 'signed-in',
    sessionOnly: true,
    duringMfaSetup: true,
    body: passkeyRegisterInput,
    status: 201,
    reply: passkeyRegisteredReply,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/auth/passkeys',
    tag,
    summary: 'One’s passkeys',
    description: 'Oldest first.',
    access: 'signed-in',
    sessionOnly: true,
    status: 200,
    reply: z.array(passkeyDto),
  }),
  rename: defineRoute({
    method: 'PATCH',
    path: '/api/auth/passkeys/:id',
    tag,
    summary: 'Rename a passkey',
    access: 'signed-in',
    sessionOnly: true,
    params: idParams,
    body: renamePasskeyInput,
    status: 200,
    reply: passkeyDto,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/auth/passkeys/:id',
    tag,
    summary: 'Remove a passkey',
    description:
      'With `{ password }` or `{ code }` (from the app, or a recovery code); wrong ones count towards the sign-in limits. Removing one’s last second factor removes the recovery codes.',
    access: 'signed-in',
    sessionOnly: true,
    params: idParams,
    body: secondFactorProof,
    status: 204,
    reply: z.undefined(),
  }),
  signInOptions: defineRoute({
    method: 'POST',
    path: '/api/auth/passkeys/login/options',
    tag,
    summary: 'Start signing in with a passkey',
    description:
      'WebAuthn request options with user verification; the challenge may be answered once, within 5 minutes. With `email`, only that account’s passkey will be accepted (the options do not tell whether it has one). After `POST /api/auth/login` answered `mfaRequired`, only that account’s passkeys are offered.',
    access: 'public',
    body: passkeySignInOptionsInput,
    status: 200,
    reply: webauthnOptions,
  }),
  signIn: defineRoute({
    method: 'POST',
    path: '/api/auth/passkeys/login/verify',
    tag,
    summary: 'Sign in with a passkey',
    description:
      '`{ response }` from the authenticator, signing a challenge of `login/options`: a session, no password needed (a passkey with user verification is both factors). 401 when the ceremony expired or the passkey is unknown or does not verify.',
    access: 'public',
    body: passkeySignInInput,
    status: 200,
    reply: signedInReply,
  }),
}
