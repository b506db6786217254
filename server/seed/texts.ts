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
  '{season}',
  'Gran Premio {club}',
  'Torneo Città di {comune}',
  'Challenger {place}',
  'Torneo Sociale {club}',
  'Memorial {first} {surname}',
  'Trofeo {club}',
  'Coppa {club}',
] as const

/**
 * Captions of a tournament's photos, in order. The demo photos (server/media/generate.ts, scene) show a court and a
 * ball in flight, nobody on it: the captions say so (no «premiazione» without people to award).
 */
export const PHOTO_CAPTIONS = [
  'Il campo centrale, pronto per la finale',
  'Il campo della finale',
  'Palla in gioco sul campo',
] as const

/** Circuits are regional: every name says its region (its stages are played there). */
export const CIRCUIT_NAMES = [
  'Circuito {region}',
  'Grand Prix {region}',
  'Tour {region}',
  'Circuito {discipline} {region}',
  'Master Series {region}',
  'Trofeo {discipline} {region}',
]

/** Comments under a tournament, by its phase: nobody thanks for the prize-giving of a tournament still running. */
export const TOURNAMENT_COMMENTS = {
  in_corso: [
    'Campi in ottime condizioni, si gioca benissimo.',
    'Orari rispettati e giudice arbitro disponibilissimo.',
    'Qualcuno sa a che ora inizia la finale?',
    'Tabellone pubblicato in tempo, comodissimo seguirlo dal portale.',
    'Partite combattute fin dal primo turno, livello alto.',
    'Domani si riprende con i quarti: in bocca al lupo a tutti!',
  ],
  concluso: [
    'Complimenti agli organizzatori, tutto perfetto!',
    'Bellissimo torneo, ci vediamo alla prossima edizione.',
    'Partite combattute fino all’ultimo punto, grande spettacolo.',
    'Peccato per la pioggia di sabato, ma recuperato tutto domenica.',
    'Livello altissimo quest’anno, complimenti ai finalisti.',
    'Grazie al circolo per l’ospitalità, torneremo volentieri.',
    'Ottima organizzazione, premiazione molto curata.',
    'Clima bellissimo tra i partecipanti, torneo da consigliare.',
  ],
} as const

/** Comments under a team championship, by its phase. */
export const CHAMPIONSHIP_COMMENTS = {
  in_corso: [
    'Bella trasferta, incontro equilibrato fino all’ultimo doppio.',
    'Girone molto combattuto quest’anno.',
    'Complimenti alla squadra di casa per l’accoglienza.',
    'Si decide tutto all’ultima giornata!',
  ],
  concluso: [
    'Complimenti alla squadra vincitrice del girone.',
    'Bel campionato, ci rivediamo la prossima stagione.',
    'Grazie a tutti i capitani per la correttezza.',
    'Stagione bellissima, squadra unita fino alla fine.',
  ],
} as const

/**
 * Comments under a news, by what the news tells: a result (the past), a tournament still to be played (the
 * future), an announcement or an interview. "Il circolo era pieno" only under a tournament that was played.
 */
export const NEWS_COMMENTS = {
  risultati: [
    'Complimenti ai vincitori e a tutti i partecipanti.',
    'Il circolo era pieno, atmosfera fantastica.',
    'Quando saranno disponibili le foto?',
    'Finale bellissima, vittoria meritata.',
    'Grande risultato per tutto il movimento.',
  ],
  eventi: [
    'Ci sarò anche io, non vedo l’ora.',
    'Iscrizione fatta, ci vediamo in campo!',
    'Si sa già quando esce il tabellone?',
    'Bella iniziativa, speriamo nel bel tempo.',
  ],
  comunicati: [
    'Informazione utilissima, grazie.',
    'Finalmente! Era ora.',
    'Articolo molto interessante.',
    'Chiaro e utile, grazie della spiegazione.',
  ],
  regolamenti: [
    'Informazione utilissima, grazie.',
    'Finalmente regole chiare per tutti.',
    'Chiaro e utile, grazie della spiegazione.',
  ],
  giovanili: [
    'Bellissima iniziativa per i ragazzi.',
    'Speriamo che l’iniziativa arrivi anche nella nostra provincia.',
    'Porterò anche i miei figli, grazie!',
  ],
  /** Under an announced initiative (a course, a clinic): not a tournament, no draw to wait for. */
  iniziative: [
    'Ci sarò anche io, non vedo l’ora.',
    'Informazione utilissima, grazie.',
    'Speriamo che l’iniziativa arrivi anche nella nostra provincia.',
  ],
  interviste: [
    'Bella intervista, complimenti!',
    'Un esempio per chi inizia.',
    'Che bello leggere queste storie.',
  ],
} as const

/** Partner-search messages, worded for who writes them. */
export const PARTNER_MESSAGES: Record<'M' | 'F', string[]> = {
  M: [
    'Cerco compagno o compagna di livello intermedio per il prossimo torneo, disponibile nei fine settimana.',
    'Giocatore mancino cerca compagno destro per tornei in provincia.',
    'Cerco partner per allenamenti serali e qualche torneo limitato.',
    'Disponibile per doppio misto, livello agonistico.',
    'Nuovo in città, cerco compagno per giocare con regolarità.',
    'Cerco coppia fissa per il circuito regionale.',
  ],
  F: [
    'Cerco compagna o compagno di livello intermedio per il prossimo torneo, disponibile nei fine settimana.',
    'Giocatrice mancina cerca compagna destra per tornei in provincia.',
    'Cerco partner per allenamenti serali e qualche torneo limitato.',
    'Disponibile per doppio misto, livello agonistico.',
    'Cerco compagna per il torneo del prossimo mese, gioco a sinistra.',
    'Nuova in città, cerco compagna per giocare con regolarità.',
  ],
}

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

export type NewsKind = 'risultati' | 'comunicati' | 'eventi' | 'interviste' | 'regolamenti' | 'giovanili'

/**
 * Federation announcements. One for the whole federation, or (with `{disciplina}`, `{Disciplina}` in the text)
 * one per discipline, each used once: no two news share a text. `{anno}`: the season a December news opens.
 */
export const ANNOUNCEMENTS: {
  kind: Exclude<NewsKind, 'risultati' | 'interviste'>
  perDiscipline: boolean
  /** Published in this month only (1–12). */
  month?: number
  title: string
  summary: string
  paragraphs: string[]
}[] = [
  {
    kind: 'comunicati',
    perDiscipline: false,
    month: 12,
    title: 'Aperto il tesseramento per la stagione {anno}',
    summary: 'Da oggi è possibile rinnovare la tessera {anno} presso il proprio circolo: tutte le novità.',
    paragraphs: [
      'Da oggi i circoli affiliati possono rinnovare le tessere dei propri giocatori per la stagione sportiva {anno}.',
      'Il rinnovo resta a cura del circolo di appartenenza; la tessera comparirà nel portale entro poche ore dalla registrazione.',
      'Ricordiamo che per la tessera agonistica è necessario il certificato medico in corso di validità.',
    ],
  },
  {
    kind: 'comunicati',
    perDiscipline: false,
    title: 'Il Power arriva su tutte le discipline',
    summary: 'L’indice di livello da 9 a 99 ora è calcolato anche per padel, beach tennis e pickleball.',
    paragraphs: [
      'Il Power misura il livello di gioco a partire dai game vinti e persi contro avversari di livello noto.',
      'Ogni variazione è spiegata partita per partita nella scheda del giocatore: risultato atteso, risultato ottenuto e differenza.',
      'Dopo dieci partite il Power non è più provvisorio.',
    ],
  },
  {
    kind: 'comunicati',
    perDiscipline: true,
    title: 'Campionati a squadre di {disciplina}: pubblicati i gironi',
    summary:
      'Composti i gironi dei campionati a squadre di {disciplina}: i capitani possono inserire gli schieramenti.',
    paragraphs: [
      'Sono stati composti i gironi dei campionati a squadre di {disciplina} della stagione.',
      'I capitani delle squadre di casa possono proporre giorno e ora degli incontri direttamente dal portale; gli schieramenti vanno inseriti prima di ogni incontro.',
    ],
  },
  {
    kind: 'comunicati',
    perDiscipline: true,
    title: 'Campi di {disciplina}: al via le nuove omologazioni',
    summary:
      'I circoli possono chiedere l’omologazione dei campi di {disciplina} direttamente al comitato regionale.',
    paragraphs: [
      'Da questo mese le richieste di omologazione dei campi di {disciplina} si presentano al comitato regionale.',
      'Un tecnico federale verifica misure, superficie e illuminazione entro trenta giorni dalla richiesta.',
    ],
  },
  {
    kind: 'regolamenti',
    perDiscipline: true,
    title: 'Classifiche di {disciplina}: il nuovo regolamento',
    summary:
      'La classifica nazionale di {disciplina} considera i migliori dieci risultati delle ultime 52 settimane.',
    paragraphs: [
      'Il Consiglio federale ha approvato il nuovo regolamento delle classifiche di {disciplina}, in vigore dal prossimo aggiornamento.',
      'La classifica nazionale considera i dieci migliori risultati delle ultime 52 settimane; la race annuale somma tutti i punti dell’anno solare.',
      'Il regolamento completo è disponibile nella sezione Regolamenti.',
    ],
  },
  {
    kind: 'regolamenti',
    perDiscipline: true,
    title: 'Regolamento tecnico di {disciplina}: le modifiche della stagione',
    summary:
      'Tempi di riscaldamento, palline e cambi di campo: cosa cambia nel regolamento tecnico di {disciplina}.',
    paragraphs: [
      'La commissione tecnica ha aggiornato il regolamento di {disciplina} per la stagione in corso.',
      'Le novità riguardano il riscaldamento, ridotto a cinque minuti, e il numero di palline nuove per incontro.',
    ],
  },
  {
    kind: 'regolamenti',
    perDiscipline: false,
    title: 'Sorteggi verificabili per tutti i tabelloni',
    summary: 'Prima di ogni sorteggio pubblichiamo l’impronta del seme casuale: chiunque può verificarlo.',
    paragraphs: [
      'Da questa stagione ogni tabellone è sorteggiato con un seme casuale la cui impronta SHA-256 viene pubblicata prima del sorteggio.',
      'A sorteggio avvenuto il seme viene reso pubblico: chiunque può verificare che corrisponda all’impronta e ricostruire il tabellone.',
    ],
  },
  {
    kind: 'regolamenti',
    perDiscipline: false,
    title: 'Sfide tra tesserati: le regole',
    summary: 'Proposte valide sette giorni, conferma del risultato entro 48 ore: come funzionano le sfide.',
    paragraphs: [
      'Le sfide permettono ai tesserati di organizzare partite valide per il Power.',
      'Una proposta non accettata entro sette giorni scade; un risultato non confermato entro 48 ore è confermato automaticamente. In caso di contestazione decide il circolo o la federazione.',
    ],
  },
  {
    kind: 'eventi',
    perDiscipline: true,
    title: 'Corso di formazione per giudici arbitri di {disciplina}',
    summary: 'Aperte le iscrizioni al corso regionale per giudici arbitri di tornei di {disciplina}.',
    paragraphs: [
      'Sono aperte le iscrizioni al corso di formazione per giudici arbitri di {disciplina}, articolato in quattro incontri serali e una giornata pratica.',
      'Il corso è rivolto ai tesserati maggiorenni; al termine è previsto un esame di abilitazione.',
    ],
  },
  {
    kind: 'eventi',
    perDiscipline: true,
    title: '{Disciplina}: clinic con i tecnici federali',
    summary:
      'Una giornata di allenamento con i tecnici federali di {disciplina}, aperta a tutti i tesserati.',
    paragraphs: [
      'I tecnici federali di {disciplina} guideranno una giornata di allenamento aperta ai tesserati di ogni livello.',
      'I posti sono limitati: le prenotazioni si raccolgono presso i comitati regionali.',
    ],
  },
  {
    kind: 'giovanili',
    perDiscipline: false,
    title: 'Giornata nazionale dello sport giovanile',
    summary: 'Porte aperte nei circoli affiliati per bambini e ragazzi dai 6 ai 16 anni.',
    paragraphs: [
      'Domenica i circoli aderenti apriranno gratuitamente i propri campi a bambini e ragazzi dai 6 ai 16 anni.',
      'Maestri e istruttori federali guideranno le prove di tennis, padel, beach tennis e pickleball.',
    ],
  },
  {
    kind: 'giovanili',
    perDiscipline: true,
    title: 'Raduno nazionale under 14 di {disciplina}',
    summary:
      'Convocati i migliori under 14 di {disciplina}: tre giorni di allenamenti con lo staff federale.',
    paragraphs: [
      'Lo staff tecnico ha convocato i migliori under 14 di {disciplina} per un raduno di tre giorni.',
      'Allenamenti in campo, preparazione atletica e incontri con i genitori completano il programma.',
    ],
  },
  {
    kind: 'giovanili',
    perDiscipline: true,
    title: '{Disciplina} a scuola: il progetto per le classi primarie',
    summary:
      'Istruttori federali di {disciplina} nelle scuole primarie: le adesioni si raccolgono dai circoli.',
    paragraphs: [
      'Il progetto porta il {disciplina} nelle scuole primarie con istruttori federali e attrezzatura adatta ai più piccoli.',
      'Le scuole interessate possono aderire tramite il circolo affiliato più vicino.',
    ],
  },
]

/** An interview's answers, a few variants each so no two interviews read alike; `{m|f}` agrees with who speaks. */
export const INTERVIEW_TITLES = [
  'Il segreto è divertirsi',
  'In campo mi sento {libero|libera}',
  'Ogni torneo è una scoperta',
  'La costanza paga sempre',
]
export const INTERVIEW_OPENINGS = [
  '«Per caso, accompagnando un amico al circolo. Da lì non ho più smesso.»',
  '«Da {bambino|bambina} guardavo le partite in televisione: a dieci anni ho preso la prima racchetta.»',
  '«Mi ha portato mia sorella, che giocava già da qualche anno.»',
  '«Ho iniziato tardi, dopo anni di calcetto: è stato amore a prima vista.»',
]
export const INTERVIEW_ANSWERS = [
  '«Il Power mi ha aiutato a trovare avversari del mio livello: le partite sono più equilibrate e divertenti.»',
  '«Mi alleno tre sere a settimana e nel fine settimana cerco sempre un torneo in zona.»',
  '«Il momento più bello? La prima finale vinta, davanti agli amici del circolo.»',
  '«Le sfide con gli amici sono il miglior allenamento: si gioca senza pressione.»',
]
export const INTERVIEW_ADVICE = [
  '«Il consiglio per chi inizia? Giocare tanto, anche le sfide con gli amici, e non guardare troppo la classifica.»',
  '«A chi inizia dico: trovate un buon maestro e divertitevi, i risultati arrivano.»',
  '«Per chi comincia: costanza e pazienza, e mai saltare il riscaldamento.»',
]

/** Short clips (the demo media last seconds): titles a few seconds of video can honestly carry. */
export const VIDEO_TITLES_OF_TOURNAMENT = [
  'Il punto della finale',
  'Il match point',
  'Il colpo più bello',
  'L’ultimo scambio della semifinale',
]
export const VIDEO_LESSONS = [
  'il servizio',
  'la volée',
  'il rovescio',
  'lo smash',
  'la risposta al servizio',
  'il lob',
  'la palla corta',
  'lo spostamento laterale',
]

export const TEAM_SUFFIXES = ['A', 'B', 'Blu', 'Rossa', 'Young', 'Over', 'Gialla', 'Verde']
