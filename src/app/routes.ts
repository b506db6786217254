// The route table of spec §2: paths as data. Views build links with `href`, never by hand.
import type { ComponentType } from 'react'

export type Layout = 'main' | 'bare' | 'auth'
export type PageModule = { default: ComponentType }

export type RouteDef = {
  id: string
  path: string
  layout: Layout
  title: string
  /** Needs a signed-in user (spec §6). */
  auth?: boolean
  /** Calendar, circuits and championships scroll to the bottom; everything else to the top (spec §2). */
  scroll?: 'top' | 'bottom'
  load: () => Promise<PageModule>
}

const soon = (title: string) => () =>
  import('../features/soon/SoonPage.tsx').then((m) => ({ default: m.soonPage(title) }))

export const routes = [
  {
    id: 'home',
    path: '/home',
    layout: 'main',
    title: 'Home',
    load: () => import('../features/home/HomePage.tsx'),
  },
  {
    id: 'contatti',
    path: '/contatti',
    layout: 'main',
    title: 'Contatti',
    load: () => import('../features/static/ContattiPage.tsx'),
  },
  { id: 'helpdesk', path: '/helpdesk', layout: 'main', title: 'Assistenza', load: soon('Assistenza') },
  {
    id: 'faq',
    path: '/faq',
    layout: 'main',
    title: 'Domande frequenti',
    load: () => import('../features/static/FaqPage.tsx'),
  },
  {
    id: 'news',
    path: '/news',
    layout: 'main',
    title: 'News',
    load: () => import('../features/news/NewsListPage.tsx'),
  },
  {
    id: 'newsAdd',
    path: '/news/add-news',
    layout: 'main',
    title: 'Nuova news',
    load: () => import('../features/news/NewsAddPage.tsx'),
  },
  {
    id: 'newsDettaglio',
    path: '/news-dettaglio/:id',
    layout: 'main',
    title: 'News',
    load: () => import('../features/news/NewsDetailPage.tsx'),
  },
  {
    id: 'newsDettaglioTitolo',
    path: '/news-dettaglio/:disciplina/:tipologia_news/:titolo',
    layout: 'main',
    title: 'News',
    load: () => import('../features/news/NewsDetailPage.tsx'),
  },
  {
    id: 'listaGiocatori',
    path: '/lista-giocatori',
    layout: 'main',
    title: 'Giocatori',
    load: soon('Giocatori'),
  },
  { id: 'listaCircoli', path: '/lista-circoli', layout: 'main', title: 'Circoli', load: soon('Circoli') },
  {
    id: 'dettaglioCircolo',
    path: '/dettaglio-circolo/:id',
    layout: 'main',
    title: 'Circolo',
    load: soon('Circolo'),
  },
  {
    id: 'raceAnnuale',
    path: '/classifiche/race-annuale',
    layout: 'main',
    title: 'Race annuale',
    load: soon('Race annuale'),
  },
  {
    id: 'classificaNazionale',
    path: '/classifiche/classifica-nazionale',
    layout: 'main',
    title: 'Classifica nazionale',
    load: soon('Classifica nazionale'),
  },
  {
    id: 'classificaAffiliati',
    path: '/classifiche/classifica-affiliati',
    layout: 'main',
    title: 'Classifica affiliati',
    load: soon('Classifica affiliati'),
  },
  {
    id: 'impostazioni',
    path: '/impostazioni',
    layout: 'main',
    title: 'Impostazioni',
    auth: true,
    load: () => import('../features/impostazioni/ImpostazioniPage.tsx'),
  },
  {
    id: 'elencoTessere',
    path: '/elenco-tessere',
    layout: 'main',
    title: 'Le mie tessere',
    auth: true,
    load: () => import('../features/tessere/ElencoTesserePage.tsx'),
  },
  {
    id: 'regolamenti',
    path: '/regolamenti',
    layout: 'main',
    title: 'Regolamenti',
    load: () => import('../features/static/RegolamentiPage.tsx'),
  },
  {
    id: 'modificaProfilo',
    path: '/modifica-profilo',
    layout: 'main',
    title: 'Modifica profilo',
    auth: true,
    load: () => import('../features/profilo/ModificaProfiloPage.tsx'),
  },
  {
    id: 'modificaPrivacy',
    path: '/modifica-privacy',
    layout: 'main',
    title: 'Preferenze privacy',
    auth: true,
    load: () => import('../features/profilo/ModificaPrivacyPage.tsx'),
  },
  {
    id: 'privacy',
    path: '/privacy',
    layout: 'main',
    title: 'Informativa privacy',
    load: () => import('../features/static/PrivacyPage.tsx'),
  },
  {
    id: 'accessibilita',
    path: '/dichiarazione-di-accessibilita',
    layout: 'main',
    title: 'Dichiarazione di accessibilità',
    load: () => import('../features/static/AccessibilitaPage.tsx'),
  },
  {
    id: 'cookies',
    path: '/cookies',
    layout: 'main',
    title: 'Cookie',
    load: () => import('../features/static/CookiesPage.tsx'),
  },
  {
    id: 'schedaGiocatore',
    path: '/scheda-giocatore/:id',
    layout: 'main',
    title: 'Scheda giocatore',
    load: soon('Scheda giocatore'),
  },
  {
    id: 'calendarioTornei',
    path: '/tornei/calendario-tornei',
    layout: 'main',
    title: 'Calendario tornei',
    scroll: 'bottom',
    load: soon('Calendario tornei'),
  },
  {
    id: 'circuitiTornei',
    path: '/tornei/circuiti-tornei',
    layout: 'main',
    title: 'Circuiti',
    scroll: 'bottom',
    load: soon('Circuiti'),
  },
  {
    id: 'campionatiSquadre',
    path: '/tornei/campionati-squadre',
    layout: 'main',
    title: 'Campionati a squadre',
    scroll: 'bottom',
    load: soon('Campionati a squadre'),
  },
  {
    id: 'dettaglioCircuito',
    path: '/tornei/dettaglio-circuito/:id',
    layout: 'main',
    title: 'Circuito',
    load: soon('Circuito'),
  },
  {
    id: 'dettaglioCampionato',
    path: '/tornei/dettaglio-campionato/:id',
    layout: 'main',
    title: 'Campionato',
    load: soon('Campionato'),
  },
  {
    id: 'dettaglioTorneo',
    path: '/tornei/dettaglio-torneo/:id',
    layout: 'main',
    title: 'Torneo',
    load: soon('Torneo'),
  },
  {
    id: 'dettaglioTorneoCampionato',
    path: '/tornei/dettaglio-torneo-campionato/:id',
    layout: 'main',
    title: 'Torneo a squadre',
    load: soon('Torneo a squadre'),
  },
  {
    id: 'dettaglioTorneoCampionatoCapitano',
    path: '/tornei/dettaglio-torneo-campionato-capitano/:id',
    layout: 'main',
    title: 'Pagina del capitano',
    load: soon('Pagina del capitano'),
  },
  {
    id: 'dettaglioSquadra',
    path: '/tornei/dettaglio-squadra/:id',
    layout: 'main',
    title: 'Squadra',
    load: soon('Squadra'),
  },
  {
    id: 'sceltaDisciplina',
    path: '/scelta-disciplina',
    layout: 'bare',
    title: 'Scegli la disciplina',
    load: () => import('../features/disciplina/SceltaDisciplinaPage.tsx'),
  },
  {
    id: 'creazioneCredenziali',
    path: '/creazione-credenziali',
    layout: 'auth',
    title: 'Crea le tue credenziali',
    load: () => import('../features/credenziali/CreazioneCredenzialiPage.tsx'),
  },
  {
    id: 'verifyEmail',
    path: '/verify-email',
    layout: 'auth',
    title: "Verifica l'e-mail",
    load: () => import('../features/credenziali/VerifyEmailPage.tsx'),
  },
  {
    id: 'resetPassword',
    path: '/reset-password',
    layout: 'auth',
    title: 'Reimposta la password',
    load: () => import('../features/credenziali/ResetPasswordPage.tsx'),
  },
  {
    id: 'creaPassword',
    path: '/crea-password',
    layout: 'auth',
    title: 'Crea la password',
    load: () => import('../features/credenziali/CreaPasswordPage.tsx'),
  },
] as const satisfies readonly RouteDef[]

export type RouteId = (typeof routes)[number]['id']

/** Redirects of spec §2; unknown paths go to '/', which goes to /scelta-disciplina. */
export const redirects = [
  { from: '/index', to: '/home' },
  { from: '/', to: '/scelta-disciplina' },
  { from: '/sign-in', to: '/creazione-credenziali' },
] as const

export const AFTER_SIGN_IN = '/home'
export const AFTER_SIGN_OUT = '/'

const byId = new Map<string, RouteDef>(routes.map((r) => [r.id, r]))

/** The URL of a route, with its `:params` filled in. */
export function href(id: RouteId, params: Record<string, string | number> = {}): string {
  const route = byId.get(id)!
  return route.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(params[name] ?? '')))
}

function matches(pattern: string, pathname: string): boolean {
  const a = pattern.split('/')
  const b = pathname.replace(/\/$/, '').split('/')
  return a.length === b.length && a.every((part, i) => part.startsWith(':') || part === b[i])
}

/** The route a path belongs to, if any. */
export function routeFor(pathname: string): RouteDef | undefined {
  return routes.find((r) => matches(r.path, pathname || '/'))
}

export const isAuthRequired = (pathname: string) => routeFor(pathname)?.auth === true
export const scrollFor = (pathname: string) => routeFor(pathname)?.scroll ?? 'top'
