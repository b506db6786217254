// The three rule books of a discipline. The numbers come from the constants and the domain functions the
// server computes with, so the documents cannot drift from what rankings, Power and challenges really do.
import {
  CATEGORY_LABELS,
  CHALLENGE_RULES,
  EVENT_CATEGORIES,
  POWER,
  POWER_MODEL,
  RANKING_RULES,
  ROUND_POINTS,
  TEAM_RULES,
} from '../../contract/constants.ts'
import { pointsFor, ROUND_LABELS, type EventCategory, type RoundReached } from '../domain/points.ts'
import { expectedShare, rateMatch } from '../domain/power.ts'
import type { PdfWriter } from './pdf.ts'
import type { DisciplineProfile } from './profiles.ts'

const CATEGORIES = Object.keys(EVENT_CATEGORIES) as EventCategory[]
const ROUNDS = Object.keys(ROUND_POINTS) as RoundReached[]
const percent = (share: number) => `${Math.round(share * 100)}%`
const decimal = (n: number, digits = 2) => n.toFixed(digits).replace('.', ',')
const categoryName = (c: EventCategory) => CATEGORY_LABELS[c]

/** The art. N heading and its clauses. */
function article(w: PdfWriter, n: number, title: string, clauses: string[]) {
  w.heading(`Art. ${n} – ${title}`)
  w.clauses(clauses)
}

export function regolamentoGenerale(w: PdfWriter, p: DisciplineProfile, season: number) {
  w.paragraph(
    `Il presente regolamento disciplina l’attività agonistica e amatoriale del ${p.nome} organizzata dalla Federazione o dai circoli affiliati sotto la sua egida. Si applica dal 1° gennaio ${season} e resta in vigore fino a nuova deliberazione del Consiglio federale.`,
  )

  article(w, 1, 'Ambito di applicazione', [
    `Il regolamento si applica ai tornei, ai circuiti, alle coppe a squadre e alle sfide del ${p.nome}, per ${p.settori}.`,
    `Le specialità ammesse sono: ${p.specialita}.`,
    'I regolamenti dei circuiti e delle coppe a squadre integrano il presente regolamento; in caso di contrasto prevalgono le norme speciali.',
  ])

  article(w, 2, 'Tesseramento', [
    `La stagione sportiva coincide con l’anno solare: la tessera della stagione ${season} vale dal 1° gennaio al 31 dicembre ${season}.`,
    'La tessera agonistica consente di partecipare a tutti i tornei, ai circuiti e alle coppe a squadre e richiede un certificato medico di idoneità agonistica in corso di validità, depositato presso il circolo.',
    'La tessera amatoriale consente di partecipare ai tornei LIMIT 65 e LIMIT 45 e alle sfide; richiede il certificato medico per attività non agonistica.',
    'Il tesseramento si effettua presso un circolo affiliato, che lo registra nel sistema federale. Il tesserato associa la propria tessera all’account del portale dalla pagina «Elenco tessere».',
  ])

  article(w, 3, 'Categorie degli eventi', [
    `Ogni torneo appartiene a una categoria: OPEN, aperto a tutti i tesserati agonisti; LIMIT 65, riservato ai giocatori con Power non superiore a 65; LIMIT 45, riservato ai giocatori con Power non superiore a 45.`,
    'Per l’ammissione ai tornei limitati vale il Power alla data di chiusura delle iscrizioni; nel doppio entrambi i giocatori devono rispettare il limite.',
    `La categoria determina la quota dei punti di classifica assegnati: ${CATEGORIES.map((c) => `${categoryName(c)} ${percent(EVENT_CATEGORIES[c])}`).join(', ')} dei punti previsti per il turno raggiunto (art. 7).`,
  ])

  article(w, 4, 'Iscrizioni', [
    'Le iscrizioni si effettuano dal portale, nella pagina del torneo, nel periodo indicato dal circolo organizzatore. Nel doppio l’iscrizione indica entrambi i giocatori.',
    'Quando il tabellone è completo le nuove iscrizioni entrano in lista d’attesa e subentrano, in ordine di iscrizione, ai ritirati.',
    'Ci si può cancellare dal portale fino alla chiusura delle iscrizioni; dopo la chiusura il ritiro va comunicato al giudice arbitro. Il ritiro non comunicato è sanzionato ai sensi dell’art. 11.',
  ])

  article(w, 5, 'Formule di gara e sorteggi', [
    'I tornei si disputano con una delle formule seguenti, indicata nel programma: tabellone a eliminazione diretta; gironi all’italiana; gironi all’italiana seguiti da un tabellone a eliminazione diretta.',
    'Nei tabelloni a eliminazione diretta le teste di serie, una ogni quattro posizioni del tabellone e almeno due, sono scelte secondo la classifica nazionale. Le teste di serie 1 e 2 occupano le posizioni estreme del tabellone e possono incontrarsi solo in finale; le altre sono sorteggiate nelle posizioni loro riservate. Se gli iscritti non sono una potenza di due, i turni liberi (bye) spettano alle teste di serie nell’ordine.',
    'Nei gironi le teste di serie sono capolista dei gironi nell’ordine; gli altri giocatori sono sorteggiati per fasce. Ogni vittoria vale un punto; a parità di punti fra due giocatori decide lo scontro diretto, fra tre o più la differenza set e poi la differenza giochi.',
    'Nel passaggio dai gironi al tabellone i primi classificati occupano le posizioni migliori; due giocatori dello stesso girone sono collocati, per quanto possibile, in metà opposte del tabellone.',
    'Sorteggio verificabile: prima del sorteggio il portale pubblica l’impronta SHA-256 di un numero casuale segreto; dopo il sorteggio pubblica il numero. Chiunque può controllare che il numero corrisponda all’impronta e ricostruire lo stesso tabellone a partire dal numero e dall’elenco degli iscritti.',
  ])

  article(w, 6, 'Regole di gioco del ' + p.nome, [...p.punteggio, ...p.particolarita])

  w.heading('Art. 7 – Punti di classifica')
  w.clauses([
    'Ogni giocatore riceve i punti del turno raggiunto nel torneo, moltiplicati per la quota della categoria (art. 3) e arrotondati all’unità. Nel doppio ciascun giocatore della coppia riceve i punti per intero.',
    'Chi non disputa alcuna partita (per esempio perché perde il primo incontro per assenza) non riceve punti. La vittoria per ritiro o assenza dell’avversario vale come partita disputata.',
    'Nei tornei a girone unico la posizione finale vale come il turno raggiunto: primo come vincitore, secondo come finalista, terzo e quarto come semifinalisti, dal quinto all’ottavo come quartofinalisti, gli altri come ottavi di finale.',
  ])
  w.table({
    headers: [
      'Turno raggiunto',
      ...CATEGORIES.map((c) => `${categoryName(c)} (${percent(EVENT_CATEGORIES[c])})`),
    ],
    rows: ROUNDS.map((round) => [ROUND_LABELS[round], ...CATEGORIES.map((c) => pointsFor(round, c))]),
    widths: ['*', 90, 90, 90],
  })
  w.note(
    `Esempio: la vittoria di un torneo ${categoryName('LIMIT_65')} vale ${pointsFor('V', 'LIMIT_65')} punti (${ROUND_POINTS.V} × 65%).`,
  )

  article(w, 8, 'Classifiche', [
    'Race annuale: somma di tutti i punti conquistati nei tornei conclusi nell’anno solare; riparte da zero il 1° gennaio.',
    `Classifica nazionale: somma dei ${RANKING_RULES.NATIONAL_BEST_RESULTS} migliori risultati nei tornei conclusi nelle ultime ${RANKING_RULES.NATIONAL_WINDOW_WEEKS} settimane; si aggiorna a ogni torneo concluso.`,
    'Classifica affiliati: ogni circolo somma i punti della race annuale dei propri tesserati.',
    'A parità di punti i giocatori (o i circoli) occupano la stessa posizione; nell’elenco precede chi ha ottenuto i punti con meno tornei (o con meno tesserati).',
  ])

  // The example is computed by the same function that rates real matches.
  const example = rateMatch(
    new Map([
      [1, { power: 40, partite: 3, partiteTorneo: 3 }],
      [2, { power: 50, partite: 30, partiteTorneo: 30 }],
    ]),
    { sideA: [1], sideB: [2], gamesA: 12, gamesB: 7, at: new Date(Date.UTC(season, 0, 1)), torneo: true },
  ).changes.find((change) => change.personId === 1)!
  article(w, 9, 'Power', [
    `Il Power è un indice di livello da ${POWER.MIN} a ${POWER.MAX}. Ogni giocatore parte da ${POWER_MODEL.INITIAL}.`,
    `Dopo ogni partita di torneo, di coppa o di sfida si confronta la quota di giochi vinti con la quota attesa dal livello dei due avversari: attesa = 1 / (1 + 10^((livello avversari - proprio livello) / ${POWER_MODEL.SCALE})). A livelli uguali ci si attende metà dei giochi; con ${POWER_MODEL.SCALE} punti di vantaggio circa il ${percent(expectedShare(POWER_MODEL.SCALE, 0))}. Nel doppio il livello di una coppia è la media dei due Power.`,
    `La variazione è K × (quota ottenuta - quota attesa). K vale ${POWER_MODEL.K_PROVISIONAL} finché il Power è provvisorio, cioè nelle prime ${POWER.PROVISIONAL_UNTIL_MATCHES} partite, e ${POWER_MODEL.K_ESTABLISHED} in seguito. Le partite vinte o perse senza giocare non modificano il Power.`,
    `Esempio: un giocatore con Power ${example.powerPrima}, ancora provvisorio, affronta un avversario con Power ${example.livelloAvversari} e vince la partita conquistando ${example.gameVinti} giochi su ${example.gameVinti + example.gamePersi}. La quota attesa è ${decimal(example.atteso, 3)}, quella ottenuta ${decimal(example.ottenuto, 3)}: con K = ${example.fattoreK} il suo Power passa da ${example.powerPrima} a ${decimal(example.powerDopo)}.`,
    `Il giocatore che raggiunge Power ${POWER.PROMOTION_POWER} con almeno ${POWER.PROMOTION_MATCHES} partite di torneo è segnalato alla commissione tecnica per la promozione alla categoria superiore.`,
    'La scheda del giocatore sul portale mostra, partita per partita, la quota attesa, quella ottenuta e la variazione del Power.',
  ])

  article(w, 10, 'Sfide', [
    'Un tesserato può sfidare un altro tesserato della stessa disciplina proponendo giorno, ora e circolo. La sfida è un’attività amichevole: non assegna punti di classifica ma vale per il Power.',
    `Lo sfidato accetta o rifiuta entro ${CHALLENGE_RULES.PROPOSAL_EXPIRES_DAYS} giorni; in mancanza di risposta la proposta scade.`,
    `Dopo la partita uno dei giocatori inserisce il risultato; l’avversario lo conferma o lo contesta entro ${CHALLENGE_RULES.RESULT_AUTO_CONFIRM_HOURS} ore. In mancanza di risposta il risultato si considera confermato.`,
    'Chi ha inserito il risultato non può confermarlo. Il risultato contestato è esaminato dal circolo in cui si è giocato o, in mancanza, dalla Federazione, che stabilisce il risultato definitivo.',
  ])

  article(w, 11, 'Comportamento e sanzioni', [
    'I giocatori si presentano in campo all’ora fissata dal programma; dopo 15 minuti di ritardo il giudice arbitro dichiara la sconfitta per assenza.',
    'Il ritiro non comunicato dopo la chiusura delle iscrizioni comporta l’esclusione dal torneo successivo del circuito o, se ripetuto nella stagione, una sospensione fino a 30 giorni.',
    'Comportamenti antisportivi, offese e danneggiamenti sono sanzionati dal giudice arbitro (ammonizione, penalità di punto o di gioco, squalifica) e segnalati agli organi di giustizia federale.',
  ])

  article(w, 12, 'Reclami', [
    'Il reclamo sul risultato o sullo svolgimento di un incontro si presenta al giudice arbitro entro 30 minuti dalla fine dell’incontro; contro la decisione è ammesso ricorso al giudice sportivo federale entro 5 giorni.',
    'Le richieste relative al portale (dati, tessere, classifiche) si inviano dalla pagina «Assistenza», indicando la categoria della richiesta.',
  ])

  article(w, 13, 'Dati personali', [
    'I dati dei tesserati sono trattati dalla Federazione secondo l’informativa pubblicata alla pagina «Privacy» del portale. Nome, cognome, circolo, risultati, punti e Power sono pubblicati nelle classifiche e nelle schede dei giocatori, perché la pubblicità dei risultati è parte dell’attività sportiva.',
  ])
}

export function regolamentoCircuiti(w: PdfWriter, p: DisciplineProfile, season: number) {
  const c = p.circuito
  w.paragraph(
    `Il presente regolamento disciplina il ${c.nome} della stagione ${season} e i circuiti regionali del ${p.nome}. Per quanto non previsto si applica il Regolamento generale del ${p.nome}.`,
  )
  article(w, 1, 'Definizione', [
    'Un circuito è una serie di tornei (tappe) organizzati da circoli diversi, con una classifica propria e un torneo conclusivo (Master).',
    `Il ${c.nome} si articola in ${c.tappe} tappe, nelle date del calendario della stagione, e si conclude con il ${c.master}. I comitati regionali possono organizzare circuiti regionali con le stesse regole.`,
  ])
  article(w, 2, 'Tappe', [
    'Ogni tappa è un torneo di categoria OPEN, LIMIT 65 o LIMIT 45, con tabelloni separati per specialità; la categoria è indicata nel programma della tappa.',
    'Il circolo organizzatore garantisce almeno quattro campi, un giudice arbitro designato dalla Federazione, palle omologate e l’inserimento dei risultati sul portale entro 24 ore dalla fine di ogni giornata.',
    'Le tappe assegnano i punti di classifica previsti dall’art. 7 del Regolamento generale, che valgono sia per la classifica del circuito sia per la race annuale e la classifica nazionale.',
  ])
  article(w, 3, 'Iscrizioni', [
    'Ci si iscrive a ogni tappa separatamente, dal portale, entro il termine indicato nel programma; non è prevista un’iscrizione all’intero circuito.',
    'Alle tappe OPEN sono ammessi i tesserati agonisti; alle tappe LIMIT anche i tesserati amatoriali, nel rispetto del limite di Power della categoria.',
  ])
  article(w, 4, 'Classifica del circuito', [
    'La classifica del circuito è la somma dei punti conquistati in tutte le tappe disputate: ogni tappa conta.',
    'A parità di punti i giocatori occupano la stessa posizione; nell’elenco precede chi ha disputato meno tappe.',
    'La classifica è pubblicata sul portale e si aggiorna alla chiusura di ogni tappa.',
  ])
  article(w, 5, c.master, [
    'Al Master accedono i primi otto giocatori (o le prime otto coppie) della classifica del circuito per ciascuna specialità; in caso di rinuncia subentra il successivo in classifica.',
    'Il Master si gioca con due gironi da quattro; i primi due di ogni girone disputano semifinali incrociate e finale.',
    'Il Master è un torneo OPEN e assegna i punti di classifica del turno raggiunto; i punti valgono per la race annuale e la classifica nazionale, non per la classifica del circuito, che si chiude con l’ultima tappa.',
  ])
  article(w, 6, 'Premi', [
    'Ogni tappa premia vincitori e finalisti di ogni tabellone; il Master premia i primi quattro classificati.',
    'I premi consistono in materiale tecnico, buoni e rimborsi di viaggio stabiliti dal programma; non sono previsti premi in denaro per i tornei LIMIT.',
  ])
  article(w, 7, 'Ritiri', [
    'Il giocatore qualificato al Master conferma la partecipazione dal portale entro sette giorni dalla pubblicazione della classifica finale del circuito.',
    'Il ritiro non giustificato dal Master comporta l’esclusione dal circuito della stagione successiva fino alla seconda tappa.',
  ])
}

export function regolamentoCoppe(w: PdfWriter, p: DisciplineProfile, season: number) {
  const c = p.coppa
  w.paragraph(
    `Il presente regolamento disciplina la ${c.nome} ${season}, competizione a squadre fra i circoli affiliati. Per quanto non previsto si applica il Regolamento generale del ${p.nome}.`,
  )
  article(w, 1, 'Squadre', [
    `Ogni circolo affiliato può iscrivere una o più squadre. Una squadra è composta da ${TEAM_RULES.MIN_PLAYERS} a ${TEAM_RULES.MAX_PLAYERS} giocatori tesserati per il circolo, con tessera agonistica valida per la stagione.`,
    'Ogni squadra ha un capitano, giocatore o dirigente del circolo, indicato all’iscrizione. Il capitano compone la rosa, concorda il calendario degli incontri, schiera le formazioni e inserisce o conferma i risultati.',
    'Un giocatore può far parte di una sola squadra per competizione. La rosa può essere integrata fino alla seconda giornata dei gironi, senza superare il numero massimo di giocatori.',
  ])
  article(w, 2, 'Formula', [
    'La coppa si disputa con gironi all’italiana di quattro-sei squadre su base territoriale, seguiti da un tabellone a eliminazione diretta fra le prime due squadre di ogni girone.',
    `Ogni incontro fra due squadre comprende ${c.incontro}; vince l’incontro la squadra che si aggiudica più partite (almeno ${Math.floor(c.partite / 2) + 1} su ${c.partite}). Tutte le partite si disputano anche quando l’incontro è già deciso.`,
    'Nei gironi ogni incontro vinto vale due punti, quello perso zero. A parità di punti conta la differenza fra partite vinte e perse.',
    'Nel tabellone le vincitrici dei gironi occupano le posizioni migliori e non incontrano al primo turno una squadra del proprio girone.',
  ])
  article(w, 3, 'Calendario degli incontri', [
    'La Federazione pubblica le finestre di ogni giornata nel calendario della stagione. Entro la finestra il capitano della squadra di casa propone dal portale giorno e ora dell’incontro; il capitano ospite accetta la proposta o ne chiede un’altra.',
    'Se i capitani non si accordano entro tre giorni dall’inizio della finestra, l’incontro si disputa il sabato della finestra alle 15:00 presso il circolo di casa.',
  ])
  article(w, 4, 'Formazioni', [
    'Per ogni incontro ciascun capitano inserisce la formazione sul portale almeno un’ora prima dell’inizio; la formazione diventa visibile all’altra squadra solo quando entrambe sono state inserite.',
    ...c.formazione,
    'Un giocatore non presente in rosa o schierato in una posizione non consentita comporta la perdita della partita che ha disputato.',
  ])
  article(w, 5, 'Risultati', [
    'Al termine dell’incontro uno dei due capitani inserisce sul portale il risultato di ogni partita; l’altro capitano lo conferma o lo contesta.',
    'Il risultato confermato diventa ufficiale e aggiorna la classifica del girone. Il risultato contestato è esaminato dal giudice sportivo federale, che sente i due capitani e il giudice arbitro, se presente, e stabilisce il risultato definitivo.',
    'Le partite disputate valgono per il Power dei giocatori; la coppa non assegna punti di classifica individuali.',
  ])
  article(w, 6, 'Rinunce e sanzioni', [
    'La squadra che non si presenta perde l’incontro con il punteggio più sfavorevole (tutte le partite perse, senza giochi vinti). Alla seconda rinuncia la squadra è esclusa dalla competizione e i suoi risultati sono annullati.',
    'La squadra che schiera meno giocatori del necessario perde le partite che non può disputare.',
  ])
}
