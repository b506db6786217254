// Italian words and sentences the generator combines into club names, tournament names, comments and news.

/** Neighbourhoods and landmarks that give clubs in large cities their names. */
export const CITY_PLACES: Record<string, string[]> = {
  RM: [
    'Parioli',
    'Aniene',
    'Eur',
    'Monteverde',
    'Prati',
    'Flaminio',
    'Tor di Quinto',
    'Appia Antica',
    'Salario',
    'Ostiense',
    'Casal Palocco',
    'Nomentano',
  ],
  MI: [
    'Brera',
    'San Siro',
    'Città Studi',
    'Navigli',
    'Lampugnano',
    'Bonacossa',
    'Porta Romana',
    'Isola',
    'Corvetto',
    'Bicocca',
  ],
  NA: ['Vomero', 'Posillipo', 'Mergellina', 'Chiaia', 'Fuorigrotta', 'Capodimonte', 'Arenella'],
  TO: ['Crocetta', 'Collina', 'Valentino', 'Lingotto', 'San Salvario', 'Pozzo Strada', 'Mirafiori'],
  PA: ['Mondello', 'Favorita', 'Libertà', 'Sferracavallo', 'Politeama'],
  GE: ['Albaro', 'Nervi', 'Quarto', 'Pegli', 'Sampierdarena', 'Foce'],
  BO: ['Colli', 'Saragozza', 'San Lazzaro', 'Navile', 'Murri'],
  FI: ['Cascine', 'Campo di Marte', 'Ugolino', 'Galluzzo', 'Rifredi'],
  BA: ['Poggiofranco', 'Japigia', 'San Girolamo', 'Carrassi'],
  CT: ['Ognina', 'Playa', 'Cibali', 'Barriera'],
  VE: ['Lido', 'Mestre', 'Marghera', 'Alberoni'],
  VR: ['Borgo Trento', 'Valpolicella', 'Santa Lucia'],
  CA: ['Poetto', 'Monte Urpinu', 'Terramaini'],
  PD: ['Euganeo', 'Arcella', 'Brusegana'],
}

/** Evocative names used anywhere. */
export const GENERIC_PLACES = [
  'Le Querce', 'La Pineta', 'Il Pineto', 'Le Magnolie', 'I Cipressi', 'Bellavista', 'Villa Verde', 'Due Ponti',
  'Il Poggio', 'Le Rose', 'San Giorgio', 'Olimpia', 'Virtus', 'Aurora', 'Lungomare', 'Il Cigno', 'Le Palme',
  'Green Park', 'Sole', 'La Collina', 'Valle Verde', 'Il Castello', 'La Torre', 'I Platani', 'Tre Fontane',
  'Il Mulino', 'Le Fornaci', 'Il Parco', 'La Rotonda', 'Villa Ada',
] // prettier-ignore

export type ClubKind = { prefix: string; disciplines: 'tennis' | 'padel' | 'beach' | 'multi' | 'pickleball' }

export const CLUB_KINDS: { weight: number; value: ClubKind }[] = [
  { weight: 22, value: { prefix: 'Circolo Tennis', disciplines: 'tennis' } },
  { weight: 12, value: { prefix: 'Tennis Club', disciplines: 'tennis' } },
  { weight: 18, value: { prefix: 'Padel Club', disciplines: 'padel' } },
  { weight: 8, value: { prefix: 'Beach Club', disciplines: 'beach' } },
  { weight: 10, value: { prefix: 'Sporting Club', disciplines: 'multi' } },
  { weight: 8, value: { prefix: 'Country Club', disciplines: 'multi' } },
  { weight: 8, value: { prefix: 'Polisportiva', disciplines: 'multi' } },
  { weight: 6, value: { prefix: 'A.S.D. Racchette', disciplines: 'multi' } },
  { weight: 4, value: { prefix: 'Pickleball Club', disciplines: 'pickleball' } },
  { weight: 4, value: { prefix: 'Circolo Sportivo', disciplines: 'multi' } },
]

export const SURFACES: Record<string, string[]> = {
  tennis: ['terra rossa', 'terra rossa', 'cemento', 'erba sintetica', 'resina', 'green set'],
  padel: ['erba sintetica', 'erba sintetica', 'moquette'],
  'beach-tennis': ['sabbia'],
  pickleball: ['resina', 'cemento', 'parquet'],
}

export const TOURNAMENT_PATTERNS = [
  'Torneo Open {club}',
  'Trofeo {place}',
  'Memorial {surname}',
  'Coppa {comune}',
  'Open di {comune}',
  'Torneo di {season}',
  'Gran Premio {club}',
  'Torneo Città di {comune}',
  'Challenger {place}',
  'Torneo Sociale {club}',
] as const

export const SEASON_NAMES = [
  'Primavera',
  'Estate',
  'Autunno',
  'Inverno',
  'Natale',
  'Pasqua',
  'Ferragosto',
  'Carnevale',
]

export const CIRCUIT_NAMES = [
  'Circuito {region}',
  'Grand Prix {region}',
  'Tour {region}',
  'Circuito Nazionale {discipline}',
  'Master Series {region}',
  'Coppa delle Regioni {discipline}',
]

export const TOURNAMENT_COMMENTS = [
  'Complimenti agli organizzatori, tutto perfetto!',
  'Campi in ottime condizioni, si gioca benissimo.',
  'Bellissimo torneo, ci vediamo alla prossima edizione.',
  'Partite combattute fino all’ultimo punto, grande spettacolo.',
  'Orari rispettati e giudice arbitro disponibilissimo.',
  'Peccato per la pioggia di sabato, ma recuperato tutto domenica.',
  'Livello altissimo quest’anno, complimenti ai finalisti.',
  'Grazie al circolo per l’ospitalità, torneremo volentieri.',
  'Qualcuno sa a che ora inizia la finale?',
  'Ottima organizzazione, premiazione molto curata.',
  'Clima bellissimo tra i partecipanti, torneo da consigliare.',
  'Tabellone pubblicato in tempo, comodissimo seguirlo dal portale.',
]

export const NEWS_COMMENTS = [
  'Bellissima notizia, complimenti!',
  'Finalmente! Era ora.',
  'Grande risultato per tutto il movimento.',
  'Ci sarò anche io, non vedo l’ora.',
  'Complimenti ai vincitori e a tutti i partecipanti.',
  'Informazione utilissima, grazie.',
  'Speriamo che l’iniziativa arrivi anche nella nostra provincia.',
  'Il circolo era pieno, atmosfera fantastica.',
  'Quando saranno disponibili le foto?',
  'Articolo molto interessante.',
]

export const PARTNER_MESSAGES = [
  'Cerco compagno/a di livello intermedio per il prossimo torneo, disponibile nei fine settimana.',
  'Giocatore mancino cerca compagno destro per tornei in provincia.',
  'Cerco partner per allenamenti serali e qualche torneo limitato.',
  'Disponibile per doppio misto, livello agonistico.',
  'Cerco compagna per il torneo del prossimo mese, gioco a sinistra.',
  'Nuovo in città, cerco compagno per giocare con regolarità.',
  'Cerco coppia fissa per il circuito regionale.',
]

export const AVAILABILITY = [
  'Sera dopo le 19',
  'Fine settimana',
  'Mattina presto',
  'Pausa pranzo',
  'Martedì e giovedì sera',
  'Sabato pomeriggio',
]

export const CHALLENGE_MESSAGES = [
  'Ti va una partita la prossima settimana?',
  'Rivincita dopo l’ultimo torneo?',
  'Sfida amichevole, campo prenotato io.',
  'Partita al meglio dei tre set, ci stai?',
  'Ho visto che abbiamo lo stesso Power: giochiamo!',
]

export const HELPDESK_TEXTS: { oggetto: string; messaggio: string }[] = [
  {
    oggetto: 'Tessera non visibile',
    messaggio: 'Ho rinnovato la tessera presso il mio circolo ma non la vedo nell’elenco tessere.',
  },
  {
    oggetto: 'Punti torneo mancanti',
    messaggio: 'Nel dettaglio punti non compare il torneo che ho giocato il mese scorso.',
  },
  {
    oggetto: 'Errore nella data di nascita',
    messaggio: 'La data di nascita nel profilo è sbagliata, come posso correggerla?',
  },
  {
    oggetto: 'Iscrizione non registrata',
    messaggio: 'Ho completato l’iscrizione al torneo ma non risulto tra gli iscritti.',
  },
  {
    oggetto: 'Richiesta affiliazione',
    messaggio: 'Il nostro circolo vorrebbe affiliarsi per organizzare tornei di padel.',
  },
  {
    oggetto: 'Risultato sfida errato',
    messaggio: 'Il mio avversario ha inserito un risultato diverso da quello giocato.',
  },
  { oggetto: 'Accesso non riuscito', messaggio: 'Non riesco ad accedere: il codice di verifica non arriva.' },
]

export const HELPDESK_ANSWERS = [
  'Abbiamo verificato e corretto i dati. Grazie per la segnalazione.',
  'La richiesta è stata inoltrata al comitato regionale, riceverà risposta a breve.',
  'Il problema è stato risolto: può verificare ora dal portale.',
]

/** Fixed federation announcements: title, summary and body paragraphs. */
export const ANNOUNCEMENTS: { title: string; summary: string; paragraphs: string[] }[] = [
  {
    title: 'Aperto il tesseramento per la nuova stagione',
    summary: 'Da oggi è possibile rinnovare la tessera presso il proprio circolo: tutte le novità.',
    paragraphs: [
      'Da oggi i circoli affiliati possono rinnovare le tessere dei propri giocatori per la nuova stagione sportiva.',
      'Il rinnovo resta a cura del circolo di appartenenza; la tessera comparirà nel portale entro poche ore dalla registrazione.',
      'Ricordiamo che per la tessera agonistica è necessario il certificato medico in corso di validità.',
    ],
  },
  {
    title: 'Nuovo regolamento delle classifiche',
    summary: 'La classifica nazionale considera i migliori dieci risultati delle ultime 52 settimane.',
    paragraphs: [
      'Il Consiglio federale ha approvato il nuovo regolamento delle classifiche, in vigore dal prossimo aggiornamento.',
      'La classifica nazionale considera i dieci migliori risultati delle ultime 52 settimane; la race annuale somma tutti i punti dell’anno solare.',
      'Il regolamento completo è disponibile nella sezione Regolamenti.',
    ],
  },
  {
    title: 'Il Power arriva su tutte le discipline',
    summary: 'L’indice di livello da 9 a 99 ora è calcolato anche per padel, beach tennis e pickleball.',
    paragraphs: [
      'Il Power misura il livello di gioco a partire dai game vinti e persi contro avversari di livello noto.',
      'Ogni variazione è spiegata partita per partita nella scheda del giocatore: risultato atteso, risultato ottenuto e differenza.',
      'Dopo dieci partite il Power non è più provvisorio.',
    ],
  },
  {
    title: 'Sorteggi verificabili per tutti i tabelloni',
    summary: 'Prima di ogni sorteggio pubblichiamo l’impronta del seme casuale: chiunque può verificarlo.',
    paragraphs: [
      'Da questa stagione ogni tabellone è sorteggiato con un seme casuale la cui impronta SHA-256 viene pubblicata prima del sorteggio.',
      'A sorteggio avvenuto il seme viene reso pubblico: chiunque può verificare che corrisponda all’impronta e ricostruire il tabellone.',
    ],
  },
  {
    title: 'Corso di formazione per giudici arbitri',
    summary: 'Aperte le iscrizioni al corso regionale per giudici arbitri di torneo.',
    paragraphs: [
      'Sono aperte le iscrizioni al corso di formazione per giudici arbitri, articolato in quattro incontri serali e una giornata pratica.',
      'Il corso è rivolto ai tesserati maggiorenni; al termine è previsto un esame di abilitazione.',
    ],
  },
  {
    title: 'Campionati a squadre: pubblicati i gironi',
    summary: 'Composti i gironi dei campionati a squadre: i capitani possono ora inserire gli schieramenti.',
    paragraphs: [
      'Sono stati composti i gironi dei campionati a squadre della stagione.',
      'I capitani delle squadre di casa possono proporre giorno e ora degli incontri direttamente dal portale; gli schieramenti vanno inseriti prima di ogni incontro.',
    ],
  },
  {
    title: 'Giornata nazionale dello sport giovanile',
    summary: 'Porte aperte nei circoli affiliati per bambini e ragazzi dai 6 ai 16 anni.',
    paragraphs: [
      'Domenica i circoli aderenti apriranno gratuitamente i propri campi a bambini e ragazzi dai 6 ai 16 anni.',
      'Maestri e istruttori federali guideranno le prove di tennis, padel, beach tennis e pickleball.',
    ],
  },
  {
    title: 'Sfide tra tesserati: le regole',
    summary: 'Proposte valide sette giorni, conferma del risultato entro 48 ore: come funzionano le sfide.',
    paragraphs: [
      'Le sfide permettono ai tesserati di organizzare partite valide per il Power.',
      'Una proposta non accettata entro sette giorni scade; un risultato non confermato entro 48 ore è confermato automaticamente. In caso di contestazione decide il circolo o la federazione.',
    ],
  },
]

export const VIDEO_TITLES = [
  'Gli highlights della finale',
  'I punti più belli della settimana',
  'Intervista ai vincitori',
  'Dietro le quinte del torneo',
  'Lezione di tecnica: il servizio',
  'Lezione di tecnica: la volée',
  'Il racconto della giornata',
  'Tutti i colpi della semifinale',
]

export const TEAM_SUFFIXES = ['A', 'B', 'Blu', 'Rossa', 'Young', 'Over', 'Gialla', 'Verde']
