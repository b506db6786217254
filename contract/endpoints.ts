// The one table of API paths (DESIGN.md §4). Server routes and the client both read it.
import * as analytics from './analytics.ts'
import * as avvisi from './avvisi.ts'
import * as campionati from './campionati.ts'
import * as calendario from './calendario.ts'
import * as cercaCompagno from './cerca-compagno.ts'
import * as circoli from './circoli.ts'
import * as circuiti from './circuiti.ts'
import * as datiPersonali from './dati-personali.ts'
import * as classifiche from './classifiche.ts'
import * as faq from './faq.ts'
import * as giocatori from './giocatori.ts'
import * as helpdesk from './helpdesk.ts'
import * as giocatoriPower from './giocatori-power.ts'
import * as home from './home.ts'
import * as incontri from './incontri.ts'
import * as impostazioni from './impostazioni.ts'
import * as iscrizioni from './iscrizioni.ts'
import * as login from './login.ts'
import * as lookup from './lookup.ts'
import * as news from './news.ts'
import * as profilo from './profilo.ts'
import * as sfide from './sfide.ts'
import * as tabelloni from './tabelloni.ts'
import * as torneo from './torneo.ts'
import * as tessere from './tessere.ts'

export const endpoints = {
  login: login.login,
  sistemaLogin: login.sistemaLogin,
  logout: login.logout,
  logoutOvunque: login.logoutOvunque,
  datiUtente: giocatori.datiUtente,
  elencoTessere: giocatori.elencoTessere,
  tesseraAdd: tessere.tesseraAdd,
  tessereSincronizza: tessere.tessereSincronizza,
  tessereVerifica: tessere.tessereVerifica,
  // The player page (issue 20, item 3)
  giocatoreDettaglio: giocatori.giocatoreDettaglio,
  giocatoreDettaglioPunti: giocatori.giocatoreDettaglioPunti,
  giocatoreUltimiRisultati: giocatori.giocatoreUltimiRisultati,
  giocatorePalmares: giocatori.giocatorePalmares,
  giocatoreProssimiTornei: giocatori.giocatoreProssimiTornei,
  giocatoreClassificaRiepilogo: giocatori.giocatoreClassificaRiepilogo,
  giocatoreStatistiche: giocatoriPower.giocatoreStatistiche,
  giocatoreStatistichePower: giocatoriPower.giocatoreStatistichePower,
  lookupGet: lookup.lookupGet,
  provincieGet: lookup.provincieGet,
  pageView: analytics.pageView,
  faqList: faq.faqList,
  // Help desk (issue 23, item 3)
  settoriRichiesteList: helpdesk.settoriRichiesteList,
  richiesteUtentiTessere: helpdesk.richiesteUtentiTessere,
  richiesteUtentiAdd: helpdesk.richiesteUtentiAdd,
  richiesteUtentiList: helpdesk.richiesteUtentiList,
  richiesteUtentiAperte: helpdesk.richiesteUtentiAperte,
  richiesteUtentiRispondi: helpdesk.richiesteUtentiRispondi,
  richiesteUtentiChiudi: helpdesk.richiesteUtentiChiudi,
  richiesteUtentiStorico: helpdesk.richiesteUtentiStorico,
  homeMenu: home.homeMenu,
  bannerGet: home.bannerGet,
  bannerClick: home.bannerClick,
  numeriTpra: home.numeriTpra,
  newsVideo: home.newsVideo,
  ricercaGiocatori: home.ricercaGiocatori,
  ricercaCircoli: home.ricercaCircoli,
  societaView: circoli.societaView,
  societaSquadreView: circoli.societaSquadreView,
  // Team championships (issue 21, item 1)
  squadreCampionatiList: campionati.squadreCampionatiList,
  squadreCampionatiView: campionati.squadreCampionatiView,
  squadreTorneiList: campionati.squadreTorneiList,
  squadreTorneiView: campionati.squadreTorneiView,
  squadreTabelloniView: campionati.squadreTabelloniView,
  squadreTabelloniPublicView: campionati.squadreTabelloniPublicView,
  classificheSquadreGironiList: campionati.classificheSquadreGironiList,
  squadreCommentiList: campionati.squadreCommentiList,
  squadreIscrizioniList: campionati.squadreIscrizioniList,
  squadreGiocatoriSquadraList: campionati.squadreGiocatoriSquadraList,
  squadreView: campionati.squadreView,
  squadreZoneGet: campionati.squadreZoneGet,
  circuitoGet: home.circuitoGet,
  classificheList: home.classificheList,
  circuitiClassificheList: home.circuitiClassificheList,
  newsList: news.newsList,
  newsTipologie: news.newsTipologie,
  newsView: news.newsView,
  newsVideoList: news.newsVideoList,
  newsCommentoAdd: news.newsCommentoAdd,
  newsAdd: news.newsAdd,
  newsRedazione: news.newsRedazione,
  datiAnagraficiView: profilo.datiAnagraficiView,
  profiloEdit: profilo.profiloEdit,
  privacyView: profilo.privacyView,
  privacyUserEdit: profilo.privacyUserEdit,
  privacyEdit: profilo.privacyEdit,
  comuniGet: profilo.comuniGet,
  profiloView: profilo.profiloView,
  // «I miei dati» (issue 23 item 6)
  datiEsporta: datiPersonali.datiEsporta,
  accountElimina: datiPersonali.accountElimina,
  datiSpedizioneView: profilo.datiSpedizioneView,
  datiSpedizioneEdit: profilo.datiSpedizioneEdit,
  fototesseraEdit: profilo.fototesseraEdit,
  fototesseraDel: profilo.fototesseraDel,
  impostazioniViewUpsert: impostazioni.impostazioniViewUpsert,
  // Calendar and circuits (issue 11).
  torneiList: calendario.torneiList,
  torneiTipologie: calendario.torneiTipologie,
  societaRicerca: calendario.societaRicerca,
  torneiCircuiti: calendario.torneiCircuiti,
  torneiSezioniMenu: calendario.torneiSezioniMenu,
  torneiBannerList: calendario.torneiBannerList,
  circuitiList: circuiti.circuitiList,
  torneiCircuitiList: circuiti.torneiCircuitiList,
  circuitiView: circuiti.circuitiView,
  // Draws: the verifiable draw and the organiser's actions (i11-draws).
  sorteggioView: tabelloni.sorteggioView,
  sorteggioAnnuncia: tabelloni.sorteggioAnnuncia,
  sorteggioEsegui: tabelloni.sorteggioEsegui,
  risultatoEdit: tabelloni.risultatoEdit,
  torneoDettaglio: torneo.torneoDettaglio,
  torneoIscritti: torneo.torneoIscritti,
  torneoTabelloni: torneo.torneoTabelloni,
  torneoGironiClassifiche: torneo.torneoGironiClassifiche,
  torneoFotoCommenti: torneo.torneoFotoCommenti,
  torneoCommentoAdd: torneo.torneoCommentoAdd,
  locandinaGet: torneo.locandinaGet,
  tabelloneStampaGet: torneo.tabelloneStampaGet,
  gironiStampaGet: torneo.gironiStampaGet,
  calendarioStampaGet: torneo.calendarioStampaGet,
  feedPersonaleView: torneo.feedPersonaleView,
  feedPersonaleRinnova: torneo.feedPersonaleRinnova,
  feedPersonaleRevoca: torneo.feedPersonaleRevoca,
  // Tournaments: enrolment (i11-enrol)
  iscrizioniStato: iscrizioni.iscrizioniStato,
  iscrizioniAdd: iscrizioni.iscrizioniAdd,
  iscrizioniDel: iscrizioni.iscrizioniDel,
  iscrizioniAccetta: iscrizioni.iscrizioniAccetta,
  iscrizioniRifiuta: iscrizioni.iscrizioniRifiuta,
  iscrizioniRicercaGiocatori: iscrizioni.iscrizioniRicercaGiocatori,
  iscrizioniMie: iscrizioni.iscrizioniMie,
  // Partner search (issue 12, item 4)
  cercaCompagnoList: cercaCompagno.cercaCompagnoList,
  cercaCompagnoAdd: cercaCompagno.cercaCompagnoAdd,
  cercaCompagnoDel: cercaCompagno.cercaCompagnoDel,
  cercaCompagnoInvioRichiesta: cercaCompagno.cercaCompagnoInvioRichiesta,
  cercaCompagnoConfermaRichiesta: cercaCompagno.cercaCompagnoConfermaRichiesta,
  cercaCompagnoRifiutaRichiesta: cercaCompagno.cercaCompagnoRifiutaRichiesta,
  cercaCompagnoCancellaRichiesta: cercaCompagno.cercaCompagnoCancellaRichiesta,
  cercaCompagnoMessaggio: cercaCompagno.cercaCompagnoMessaggio,
  cercaCompagnoMieiAnnunci: cercaCompagno.cercaCompagnoMieiAnnunci,
  cercaCompagnoMieRichieste: cercaCompagno.cercaCompagnoMieRichieste,
  // Challenges (issue 12)
  sfideAdd: sfide.sfideAdd,
  sfideDel: sfide.sfideDel,
  sfidePubblica: sfide.sfidePubblica,
  sfidePubblicheList: sfide.sfidePubblicheList,
  sfideList: sfide.sfideList,
  sfideView: sfide.sfideView,
  sfideAccetta: sfide.sfideAccetta,
  sfideRifiuta: sfide.sfideRifiuta,
  sfideGiocatoriAdd: sfide.sfideGiocatoriAdd,
  sfideGiocatoriDel: sfide.sfideGiocatoriDel,
  sfideRisultatoAdd: sfide.sfideRisultatoAdd,
  sfideRisultatoConferma: sfide.sfideRisultatoConferma,
  sfideRisultatoContesta: sfide.sfideRisultatoContesta,
  sfideRisultatoRisolvi: sfide.sfideRisultatoRisolvi,
  sfideCercaGiocatore: sfide.sfideCercaGiocatore,
  sfideSommario: sfide.sfideSommario,
  // Notices in the portal (issue 19, item 7)
  avvisiList: avvisi.avvisiList,
  avvisiLetti: avvisi.avvisiLetti,
  // Rankings (issue 20, items 1-2)
  classificheSezioniMenu: classifiche.classificheSezioniMenu,
  classificheClassificheList: classifiche.classificheClassificheList,
  classificheSocietaList: classifiche.classificheSocietaList,
  classificaSocialeList: classifiche.classificaSocialeList,
  settoriGruppiGet: classifiche.settoriGruppiGet,
  classificheSocietaTipoGet: classifiche.classificheSocietaTipoGet,
  // Team championship ties: the captains' page (issue 21, items 2-4)
  incontriCapitanoList: incontri.incontriCapitanoList,
  schieramentiView: incontri.schieramentiView,
  incontroDataProponi: incontri.incontroDataProponi,
  incontroDataRispondi: incontri.incontroDataRispondi,
  schieramentiEdit: incontri.schieramentiEdit,
  schieramentiPartiteGenera: incontri.schieramentiPartiteGenera,
  incontroRisultatoEdit: incontri.incontroRisultatoEdit,
  incontroRisultatiConferma: incontri.incontroRisultatiConferma,
  incontroRisultatiRisolvi: incontri.incontroRisultatiRisolvi,
  incontriContestatiList: incontri.incontriContestatiList,
} as const

export type EndpointName = keyof typeof endpoints
