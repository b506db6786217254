// The oidc-provider instance that plays Azure AD B2C's two policies for the SPA (MSAL 5, unchanged).
import { createHash } from 'node:crypto'
import type { IncomingMessage } from 'node:http'
import { eq } from 'drizzle-orm'
import {
  Provider,
  interactionPolicy,
  type Account,
  type Client,
  type Grant,
  type GrantSource,
  type KoaContextWithOIDC,
} from 'oidc-provider'
import { POLICY_RESET, POLICY_SIGN_IN, type Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { accounts, persons } from '../db/schema/core.ts'
import { databaseAdapter } from './adapter.ts'
import type { SigningKeys } from './keys.ts'
import { logoutPage, providerErrorPage, signedOutPage } from './pages.ts'
import { interactionPath, type Policy } from './policies.ts'

/** Paths of the SPA that MSAL may return to; `redirect.html` is the page of the redirect bridge (trap 4). */
export const SPA_REDIRECT_PATHS = ['/', '/home', '/redirect.html'] as const
/** The Vite dev server signs in against this service too, in development mode only (`npm run dev`). */
export const DEV_SERVER_REDIRECT_URIS = ['https://localhost:5173/'] as const

type RedirectConfig = Pick<Config, 'publicOrigin' | 'devServer'>

/** Every redirect (and post-logout redirect) URI the SPA client is registered with. */
export function spaRedirectUris(config: RedirectConfig): string[] {
  return [
    ...SPA_REDIRECT_PATHS.map((path) => `${config.publicOrigin}${path}`),
    ...(config.devServer ? DEV_SERVER_REDIRECT_URIS : []),
  ]
}

/** Origins other than the portal's that receive redirects from this service (CORS, CSP form-action). */
export function clientOrigins(config: RedirectConfig): string[] {
  return [...new Set(spaRedirectUris(config).map((uri) => new URL(uri).origin))].filter(
    (origin) => origin !== config.publicOrigin,
  )
}

/** Lifetimes, in seconds. */
export const TTL = {
  /** As B2C: id and access tokens last an hour (MSAL renews 5 minutes before, or its configured offset). */
  idToken: 60 * 60,
  accessToken: 60 * 60,
  /** As B2C for single-page apps: 24 hours from the sign-in, rotated on every use, never extended. */
  refreshToken: 24 * 60 * 60,
  authorizationCode: 60,
  /** The sign-in session (SSO cookie): ssoSilent works for two weeks without typing the password. */
  session: 14 * 24 * 60 * 60,
  grant: 14 * 24 * 60 * 60,
  /** Time to finish the pages (sign-up included) before the request expires. */
  interaction: 60 * 60,
}

/** The policy of the request being served, set by the Fastify mount before it hands the request over. */
export const requestPolicy = new WeakMap<IncomingMessage, Policy>()

function policyOf(ctx: KoaContextWithOIDC): Policy {
  return requestPolicy.get(ctx.req) ?? POLICY_SIGN_IN
}

/** Secrets derived from the persisted signing keys, so they survive restarts without a table of their own. */
export function derivedSecret(keys: SigningKeys, purpose: string): string[] {
  return keys.privateJwks.map((jwk) =>
    createHash('sha256')
      .update(`${purpose}:${String(jwk.d)}`)
      .digest('base64url'),
  )
}

/** True when the account signed out everywhere (or reset its password) after `issuedAt` (epoch seconds). */
function signedOutSince(signedOutAt: Date | null, issuedAt: number | undefined): boolean {
  if (!signedOutAt || issuedAt === undefined) return false
  // Same rule as the API (server/auth/accounts.ts isRevoked): whole seconds.
  return issuedAt < Math.floor(signedOutAt.getTime() / 1000)
}

export function createProvider(options: { config: Config; db: Db; keys: SigningKeys }): Provider {
  const { config, db, keys } = options
  const { clientId } = config.identity
  const portalHref = `${config.publicOrigin}/`
  const redirectUris = spaRedirectUris(config)
  const corsOrigins = new Set([config.publicOrigin, ...clientOrigins(config)])
  /** B2C apps may ask for their own client id as a scope; every grant holds all of these. */
  const grantedScopes = ['openid', 'profile', 'offline_access', clientId]

  async function findAccount(
    ctx: KoaContextWithOIDC,
    id: string,
    token?: GrantSource,
  ): Promise<Account | undefined> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined
    const [row] = await db
      .select({
        id: accounts.id,
        email: accounts.email,
        signedOutAt: accounts.signedOutAt,
        nome: persons.nome,
        cognome: persons.cognome,
      })
      .from(accounts)
      .leftJoin(persons, eq(persons.id, accounts.personId))
      .where(eq(accounts.id, id))
      .limit(1)
    if (!row) return undefined
    // A code or refresh token from before a sign-out everywhere, or a session signed in before it, is dead.
    const issuedAt = token ? token.iat : ctx.oidc.session?.loginTs
    if (signedOutSince(row.signedOutAt, issuedAt)) return undefined
    const tfp = policyOf(ctx)
    return {
      accountId: row.id,
      claims: () => ({
        sub: row.id,
        emails: [row.email],
        preferred_username: row.email,
        name: row.nome ? `${row.nome} ${row.cognome}` : row.email,
        ...(row.nome ? { given_name: row.nome, family_name: row.cognome } : {}),
        tfp,
      }),
    }
  }

  /** A first-party app: no consent page, every grant covers the scopes MSAL asks for (trap 3). */
  async function loadExistingGrant(ctx: KoaContextWithOIDC): Promise<Grant> {
    const accountId = ctx.oidc.account!.accountId
    const client = ctx.oidc.client!
    const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(client.clientId)
    let grant = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined
    if (grant && grant.accountId !== accountId) grant = undefined
    let changed = !grant
    grant ??= new ctx.oidc.provider.Grant({ accountId, clientId: client.clientId })
    const has = new Set(grant.getOIDCScope().split(' '))
    if (grantedScopes.some((scope) => !has.has(scope))) {
      grant.addOIDCScope(grantedScopes.join(' '))
      changed = true
    }
    if (changed) await grant.save()
    return grant
  }

  /**
   * oidc-provider drops offline_access unless prompt=consent, and MSAL re-sends it on every refresh: put it
   * back on the code so the refresh token carries it (identity note, trap 3).
   */
  async function issueRefreshToken(_ctx: KoaContextWithOIDC, client: Client, source: GrantSource) {
    if (!client.grantTypeAllowed('refresh_token')) return false
    if (!source.scopes.has('offline_access')) {
      source.scope = source.scope ? `${source.scope} offline_access` : 'offline_access'
    }
    return true
  }

  const { Check, Prompt, base } = interactionPolicy
  const policy = base()
  const login = policy.get('login')!
  // Checks added after the prompt is built carry no default error: name it, as prompt=none answers with it.
  login.checks.add(
    // An interactive request on the reset policy always shows its pages, as in B2C, even to a signed-in
    // browser; a silent one (prompt=none) is answered from the session so MSAL can renew after a reset.
    new Check(
      'password_reset_policy',
      'the password reset policy needs the reset pages',
      'login_required',
      (ctx) =>
        policyOf(ctx) === POLICY_RESET && !ctx.oidc.result?.login && !ctx.oidc.prompts.has('none')
          ? Check.REQUEST_PROMPT
          : Check.NO_NEED_TO_PROMPT,
    ),
  )
  login.checks.add(
    // The session's account is gone, or signed out everywhere since this session signed in.
    new Check(
      'account_unavailable',
      'the signed-in account is no longer available',
      'login_required',
      (ctx) =>
        ctx.oidc.session.accountId && !ctx.oidc.account ? Check.REQUEST_PROMPT : Check.NO_NEED_TO_PROMPT,
    ),
  )
  // MSAL may send prompt=select_account or prompt=create: accept them (B2C does) and show the sign-in or
  // sign-up page.
  policy.add(new Prompt({ name: 'select_account', requestable: true }))
  policy.add(new Prompt({ name: 'create', requestable: true }))

  const provider = new Provider(config.identity.issuers[0]!, {
    adapter: databaseAdapter(db),
    clients: [
      {
        client_id: clientId,
        client_name: 'Portale Federale Racchette',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        redirect_uris: redirectUris,
        post_logout_redirect_uris: redirectUris,
        id_token_signed_response_alg: 'RS256',
      },
    ],
    jwks: { keys: keys.privateJwks },
    cookies: {
      keys: derivedSecret(keys, 'idp-cookies'),
      names: { session: 'idp_session', interaction: 'idp_interaction', resume: 'idp_resume' },
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    responseTypes: ['code'],
    scopes: grantedScopes,
    // B2C puts the user's claims in the id token whatever the scope: all of them ride on `openid`.
    claims: {
      acr: null,
      auth_time: null,
      sid: null,
      openid: ['sub', 'emails', 'preferred_username', 'name', 'given_name', 'family_name', 'tfp'],
      profile: ['name', 'given_name', 'family_name'],
    },
    conformIdTokenClaims: false,
    routes: {
      authorization: '/oauth2/v2.0/authorize',
      token: '/oauth2/v2.0/token',
      end_session: '/oauth2/v2.0/logout',
      jwks: '/discovery/v2.0/keys',
      userinfo: '/openid/v2.0/userinfo',
    },
    features: {
      devInteractions: { enabled: false },
      dPoP: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      resourceIndicators: { enabled: false },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: KoaContextWithOIDC) => {
          ctx.type = 'html'
          ctx.body = logoutPage({
            action: ctx.oidc.urlFor('end_session_confirm'),
            xsrf: String(ctx.oidc.session.state?.secret ?? ''),
          })
        },
        postLogoutSuccessSource: async (ctx: KoaContextWithOIDC) => {
          ctx.type = 'html'
          ctx.body = signedOutPage(portalHref)
        },
      },
    },
    ttl: {
      AccessToken: TTL.accessToken,
      IdToken: TTL.idToken,
      AuthorizationCode: TTL.authorizationCode,
      Session: TTL.session,
      Grant: TTL.grant,
      Interaction: TTL.interaction,
      RefreshToken: (ctx: KoaContextWithOIDC | undefined) => {
        const rotated = ctx?.oidc?.entities.RotatedRefreshToken as { remainingTTL: number } | undefined
        return rotated ? Math.max(rotated.remainingTTL, 1) : TTL.refreshToken
      },
    },
    interactions: {
      policy,
      url: (ctx: KoaContextWithOIDC, interaction: { uid: string }) =>
        interactionPath(config.tenant, policyOf(ctx), interaction.uid),
    },
    findAccount,
    loadExistingGrant,
    issueRefreshToken,
    clientBasedCORS: (_ctx: KoaContextWithOIDC, origin: string) => corsOrigins.has(origin),
    renderError: async (ctx: KoaContextWithOIDC, out: { error: string; error_description?: string }) => {
      ctx.type = 'html'
      ctx.body = providerErrorPage({
        error: out.error,
        description: out.error_description,
        portalHref,
      })
    },
  })
  // URLs and cookies follow the public origin even behind a proxy or under inject() (see plugin.ts).
  provider.proxy = true
  return provider
}
