import { z } from 'zod'
import {
  ssoCallbackQuery,
  ssoConnectionInput,
  ssoEmailQuery,
  ssoLookupReply,
  ssoSettingsDto,
} from '../schemas/single-sign-on'
import { defineRoute } from './route'

/** The firm's OpenID provider, and signing in through it. */
export const singleSignOnApi = {
  get: defineRoute({
    method: 'GET',
    path: '/api/organization/sso',
    tag: 'Company',
    summary: 'The company’s single sign-on',
    description: 'The provider (never its secret), and the redirect URI to register there.',
    access: 'company.manage',
    sessionOnly: true,
    status: 200,
    reply: ssoSettingsDto,
  }),
  save: defineRoute({
    method: 'PUT',
    path: '/api/organization/sso',
    tag: 'Company',
    summary: 'Set up the company’s single sign-on',
    description:
      'The issuer’s discovery document is fetched and checked first (400 naming `issuer` when it fails). A domain belongs to at most one firm (409), and the admin must have their own verified address at each domain (400 naming `domains`). `clientSecret` is required the first time and kept when left out.',
    access: 'company.manage',
    sessionOnly: true,
    body: ssoConnectionInput,
    status: 200,
    reply: ssoSettingsDto,
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/organization/sso',
    tag: 'Company',
    summary: 'Turn off the company’s single sign-on',
    description: 'Its domains are released; passwords sign in again.',
    access: 'company.manage',
    sessionOnly: true,
    status: 204,
    reply: z.undefined(),
  }),
  lookup: defineRoute({
    method: 'GET',
    path: '/api/auth/sso/lookup',
    tag: 'Account',
    summary: 'Whether an address signs in through its firm’s provider',
    description: 'By the address’s domain only: it tells nothing about accounts.',
    access: 'public',
    query: ssoEmailQuery,
    status: 200,
    reply: ssoLookupReply,
  }),
  start: defineRoute({
    method: 'GET',
    path: '/api/auth/sso/start',
    tag: 'Account',
    summary: 'Start signing in through the firm’s provider',
    description:
      '302 to the provider of the firm that claimed the address’s domain (authorization code flow with PKCE, `state` and `nonce`; a 10-minute cookie keeps them), or to `/login?sso=unknown_domain`.',
    access: 'public',
    query: ssoEmailQuery,
    status: 302,
    reply: z.undefined(),
  }),
  callback: defineRoute({
    method: 'GET',
    path: '/api/auth/sso/callback',
    tag: 'Account',
    summary: 'Where the provider sends the browser back',
    description:
      'Checks `state`, the code (with the PKCE verifier) and the ID token’s `nonce`; signs in the firm’s member whose address the provider asserts (`email_verified` required), or adds them as staff with `autoProvision`. 302 to `/dashboard`, or to `/login?sso=<reason>`.',
    access: 'public',
    query: ssoCallbackQuery,
    status: 302,
    reply: z.undefined(),
  }),
}
