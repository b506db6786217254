import { Link } from 'react-router'
import { href } from '../../app/paths.ts'
import { FEDERAZIONE, indirizzoCompleto } from './federazione.ts'
import { LegalPage, Schede, type LegalSection } from './LegalPage.tsx'

const FINALITA = [
  {
    titolo: 'Account e accesso',
    finalita: 'Creare e gestire il tuo account, farti accedere al portale e mantenere la sessione.',
    base: 'Esecuzione del contratto di servizio che accetti registrandoti (art. 6.1.b GDPR).',
    conservazione:
      'Finché l’account è attivo; dopo 24 mesi senza accessi ti avvisiamo e, se non rispondi entro 30 giorni, lo chiudiamo.',
  },
  {
    titolo: 'Tesseramento e attività sportiva',
    finalita:
      'Collegare le tessere, iscriverti a tornei, coppe e sfide, comporre tabelloni, registrare risultati, calcolare punti, classifiche e Power.',
    base: 'Esecuzione del rapporto associativo con la Federazione e con il tuo circolo (art. 6.1.b GDPR).',
    conservazione:
      'Dati di tesseramento: 10 anni dalla scadenza della tessera, per gli obblighi civilistici e fiscali. Risultati, punti e albi d’oro: senza scadenza, come archivio storico dello sport.',
  },
  {
    titolo: 'Pubblicazione dei risultati',
    finalita:
      'Pubblicare risultati, tabelloni, classifiche e la scheda del giocatore (nome, cognome, circolo, provincia, risultati, punti, Power).',
    base: 'Esecuzione del rapporto associativo: la pubblicità dei risultati è parte delle competizioni (art. 6.1.b GDPR) e interesse legittimo della Federazione alla trasparenza sportiva (art. 6.1.f GDPR).',
    conservazione:
      'Come i risultati. La fototessera si pubblica solo se la carichi tu e la puoi togliere quando vuoi.',
  },
  {
    titolo: 'Assistenza',
    finalita: 'Rispondere alle richieste di assistenza e alle segnalazioni.',
    base: 'Esecuzione del contratto di servizio (art. 6.1.b GDPR).',
    conservazione: '24 mesi dalla chiusura della richiesta.',
  },
  {
    titolo: 'Sicurezza e statistiche',
    finalita:
      'Sicurezza del servizio, prevenzione degli abusi e statistiche di utilizzo senza cookie (pagine visitate, senza parametri dell’indirizzo).',
    base: 'Interesse legittimo della Federazione a proteggere il portale e migliorarlo (art. 6.1.f GDPR).',
    conservazione: 'Registri tecnici: 6 mesi. Pagine visitate: 13 mesi, poi solo in forma aggregata.',
  },
  {
    titolo: 'Obblighi di legge',
    finalita: 'Adempiere a obblighi di legge e a richieste delle autorità.',
    base: 'Obbligo legale (art. 6.1.c GDPR).',
    conservazione: 'Per il tempo previsto dalla norma che lo impone.',
  },
  {
    titolo: 'Profilazione e comunicazioni promozionali',
    finalita:
      'Proporti tornei, circuiti e iniziative adatti al tuo livello, alla tua zona e ai tuoi interessi, e inviarti comunicazioni promozionali della Federazione e dei suoi partner.',
    base: 'Il tuo consenso, facoltativo e revocabile in ogni momento (art. 6.1.a GDPR).',
    conservazione:
      'Fino alla revoca del consenso; i dati usati per la profilazione al massimo 12 mesi, quelli per le comunicazioni promozionali al massimo 24 mesi.',
  },
] as const

const sections: LegalSection[] = [
  {
    id: 'titolare',
    title: 'Titolare del trattamento',
    body: (
      <>
        <p>
          Il titolare del trattamento è la <strong>{FEDERAZIONE.nome}</strong>, con sede in{' '}
          {indirizzoCompleto()}. Puoi scriverci a{' '}
          <a href={`mailto:${FEDERAZIONE.email}`}>{FEDERAZIONE.email}</a> o alla PEC{' '}
          <a href={`mailto:${FEDERAZIONE.pec}`}>{FEDERAZIONE.pec}</a>.
        </p>
        <p>
          Il responsabile della protezione dei dati (RPD/DPO) risponde a{' '}
          <a href={`mailto:${FEDERAZIONE.dpo}`}>{FEDERAZIONE.dpo}</a>.
        </p>
        <p>
          I circoli affiliati trattano i dati dei propri tesserati come titolari autonomi per le attività che
          organizzano (iscrizione al circolo, prenotazione dei campi, certificati medici): per quei
          trattamenti fa fede l’informativa del circolo.
        </p>
      </>
    ),
  },
  {
    id: 'dati',
    title: 'Quali dati trattiamo',
    body: (
      <ul>
        <li>
          <strong>Dati di accesso</strong>: indirizzo e-mail e password. La password è conservata solo in
          forma cifrata non reversibile dal servizio di autenticazione; noi non la vediamo mai.
        </li>
        <li>
          <strong>Dati anagrafici e di contatto</strong>: nome, cognome, sesso, data e comune di nascita,
          codice fiscale, provincia e comune di residenza, telefono, indirizzo di spedizione se lo indichi,
          fototessera se la carichi.
        </li>
        <li>
          <strong>Dati di tesseramento</strong>: numero, tipologia, disciplina, settore e validità delle
          tessere, circolo di appartenenza.
        </li>
        <li>
          <strong>Dati dell’attività sportiva</strong>: iscrizioni, partite, risultati, punti, classifiche,
          Power e la sua spiegazione partita per partita, sfide, squadre e formazioni, annunci di «Cerca
          compagno».
        </li>
        <li>
          <strong>Richieste di assistenza</strong>: il testo che scrivi e gli eventuali allegati.
        </li>
        <li>
          <strong>Dati tecnici</strong>: indirizzo IP e orario delle richieste nei registri del server; le
          pagine visitate, senza cookie e senza parametri dell’indirizzo. Sul tuo dispositivo il portale salva
          solo dati tecnici, descritti nella pagina <Link to={href('cookies')}>Cookie</Link>.
        </li>
      </ul>
    ),
  },
  {
    id: 'finalita',
    title: 'Perché li trattiamo, su quale base e per quanto tempo',
    body: (
      <Schede
        label="Finalità, basi giuridiche e tempi di conservazione"
        items={FINALITA.map((row, i) => ({
          key: row.finalita,
          title: `${i + 1}. ${row.titolo}`,
          facts: [
            ['Finalità', row.finalita],
            ['Base giuridica', row.base],
            ['Conservazione', row.conservazione],
          ],
        }))}
      />
    ),
  },
  {
    id: 'conferimento',
    title: 'Obbligatorietà dei dati e consenso alla profilazione',
    body: (
      <>
        <p>
          I dati di accesso, anagrafici e di tesseramento sono necessari per usare l’area riservata,
          iscriversi alle competizioni e comparire nelle classifiche: senza di essi il portale ti chiede di
          completare la registrazione prima di proseguire.
        </p>
        <p>
          Il consenso alla <strong>profilazione</strong> e alle comunicazioni promozionali è facoltativo: se
          non lo dai puoi comunque usare tutto il portale. Lo dai o lo revochi in ogni momento dalla pagina{' '}
          <Link to={href('modificaPrivacy')}>Modifica privacy</Link>; la revoca vale per il futuro e non rende
          illecito il trattamento svolto prima.
        </p>
      </>
    ),
  },
  {
    id: 'decisioni-automatizzate',
    title: 'Classifiche, Power e decisioni automatizzate',
    body: (
      <p>
        Punti, classifiche e Power sono calcolati automaticamente con le regole pubblicate nella pagina{' '}
        <Link to={href('regolamenti')}>Regolamenti</Link>; la scheda del giocatore mostra come ogni partita ha
        cambiato il Power. Questi calcoli determinano teste di serie e ammissione ai tornei limitati, ma le
        decisioni che ti riguardano personalmente, come la promozione di categoria, i reclami e le sanzioni,
        sono sempre prese da persone (commissione tecnica, giudici arbitri, giudice sportivo), a cui puoi
        presentare le tue ragioni.
      </p>
    ),
  },
  {
    id: 'destinatari',
    title: 'A chi comunichiamo i dati',
    body: (
      <>
        <ul>
          <li>al tuo circolo e, per i tornei, al circolo organizzatore e al giudice arbitro;</li>
          <li>ai comitati regionali della Federazione, per l’attività del loro territorio;</li>
          <li>
            ai fornitori che gestiscono per nostro conto infrastruttura, servizio di autenticazione, posta
            elettronica e assistenza, nominati responsabili del trattamento (art. 28 GDPR);
          </li>
          <li>alle autorità, quando la legge lo richiede.</li>
        </ul>
        <p>
          Non vendiamo i dati e non li cediamo a terzi per loro fini commerciali. I dati sono conservati in
          server situati nell’Unione europea; non li trasferiamo fuori dallo Spazio economico europeo.
        </p>
      </>
    ),
  },
  {
    id: 'sicurezza',
    title: 'Come proteggiamo i dati',
    body: (
      <p>
        Il portale funziona solo su connessione cifrata (HTTPS). L’accesso ai dati personali è riservato a chi
        ne ha bisogno per il proprio compito, ogni operazione sull’area riservata richiede un’identità
        verificata e i registri tecnici ci permettono di individuare usi anomali. Le credenziali sono gestite
        da un servizio di autenticazione dedicato, separato dal resto del portale.
      </p>
    ),
  },
  {
    id: 'minori',
    title: 'Minori',
    body: (
      <p>
        I giocatori del settore Junior con meno di 14 anni possono avere un account solo se lo crea e lo
        gestisce chi esercita la responsabilità genitoriale, che dà anche gli eventuali consensi. Dai 14 anni
        in su il giocatore può registrarsi da sé; il consenso alla profilazione dei minori non viene usato per
        comunicazioni promozionali di partner.
      </p>
    ),
  },
  {
    id: 'diritti',
    title: 'I tuoi diritti',
    body: (
      <>
        <p>In ogni momento puoi chiedere alla Federazione:</p>
        <ul>
          <li>di accedere ai tuoi dati e riceverne copia (art. 15 GDPR);</li>
          <li>di correggerli o completarli (art. 16), anche da solo dalla pagina «Modifica profilo»;</li>
          <li>
            di cancellarli (art. 17), salvo i dati che dobbiamo conservare per legge e i risultati sportivi
            già pubblicati, che restano nell’archivio storico;
          </li>
          <li>di limitarne il trattamento (art. 18);</li>
          <li>di riceverli in un formato strutturato e leggibile da dispositivo automatico (art. 20);</li>
          <li>di opporti ai trattamenti basati sull’interesse legittimo (art. 21);</li>
          <li>di revocare il consenso alla profilazione, senza conseguenze sul resto del servizio.</li>
        </ul>
        <p>
          Scrivi al responsabile della protezione dei dati (
          <a href={`mailto:${FEDERAZIONE.dpo}`}>{FEDERAZIONE.dpo}</a>) o apri una richiesta dalla pagina{' '}
          <Link to={href('helpdesk')}>Assistenza</Link>: rispondiamo entro un mese. Se ritieni che il
          trattamento violi la normativa puoi proporre reclamo al Garante per la protezione dei dati personali
          (garanteprivacy.it) o rivolgerti all’autorità giudiziaria.
        </p>
      </>
    ),
  },
  {
    id: 'modifiche',
    title: 'Modifiche all’informativa',
    body: (
      <p>
        Aggiorniamo questa informativa quando cambiano i trattamenti; la data in cima alla pagina indica
        l’ultima revisione. Se una modifica richiede il tuo consenso, te lo chiederemo al primo accesso
        successivo.
      </p>
    ),
  },
]

/** /privacy: the GDPR information notice (articles 13 and 14). */
export default function PrivacyPage() {
  return (
    <LegalPage
      title="Informativa privacy"
      updated="2026-01-15"
      intro={
        <>
          <p>
            Questa informativa spiega, ai sensi degli articoli 13 e 14 del Regolamento (UE) 2016/679 (GDPR) e
            del Codice in materia di protezione dei dati personali, come la {FEDERAZIONE.nome} tratta i dati
            di chi usa il {FEDERAZIONE.portale}: visitatori, giocatori registrati, tesserati e dirigenti dei
            circoli.
          </p>
          <p className="static-demo" role="note">
            Portale dimostrativo: la federazione e i suoi recapiti sono di fantasia.
          </p>
        </>
      }
      sections={sections}
    />
  )
}
