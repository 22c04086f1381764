// oidc-provider ships no types. Its declarations sit beside this file in oidc-provider.d.ts, which
// tsc leaves out of the project on its own (a .d.ts named like a .ts is taken for that file's
// output): this reference brings it in.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./oidc-provider.d.ts" />
import { generateKeyPair, randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Adapter, AdapterPayload, default as Provider } from 'oidc-provider'

/** Who signs in at the provider: these claims go into the ID token (email scope: email, email_verified). */
export interface OidcAccount {
  sub: string
  email: string
  email_verified: boolean
  name?: string
}

export interface SignInOptions {
  /** The person cancels at the provider instead: the answer is redirect_uri?error=access_denied. */
  deny?: boolean
}

export interface OidcProviderHandle {
  /** e.g. http://127.0.0.1:<random port> (plain http on loopback). */
  issuer: string
  /**
   * Follows an authorization URL our app produced through the provider's login and consent as
   * `account` (a fresh browser each call: no session from an earlier call), and answers the URL
   * the provider sends the browser back to (our redirect_uri with ?code=&state=&iss=, or ?error=).
   * It does not follow that last redirect. It throws when the provider answers with an error page
   * instead (an unknown client or a redirect_uri that is not registered).
   */
  signIn(authorizationUrl: string, account: OidcAccount, options?: SignInOptions): Promise<string>
  /**
   * For browser tests: a real browser sent to the provider (its login URL has no ?sub=) signs in as
   * `account` at once, with no page to fill in.
   */
  signInBrowsersAs(account: OidcAccount): void
  close(): Promise<void>
}

const LOGIN_PATH = '/test-login/'
const MAX_HOPS = 10

/**
 * oidc-provider 9 warns once, when it is first imported, that Node 20 is not a runtime it supports
 * (it wants 22 LTS or later). It works on 20: only that line is dropped, while it loads.
 */
let loading: Promise<typeof Provider> | undefined
function loadProvider(): Promise<typeof Provider> {
  loading ??= (async () => {
    const warn = console.warn
    console.warn = (...args: unknown[]) => {
      if (
        typeof args[0] === 'string' &&
        args[0].includes('oidc-provider WARNING: Unsupported runtime')
      )
        return
      warn(...args)
    }
    try {
      return (await import('oidc-provider')).default
    } finally {
      console.warn = warn
    }
  })()
  return loading
}

/** One RSA signing key for every provider of this process (RS256, the ID token's default). */
let signingKey: Promise<Record<string, unknown>> | undefined
function rsaSigningJwk(): Promise<Record<string, unknown>> {
  signingKey ??= new Promise((resolve, reject) =>
    generateKeyPair('rsa', { modulusLength: 2048 }, (error, _publicKey, privateKey) => {
      if (error) reject(error)
      else
        resolve({
          ...privateKey.export({ format: 'jwk' }),
          kid: randomUUID(),
          alg: 'RS256',
          use: 'sig',
        })
    }),
  )
  return signingKey
}

/**
 * The provider's storage in a Map of its own (what its built-in in-memory adapter does, without
 * that adapter's warning). Expired entries read as missing.
 */
function memoryAdapter() {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>()
  const get = (key: string | undefined) => {
    if (key === undefined) return undefined
    const entry = store.get(key)
    if (entry && entry.expiresAt <= Date.now()) {
      store.delete(key)
      return undefined
    }
    return entry?.payload
  }
  const set = (key: string, payload: AdapterPayload, expiresIn?: number) =>
    store.set(key, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity })

  return (model: string): Adapter => {
    const key = (id: string) => `${model}:${id}`
    return {
      async upsert(id, payload, expiresIn) {
        set(key(id), payload, expiresIn)
        if (model === 'Session' && typeof payload.uid === 'string')
          set(`sessionUid:${payload.uid}`, { id }, expiresIn)
        if (typeof payload.userCode === 'string')
          set(`userCode:${payload.userCode}`, { id }, expiresIn)
      },
      async find(id) {
        return get(key(id))
      },
      async findByUid(uid) {
        const ref = get(`sessionUid:${uid}`)
        return typeof ref?.id === 'string' ? get(key(ref.id)) : undefined
      },
      async findByUserCode(userCode) {
        const ref = get(`userCode:${userCode}`)
        return typeof ref?.id === 'string' ? get(key(ref.id)) : undefined
      },
      async consume(id) {
        const payload = get(key(id))
        if (payload) payload.consumed = Math.floor(Date.now() / 1000)
      },
      async destroy(id) {
        store.delete(key(id))
      },
      async revokeByGrantId(grantId) {
        for (const [k, { payload }] of store) if (payload.grantId === grantId) store.delete(k)
      },
    }
  }
}

/** The cookies one browser keeps for the provider (a single host: names and paths only). */
function cookieJar() {
  const cookies = new Map<
    string,
    { name: string; value: string; path: string; expiresAt: number }
  >()
  return {
    store(response: Response, url: URL) {
      for (const line of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = line.split(';').map((part) => part.trim())
        const eq = pair.indexOf('=')
        if (eq <= 0) continue
        const name = pair.slice(0, eq)
        const value = pair.slice(eq + 1)
        let path = url.pathname.replace(/\/[^/]*$/, '') || '/'
        let expiresAt = Infinity
        for (const attribute of attributes) {
          const [key = '', ...rest] = attribute.split('=')
          const attributeValue = rest.join('=')
          switch (key.toLowerCase()) {
            case 'path':
              path = attributeValue || '/'
              break
            case 'expires':
              expiresAt = Math.min(expiresAt, Date.parse(attributeValue))
              break
            case 'max-age':
              expiresAt = Date.now() + Number(attributeValue) * 1000
              break
          }
        }
        const id = `${name}\u0000${path}`
        if (expiresAt <= Date.now()) cookies.delete(id)
        else cookies.set(id, { name, value, path, expiresAt })
      }
    },
    header(url: URL): string {
      const now = Date.now()
      return [...cookies.values()]
        .filter(({ path, expiresAt }) => {
          if (expiresAt <= now) return false
          if (url.pathname === path) return true
          return url.pathname.startsWith(path.endsWith('/') ? path : `${path}/`)
        })
        .sort((a, b) => b.path.length - a.path.length)
        .map(({ name, value }) => `${name}=${value}`)
        .join('; ')
    },
  }
}

/**
 * A real OpenID Connect provider (oidc-provider 9) in this process, on 127.0.0.1 and a random
 * port, with one confidential client: authorization code flow only, PKCE (S256) required,
 * client_secret_basic or client_secret_post at the token endpoint. The ID token carries the
 * account's claims for the requested scopes (email: email and email_verified; profile: name).
 *
 * Login and consent happen without a browser: the provider sends the browser to
 * /test-login/<uid>, a route of this server that signs in the account `signIn` was given and
 * grants every scope asked for.
 */
export async function startOidcProvider(options: {
  clientId: string
  clientSecret: string
  redirectUris: string[]
  /**
   * false: the ID token carries sub only and the other claims come from the userinfo endpoint,
   * as the spec's default has it (oidc-provider's conformIdTokenClaims) and some providers do.
   * Default true: every claim of the requested scopes is in the ID token.
   */
  claimsInIdToken?: boolean
}): Promise<OidcProviderHandle> {
  const [ProviderClass, jwk] = await Promise.all([loadProvider(), rsaSigningJwk()])
  const accounts = new Map<string, OidcAccount>()
  /** Who a real browser (no ?sub= in its login URL) signs in as: see `signInBrowsersAs`. */
  let browserAccount: string | undefined

  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject)
      resolve()
    })
  })
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const provider = new ProviderClass(issuer, {
    adapter: memoryAdapter(),
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        // oidc-provider 9 takes a secret in the body as well (client_secret_post): both are
        // "the client's secret" to it. A web client may register http redirect URIs (such as
        // http://app.test/...) as long as it does not use the implicit flow.
        token_endpoint_auth_method: 'client_secret_basic',
        application_type: 'web',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    scopes: ['openid', 'email', 'profile'],
    responseTypes: ['code'],
    // The scopes' claims go into the ID token itself, not only to the userinfo endpoint (by
    // default oidc-provider puts only sub there once an access token is issued too).
    conformIdTokenClaims: options.claimsInIdToken === false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx, interaction) => `${LOGIN_PATH}${interaction.uid}` },
    findAccount(_ctx, sub) {
      const account = accounts.get(sub)
      if (!account) return undefined
      return {
        accountId: sub,
        claims: () => ({
          sub: account.sub,
          email: account.email,
          email_verified: account.email_verified,
          ...(account.name === undefined ? {} : { name: account.name }),
        }),
      }
    },
    // What the defaults would warn about when called (a notice on the console each).
    clientBasedCORS: () => false,
    renderError(ctx, out) {
      ctx.type = 'json'
      ctx.body = out
    },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      ClientCredentials: 600,
      DeviceCode: 600,
      BackchannelAuthenticationRequest: 600,
      IdToken: 600,
      RefreshToken: 3600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
  })

  /** Signs in the account named by ?sub= and grants what the client asked for (or ?deny=1). */
  async function testLogin(req: IncomingMessage, res: ServerResponse, url: URL) {
    const interaction = await provider.interactionDetails(req, res)
    if (url.searchParams.has('deny')) {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      )
      return
    }
    const sub = url.searchParams.get('sub') ?? interaction.session?.accountId ?? browserAccount
    if (!sub || !accounts.has(sub)) throw new Error(`no account for sub ${String(sub)}`)
    const clientId = String(interaction.params.client_id)
    const grant =
      (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
      new provider.Grant({ accountId: sub, clientId })
    grant.addOIDCScope(String(interaction.params.scope ?? 'openid'))
    const { missingOIDCClaims } = interaction.prompt.details
    if (Array.isArray(missingOIDCClaims)) grant.addOIDCClaims(missingOIDCClaims as string[])
    const grantId = await grant.save()
    await provider.interactionFinished(req, res, {
      login: { accountId: sub },
      consent: { grantId },
    })
  }

  const providerListener = provider.callback()
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', issuer)
    if (!url.pathname.startsWith(LOGIN_PATH)) {
      void providerListener(req, res)
      return
    }
    testLogin(req, res, url).catch((error: unknown) => {
      res.statusCode = 500
      res.setHeader('Content-Type', 'text/plain')
      res.end(error instanceof Error ? error.message : String(error))
    })
  })

  const issuerOrigin = new URL(issuer).origin

  async function signIn(
    authorizationUrl: string,
    account: OidcAccount,
    signInOptions: SignInOptions = {},
  ): Promise<string> {
    accounts.set(account.sub, account)
    const jar = cookieJar()
    let url = new URL(authorizationUrl)
    if (url.origin !== issuerOrigin)
      throw new Error(`${authorizationUrl} is not this provider's (${issuer})`)

    for (let hop = 0; hop < MAX_HOPS; hop++) {
      if (url.pathname.startsWith(LOGIN_PATH)) {
        url.searchParams.set('sub', account.sub)
        if (signInOptions.deny) url.searchParams.set('deny', '1')
      }
      const cookie = jar.header(url)
      const response = await fetch(url, {
        redirect: 'manual',
        headers: cookie ? { cookie } : {},
      })
      jar.store(response, url)
      const location = response.headers.get('location')
      if (response.status < 300 || response.status >= 400 || !location) {
        const body = await response.text()
        throw new Error(`the provider answered ${response.status} at ${url.pathname}: ${body}`)
      }
      await response.body?.cancel()
      const next = new URL(location, url)
      const bare = `${next.origin}${next.pathname}`
      if (next.origin !== issuerOrigin || options.redirectUris.includes(bare)) return next.href
      url = next
    }
    throw new Error(`more than ${MAX_HOPS} redirects at the provider`)
  }

  return {
    issuer,
    signIn,
    signInBrowsersAs(account: OidcAccount) {
      accounts.set(account.sub, account)
      browserAccount = account.sub
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}
