// The pages the provider sends the browser to (`/idp/<tenant>/<policy>/interaction/<uid>`, under the policy as
// B2C's pages live under the authority): sign-in, sign-up and password reset,
// plus the local outbox. Each step is a plain form; successful steps redirect (303) to the next one, failed
// ones re-render the page with the errors tied to their fields.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Interaction, InteractionResults, Provider } from 'oidc-provider'
import { MESSAGES as COMMON_MESSAGES } from '../../contract/common.ts'
import { POLICY_RESET, type Config } from '../config.ts'
import type { Db } from '../db/client.ts'
import { outboxMessages, sendMail, type CodePurpose, type VerificationCodes } from './codes.ts'
import { isValidEmail, normalizeEmail, passwordProblem, type Credentials } from './credentials.ts'
import {
  RESET_TEXTS,
  SIGN_UP_TEXTS,
  codeStepPage,
  emailStepPage,
  messagePage,
  outboxPage,
  passwordStepPage,
  signInPage,
  type FieldErrors,
  type FlowTexts,
  type PageLink,
} from './pages.ts'
import { interactionPath, policyOfReturnTo } from './policies.ts'
import { LIMITS, type EventWindow } from './throttle.ts'

export type InteractionDeps = {
  provider: Provider
  db: Db
  config: Config
  credentials: Credentials
  codes: VerificationCodes
  /** Codes sent per client address. */
  codeSends: EventWindow
}

/** B2C's codes, which MSAL apps look for in error_description. */
export const B2C_FORGOT_PASSWORD = "AADB2C90118: L'utente ha dimenticato la password."
export const B2C_CANCELLED = "AADB2C90091: L'utente ha annullato l'operazione."

export const MESSAGES = {
  emailMissing: "Inserisci l'indirizzo e-mail.",
  emailInvalid: 'Inserisci un indirizzo e-mail valido, ad esempio nome@esempio.it.',
  passwordMissing: 'Inserisci la password.',
  wrongCredentials: 'E-mail o password non corretti.',
  locked: (wait: string) =>
    `Troppi tentativi di accesso non riusciti: riprova tra ${wait} oppure reimposta la password con «Password dimenticata?».`,
  throttled: (wait: string) => `Troppi tentativi di accesso da questa connessione: riprova tra ${wait}.`,
  tooManyCodes: 'Troppi tentativi: hai chiesto troppi codici di verifica. Riprova tra un’ora.',
  codeSent: 'Ti abbiamo inviato un nuovo codice.',
  codeMissing: 'Inserisci il codice di verifica.',
  codeFormat: 'Il codice è composto da 6 cifre.',
  codeWrong: (left: number) =>
    `Codice non corretto. ${left === 1 ? 'Ti resta 1 tentativo.' : `Ti restano ${left} tentativi.`}`,
  codeExhausted: 'Hai esaurito i tentativi per questo codice: chiedi un nuovo codice.',
  codeExpired: 'Il codice è scaduto: chiedi un nuovo codice.',
  confirmMissing: 'Conferma la password.',
  confirmMismatch: 'Le due password non coincidono.',
} as const

/** An address of this computer: 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address
  return address === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4)
}

/**
 * Whether this request may read the outbox (every account's codes): with IDP_OUTBOX=open anyone; by default only
 * a request from this computer, and not one a proxy relayed for someone else.
 */
export function outboxServed(config: Pick<Config, 'outbox'>, request: FastifyRequest): boolean {
  if (config.outbox !== 'loopback') return config.outbox === 'open'
  const relayed = request.headers.forwarded !== undefined || request.headers['x-forwarded-for'] !== undefined
  return !relayed && isLoopback(request.socket.remoteAddress)
}

function minutes(ms: number): string {
  const n = Math.max(1, Math.ceil(ms / 60_000))
  return n === 1 ? '1 minuto' : `${n} minuti`
}

type Flow = { purpose: CodePurpose; segment: string; texts: FlowTexts }
const SIGN_UP: Flow = { purpose: 'signup', segment: 'registrati', texts: SIGN_UP_TEXTS }
const RESET: Flow = { purpose: 'reset', segment: 'reimposta', texts: RESET_TEXTS }

const SITE = 'Portale Federale Racchette'

/** The e-mail each step sends; the code page reads the same whatever was sent, so it reveals nothing. */
function mailFor(flow: Flow, accountExists: boolean, code: string): { subject: string; body: string } {
  if (flow.purpose === 'signup') {
    return accountExists
      ? {
          subject: 'Registrazione: esiste già un account',
          body: [
            'Ciao,',
            `qualcuno (forse tu) ha chiesto di registrarsi al ${SITE} con questo indirizzo, ma esiste già un account.`,
            'Per entrare usa la tua password, oppure «Password dimenticata?» nella pagina di accesso per sceglierne una nuova.',
            'Se non sei stato tu, ignora questo messaggio.',
          ].join('\n'),
        }
      : {
          subject: 'Codice di verifica per la registrazione',
          body: [
            'Ciao,',
            `il tuo codice per completare la registrazione al ${SITE} è: ${code}`,
            'Il codice vale 15 minuti. Se non hai chiesto tu di registrarti, ignora questo messaggio.',
          ].join('\n'),
        }
  }
  return accountExists
    ? {
        subject: 'Codice per reimpostare la password',
        body: [
          'Ciao,',
          `il tuo codice per reimpostare la password del ${SITE} è: ${code}`,
          'Il codice vale 15 minuti. Se non hai chiesto tu di cambiare la password, ignora questo messaggio: la password attuale resta valida.',
        ].join('\n'),
      }
    : {
        subject: 'Reimpostazione della password',
        body: [
          'Ciao,',
          `qualcuno (forse tu) ha chiesto di reimpostare la password del ${SITE} per questo indirizzo, ma non esiste alcun account con questa e-mail.`,
          'Puoi crearne uno con «Registrati» nella pagina di accesso. Se non sei stato tu, ignora questo messaggio.',
        ].join('\n'),
      }
}

type Form = Record<string, string | undefined>
type UidRequest = FastifyRequest<{
  Params: { tenant: string; policy: string; uid: string }
  Body: Form | undefined
}>

/** Where a page is: its interaction, and the path every link and form of the page builds on. */
type At = { uid: string; root: string }

function formOf(request: UidRequest): Form {
  return request.body && typeof request.body === 'object' ? request.body : {}
}

function sendPage(reply: FastifyReply, status: number, page: string) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page)
}

/** The outcome of a successful sign-in, sign-up or reset; it also answers prompt=select_account / create. */
function signedIn(accountId: string, amr: string[]): InteractionResults {
  return { login: { accountId, amr, remember: true }, select_account: {}, create: {} }
}

export function registerInteractionRoutes(scope: FastifyInstance, deps: InteractionDeps) {
  const { provider, db, config, credentials, codes, codeSends } = deps
  const portalHref = `${config.publicOrigin}/`

  function expired(reply: FastifyReply) {
    return sendPage(
      reply,
      400,
      messagePage({
        title: 'Richiesta scaduta',
        paragraphs: [
          'La richiesta di accesso è scaduta o è già stata completata.',
          'Torna al portale e premi di nuovo «Accedi».',
        ],
        link: { href: portalHref, label: 'Torna al portale' },
      }),
    )
  }

  /** Runs `handle` with the provider's interaction of this browser, or answers "expired". */
  async function withInteraction(
    request: UidRequest,
    reply: FastifyReply,
    handle: (interaction: Interaction, at: At) => Promise<unknown>,
  ) {
    let interaction: Interaction
    try {
      interaction = await provider.interactionDetails(request.raw, reply.raw)
    } catch (error) {
      if ((error as Error).name === 'SessionNotFound') return expired(reply)
      throw error
    }
    // The path must be the one the provider sent the browser to: same interaction, tenant and policy.
    const root = interactionPath(config.tenant, policyOfReturnTo(interaction.returnTo), interaction.uid)
    const { tenant, policy, uid } = request.params
    if (interactionPath(tenant, policy, uid) !== root) return expired(reply)
    return handle(interaction, { uid: interaction.uid, root })
  }

  /** Ends the interaction; the provider then redirects to the app (with a code, or with the error). */
  async function finish(request: UidRequest, reply: FastifyReply, result: InteractionResults) {
    const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
      mergeWithLastSubmission: false,
    })
    return reply.redirect(returnTo, 303)
  }

  function prompts(interaction: Interaction): Set<string> {
    const value = interaction.params.prompt
    return new Set(typeof value === 'string' ? value.split(' ') : [])
  }

  // ---- sign-in -------------------------------------------------------------------------------------

  function renderSignIn(
    reply: FastifyReply,
    at: At,
    status: number,
    state: { email: string; errors?: FieldErrors; formError?: string },
  ) {
    return sendPage(
      reply,
      status,
      signInPage({
        action: `${at.root}/accedi`,
        email: state.email,
        errors: state.errors ?? {},
        formError: state.formError,
        forgotHref: `${at.root}/password-dimenticata`,
        signUpHref: `${at.root}/registrati`,
      }),
    )
  }

  scope.get('/idp/:tenant/:policy/interaction/:uid', (request: UidRequest, reply) =>
    withInteraction(request, reply, async (interaction, at) => {
      if (policyOfReturnTo(interaction.returnTo) === POLICY_RESET) {
        return renderEmailStep(reply, RESET, at, 200, { email: loginHint(interaction) })
      }
      if (prompts(interaction).has('create')) return reply.redirect(`${at.root}/registrati`, 303)
      return renderSignIn(reply, at, 200, { email: loginHint(interaction) })
    }),
  )

  function loginHint(interaction: Interaction): string {
    const hint = interaction.params.login_hint
    return typeof hint === 'string' && isValidEmail(normalizeEmail(hint)) ? normalizeEmail(hint) : ''
  }

  scope.post('/idp/:tenant/:policy/interaction/:uid/accedi', (request: UidRequest, reply) =>
    withInteraction(request, reply, async (interaction, at) => {
      const form = formOf(request)
      const email = normalizeEmail(form.email ?? '')
      const password = form.password ?? ''
      const errors: FieldErrors = {}
      if (!email) errors.email = MESSAGES.emailMissing
      else if (!isValidEmail(email)) errors.email = MESSAGES.emailInvalid
      if (!password) errors.password = MESSAGES.passwordMissing
      if (Object.keys(errors).length > 0) return renderSignIn(reply, at, 400, { email, errors })

      const outcome = await credentials.signIn(email, password, request.ip)
      switch (outcome.kind) {
        case 'ok':
          return finish(request, reply, signedIn(outcome.accountId, ['pwd']))
        case 'invalid':
          return renderSignIn(reply, at, 401, { email, formError: MESSAGES.wrongCredentials })
        case 'locked':
        case 'throttled': {
          const wait = minutes(outcome.retryAfterMs)
          reply.header('retry-after', String(Math.ceil(outcome.retryAfterMs / 1000)))
          const formError = outcome.kind === 'locked' ? MESSAGES.locked(wait) : MESSAGES.throttled(wait)
          return renderSignIn(reply, at, 429, { email, formError })
        }
      }
    }),
  )

  // "Password dimenticata?" ends the sign-in as B2C does: the app receives AADB2C90118 and starts the reset
  // policy (spec §4, Session).
  scope.get('/idp/:tenant/:policy/interaction/:uid/password-dimenticata', (request: UidRequest, reply) =>
    withInteraction(request, reply, () =>
      finish(request, reply, { error: 'access_denied', error_description: B2C_FORGOT_PASSWORD }),
    ),
  )

  scope.get('/idp/:tenant/:policy/interaction/:uid/annulla', (request: UidRequest, reply) =>
    withInteraction(request, reply, () =>
      finish(request, reply, { error: 'access_denied', error_description: B2C_CANCELLED }),
    ),
  )

  // ---- sign-up and password reset: e-mail → code → password ---------------------------------------

  function flowLinks(flow: Flow, at: At, step: 'email' | 'code' | 'password'): PageLink[] {
    const items: PageLink[] = []
    if (step === 'code') items.push({ href: `${at.root}/${flow.segment}`, label: "Usa un'altra e-mail" })
    if (flow.purpose === 'signup') items.push({ href: at.root, label: 'Accedi', lead: 'Hai già un account?' })
    else items.push({ href: `${at.root}/annulla`, label: 'Annulla e torna al portale' })
    return items
  }

  function renderEmailStep(
    reply: FastifyReply,
    flow: Flow,
    at: At,
    status: number,
    state: { email: string; errors?: FieldErrors; formError?: string },
  ) {
    return sendPage(
      reply,
      status,
      emailStepPage({
        texts: flow.texts,
        action: `${at.root}/${flow.segment}`,
        email: state.email,
        errors: state.errors ?? {},
        formError: state.formError,
        links: flowLinks(flow, at, 'email'),
      }),
    )
  }

  function renderCodeStep(
    request: FastifyRequest,
    reply: FastifyReply,
    flow: Flow,
    at: At,
    status: number,
    state: { email: string; error?: string; formError?: string; notice?: string },
  ) {
    return sendPage(
      reply,
      status,
      codeStepPage({
        texts: flow.texts,
        action: `${at.root}/${flow.segment}/codice`,
        email: state.email,
        error: state.error,
        formError: state.formError,
        notice: state.notice,
        outboxHref: outboxServed(config, request)
          ? `/idp/outbox?a=${encodeURIComponent(state.email)}`
          : undefined,
        links: flowLinks(flow, at, 'code'),
      }),
    )
  }

  function renderPasswordStep(
    reply: FastifyReply,
    flow: Flow,
    at: At,
    status: number,
    state: { errors?: FieldErrors; formError?: string },
  ) {
    return sendPage(
      reply,
      status,
      passwordStepPage({
        texts: flow.texts,
        action: `${at.root}/${flow.segment}/password`,
        errors: state.errors ?? {},
        formError: state.formError,
        links: flowLinks(flow, at, 'password'),
      }),
    )
  }

  /** Issues and "mails" a code, within the per-address and per-e-mail limits; false when over them. */
  async function sendCode(flow: Flow, email: string, uid: string, address: string): Promise<boolean> {
    if ((await codeSends.retryAfterMs(address)) > 0) return false
    if ((await codes.issuedLastHour(email)) >= LIMITS.codesPerEmailPerHour) return false
    await codeSends.record(address)
    const code = await codes.issue(flow.purpose, email, uid)
    const exists = (await credentials.accountIdFor(email)) !== undefined
    const mail = mailFor(flow, exists, code)
    await sendMail(db, email, mail.subject, mail.body)
    return true
  }

  for (const flow of [SIGN_UP, RESET]) {
    const path = `/idp/:tenant/:policy/interaction/:uid/${flow.segment}`

    scope.get(path, (request: UidRequest, reply) =>
      withInteraction(request, reply, async (interaction, at) =>
        renderEmailStep(reply, flow, at, 200, { email: loginHint(interaction) }),
      ),
    )

    scope.post(path, (request: UidRequest, reply) =>
      withInteraction(request, reply, async (interaction, at) => {
        const email = normalizeEmail(formOf(request).email ?? '')
        const error = !email
          ? MESSAGES.emailMissing
          : !isValidEmail(email)
            ? MESSAGES.emailInvalid
            : undefined
        if (error) return renderEmailStep(reply, flow, at, 400, { email, errors: { email: error } })
        if (!(await sendCode(flow, email, interaction.uid, request.ip))) {
          return renderEmailStep(reply, flow, at, 429, {
            email,
            formError: MESSAGES.tooManyCodes,
          })
        }
        return reply.redirect(`${at.root}/${flow.segment}/codice`, 303)
      }),
    )

    scope.get(`${path}/codice`, (request: UidRequest, reply) =>
      withInteraction(request, reply, async (interaction, at) => {
        const row = await codes.current(flow.purpose, interaction.uid)
        if (!row) return reply.redirect(`${at.root}/${flow.segment}`, 303)
        if (codes.isVerified(row)) return reply.redirect(`${at.root}/${flow.segment}/password`, 303)
        return renderCodeStep(request, reply, flow, at, 200, { email: row.email })
      }),
    )

    scope.post(`${path}/codice`, (request: UidRequest, reply) =>
      withInteraction(request, reply, async (interaction, at) => {
        const uid = at.uid
        const row = await codes.current(flow.purpose, uid)
        if (!row) return reply.redirect(`${at.root}/${flow.segment}`, 303)
        const form = formOf(request)

        if (form.azione === 'reinvia') {
          if (!(await sendCode(flow, row.email, uid, request.ip))) {
            return renderCodeStep(request, reply, flow, at, 429, {
              email: row.email,
              formError: MESSAGES.tooManyCodes,
            })
          }
          return renderCodeStep(request, reply, flow, at, 200, {
            email: row.email,
            notice: MESSAGES.codeSent,
          })
        }

        const code = (form.code ?? '').replace(/\s+/g, '')
        const formatError = !code
          ? MESSAGES.codeMissing
          : !/^\d{6}$/.test(code)
            ? MESSAGES.codeFormat
            : undefined
        if (formatError)
          return renderCodeStep(request, reply, flow, at, 400, { email: row.email, error: formatError })

        const outcome = await codes.check(row, code)
        if (outcome.kind === 'ok') return reply.redirect(`${at.root}/${flow.segment}/password`, 303)
        const error =
          outcome.kind === 'wrong'
            ? MESSAGES.codeWrong(outcome.attemptsLeft)
            : outcome.kind === 'expired'
              ? MESSAGES.codeExpired
              : MESSAGES.codeExhausted
        return renderCodeStep(request, reply, flow, at, 400, { email: row.email, error })
      }),
    )

    scope.get(`${path}/password`, (request: UidRequest, reply) =>
      withInteraction(request, reply, async (interaction, at) => {
        const row = await codes.current(flow.purpose, interaction.uid)
        if (!row) return reply.redirect(`${at.root}/${flow.segment}`, 303)
        if (!codes.isVerified(row)) return reply.redirect(`${at.root}/${flow.segment}/codice`, 303)
        return renderPasswordStep(reply, flow, at, 200, {})
      }),
    )

    scope.post(`${path}/password`, (request: UidRequest, reply) =>
      withInteraction(request, reply, async (interaction, at) => {
        const uid = at.uid
        const row = await codes.current(flow.purpose, uid)
        if (!row) return reply.redirect(`${at.root}/${flow.segment}`, 303)
        if (!codes.isVerified(row)) return reply.redirect(`${at.root}/${flow.segment}/codice`, 303)

        const form = formOf(request)
        const password = form.password ?? ''
        const confirm = form.confirm ?? ''
        const errors: FieldErrors = {}
        const problem = passwordProblem(password)
        if (problem) errors.password = problem
        if (!confirm) errors.confirm = MESSAGES.confirmMissing
        else if (!problem && confirm !== password) errors.confirm = MESSAGES.confirmMismatch
        if (Object.keys(errors).length > 0) return renderPasswordStep(reply, flow, at, 400, { errors })

        // Consumed first: a double submit creates one account, and the code cannot be replayed.
        if (!(await codes.consume(row))) return reply.redirect(`${at.root}/${flow.segment}`, 303)
        const accountId =
          flow.purpose === 'signup'
            ? await credentials.createAccount(row.email, password)
            : await credentials.resetPassword(row.email, password)
        if (!accountId) {
          return sendPage(
            reply,
            409,
            messagePage({
              title: flow.purpose === 'signup' ? 'Account già esistente' : 'Account non trovato',
              paragraphs: [
                flow.purpose === 'signup'
                  ? 'Esiste già un account con questo indirizzo e-mail: accedi con la tua password oppure reimpostala.'
                  : 'Non esiste più un account con questo indirizzo e-mail.',
              ],
              link: { href: at.root, label: "Torna all'accesso" },
            }),
          )
        }
        return finish(request, reply, signedIn(accountId, ['pwd', 'otp']))
      }),
    )
  }

  // ---- the local outbox --------------------------------------------------------------------------

  scope.get('/idp/outbox', async (request: FastifyRequest<{ Querystring: { a?: string } }>, reply) => {
    if (!outboxServed(config, request))
      return reply.code(404).send({ statusCode: 404, message: COMMON_MESSAGES.notFound })
    const filter = normalizeEmail(typeof request.query.a === 'string' ? request.query.a : '')
    const messages = await outboxMessages(db, filter || undefined)
    return sendPage(reply, 200, outboxPage({ messages, filter }))
  })
}
