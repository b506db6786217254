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
}

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
  { id: '§8 caricamento pagina', text: 'Caricamento di una pagina non riuscito: la pagina si ricarica' },
  {
    id: '§8 registrazione incompleta',
    text: 'Registrazione incompleta: «Prima di vistare il sito, completa la registrazione!»',
  },
  {
    id: '§8 privacy mancante',
    text: 'Preferenze sulla privacy mancanti: «Prima di vistare il sito, inserisci le tue preferenze!»',
  },
]

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
