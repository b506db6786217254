// Which page each route shows: a route id of src/app/paths.ts → its lazily loaded page. Only the router imports
// this table; views build links with paths.ts, so no page imports the table that imports it.
import type { ComponentType } from 'react'
import type { RouteId } from './paths.ts'

export type PageModule = { default: ComponentType }

// One line per built page, `id: () => import('…')`: vite.config.ts reads them to hint each route's chunks.
export const pages: Record<RouteId, () => Promise<PageModule>> = {
  home: () => import('../features/home/HomePage.tsx'),
  contatti: () => import('../features/static/ContattiPage.tsx'),
  helpdesk: () => import('../features/helpdesk/HelpdeskPage.tsx'),
  faq: () => import('../features/static/FaqPage.tsx'),
  news: () => import('../features/news/NewsListPage.tsx'),
  newsAdd: () => import('../features/news/NewsAddPage.tsx'),
  newsDettaglio: () => import('../features/news/NewsDetailPage.tsx'),
  newsDettaglioTitolo: () => import('../features/news/NewsDetailPage.tsx'),
  listaGiocatori: () => import('../features/giocatori/ListaGiocatoriPage.tsx'),
  listaCircoli: () => import('../features/circoli/ListaCircoliPage.tsx'),
  dettaglioCircolo: () => import('../features/circoli/DettaglioCircoloPage.tsx'),
  raceAnnuale: () => import('../features/classifiche/RaceAnnualePage.tsx'),
  classificaNazionale: () => import('../features/classifiche/ClassificaNazionalePage.tsx'),
  classificaAffiliati: () => import('../features/classifiche/ClassificaAffiliatiPage.tsx'),
  impostazioni: () => import('../features/impostazioni/ImpostazioniPage.tsx'),
  elencoTessere: () => import('../features/tessere/ElencoTesserePage.tsx'),
  verificaTessera: () => import('../features/tessere/VerificaTesseraPage.tsx'),
  cercaCompagno: () => import('../features/cerca-compagno/CercaCompagnoPage.tsx'),
  sfide: () => import('../features/sfide/SfidePage.tsx'),
  nuovaSfida: () => import('../features/sfide/NuovaSfidaPage.tsx'),
  bachecaSfide: () => import('../features/sfide/BachecaPage.tsx'),
  dettaglioSfida: () => import('../features/sfide/SfidaPage.tsx'),
  regolamenti: () => import('../features/static/RegolamentiPage.tsx'),
  modificaProfilo: () => import('../features/profilo/ModificaProfiloPage.tsx'),
  modificaPrivacy: () => import('../features/profilo/ModificaPrivacyPage.tsx'),
  privacy: () => import('../features/static/PrivacyPage.tsx'),
  accessibilita: () => import('../features/static/AccessibilitaPage.tsx'),
  cookies: () => import('../features/static/CookiesPage.tsx'),
  schedaGiocatore: () => import('../features/giocatori/SchedaGiocatorePage.tsx'),
  calendarioTornei: () => import('../features/tornei/CalendarioPage.tsx'),
  circuitiTornei: () => import('../features/tornei/CircuitiPage.tsx'),
  campionatiSquadre: () => import('../features/campionati/CampionatiPage.tsx'),
  dettaglioCircuito: () => import('../features/tornei/CircuitoDettaglioPage.tsx'),
  dettaglioCampionato: () => import('../features/campionati/CampionatoPage.tsx'),
  dettaglioTorneo: () => import('../features/tornei/DettaglioTorneoPage.tsx'),
  dettaglioTorneoCampionato: () => import('../features/campionati/TorneoCampionatoPage.tsx'),
  dettaglioTorneoCampionatoCapitano: () => import('../features/incontri/CapitanoPage.tsx'),
  dettaglioSquadra: () => import('../features/campionati/SquadraPage.tsx'),
  incontriContestati: () => import('../features/incontri/ContestatiPage.tsx'),
  sceltaDisciplina: () => import('../features/disciplina/SceltaDisciplinaPage.tsx'),
  creazioneCredenziali: () => import('../features/credenziali/CreazioneCredenzialiPage.tsx'),
  verifyEmail: () => import('../features/credenziali/VerifyEmailPage.tsx'),
  resetPassword: () => import('../features/credenziali/ResetPasswordPage.tsx'),
  creaPassword: () => import('../features/credenziali/CreaPasswordPage.tsx'),
}
