// The portal's pages as data (spec §2): every route's id, path, layout, title, whether it needs a signed-in user
// and how it scrolls. The one home of the portal's paths: the client's router builds its routes from it, the
// server answers 404 for an address outside it (server/plugins/spa.ts), so the table lives in contract/, which
// both import. Pure: no React and no page imports, so any view may import it (through src/app/paths.ts) to build a
// link with `href` without pulling the route table of lazy pages (src/app/routes.ts) into a loop.

/** The paths the machines decide about (machines/paths.ts re-exports them). */
export const PATHS = {
  root: '/',
  home: '/home',
  sceltaDisciplina: '/scelta-disciplina',
  modificaProfilo: '/modifica-profilo',
  modificaPrivacy: '/modifica-privacy',
  creazioneCredenziali: '/creazione-credenziali',
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  creaPassword: '/crea-password',
  privacy: '/privacy',
  cookies: '/cookies',
  dichiarazioneDiAccessibilita: '/dichiarazione-di-accessibilita',
  verificaTessera: '/verifica-tessera/:verifica',
} as const

export type Layout = 'main' | 'bare' | 'auth'

export type RouteInfo = {
  id: string
  path: string
  layout: Layout
  title: string
  /** Needs a signed-in user (spec §6). */
  auth?: boolean
  /**
   * Open to anyone but about the visitor's own work (a form to fill in): not a public page, so nothing to share.
   * Pages with `auth` are never public either (see isPublicPage).
   */
  personal?: true
  /** Calendar, circuits and championships scroll to the bottom; everything else to the top (spec §2). */
  scroll?: 'top' | 'bottom'
  /**
   * The id of the element where the page's list starts: another page or filter of the same list (only the query
   * changes) shows it from there, not from the pager at the bottom (issue 19, item 3).
   */
  listTop?: string
}

export const routes = [
  { id: 'home', path: PATHS.home, layout: 'main', title: 'Home' },
  { id: 'contatti', path: '/contatti', layout: 'main', title: 'Contatti' },
  { id: 'helpdesk', path: '/helpdesk', layout: 'main', title: 'Assistenza' },
  { id: 'faq', path: '/faq', layout: 'main', title: 'Domande frequenti' },
  { id: 'news', path: '/news', layout: 'main', title: 'News' },
  { id: 'newsAdd', path: '/news/add-news', layout: 'main', title: 'Nuova news', personal: true },
  { id: 'newsDettaglio', path: '/news-dettaglio/:id', layout: 'main', title: 'News' },
  {
    id: 'newsDettaglioTitolo',
    path: '/news-dettaglio/:disciplina/:tipologia_news/:titolo',
    layout: 'main',
    title: 'News',
  },
  {
    id: 'listaGiocatori',
    path: '/lista-giocatori',
    layout: 'main',
    title: 'Giocatori',
    listTop: 'giocatori-risultati',
  },
  { id: 'listaCircoli', path: '/lista-circoli', layout: 'main', title: 'Circoli' },
  { id: 'dettaglioCircolo', path: '/dettaglio-circolo/:id', layout: 'main', title: 'Circolo' },
  { id: 'raceAnnuale', path: '/classifiche/race-annuale', layout: 'main', title: 'Race annuale' },
  {
    id: 'classificaNazionale',
    path: '/classifiche/classifica-nazionale',
    layout: 'main',
    title: 'Classifica nazionale',
  },
  {
    id: 'classificaAffiliati',
    path: '/classifiche/classifica-affiliati',
    layout: 'main',
    title: 'Classifica affiliati',
  },
  { id: 'impostazioni', path: '/impostazioni', layout: 'main', title: 'Impostazioni', auth: true },
  { id: 'elencoTessere', path: '/elenco-tessere', layout: 'main', title: 'Le mie tessere', auth: true },
  // A card's QR code leads here (issue 23 item 2): validity and sector only, open to a club desk without a sector.
  {
    id: 'verificaTessera',
    path: PATHS.verificaTessera,
    layout: 'main',
    title: 'Verifica tessera',
    personal: true,
  },
  {
    id: 'cercaCompagno',
    path: '/giocatori/cerca-compagno',
    layout: 'main',
    title: 'Cerca compagno',
    auth: true,
  },
  // Challenges (issue 12): the fixed paths before /sfide/:id, which would match them too.
  { id: 'sfide', path: '/sfide', layout: 'main', title: 'Le mie sfide', auth: true },
  { id: 'nuovaSfida', path: '/sfide/nuova', layout: 'main', title: 'Lancia una sfida', auth: true },
  { id: 'bachecaSfide', path: '/sfide/bacheca', layout: 'main', title: 'Bacheca delle sfide' },
  { id: 'dettaglioSfida', path: '/sfide/:id', layout: 'main', title: 'Sfida', auth: true },
  { id: 'regolamenti', path: '/regolamenti', layout: 'main', title: 'Regolamenti' },
  {
    id: 'modificaProfilo',
    path: PATHS.modificaProfilo,
    layout: 'main',
    title: 'Modifica profilo',
    auth: true,
  },
  {
    id: 'modificaPrivacy',
    path: PATHS.modificaPrivacy,
    layout: 'main',
    title: 'Preferenze privacy',
    auth: true,
  },
  { id: 'privacy', path: PATHS.privacy, layout: 'main', title: 'Informativa privacy' },
  {
    id: 'accessibilita',
    path: PATHS.dichiarazioneDiAccessibilita,
    layout: 'main',
    title: 'Dichiarazione di accessibilità',
  },
  { id: 'cookies', path: PATHS.cookies, layout: 'main', title: 'Cookie' },
  { id: 'schedaGiocatore', path: '/scheda-giocatore/:id', layout: 'main', title: 'Scheda giocatore' },
  {
    id: 'calendarioTornei',
    path: '/tornei/calendario-tornei',
    layout: 'main',
    title: 'Calendario tornei',
    scroll: 'bottom',
    listTop: 'calendario-risultati',
  },
  {
    id: 'circuitiTornei',
    path: '/tornei/circuiti-tornei',
    layout: 'main',
    title: 'Circuiti',
    scroll: 'bottom',
    listTop: 'circuiti-risultati',
  },
  {
    id: 'campionatiSquadre',
    path: '/tornei/campionati-squadre',
    layout: 'main',
    title: 'Campionati a squadre',
    scroll: 'bottom',
    listTop: 'campionati-risultati',
  },
  { id: 'dettaglioCircuito', path: '/tornei/dettaglio-circuito/:id', layout: 'main', title: 'Circuito' },
  {
    id: 'dettaglioCampionato',
    path: '/tornei/dettaglio-campionato/:id',
    layout: 'main',
    title: 'Campionato',
  },
  { id: 'dettaglioTorneo', path: '/tornei/dettaglio-torneo/:id', layout: 'main', title: 'Torneo' },
  {
    id: 'dettaglioTorneoCampionato',
    path: '/tornei/dettaglio-torneo-campionato/:id',
    layout: 'main',
    title: 'Torneo a squadre',
  },
  {
    id: 'dettaglioTorneoCampionatoCapitano',
    path: '/tornei/dettaglio-torneo-campionato-capitano/:id',
    layout: 'main',
    title: 'Pagina del capitano',
    auth: true,
  },
  { id: 'dettaglioSquadra', path: '/tornei/dettaglio-squadra/:id', layout: 'main', title: 'Squadra' },
  // The federation's desk for contested team ties (docs/ruoli.md): the server answers the federation only.
  {
    id: 'incontriContestati',
    path: '/tornei/incontri-contestati',
    layout: 'main',
    title: 'Incontri contestati',
    auth: true,
  },
  { id: 'sceltaDisciplina', path: PATHS.sceltaDisciplina, layout: 'bare', title: 'Scegli la disciplina' },
  {
    id: 'creazioneCredenziali',
    path: PATHS.creazioneCredenziali,
    layout: 'auth',
    title: 'Crea le tue credenziali',
  },
  { id: 'verifyEmail', path: PATHS.verifyEmail, layout: 'auth', title: "Verifica l'e-mail" },
  { id: 'resetPassword', path: PATHS.resetPassword, layout: 'auth', title: 'Reimposta la password' },
  { id: 'creaPassword', path: PATHS.creaPassword, layout: 'auth', title: 'Crea la password' },
] as const satisfies readonly RouteInfo[]

export type RouteId = (typeof routes)[number]['id']

/**
 * Redirects of spec §2. An unknown path is not redirected to '/' as the spec says: it shows «Pagina non trovata»
 * (issue 19, item 5), with a 404 from the server.
 */
export const redirects = [
  { from: '/index', to: PATHS.home },
  { from: PATHS.root, to: PATHS.sceltaDisciplina },
  { from: '/sign-in', to: PATHS.creazioneCredenziali },
] as const

const byId = new Map<string, RouteInfo>(routes.map((r) => [r.id, r]))

/** The route of an id. */
export function routeById(id: RouteId): RouteInfo {
  return byId.get(id)!
}

/** The URL of a route, with its `:params` filled in. */
export function href(id: RouteId, params: Record<string, string | number> = {}): string {
  return routeById(id).path.replace(/:(\w+)/g, (_m, name: string) =>
    encodeURIComponent(String(params[name] ?? '')),
  )
}

function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/')
  const b = pathname.replace(/\/$/, '').split('/')
  return a.length === b.length && a.every((part, i) => part.startsWith(':') || part === b[i])
}

/** The route a path belongs to, if any. */
export function routeFor(pathname: string): RouteInfo | undefined {
  return routes.find((r) => matches(r.path, pathname || '/'))
}

export const isAuthRequired = (pathname: string) => routeFor(pathname)?.auth === true
export const scrollFor = (pathname: string) => routeFor(pathname)?.scroll ?? 'top'
export const listTopFor = (pathname: string) => routeFor(pathname)?.listTop

/**
 * A public page: one anyone may open and send to someone else (the share box appears there, spec §2). Not the
 * pages that need a signed-in user, nor the personal ones, nor an address outside the route table.
 */
export function isPublicPage(pathname: string): boolean {
  const route = routeFor(pathname)
  return route !== undefined && route.auth !== true && route.personal !== true
}

/** Whether the portal has a page, or a redirect, at this path: any other address is «Pagina non trovata». */
export function isKnownPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return routeFor(path) !== undefined || redirects.some((r) => r.from === path)
}
