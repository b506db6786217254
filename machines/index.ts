// The registry of the client's statecharts, for the statechart viewer and the model-based test generator
// (DESIGN §3). Every machine listed here must have a model in tests/machines/models and full coverage.
import type { AnyStateMachine } from 'xstate'
import { avvisiLabels, avvisiMachine } from './avvisi.ts'
import { challengeLabels, challengeMachine } from './challenge.ts'
import { confirmedActionLabels, confirmedActionMachine } from './confirmed-action.ts'
import { datiPersonaliLabels, datiPersonaliMachine } from './dati-personali.ts'
import { datiSpedizioneLabels, datiSpedizioneMachine } from './dati-spedizione.ts'
import { disciplineLabels, disciplineMachine } from './discipline.ts'
import { documentSizesLabels, documentSizesMachine } from './document-sizes.ts'
import { elencoTessereLabels, elencoTessereMachine } from './elenco-tessere.ts'
import { faqLabels, faqMachine } from './faq.ts'
import { fototesseraLabels, fototesseraMachine } from './fototessera.ts'
import { helpdeskLabels, helpdeskMachine } from './helpdesk.ts'
import { homeLabels, homeMachine } from './home.ts'
import { impostazioniLabels, impostazioniMachine } from './impostazioni.ts'
import { iscrizioneLabels, iscrizioneMachine } from './iscrizione.ts'
import type { MachineLabels } from './labels.ts'
import { modificaPrivacyLabels, modificaPrivacyMachine } from './modifica-privacy.ts'
import { modificaProfiloLabels, modificaProfiloMachine } from './modifica-profilo.ts'
import { navigationGuardsLabels, navigationGuardsMachine } from './navigation-guards.ts'
import { newsAddLabels, newsAddMachine } from './news-add.ts'
import { newsCommentsLabels, newsCommentsMachine } from './news-comments.ts'
import { newsListLabels, newsListMachine } from './news-list.ts'
import { pageDataLabels, pageDataMachine } from './page-data.ts'
import { partnerRequestLabels, partnerRequestMachine } from './partner-request.ts'
import { ricercaRapidaLabels, ricercaRapidaMachine } from './ricerca-rapida.ts'
import { sessionLabels, sessionMachine } from './session.ts'
import { tieLabels, tieMachine } from './tie.ts'
import { verificaSorteggioLabels, verificaSorteggioMachine } from './verifica-sorteggio.ts'

export interface MachineEntry {
  id: string
  machine: AnyStateMachine
  /** The machine's name, in Italian, for product owners (the viewer's list, the flow report). */
  title: string
  /** What the machine decides, in Italian, for product owners. */
  description: string
  /** The Italian words for its events and named guards (the viewer's labels, the flow report's steps). */
  labels: MachineLabels
  /** An input to start it with in the viewer's simulate mode, for a machine whose context needs one. */
  example?: unknown
}

const entry = (
  machine: AnyStateMachine,
  labels: MachineLabels,
  title: string,
  description: string,
  example?: unknown,
): MachineEntry => ({
  id: machine.id,
  machine,
  title,
  description,
  labels,
  ...(example === undefined ? {} : { example }),
})

export const machines: readonly MachineEntry[] = [
  entry(
    sessionMachine,
    sessionLabels,
    'Sessione',
    "Sessione dell'utente: accesso tramite il servizio di identità, token silenzioso, dati di accesso, dati " +
      'utente e tessere, rinnovo del token, reimpostazione della password e disconnessione.',
  ),
  entry(
    navigationGuardsMachine,
    navigationGuardsLabels,
    'Controlli di navigazione',
    'Controlli di navigazione, nell’ordine della specifica: dati incompleti, privacy, ritorno dal servizio ' +
      "d'accesso, ultima posizione, credenziali aggiornate, token, settore scelto, scorciatoia verso la home.",
  ),
  entry(
    disciplineMachine,
    disciplineLabels,
    'Scelta della disciplina',
    'Scelta della disciplina e del settore: elenco caricato una sola volta, disciplina predefinita al primo ' +
      'accesso, scelta ricordata, settore indicato nell’indirizzo.',
  ),
  entry(
    confirmedActionMachine,
    confirmedActionLabels,
    'Azione confermata',
    'Azione confermata: richiesta di conferma, invio con indicatore di caricamento, esito positivo o errore ' +
      'con il messaggio del server.',
  ),
  entry(
    pageDataMachine,
    pageDataLabels,
    'Dati di una pagina',
    'Caricamento dei dati di una pagina o di una sua sezione, comune a tutte le pagine: scheletro durante il ' +
      'caricamento, messaggio d’errore con «Riprova», contenuto inesistente (404) sulle pagine di dettaglio.',
  ),
  entry(
    homeMachine,
    homeLabels,
    'Home',
    'Le sezioni della home (menu, banner, numeri della stagione, news e video, calendario, classifiche) del ' +
      'settore scelto, ciascuna caricata per conto suo; il clic sui banner è conteggiato.',
  ),
  entry(
    ricercaRapidaMachine,
    ricercaRapidaLabels,
    'Ricerca rapida',
    'Ricerca di giocatori e circoli nella home mentre si scrive: da 2 caratteri, dopo una breve pausa, ' +
      'con «Riprova» se non riesce.',
  ),
  entry(
    newsListMachine,
    newsListLabels,
    'Filtro e video delle news',
    'Intorno all’elenco delle news (caricato come ogni pagina): le tipologie del filtro e i video della ' +
      'disciplina, qualcuno alla volta, di nuovo da capo per un altro settore.',
  ),
  entry(
    newsCommentsMachine,
    newsCommentsLabels,
    'Commenti di una news',
    'I commenti di una news (caricata come ogni pagina): invio di un commento da chi può commentare, testo ' +
      'conservato e motivo mostrato se non va a buon fine.',
  ),
  entry(
    newsAddMachine,
    newsAddLabels,
    'Nuova news',
    'L’editor delle news, per chi il server autorizza a pubblicare (il permesso si carica come ogni pagina): ' +
      'pubblicazione, rifiuto del server mostrato così com’è, nuova news.',
  ),
  entry(
    faqMachine,
    faqLabels,
    'Domande frequenti',
    'Le domande frequenti della disciplina, cercate sul server mentre si scrive, con altre domande a ' +
      'richiesta e «Riprova».',
  ),
  entry(
    documentSizesMachine,
    documentSizesLabels,
    'Dimensioni dei regolamenti',
    'Le dimensioni dei PDF dei regolamenti, misurate una disciplina alla volta, per i link «PDF, 41 kB».',
  ),
  entry(
    impostazioniMachine,
    impostazioniLabels,
    'Impostazioni',
    'Le impostazioni dell’utente: notifiche, newsletter, visibilità e consenso alla profilazione; si salva ' +
      'solo ciò che è cambiato.',
  ),
  entry(
    datiPersonaliMachine,
    datiPersonaliLabels,
    'I miei dati',
    'Scaricare tutti i propri dati ed eliminare l’account dopo una conferma e la password di nuovo; un rifiuto ' +
      'torna alla password con il suo messaggio.',
  ),
  entry(
    modificaProfiloMachine,
    modificaProfiloLabels,
    'Modifica del profilo',
    'I dati anagrafici: comuni della provincia scelta, errori dopo il primo invio, verifica del luogo di ' +
      'nascita del codice fiscale, salvataggio.',
  ),
  entry(
    modificaPrivacyMachine,
    modificaPrivacyLabels,
    'Preferenze privacy',
    'Informativa sulla privacy da accettare e consenso alla profilazione da indicare, poi salvataggio.',
  ),
  entry(
    elencoTessereMachine,
    elencoTessereLabels,
    'Le mie tessere',
    'Le tessere dell’utente oltre la prima pagina, una pagina alla volta; quelle già mostrate restano se ' +
      'una pagina non arriva. Aggiunta di una tessera per codice e sincronizzazione con il registro federale ' +
      '(due passi), ciascuna seguita dalla rilettura dell’elenco.',
  ),
  entry(
    helpdeskMachine,
    helpdeskLabels,
    'Assistenza',
    'La richiesta all’assistenza: si invia solo senza errori (detti accanto al campo), poi entra in «Le mie ' +
      'richieste»; lo staff della federazione risponde alle richieste aperte.',
  ),
  entry(
    fototesseraMachine,
    fototesseraLabels,
    'Fototessera',
    'La fototessera: si sceglie una foto JPEG, PNG o WebP fino a 5 MB, si ritaglia nel formato della tessera ' +
      'con l’anteprima, si invia (il server la controlla e la ripulisce); si può anche rimuovere.',
  ),
  entry(
    datiSpedizioneMachine,
    datiSpedizioneLabels,
    'Dati di spedizione',
    'L’indirizzo di spedizione: provincia, comune della provincia e CAP del comune (quello unico si compila da ' +
      'sé); gli errori dopo il primo invio; salvato, si resta sulla pagina.',
  ),
  entry(
    verificaSorteggioMachine,
    verificaSorteggioLabels,
    'Verifica del sorteggio',
    'La verifica di un sorteggio nel browser: l’impronta SHA-256 del seme rivelato, calcolata sul dispositivo ' +
      'di chi guarda, confrontata con quella pubblicata prima del sorteggio.',
  ),
  entry(
    iscrizioneMachine,
    iscrizioneLabels,
    'Iscrizione a un torneo',
    'La vita di un’iscrizione: iscritto o in lista d’attesa a posti esauriti; nel doppio l’invito al compagno, ' +
      'che accetta o rifiuta; il ritiro, che fa salire il primo in lista d’attesa. Il server decide ogni passo ' +
      'con questa stessa macchina.',
    { giocatore: 1, compagno: 2, doppio: true, postiLiberi: 1 },
  ),
  entry(
    challengeMachine,
    challengeLabels,
    'Sfida tra giocatori',
    'La vita di una sfida: proposta agli avversari (o pubblicata in bacheca), accettata, rifiutata, annullata ' +
      'o scaduta dopo 7 giorni; poi il risultato, confermato dall’altra parte (o da solo dopo 48 ore) o ' +
      'contestato e deciso dalla federazione. Il server decide ogni passo con questa stessa macchina.',
    { creatore: 1, doppio: false, pubblica: false, avversari: [2] },
  ),
  entry(
    tieMachine,
    tieLabels,
    'Incontro a squadre',
    'La vita di un incontro di un campionato a squadre: il capitano di casa propone giorno e ora, l’altro ' +
      'accetta, ne propone un’altra o rifiuta; gli schieramenti, nascosti finché non arrivano entrambi (senza ' +
      'schieramento un’ora prima si perde a tavolino); le partite, il risultato confermato dall’altro capitano ' +
      '(o da solo dopo 48 ore) o contestato e deciso dalla federazione. Il server decide ogni passo con questa ' +
      'stessa macchina.',
    { casa: 1, ospiti: 2 },
  ),
  entry(
    partnerRequestMachine,
    partnerRequestLabels,
    'Richiesta di gioco (cerca compagno)',
    'La vita di una richiesta a un annuncio di «Cerca compagno»: inviata da chi vuole giocare, confermata o ' +
      'rifiutata dall’autore dell’annuncio, annullata da chi l’ha inviata; decade se l’annuncio si chiude. ' +
      'Una conferma chiude l’annuncio. Il server decide ogni passo con questa stessa macchina.',
    { autore: 1, richiedente: 2 },
  ),
  entry(
    avvisiMachine,
    avvisiLabels,
    'Avvisi del giocatore',
    'Gli avvisi non letti di chi ha fatto l’accesso (inviti a un doppio, sfide, richieste di gioco e ciò che ' +
      'ne segue): caricati all’accesso, a ogni pagina e al ritorno sulla scheda, elencati nella home e contati ' +
      'sul pulsante dell’account; aprirne uno lo toglie subito e lo segna come letto.',
  ),
]

/** The registry entry of a machine id. */
export function machineById(id: string): MachineEntry | undefined {
  return machines.find((registered) => registered.id === id)
}
