// The requirement trace (DESIGN §3): the items of spec §4 (states and transitions) and §8 (the error catalogue),
// each with a stable short id. States and transitions name the items they implement in `meta.spec` (one id or a
// list), e.g. `meta: { spec: '§4 guardia 5' }`; the flow report lists each item with the paths that exercise it,
// and the items no state or transition claims. Plain TypeScript: the flow report runs it with tsx.
import type { AnyStateMachine } from 'xstate'
import { getStateNodes } from 'xstate/graph'
import { transitionKey } from './coverage.ts'

export interface Requirement {
  /** Stable short id, as written in `meta.spec`. */
  id: string
  /** The spec's words, shortened, in Italian. */
  text: string
  /** Where it is written (a key of SECTIONS): the report filters by it. Default: from the id's first word. */
  section?: string
  /**
   * Tests that check it at a level no machine draws (the router), by file and full name (describe titles and
   * the test's own, joined by « › »): the report reads their results from reports/vitest.json.
   */
  tests?: readonly { file: string; name: string }[]
}

/** The sections requirements come from, in Italian, in the order the report lists them. */
export const SECTIONS: Readonly<Record<string, string>> = {
  '§4': 'Specifica §4: stati e transizioni',
  '§8': 'Specifica §8: catalogo degli errori',
  sfide: 'Regole: Sfide (DESIGN §5, docs/regole.md)',
  iscrizioni: 'Regole: Iscrizioni ai tornei (docs/regole.md)',
  'cerca compagno': 'Regole: Cerca compagno (docs/regole.md)',
  incontri: 'Regole: Incontri a squadre (docs/regole.md)',
}

/** A requirement's section: its own, or the first word of its id («§4 guardia 1» is in §4). */
export const sectionOf = (r: Requirement) =>
  r.section ?? Object.keys(SECTIONS).find((key) => r.id === key || r.id.startsWith(`${key} `)) ?? 'altro'

/** The router's tests of the three items no machine draws (the router does them: src/app/guards.ts, RouteError). */
export const ROUTER_START = 'tests/views/router-avvio.test.tsx'
export const ROUTER_START_SUITE = "il router dopo l'avvio (spec §4)"
export const ROUTE_RELOAD = 'tests/views/router-ricarica.test.tsx'
export const ROUTE_RELOAD_SUITE = 'il router quando le risorse di una pagina non arrivano (spec §4, §8)'

export const REQUIREMENTS: readonly Requirement[] = [
  // §4 Default on first visit
  {
    id: '§4 primo accesso',
    text: 'Primo accesso senza settore né disciplina: oltre 991 px tennis e settore 1, altrimenti ultima posizione /scelta-disciplina',
  },
  // §4 Navigation guards, in order
  {
    id: '§4 guardia 1',
    text: 'dati_incompleti uguale a 1: verso la modifica del profilo con «Prima di vistare il sito, completa la registrazione!»',
  },
  {
    id: '§4 guardia 2',
    text: 'Privacy a 0: verso /modifica-privacy con «Prima di vistare il sito, inserisci le tue preferenze!»',
  },
  {
    id: '§4 guardia 3',
    text: "Da una pagina il cui indirizzo contiene 'state' verso la creazione credenziali: ritorno a quella pagina",
  },
  { id: '§4 guardia 4', text: "Registrazione dell'ultima posizione" },
  {
    id: '§4 guardia 5',
    text: 'Pagina riservata senza il cookie changed_credentials=true: verso /creazione-credenziali',
  },
  {
    id: '§4 guardia 6',
    text: "Pagina riservata senza token: accesso tramite il servizio d'identità, la pagina chiesta resta come ritorno",
  },
  {
    id: '§4 guardia 7',
    text: 'Nessun settore salvato: tutto tranne /scelta-disciplina va a /scelta-disciplina',
  },
  { id: '§4 guardia 8', text: 'Da / a /scelta-disciplina con un settore: verso /home' },
  {
    id: "§4 dopo l'avvio",
    text: "Dopo l'avvio, dati incompleti portano a /modifica-profilo e privacy 0 a /modifica-privacy",
    tests: [
      { file: ROUTER_START, name: `${ROUTER_START_SUITE} › dati incompleti: verso /modifica-profilo` },
      { file: ROUTER_START, name: `${ROUTER_START_SUITE} › privacy a 0: verso /modifica-privacy` },
    ],
  },
  // §4 Session
  { id: '§4 sessione token', text: 'Il token resta nella memoria locale (tokenAdb2c)' },
  {
    id: '§4 sessione accesso riuscito',
    text: "Accesso riuscito: account attivo, token acquisito in silenzio e salvato, poi dati dell'utente e tessere",
  },
  {
    id: '§4 sessione accesso fallito',
    text: "Accesso non riuscito: con AADB2C90118 parte la reimpostazione della password, altrimenti l'utente esce",
  },
  {
    id: '§4 sessione token fallito',
    text: 'Acquisizione del token o accesso silenzioso non riusciti: uscita (logout, memorie svuotate, reindirizzamento)',
  },
  {
    id: '§4 sessione 401',
    text: "Una risposta 401 o il messaggio 'Utente non autorizzato': uscita con reindirizzamento",
  },
  {
    id: '§4 sessione risorse pagina',
    text: 'Il caricamento delle risorse di una pagina non riesce: la pagina si ricarica',
    tests: [{ file: ROUTE_RELOAD, name: `${ROUTE_RELOAD_SUITE} › ricarica la pagina una volta` }],
  },
  // §4 Discipline, confirmed action
  {
    id: '§4 disciplina',
    text: "Scegliere una disciplina seleziona i suoi settori dall'elenco, che si carica una sola volta",
  },
  {
    id: '§4 azione confermata',
    text: "Una finestra chiede conferma, mostra l'attesa durante la richiesta, poi l'esito o l'errore",
  },
  // §8 The error catalogue
  {
    id: '§8 401',
    text: "401 dall'API: «Sessione Scaduta. Per continuare, effettuare nuovamente il login» e uscita con reindirizzamento",
  },
  { id: '§8 utente non autorizzato', text: "Messaggio 'Utente non autorizzato': uscita forzata" },
  {
    id: '§8 altro errore',
    text: 'Ogni altro errore: il messaggio del server se c’è, altrimenti «Attenzione! Si è verificato un errore. Riprovare più tardi»',
  },
  {
    id: '§8 richiesta confermata fallita',
    text: 'Richiesta confermata non riuscita: finestra d’errore con il messaggio del server o il testo del chiamante, «Chiudi», non si chiude cliccando fuori',
  },
  {
    id: '§8 richiesta confermata riuscita',
    text: 'Richiesta confermata riuscita: finestra con il testo del chiamante e «Chiudi»',
  },
  {
    id: '§8 dati utente non 200',
    text: 'Risposta diversa da 200 ai dati utente o alle tessere: solo memorizzata, nessun messaggio',
  },
  {
    id: '§8 AADB2C90118',
    text: 'Codice del servizio d’identità AADB2C90118: parte la reimpostazione della password',
  },
  {
    id: '§8 caricamento pagina',
    text: 'Caricamento di una pagina non riuscito: la pagina si ricarica',
    tests: [
      { file: ROUTE_RELOAD, name: `${ROUTE_RELOAD_SUITE} › ricarica la pagina una volta` },
      { file: ROUTE_RELOAD, name: `${ROUTE_RELOAD_SUITE} › mai due volte di seguito` },
    ],
  },
  {
    id: '§8 registrazione incompleta',
    text: 'Registrazione incompleta: «Prima di vistare il sito, completa la registrazione!»',
  },
  {
    id: '§8 privacy mancante',
    text: 'Preferenze sulla privacy mancanti: «Prima di vistare il sito, inserisci le tue preferenze!»',
  },
  // Lifecycle rules the spec leaves open (DESIGN §3/§5, docs/regole.md): the challenge
  {
    id: 'sfide accettazione',
    text: 'La sfida parte quando tutti gli invitati hanno accettato; basta un rifiuto per chiuderla',
  },
  {
    id: 'sfide invitati',
    text: 'Finché la sfida è proposta chi propone indica (o toglie) compagno e avversari',
  },
  {
    id: 'sfide bacheca',
    text: 'Chi propone può pubblicare la sfida; un posto libero lo prende chi ha la tessera, con l’ultimo la sfida è accettata',
  },
  {
    id: 'sfide annullamento',
    text: 'Una sfida si annulla solo finché è proposta, e solo da chi l’ha proposta',
  },
  { id: 'sfide scadenza', text: 'Una proposta senza risposta scade dopo 7 giorni (lo decide il portale)' },
  {
    id: 'sfide risultato',
    text: 'Il risultato lo inserisce un giocatore; lo conferma o lo contesta l’altra parte, mai chi l’ha inserito',
  },
  {
    id: 'sfide conferma automatica',
    text: 'Un risultato non confermato entro 48 ore è confermato automaticamente',
  },
  {
    id: 'sfide contestazione',
    text: 'Un risultato contestato lo risolve la federazione (mantenuto o annullato), mai su una sfida in cui gioca',
  },
  // Enrolment in a tournament
  {
    id: 'iscrizioni posti',
    text: 'Finché ci sono posti l’iscrizione è confermata; a posti esauriti si entra in lista d’attesa',
  },
  {
    id: 'iscrizioni doppio',
    text: 'Nel doppio l’invito al compagno non occupa un posto finché non accetta; solo lui accetta o rifiuta, chi invita può annullare',
  },
  {
    id: 'iscrizioni scadenza',
    text: 'Un invito senza risposta scade dopo 7 giorni o alla chiusura delle iscrizioni (lo decide il portale)',
  },
  {
    id: 'iscrizioni ritiro',
    text: 'Ciascuno può ritirarsi fino all’inizio; il primo in lista d’attesa sale tra gli iscritti',
  },
  // Partner request
  {
    id: 'cerca compagno richiesta',
    text: 'Chi vede l’annuncio di un altro può chiedere all’autore di giocare insieme, mai a un annuncio proprio',
  },
  {
    id: 'cerca compagno risposta',
    text: 'Solo l’autore conferma o rifiuta; solo chi l’ha inviata annulla la richiesta, finché attende',
  },
  {
    id: 'cerca compagno decadenza',
    text: 'Con la conferma (o il ritiro) dell’annuncio le altre richieste in attesa decadono',
  },
  // A team championship's tie
  {
    id: 'incontri data',
    text: 'Il capitano di casa propone giorno e ora; l’altro capitano accetta, ne propone un’altra o rifiuta (e allora propone di nuovo la squadra di casa)',
  },
  {
    id: 'incontri schieramenti',
    text: 'Ogni capitano invia lo schieramento della sua squadra; con entrambi arrivati si generano le partite',
  },
  {
    id: 'incontri tavolino',
    text: 'Un’ora prima dell’inizio, la squadra senza schieramento perde a tavolino; senza entrambi perdono tutte e due (lo decide il portale)',
  },
  {
    id: 'incontri risultato',
    text: 'Un capitano inserisce i risultati; conferma o contesta il capitano dell’altra squadra, mai chi li ha inseriti',
  },
  {
    id: 'incontri conferma automatica',
    text: 'Un risultato non confermato entro 48 ore è confermato automaticamente',
  },
  {
    id: 'incontri contestazione',
    text: 'Un risultato contestato lo decide la federazione (vale o è annullato), mai su un incontro di una squadra di cui è capitano',
  },
]

/**
 * Why a machine's transitions claim no requirement, for the machines none of whose transitions does: the
 * report lists every unclaimed transition with it (issue 22, item 3: «claim them or say why not»).
 */
export const UNCLAIMED_REASONS: Readonly<Record<string, string>> = {
  session:
    'Passaggi interni della sessione (ripristino, caricamenti in corso, reindirizzamento eseguito dal router): la specifica §4 descrive gli esiti, che gli stati dichiarano.',
  navigationGuards:
    'Passaggi da una guardia alla successiva quando la condizione non vale: la guardia che decide dichiara il suo punto.',
  discipline: 'Caricamento, errore e nuovo tentativo dell’elenco: nessun punto della specifica li descrive.',
  confirmedAction: 'Apertura e chiusura della finestra: la specifica descrive solo l’attesa e l’esito.',
  pageData:
    'Caricamento dei dati di una pagina, con errore e nuovo tentativo: nessun punto della specifica; l’errore usa il catalogo §8, controllato dai test della vista.',
  home: 'Pagina che mostra dati già caricati: nessun punto della specifica.',
  ricercaRapida: 'Ricerca rapida del portale: nessun punto della specifica né regola di ciclo di vita.',
  newsList: 'Elenco delle news, caricato e sfogliato: nessun punto della specifica.',
  newsComments: 'Commenti di una news: nessun punto della specifica.',
  newsAdd: 'Modulo di una news: nessun punto della specifica.',
  faq: 'Domande frequenti, caricate e filtrate: nessun punto della specifica.',
  documentSizes: 'Dimensioni dei documenti scaricabili: nessun punto della specifica.',
  impostazioni:
    'Impostazioni del giocatore: nessun punto della specifica (le scelte di privacy sono regole del server).',
  modificaProfilo:
    'Modulo del profilo (campi, invio, errori): la specifica ne tace le regole di campo (§5); gli errori seguono il catalogo §8.',
  modificaPrivacy: 'Modulo della privacy: la specifica ne tace le regole di campo (§5).',
  elencoTessere:
    'Elenco delle tessere, aggiunta per codice e sincronizzazione (§7 tessera/add, tessere/sincronizza): i rifiuti sono regole del server (docs/regole.md, «Tessere»), non un ciclo di vita.',
  verificaSorteggio:
    'Verifica del seme del sorteggio: regola del server (docs/regole.md, «Sorteggio»), non un ciclo di vita.',
  avvisi:
    'Avvisi nel portale (lettura, segna come letti): nessun punto della specifica né regola di ciclo di vita.',
}

/** The requirement ids a `meta` names in `spec` (a string or a list of strings). */
export function specOf(meta: unknown): string[] {
  const spec = (meta as { spec?: unknown } | undefined)?.spec
  if (typeof spec === 'string') return [spec]
  return Array.isArray(spec) ? spec.filter((id): id is string => typeof id === 'string') : []
}

/** A state (by id) or a transition (by key, as coverage.ts names it) that claims a requirement. */
export interface Claim {
  requirement: string
  machine: string
  kind: 'state' | 'transition'
  /** The state id, or the transition key. */
  target: string
}

/** Every claim the states and transitions of a machine make in `meta.spec`. */
export function claimsOf(machine: AnyStateMachine): Claim[] {
  const claims: Claim[] = []
  for (const node of [machine.root, ...getStateNodes(machine.root)]) {
    for (const requirement of specOf(node.meta)) {
      claims.push({ requirement, machine: machine.id, kind: 'state', target: node.id })
    }
    for (const transition of [...[...node.transitions.values()].flat(), ...(node.always ?? [])]) {
      for (const requirement of specOf(transition.meta)) {
        claims.push({
          requirement,
          machine: machine.id,
          kind: 'transition',
          target: transitionKey(transition),
        })
      }
    }
  }
  return claims
}
