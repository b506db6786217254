// Server-rendered pages of the local identity service. The CSP is `default-src 'self'`: no inline script or
// style of any kind, so styles come from /idp/assets/idp.css and the one script from /idp/assets/logout.js.

import { Html, markup } from '../http/html.ts'

const BRAND = 'Portale Federale Racchette'

export function layout(options: { title: string; body: Html; script?: string }): string {
  return markup`<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${options.title} · ${BRAND}</title>
<link rel="stylesheet" href="/idp/assets/idp.css">
${options.script ? markup`<script src="${options.script}" defer></script>` : null}
</head>
<body>
<header class="brand"><p class="brand-name"><img class="brand-logo" src="/favicon.svg" alt="" width="28" height="28"><span>${BRAND}</span></p></header>
<main class="card" id="contenuto">
${options.body}
</main>
<footer class="footer"><p>Servizio di accesso del portale</p></footer>
</body>
</html>
`.value
}

export type FieldSpec = {
  name: string
  label: string
  type: 'email' | 'password' | 'text'
  autocomplete: string
  value?: string
  hint?: string
  error?: string | undefined
  autofocus?: boolean
  inputmode?: 'numeric' | 'email'
  maxlength?: number
  /** Ids of other messages that describe this field (a form-level error). */
  describedBy?: string[]
}

/** A labelled input whose hint and error are tied to it with aria-describedby. */
export function field(spec: FieldSpec): Html {
  const hintId = spec.hint ? `${spec.name}-hint` : undefined
  const errorId = spec.error ? `${spec.name}-error` : undefined
  const describedBy = [hintId, errorId, ...(spec.describedBy ?? [])].filter(Boolean).join(' ')
  const attributes = [
    spec.value !== undefined && spec.type !== 'password' ? markup` value="${spec.value}"` : null,
    spec.inputmode ? markup` inputmode="${spec.inputmode}"` : null,
    spec.maxlength ? markup` maxlength="${spec.maxlength}"` : null,
    describedBy ? markup` aria-describedby="${describedBy}"` : null,
    spec.error ? markup` aria-invalid="true"` : null,
    spec.autofocus ? markup` autofocus` : null,
  ]
  return markup`<div class="field${spec.error ? ' field-invalid' : ''}">
<label for="${spec.name}">${spec.label}</label>
${spec.hint ? markup`<p class="hint" id="${hintId}">${spec.hint}</p>` : null}
${spec.error ? markup`<p class="field-error" id="${errorId}"><span class="visually-hidden">Errore: </span>${spec.error}</p>` : null}
<input id="${spec.name}" name="${spec.name}" type="${spec.type}" autocomplete="${spec.autocomplete}" required${attributes}>
</div>`
}

/** The list of field errors at the top of a form, each linking to its field. */
export function errorSummary(errors: { field: string; message: string }[]): Html | null {
  if (errors.length === 0) return null
  return markup`<div class="error-summary" role="alert" aria-labelledby="error-summary-title">
<h2 id="error-summary-title">Controlla i dati inseriti</h2>
<ul>${errors.map((e) => markup`<li><a href="#${e.field}">${e.message}</a></li>`)}</ul>
</div>`
}

/** A message about the whole form (wrong credentials, too many attempts). */
export function formAlert(message: string | undefined): Html | null {
  return message ? markup`<div class="alert" role="alert" id="form-error">${message}</div>` : null
}

export function notice(message: string | undefined): Html | null {
  return message ? markup`<p class="notice" role="status">${message}</p>` : null
}

export type FieldErrors = Partial<Record<string, string>>

function summaryOf(errors: FieldErrors, order: string[]) {
  return order.filter((name) => errors[name]).map((name) => ({ field: name, message: errors[name]! }))
}

/** The first field to focus: the first with an error, or the first of the form. */
function focusOf(errors: FieldErrors, order: string[], fallback: string): string {
  return order.find((name) => errors[name]) ?? fallback
}

export function signInPage(options: {
  action: string
  email: string
  errors: FieldErrors
  formError?: string | undefined
  forgotHref: string
  signUpHref: string
}): string {
  const order = ['email', 'password']
  const focus = options.formError ? 'password' : focusOf(options.errors, order, 'email')
  const formDescribed = options.formError ? ['form-error'] : []
  const email = field({
    name: 'email',
    label: 'E-mail',
    type: 'email',
    autocomplete: 'username',
    inputmode: 'email',
    value: options.email,
    error: options.errors.email,
    autofocus: focus === 'email',
    maxlength: 254,
    describedBy: formDescribed,
  })
  const password = field({
    name: 'password',
    label: 'Password',
    type: 'password',
    autocomplete: 'current-password',
    error: options.errors.password,
    autofocus: focus === 'password',
    maxlength: 128,
    describedBy: formDescribed,
  })
  return layout({
    title: 'Accedi',
    body: markup`<h1>Accedi</h1>
<p class="lead">Accedi con l'e-mail e la password del tuo account.</p>
${formAlert(options.formError)}
${errorSummary(summaryOf(options.errors, order))}
<form method="post" action="${options.action}" novalidate>
${email}
${password}
<p class="aside-link"><a href="${options.forgotHref}">Password dimenticata?</a></p>
<button type="submit" class="primary">Accedi</button>
</form>
<p class="switch">Non hai un account? <a href="${options.signUpHref}">Registrati</a></p>`,
  })
}

export type FlowTexts = {
  title: string
  emailIntro: string
  passwordTitle: string
  passwordIntro: string
  passwordSubmit: string
}

export const SIGN_UP_TEXTS: FlowTexts = {
  title: 'Registrati',
  emailIntro: 'Inserisci la tua e-mail: ti invieremo un codice di verifica di 6 cifre per confermarla.',
  passwordTitle: 'Scegli la password',
  passwordIntro: "L'e-mail è verificata. Scegli la password del tuo nuovo account.",
  passwordSubmit: "Crea l'account",
}

export const RESET_TEXTS: FlowTexts = {
  title: 'Reimposta la password',
  emailIntro: "Inserisci l'e-mail del tuo account: ti invieremo un codice di verifica di 6 cifre.",
  passwordTitle: 'Scegli la nuova password',
  passwordIntro: "L'e-mail è verificata. Scegli la nuova password: dopo il salvataggio entrerai nel portale.",
  passwordSubmit: 'Salva la password e accedi',
}

/** A link below a form: back to sign-in, or cancel. */
export type PageLink = { href: string; label: string; lead?: string }

function links(items: PageLink[]): Html {
  return markup`${items.map(
    (item) =>
      markup`<p class="switch">${item.lead ? `${item.lead} ` : null}<a href="${item.href}">${item.label}</a></p>`,
  )}`
}

export function emailStepPage(options: {
  texts: FlowTexts
  action: string
  email: string
  errors: FieldErrors
  formError?: string | undefined
  links: PageLink[]
}): string {
  const email = field({
    name: 'email',
    label: 'E-mail',
    type: 'email',
    autocomplete: 'email',
    inputmode: 'email',
    value: options.email,
    error: options.errors.email,
    autofocus: true,
    maxlength: 254,
    describedBy: options.formError ? ['form-error'] : [],
  })
  return layout({
    title: options.texts.title,
    body: markup`<h1>${options.texts.title}</h1>
<p class="lead">${options.texts.emailIntro}</p>
${formAlert(options.formError)}
${errorSummary(summaryOf(options.errors, ['email']))}
<form method="post" action="${options.action}" novalidate>
${email}
<button type="submit" class="primary">Invia il codice</button>
</form>
${links(options.links)}`,
  })
}

export function codeStepPage(options: {
  texts: FlowTexts
  action: string
  email: string
  error?: string | undefined
  formError?: string | undefined
  notice?: string | undefined
  /** The outbox, when this browser may read it (server/idp/interactions.ts outboxServed). */
  outboxHref: string | undefined
  links: PageLink[]
}): string {
  const code = field({
    name: 'code',
    label: 'Codice di verifica',
    type: 'text',
    autocomplete: 'one-time-code',
    inputmode: 'numeric',
    hint: 'Le 6 cifre ricevute per e-mail.',
    error: options.error,
    autofocus: true,
    maxlength: 12,
    describedBy: options.formError ? ['form-error'] : [],
  })
  return layout({
    title: `${options.texts.title}: verifica l'e-mail`,
    body: markup`<h1>Verifica l'e-mail</h1>
<p class="lead">Abbiamo inviato un'e-mail a <strong>${options.email}</strong> con il codice di verifica, valido 15 minuti.</p>
${
  options.outboxHref
    ? markup`<p class="local-note">Ambiente locale: le e-mail non partono, si leggono nella <a href="${options.outboxHref}" target="_blank" rel="noopener">posta simulata (si apre in una nuova scheda)</a>.</p>`
    : markup`<p class="local-note">Ambiente locale: le e-mail non partono; la posta simulata si legge solo dal computer che ospita il portale.</p>`
}
${notice(options.notice)}
${formAlert(options.formError)}
${errorSummary(options.error ? [{ field: 'code', message: options.error }] : [])}
<form method="post" action="${options.action}" novalidate>
${code}
<button type="submit" class="primary" name="azione" value="verifica">Verifica</button>
</form>
<form method="post" action="${options.action}" class="secondary-form">
<button type="submit" class="secondary" name="azione" value="reinvia">Invia un nuovo codice</button>
</form>
${links(options.links)}`,
  })
}

export function passwordStepPage(options: {
  texts: FlowTexts
  action: string
  errors: FieldErrors
  formError?: string | undefined
  links: PageLink[]
}): string {
  const order = ['password', 'confirm']
  const focus = focusOf(options.errors, order, 'password')
  const password = field({
    name: 'password',
    label: 'Nuova password',
    type: 'password',
    autocomplete: 'new-password',
    hint: 'Almeno 8 caratteri, con lettere e numeri.',
    error: options.errors.password,
    autofocus: focus === 'password',
    maxlength: 128,
  })
  const confirm = field({
    name: 'confirm',
    label: 'Conferma la password',
    type: 'password',
    autocomplete: 'new-password',
    error: options.errors.confirm,
    autofocus: focus === 'confirm',
    maxlength: 128,
  })
  return layout({
    title: options.texts.passwordTitle,
    body: markup`<h1>${options.texts.passwordTitle}</h1>
<p class="lead">${options.texts.passwordIntro}</p>
${formAlert(options.formError)}
${errorSummary(summaryOf(options.errors, order))}
<form method="post" action="${options.action}" novalidate>
${password}
${confirm}
<button type="submit" class="primary">${options.texts.passwordSubmit}</button>
</form>
${links(options.links)}`,
  })
}

/** A page that only explains something (an expired request, a finished step) with a way forward. */
export function messagePage(options: { title: string; paragraphs: string[]; link?: PageLink }): string {
  return layout({
    title: options.title,
    body: markup`<h1>${options.title}</h1>
${options.paragraphs.map((p) => markup`<p>${p}</p>`)}
${options.link ? links([options.link]) : null}`,
  })
}

const DATE_FORMAT = new Intl.DateTimeFormat('it-IT', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'Europe/Rome',
})

export function outboxPage(options: {
  messages: { id: number; recipient: string; subject: string; body: string; createdAt: Date }[]
  filter: string
}): string {
  const { messages, filter } = options
  const list =
    messages.length === 0
      ? markup`<p class="empty">Nessun messaggio.</p>`
      : markup`<ol class="messages">${messages.map(
          (m) => markup`<li class="message">
<article aria-labelledby="message-${m.id}">
<h2 id="message-${m.id}">${m.subject}</h2>
<dl>
<dt>A</dt><dd>${m.recipient}</dd>
<dt>Inviato</dt><dd><time datetime="${m.createdAt.toISOString()}">${DATE_FORMAT.format(m.createdAt)}</time></dd>
</dl>
<div class="message-body">${m.body.split('\n').map((line) => markup`<p>${line}</p>`)}</div>
</article>
</li>`,
        )}</ol>`
  return layout({
    title: 'Posta simulata',
    body: markup`<h1>Posta simulata (solo ambiente locale): sostituisce l'invio di e-mail</h1>
<p class="lead">Il servizio d'identità locale non spedisce e-mail: i messaggi che invierebbe (codici di verifica, avvisi) compaiono qui, dal più recente. Con Azure AD B2C questa pagina non esiste.</p>
<form method="get" action="/idp/outbox" class="filter" role="search">
<div class="field">
<label for="a">Mostra solo i messaggi per</label>
<input id="a" name="a" type="email" autocomplete="email" inputmode="email" value="${filter}">
</div>
<button type="submit" class="secondary">Filtra</button>
${filter ? markup`<a href="/idp/outbox">Mostra tutti</a>` : null}
</form>
<p><a href="/idp/outbox${filter ? `?a=${encodeURIComponent(filter)}` : ''}">Aggiorna</a></p>
${list}`,
  })
}

/** RP-initiated logout without a confirmation: the form submits itself (identity note, trap 5). */
export function logoutPage(options: { action: string; xsrf: string }): string {
  return layout({
    title: 'Uscita in corso',
    script: '/idp/assets/logout.js',
    body: markup`<h1>Uscita in corso…</h1>
<form id="logout-form" method="post" action="${options.action}">
<input type="hidden" name="xsrf" value="${options.xsrf}">
<input type="hidden" name="logout" value="yes">
<noscript><p>JavaScript è disattivato: premi il pulsante per completare l'uscita.</p><button type="submit" class="primary">Esci</button></noscript>
</form>`,
  })
}

export function signedOutPage(portalHref: string): string {
  return messagePage({
    title: 'Sei uscito',
    paragraphs: ['Hai chiuso la sessione del portale su questo dispositivo.'],
    link: { href: portalHref, label: 'Torna al portale' },
  })
}

export function providerErrorPage(options: {
  error: string
  description?: string | undefined
  portalHref: string
}): string {
  return layout({
    title: 'Errore di accesso',
    body: markup`<h1>Non è stato possibile completare la richiesta</h1>
<p>La richiesta di accesso non è valida o è scaduta. Torna al portale e riprova.</p>
<dl class="error-details">
<dt>Codice</dt><dd><code>${options.error}</code></dd>
${options.description ? markup`<dt>Dettagli</dt><dd>${options.description}</dd>` : null}
</dl>
${links([{ href: options.portalHref, label: 'Torna al portale' }])}`,
  })
}
