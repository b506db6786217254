// The model of each machine of machines/index.ts, by machine id: what the suites and the flow report explore.
import type { MachineModel } from '../coverage.ts'
import { avvisiModel } from './avvisi.model.ts'
import { challengeModel } from './challenge.model.ts'
import { confirmedActionModel } from './confirmed-action.model.ts'
import { datiPersonaliModel } from './dati-personali.model.ts'
import { datiSpedizioneModel } from './dati-spedizione.model.ts'
import { disciplineModel } from './discipline.model.ts'
import { documentSizesModel } from './document-sizes.model.ts'
import { elencoTessereModel } from './elenco-tessere.model.ts'
import { faqModel } from './faq.model.ts'
import { fototesseraModel } from './fototessera.model.ts'
import { helpdeskModel } from './helpdesk.model.ts'
import { homeModel } from './home.model.ts'
import { impostazioniModel } from './impostazioni.model.ts'
import { iscrizioneModel } from './iscrizione.model.ts'
import { modificaPrivacyModel } from './modifica-privacy.model.ts'
import { modificaProfiloModel } from './modifica-profilo.model.ts'
import { navigationGuardsModel } from './navigation-guards.model.ts'
import { newsAddModel } from './news-add.model.ts'
import { newsCommentsModel } from './news-comments.model.ts'
import { newsListModel } from './news-list.model.ts'
import { pageDataModel } from './page-data.model.ts'
import { partnerRequestModel } from './partner-request.model.ts'
import { ricercaRapidaModel } from './ricerca-rapida.model.ts'
import { sessionModel } from './session.model.ts'
import { tieModel } from './tie.model.ts'
import { verificaSorteggioModel } from './verifica-sorteggio.model.ts'

export const models: Readonly<Record<string, MachineModel>> = {
  session: sessionModel,
  navigationGuards: navigationGuardsModel,
  discipline: disciplineModel,
  confirmedAction: confirmedActionModel,
  pageData: pageDataModel,
  home: homeModel,
  ricercaRapida: ricercaRapidaModel,
  newsList: newsListModel,
  newsComments: newsCommentsModel,
  newsAdd: newsAddModel,
  faq: faqModel,
  documentSizes: documentSizesModel,
  impostazioni: impostazioniModel,
  modificaProfilo: modificaProfiloModel,
  modificaPrivacy: modificaPrivacyModel,
  elencoTessere: elencoTessereModel,
  verificaSorteggio: verificaSorteggioModel,
  iscrizione: iscrizioneModel,
  sfida: challengeModel,
  richiestaCompagno: partnerRequestModel,
  incontro: tieModel,
  avvisi: avvisiModel,
  helpdesk: helpdeskModel,
  fototessera: fototesseraModel,
  datiPersonali: datiPersonaliModel,
  datiSpedizione: datiSpedizioneModel,
}
