import * as client from 'openid-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startOidcProvider, type OidcAccount, type OidcProviderHandle } from './oidc-provider'

// The test OpenID provider (server/test/oidc-provider.ts) driven by openid-client 6 the way our
// "Sign in with the firm's OpenID provider" does it: discovery, authorization code with PKCE,
// state and nonce, claims read from the ID token. No database.

const clientId = 'auditdesk'
const clientSecret = 'a-long-enough-client-secret-for-tests'
const redirectUri = 'http://app.test/api/auth/sso/callback'

const alice: OidcAccount = {
  sub: 'alice-0001',
  email: 'alice@firm.test',
  email_verified: true,
  name: 'Alice Auditor',
}
const bob: OidcAccount = { sub: 'bob-0002', email: 'bob@firm.test', email_verified: false }

let provider: OidcProviderHandle
let config: client.Configuration

beforeAll(async () => {
  provider = await startOidcProvider({ clientId, clientSecret, redirectUris: [redirectUri] })
  config = await client.discovery(new URL(provider.issuer), clientId, clientSecret, undefined, {
    execute: [client.allowInsecureRequests],
  })
})

afterAll(async () => {
  await provider?.close()
})

/** What our feature does before sending the browser away: a fresh verifier, state and nonce. */
async function startSignIn(configuration = config) {
  const pkceCodeVerifier = client.randomPKCECodeVerifier()
  const challenge = await client.calculatePKCECodeChallenge(pkceCodeVerifier)
  const state = client.randomState()
  const nonce = client.randomNonce()
  const url = client.buildAuthorizationUrl(configuration, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state,
    nonce,
  })
  return { url, pkceCodeVerifier, state, nonce }
}

/** How openid-client refused: its error code, the OAuth error if any, and the cause's message. */
async function refusal(attempt: Promise<unknown>) {
  const error: unknown = await attempt.then(
    () => expect.fail('expected openid-client to refuse'),
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(Error)
  const { code, error: oauthError, cause } = error as Error & { code?: string; error?: string }
  return {
    code,
    error: oauthError,
    cause: cause instanceof Error ? cause.message : JSON.stringify(cause),
  }
}

describe('test OpenID provider', () => {
  it('is an http issuer on loopback that openid-client discovers (with allowInsecureRequests only)', async () => {
    expect(provider.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const metadata = config.serverMetadata()
    expect(metadata.issuer).toBe(provider.issuer)
    expect(metadata.code_challenge_methods_supported).toContain('S256')
    expect(metadata.token_endpoint_auth_methods_supported).toEqual(
      expect.arrayContaining(['client_secret_basic', 'client_secret_post']),
    )
    expect(metadata.authorization_response_iss_parameter_supported).toBe(true)
    await expect(
      client.discovery(new URL(provider.issuer), clientId, clientSecret),
    ).rejects.toThrow(/https/i)
  })

  it('signs in with a verified email: sub, email, email_verified and name in the ID token', async () => {
    const { url, pkceCodeVerifier, state, nonce } = await startSignIn()
    expect(url.origin).toBe(provider.issuer)

    const back = new URL(await provider.signIn(url.href, alice))
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri)
    expect(back.searchParams.get('state')).toBe(state)
    expect(back.searchParams.get('iss')).toBe(provider.issuer)
    expect(back.searchParams.get('code')).toBeTruthy()

    const tokens = await client.authorizationCodeGrant(config, back, {
      pkceCodeVerifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    })
    expect(tokens.claims()).toMatchObject({
      iss: provider.issuer,
      aud: clientId,
      nonce,
      sub: alice.sub,
      email: alice.email,
      email_verified: true,
      name: alice.name,
    })
  })

  it('signs in with an unverified email: email_verified false, no name when the account has none', async () => {
    const { url, pkceCodeVerifier, state, nonce } = await startSignIn()
    const back = await provider.signIn(url.href, bob)
    const tokens = await client.authorizationCodeGrant(config, new URL(back), {
      pkceCodeVerifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    })
    const claims = tokens.claims()
    expect(claims).toMatchObject({ sub: bob.sub, email: bob.email, email_verified: false })
    expect(claims).not.toHaveProperty('name')
  })

  it('each sign-in is a new browser: a second one signs in whoever it is given', async () => {
    for (const account of [alice, bob]) {
      const { url, pkceCodeVerifier, state, nonce } = await startSignIn()
      const back = await provider.signIn(url.href, account)
      const tokens = await client.authorizationCodeGrant(config, new URL(back), {
        pkceCodeVerifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      })
      expect(tokens.claims()?.sub).toBe(account.sub)
    }
  })

  it('refuses a callback whose state is not the expected one (before redeeming the code)', async () => {
    const { url, pkceCodeVerifier, nonce } = await startSignIn()
    const back = new URL(await provider.signIn(url.href, alice))
    const refused = await refusal(
      client.authorizationCodeGrant(config, back, {
        pkceCodeVerifier,
        expectedState: client.randomState(),
        expectedNonce: nonce,
        idTokenExpected: true,
      }),
    )
    expect(refused.code).toBe('OAUTH_INVALID_RESPONSE')
    expect(refused.cause).toMatch(/unexpected "state" response parameter value/)
  })

  it('refuses an ID token whose nonce is not the expected one', async () => {
    const { url, pkceCodeVerifier, state } = await startSignIn()
    const back = new URL(await provider.signIn(url.href, alice))
    const refused = await refusal(
      client.authorizationCodeGrant(config, back, {
        pkceCodeVerifier,
        expectedState: state,
        expectedNonce: client.randomNonce(),
        idTokenExpected: true,
      }),
    )
    expect(refused.code).toBe('OAUTH_JWT_CLAIM_COMPARISON_FAILED')
    expect(refused.cause).toMatch(/unexpected ID Token "nonce" claim value/)
  })

  it('refuses a wrong PKCE verifier, and a code used twice', async () => {
    const first = await startSignIn()
    const back = new URL(await provider.signIn(first.url.href, alice))
    const checks = { expectedState: first.state, expectedNonce: first.nonce, idTokenExpected: true }
    const wrongVerifier = await refusal(
      client.authorizationCodeGrant(config, back, {
        ...checks,
        pkceCodeVerifier: client.randomPKCECodeVerifier(),
      }),
    )
    expect(wrongVerifier).toMatchObject({
      code: 'OAUTH_RESPONSE_BODY_ERROR',
      error: 'invalid_grant',
    })

    const second = await startSignIn()
    const again = new URL(await provider.signIn(second.url.href, alice))
    const secondChecks = {
      pkceCodeVerifier: second.pkceCodeVerifier,
      expectedState: second.state,
      expectedNonce: second.nonce,
      idTokenExpected: true,
    }
    await client.authorizationCodeGrant(config, again, secondChecks)
    const reused = await refusal(client.authorizationCodeGrant(config, again, secondChecks))
    expect(reused).toMatchObject({ code: 'OAUTH_RESPONSE_BODY_ERROR', error: 'invalid_grant' })
  })

  it('wants the whole callback URL: without its iss parameter the response is refused', async () => {
    const { url, pkceCodeVerifier, state, nonce } = await startSignIn()
    const back = new URL(await provider.signIn(url.href, alice))
    back.searchParams.delete('iss')
    const refused = await refusal(
      client.authorizationCodeGrant(config, back, {
        pkceCodeVerifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      }),
    )
    expect(refused.code).toBe('OAUTH_INVALID_RESPONSE')
    expect(refused.cause).toMatch(/"iss" \(issuer\) missing/)
  })

  it('sends the callback URL without its query as redirect_uri: rebuilt on another host, it fails', async () => {
    const { url, pkceCodeVerifier, state, nonce } = await startSignIn()
    const back = new URL(await provider.signIn(url.href, alice))
    // As if our route rebuilt the URL from the request's Host instead of APP_URL.
    back.host = '127.0.0.1:3000'
    const refused = await refusal(
      client.authorizationCodeGrant(config, back, {
        pkceCodeVerifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      }),
    )
    expect(refused).toMatchObject({ code: 'OAUTH_RESPONSE_BODY_ERROR', error: 'invalid_grant' })
  })

  it('requires PKCE: without a code_challenge the browser comes back with an error', async () => {
    const { url, state } = await startSignIn()
    url.searchParams.delete('code_challenge')
    url.searchParams.delete('code_challenge_method')
    const back = new URL(await provider.signIn(url.href, alice))
    expect(back.searchParams.get('error')).toBe('invalid_request')
    expect(back.searchParams.get('error_description')).toMatch(/PKCE/)
    expect(back.searchParams.get('state')).toBe(state)
  })

  it('takes the client secret in the Authorization header too (client_secret_basic)', async () => {
    const basic = await client.discovery(
      new URL(provider.issuer),
      clientId,
      undefined,
      client.ClientSecretBasic(clientSecret),
      { execute: [client.allowInsecureRequests] },
    )
    const { url, pkceCodeVerifier, state, nonce } = await startSignIn(basic)
    const back = await provider.signIn(url.href, alice)
    const tokens = await client.authorizationCodeGrant(basic, new URL(back), {
      pkceCodeVerifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    })
    expect(tokens.claims()?.email).toBe(alice.email)
  })

  it('claimsInIdToken: false puts only sub in the ID token, the rest at the userinfo endpoint', async () => {
    const strict = await startOidcProvider({
      clientId,
      clientSecret,
      redirectUris: [redirectUri],
      claimsInIdToken: false,
    })
    try {
      const strictConfig = await client.discovery(
        new URL(strict.issuer),
        clientId,
        clientSecret,
        undefined,
        { execute: [client.allowInsecureRequests] },
      )
      const { url, pkceCodeVerifier, state, nonce } = await startSignIn(strictConfig)
      const back = await strict.signIn(url.href, alice)
      const tokens = await client.authorizationCodeGrant(strictConfig, new URL(back), {
        pkceCodeVerifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      })
      const claims = tokens.claims()!
      expect(claims.sub).toBe(alice.sub)
      expect(claims).not.toHaveProperty('email')
      const userInfo = await client.fetchUserInfo(strictConfig, tokens.access_token, claims.sub)
      expect(userInfo).toMatchObject({
        sub: alice.sub,
        email: alice.email,
        email_verified: true,
        name: alice.name,
      })
    } finally {
      await strict.close()
    }
  })

  it('a person who cancels at the provider comes back with error=access_denied', async () => {
    const { url, pkceCodeVerifier, state, nonce } = await startSignIn()
    const back = new URL(await provider.signIn(url.href, alice, { deny: true }))
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri)
    expect(back.searchParams.get('error')).toBe('access_denied')
    expect(back.searchParams.get('state')).toBe(state)
    await expect(
      client.authorizationCodeGrant(config, back, {
        pkceCodeVerifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      }),
    ).rejects.toBeInstanceOf(client.AuthorizationResponseError)
  })

  it('answers an error (no redirect) for a redirect_uri that is not registered', async () => {
    const { url } = await startSignIn()
    url.searchParams.set('redirect_uri', 'http://evil.test/callback')
    await expect(provider.signIn(url.href, alice)).rejects.toThrow(/redirect_uri/)
  })
})
