// oidc-provider 9 ships no types: what server/test/oidc-provider.ts uses of it.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  type AnyObject = Record<string, unknown>

  /** Its storage: one instance per model ('Session', 'Interaction', 'Grant', 'AuthorizationCode', …). */
  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>
    find(id: string): Promise<AdapterPayload | undefined>
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>
    findByUid(uid: string): Promise<AdapterPayload | undefined>
    consume(id: string): Promise<void>
    destroy(id: string): Promise<void>
    revokeByGrantId(grantId: string): Promise<void>
  }
  export interface AdapterPayload extends AnyObject {
    grantId?: string
    userCode?: string
    uid?: string
    consumed?: number
  }

  export interface Account {
    accountId: string
    claims(use: string, scope: string, claims: AnyObject, rejected: string[]): AnyObject
  }

  /** Koa's context, as far as the helpers below touch it. */
  export interface KoaContextWithOIDC {
    type: string
    body: unknown
    status: number
  }

  export interface ClientMetadata extends AnyObject {
    client_id: string
    client_secret?: string
    redirect_uris?: string[]
    grant_types?: string[]
    response_types?: string[]
    token_endpoint_auth_method?: string
    application_type?: 'web' | 'native'
  }

  export interface InteractionRecord {
    uid: string
    prompt: { name: string; reasons: string[]; details: AnyObject }
    params: AnyObject & { client_id?: string; scope?: string }
    grantId?: string
    session?: { accountId?: string }
  }

  export interface InteractionResults {
    login?: { accountId: string }
    consent?: { grantId: string }
    error?: string
    error_description?: string
  }

  export interface Configuration {
    adapter?: (name: string) => Adapter
    clients?: ClientMetadata[]
    jwks?: { keys: AnyObject[] }
    cookies?: { keys?: string[] }
    claims?: Record<string, string[]>
    scopes?: string[]
    responseTypes?: string[]
    conformIdTokenClaims?: boolean
    features?: Record<string, { enabled?: boolean }>
    pkce?: { required?: (ctx: KoaContextWithOIDC, client: unknown) => boolean }
    interactions?: { url?: (ctx: KoaContextWithOIDC, interaction: { uid: string }) => string }
    findAccount?: (
      ctx: KoaContextWithOIDC,
      sub: string,
    ) => Account | undefined | Promise<Account | undefined>
    clientBasedCORS?: (ctx: KoaContextWithOIDC, origin: string, client: unknown) => boolean
    renderError?: (ctx: KoaContextWithOIDC, out: AnyObject, error: Error) => void | Promise<void>
    ttl?: Record<string, number>
  }

  export class Grant {
    constructor(properties: { accountId: string; clientId: string })
    addOIDCScope(scope: string): void
    addOIDCClaims(claims: string[]): void
    save(): Promise<string>
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration)
    readonly issuer: string
    /** The Provider is the Koa application itself: its request listener for node:http. */
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionRecord>
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
    readonly Grant: {
      new (properties: { accountId: string; clientId: string }): Grant
      find(id: string): Promise<Grant | undefined>
    }
  }
}
