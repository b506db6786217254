// oidc-provider 9 ships no types (and @types/oidc-provider follows older majors): the part this service uses,
// written from node_modules/oidc-provider/lib.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  export type AdapterPayload = {
    [key: string]: unknown
    grantId?: string
    uid?: string
    userCode?: string
    consumed?: number
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>
    find(id: string): Promise<AdapterPayload | undefined>
    findByUid(uid: string): Promise<AdapterPayload | undefined>
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>
    consume(id: string): Promise<void>
    destroy(id: string): Promise<void>
    revokeByGrantId(grantId: string): Promise<void>
  }

  export type ClaimsResult = Record<string, unknown> & { sub: string }

  export interface Account {
    accountId: string
    claims(
      use: string,
      scope: string,
      claims: unknown,
      rejected: string[],
    ): Promise<ClaimsResult> | ClaimsResult
  }

  export interface Client {
    clientId: string
    redirectUris: string[]
    grantTypeAllowed(type: string): boolean
  }

  export interface Session {
    uid: string
    accountId?: string
    loginTs?: number
    state?: Record<string, unknown> & { secret?: string }
    grantIdFor(clientId: string): string | undefined
  }

  /** AuthorizationCode, RefreshToken, AccessToken… as findAccount and issueRefreshToken see them. */
  export interface GrantSource {
    iat?: number
    scope?: string
    readonly scopes: Set<string>
    accountId?: string
  }

  export interface Grant {
    jti: string
    accountId?: string
    clientId?: string
    addOIDCScope(scope: string): void
    getOIDCScope(): string
    save(ttl?: number): Promise<string>
  }

  export interface GrantStatic {
    new (properties: { accountId: string; clientId: string }): Grant
    find(id: string): Promise<Grant | undefined>
  }

  export interface OIDCContext {
    readonly client?: Client
    readonly session: Session
    readonly account?: Account
    readonly result?: Record<string, unknown> & { consent?: { grantId?: string } }
    readonly route: string
    readonly prompts: Set<string>
    readonly params: Record<string, unknown>
    readonly provider: Provider
    entities: Record<string, unknown>
    urlFor(name: string, options?: Record<string, unknown>): string
  }

  export interface KoaContextWithOIDC {
    req: IncomingMessage
    res: ServerResponse
    type: string
    status: number
    body: unknown
    host: string
    oidc: OIDCContext
  }

  export interface Interaction {
    uid: string
    returnTo: string
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> }
    params: Record<string, unknown>
    session?: { uid: string; accountId?: string; cookie?: string }
    lastSubmission?: Record<string, unknown>
  }

  export type InteractionResults = {
    login?: { accountId: string; amr?: string[]; acr?: string; remember?: boolean; ts?: number }
    consent?: { grantId?: string }
    error?: string
    error_description?: string
    [key: string]: unknown
  }

  export class Check {
    constructor(
      reason: string,
      description: string,
      error: string,
      check: (ctx: KoaContextWithOIDC) => boolean | Promise<boolean>,
    )
    static readonly REQUEST_PROMPT: true
    static readonly NO_NEED_TO_PROMPT: false
  }

  export class Prompt {
    constructor(options: { name: string; requestable?: boolean }, ...checks: Check[])
    name: string
    checks: Check[] & { add(check: Check, index?: number): void }
  }

  export type Policy = Prompt[] & {
    get(name: string): Prompt | undefined
    add(prompt: Prompt, index?: number): void
  }

  export const interactionPolicy: {
    Check: typeof Check
    Prompt: typeof Prompt
    base(): Policy
  }

  export type Configuration = Record<string, unknown>

  export class Provider {
    constructor(issuer: string, configuration: Configuration)
    readonly issuer: string
    proxy: boolean
    readonly Grant: GrantStatic
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>
    on(event: string, listener: (...args: unknown[]) => void): this
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>
  }

  export default Provider
}
