// What changes from one discipline to another in the rule documents: specialties, scoring, team cups.
import type { DisciplinaCodice } from '../../contract/documenti.ts'

export type DisciplineProfile = {
  codice: DisciplinaCodice
  nome: string
  /** The sectors, as a phrase: «i settori Tennis, Junior e Wheelchair». */
  settori: string
  specialita: string
  /** The technical rules of the matches (regolamento generale, art. 6). */
  punteggio: string[]
  /** Rules of this discipline only (regolamento generale, art. 6, last paragraphs). */
  particolarita: string[]
  coppa: {
    nome: string
    /** What one tie (incontro) between two teams is made of. */
    incontro: string
    partite: number
    formazione: string[]
  }
  circuito: { nome: string; tappe: number; master: string }
}

export const PROFILES: Record<DisciplinaCodice, DisciplineProfile> = {
  tennis: {
    codice: 'tennis',
    nome: 'Tennis',
    settori: 'i settori Tennis, Junior e Wheelchair',
    specialita: 'singolare maschile e femminile, doppio maschile, femminile e misto',
    punteggio: [
      'Gli incontri si disputano al meglio dei tre set; in ciascun set, sul punteggio di 6 giochi pari, si gioca un tie-break a 7 punti.',
      'Nel doppio, sul punteggio di 40 pari, si gioca un solo punto decisivo: la coppia in risposta sceglie da quale lato ricevere.',
      'Nei tornei LIMIT 65 e LIMIT 45 il giudice arbitro può sostituire il terzo set con un match tie-break a 10 punti, dandone notizia nel programma del torneo prima dell’inizio delle iscrizioni.',
      'Si usano palle omologate dalla Federazione; nei tabelloni da 32 giocatori in su le palle si cambiano all’inizio del terzo set.',
    ],
    particolarita: [
      'Settore Wheelchair: la palla può rimbalzare due volte, purché il primo rimbalzo avvenga all’interno del campo; per tutto il resto si applicano le regole del tennis.',
      'Settore Junior: i tornei sono divisi per fasce d’età (under 10, 12, 14, 16 e 18 anni, con riferimento all’anno di nascita). Nella fascia under 10 si gioca su campo ridotto con palle a bassa pressione, al meglio di due set a 4 giochi con match tie-break sul set pari.',
    ],
    coppa: {
      nome: 'Coppa dei Circoli di Tennis',
      incontro: 'due singolari e un doppio',
      partite: 3,
      formazione: [
        'Il capitano indica i due singolaristi in ordine di forza (il numero 1 è il giocatore con il Power più alto); il doppio si comunica al termine dei singolari.',
        'Un giocatore può disputare nello stesso incontro un singolare e il doppio.',
      ],
    },
    circuito: { nome: 'Circuito Nazionale Tennis', tappe: 6, master: 'Master Finale Tennis' },
  },
  padel: {
    codice: 'padel',
    nome: 'Padel',
    settori: 'il settore Padel',
    specialita: 'doppio maschile, femminile e misto',
    punteggio: [
      'Gli incontri si disputano al meglio dei tre set; in ciascun set, sul punteggio di 6 giochi pari, si gioca un tie-break a 7 punti.',
      'Sul punteggio di 40 pari si gioca il punto d’oro: un solo punto decisivo, con la coppia in risposta che sceglie il lato di ricezione.',
      'Nei tornei LIMIT 65 e LIMIT 45 il terzo set è sostituito da un super tie-break a 10 punti.',
      'Il servizio si esegue dal basso, colpendo la palla sotto l’altezza della vita dopo averla fatta rimbalzare a terra dietro la linea di servizio.',
    ],
    particolarita: [
      'La palla, dopo il rimbalzo a terra nel proprio campo, può essere giocata anche dopo aver toccato le pareti di vetro o la rete metallica; è consentito colpirla di rimbalzo sulla propria parete per rinviarla.',
      'I tornei si giocano su campi omologati di 20 × 10 metri; i campi scoperti sono ammessi dal 1° aprile al 31 ottobre.',
    ],
    coppa: {
      nome: 'Coppa dei Circoli di Padel',
      incontro: 'tre doppi',
      partite: 3,
      formazione: [
        'Il capitano indica le tre coppie in ordine di forza, sommando il Power dei due giocatori: la coppia 1 è la più forte.',
        'Un giocatore può disputare un solo doppio per incontro.',
      ],
    },
    circuito: { nome: 'Circuito Nazionale Padel', tappe: 6, master: 'Master Finale Padel' },
  },
  'beach-tennis': {
    codice: 'beach-tennis',
    nome: 'Beach Tennis',
    settori: 'il settore Beach Tennis',
    specialita: 'doppio maschile, femminile e misto; singolare negli eventi indicati dal calendario',
    punteggio: [
      'Nei gironi e nei primi turni dei tabelloni si gioca un set unico a 6 giochi, con tie-break a 7 punti sul 6 pari; dai quarti di finale gli incontri si disputano al meglio dei tre set.',
      'Sul punteggio di 40 pari si gioca un solo punto decisivo (killer point).',
      'La palla si gioca sempre al volo: il punto termina quando la palla tocca la sabbia.',
      'Il giocatore al servizio ha a disposizione un solo servizio, che può essere eseguito da qualsiasi punto dietro la linea di fondo.',
    ],
    particolarita: [
      'I tornei si giocano su campi in sabbia di 16 × 8 metri con rete a 1,80 metri; gli impianti coperti sono ammessi tutto l’anno.',
      'Con temperature percepite superiori a 35 °C il giudice arbitro può sospendere il programma nelle ore centrali della giornata.',
    ],
    coppa: {
      nome: 'Coppa dei Circoli di Beach Tennis',
      incontro: 'un doppio maschile, un doppio femminile e un doppio misto',
      partite: 3,
      formazione: [
        'Il capitano indica le tre coppie; il doppio misto si comunica al termine degli altri due doppi.',
        'Un giocatore può disputare nello stesso incontro un doppio e il doppio misto.',
      ],
    },
    circuito: { nome: 'Circuito Nazionale Beach Tennis', tappe: 5, master: 'Master Finale Beach Tennis' },
  },
  pickleball: {
    codice: 'pickleball',
    nome: 'Pickleball',
    settori: 'il settore Pickleball',
    specialita: 'singolare, doppio maschile, femminile e misto',
    punteggio: [
      'Nei gironi si gioca un solo game a 15 punti; nei tabelloni a eliminazione gli incontri si disputano al meglio dei tre game a 11 punti. In ogni caso vince chi ha almeno due punti di scarto.',
      'Il punto si assegna soltanto alla parte al servizio; nel doppio servono entrambi i giocatori prima del cambio di servizio, salvo il primo turno di servizio della partita.',
      'Il servizio si esegue dal basso e in diagonale; la palla di servizio e la risposta devono rimbalzare prima di essere colpite (regola del doppio rimbalzo).',
    ],
    particolarita: [
      'Non si può colpire la palla al volo stando nella zona di non volo (kitchen), profonda 2,13 metri dalla rete.',
      'I tornei si giocano su campi di 13,41 × 6,10 metri; sono ammessi campi tracciati su superfici di tennis e padel, purché le righe siano di colore diverso.',
    ],
    coppa: {
      nome: 'Coppa dei Circoli di Pickleball',
      incontro: 'tre doppi',
      partite: 3,
      formazione: [
        'Il capitano indica le tre coppie in ordine di forza, sommando il Power dei due giocatori: la coppia 1 è la più forte; almeno una coppia è mista.',
        'Un giocatore può disputare un solo doppio per incontro.',
      ],
    },
    circuito: { nome: 'Circuito Nazionale Pickleball', tappe: 4, master: 'Master Finale Pickleball' },
  },
}
