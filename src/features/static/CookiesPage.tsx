import { Link } from 'react-router'
import { href } from '../../app/paths.ts'
import { FEDERAZIONE } from './federazione.ts'
import { LegalPage, Schede, type LegalSection } from './LegalPage.tsx'

type Voce = { nome: string; dove: string; scopo: string; durata: string }

/** The local storage keys of spec §3, as the portal writes them. */
const LOCAL_STORAGE: Voce[] = [
  {
    nome: 'id_settore',
    dove: 'Memoria locale',
    scopo:
      'Il settore scelto (per esempio 1 Tennis, 2 Padel, 3 Beach Tennis), per mostrarti tornei, classifiche e news giusti.',
    durata:
      'Finché non cambi scelta. Se non hai spuntato «Ricorda la scelta» resta solo nella memoria della sessione e sparisce chiudendo il browser.',
  },
  {
    nome: 'disciplina',
    dove: 'Memoria locale',
    scopo: 'La disciplina scelta (tennis, padel, beach-tennis, pickleball).',
    durata: 'Come id_settore.',
  },
  {
    nome: 'lastLocation',
    dove: 'Memoria locale',
    scopo: 'L’ultima pagina visitata, per riportarti lì dopo l’accesso o dopo la scelta della disciplina.',
    durata: 'Sovrascritta a ogni pagina.',
  },
  {
    nome: 'tokenAdb2c',
    dove: 'Memoria locale',
    scopo:
      'Il gettone di identità rilasciato dal servizio di autenticazione: prova al server che hai effettuato l’accesso.',
    durata: 'Scade dopo un’ora e viene rinnovato in automatico; è cancellato quando esci.',
  },
  {
    nome: 'dati_incompleti',
    dove: 'Memoria locale',
    scopo: 'Vale 1 se mancano dati obbligatori del profilo, per portarti a «Modifica profilo».',
    durata: 'Fino all’uscita.',
  },
  {
    nome: 'privacy',
    dove: 'Memoria locale',
    scopo: 'Vale 1 se hai già espresso le preferenze privacy, 0 se devi ancora farlo.',
    durata: 'Fino all’uscita.',
  },
  {
    nome: 'profilation',
    dove: 'Memoria locale',
    scopo:
      'La tua scelta sul consenso alla profilazione (1 sì, 0 no), per mostrarla nelle pagine del profilo. Non contiene dati di profilazione.',
    durata: 'Fino all’uscita.',
  },
  {
    nome: 'tessera_associata',
    dove: 'Memoria locale',
    scopo: 'Vale 1 se all’account è collegata almeno una tessera.',
    durata: 'Fino all’uscita.',
  },
  {
    nome: 'user_id',
    dove: 'Memoria locale',
    scopo: 'L’identificativo del tuo account, per riconoscere i tuoi contenuti (tessere, sfide, richieste).',
    durata: 'Fino all’uscita.',
  },
]

const OTHER: Voce[] = [
  {
    nome: 'msal.* e voci dell’account',
    dove: 'Memoria locale',
    scopo:
      'La memoria della libreria di accesso (MSAL): dati dell’account e gettoni per rinnovare l’accesso senza chiederti di nuovo la password.',
    durata: 'Fino all’uscita, o alla scadenza della sessione di accesso.',
  },
  {
    nome: 'settore',
    dove: 'Cookie tecnico del portale',
    scopo:
      'Il numero del settore che hai scelto (lo stesso di «id_settore»), perché il portale ti mandi la home della tua disciplina già pronta, senza richieste in più.',
    durata: '12 mesi se chiedi di ricordare la scelta, altrimenti fino alla chiusura del browser.',
  },
  {
    nome: 'changed_credentials',
    dove: 'Cookie tecnico del portale',
    scopo:
      'Vale «true» quando le tue credenziali sono state create o confermate, per aprire l’area riservata senza ripassare dalla creazione delle credenziali.',
    durata: '12 mesi.',
  },
  {
    nome: 'idp_session, idp_interaction, idp_resume',
    dove: 'Cookie tecnici del servizio di accesso',
    scopo:
      'Mantengono la sessione di accesso e i passaggi del modulo di login, registrazione e recupero password.',
    durata: 'La durata della sessione di accesso; idp_interaction e idp_resume solo pochi minuti.',
  },
  {
    nome: 'avviso, ricarica-rotta, journal',
    dove: 'Memoria della sessione',
    scopo:
      'Un avviso da mostrarti dopo un reindirizzamento, la protezione dai ricaricamenti ripetuti di una pagina e il registro degli eventi che l’assistenza può chiederti di esportare («Esporta registro»), senza password né gettoni.',
    durata: 'Fino alla chiusura della scheda del browser.',
  },
]

function Tabella({ caption, voci }: { caption: string; voci: Voce[] }) {
  return (
    <Schede
      label={caption}
      items={voci.map((voce) => ({
        key: voce.nome,
        title: <code>{voce.nome}</code>,
        facts: [
          ['Dove', voce.dove],
          ['A cosa serve', voce.scopo],
          ['Durata', voce.durata],
        ],
      }))}
    />
  )
}

const sections: LegalSection[] = [
  {
    id: 'in-breve',
    title: 'In breve',
    body: (
      <ul>
        <li>Usiamo solo cookie e memorie tecniche, necessari a far funzionare il portale.</li>
        <li>Non usiamo cookie di profilazione né cookie di terze parti, e nessun servizio di pubblicità.</li>
        <li>
          Non usiamo cookie di statistica: contiamo le pagine visitate sul nostro server, senza cookie e senza
          identificativi sul tuo dispositivo.
        </li>
        <li>
          Per questo non ti chiediamo un consenso ai cookie: la legge lo esclude per gli strumenti
          strettamente necessari al servizio che hai richiesto.
        </li>
      </ul>
    ),
  },
  {
    id: 'memoria-locale',
    title: 'Memoria locale del browser',
    body: (
      <>
        <p>
          Il portale salva nella memoria locale del browser (localStorage) le informazioni seguenti. Restano
          sul tuo dispositivo e non vengono inviate a terzi; il gettone di identità viene inviato solo al
          nostro server, insieme alle richieste che lo richiedono.
        </p>
        <Tabella caption="Voci della memoria locale scritte dal portale" voci={LOCAL_STORAGE} />
      </>
    ),
  },
  {
    id: 'altri-strumenti',
    title: 'Accesso, cookie tecnici e memoria della sessione',
    body: <Tabella caption="Cookie tecnici e altre memorie" voci={OTHER} />,
  },
  {
    id: 'statistiche',
    title: 'Statistiche senza cookie',
    body: (
      <p>
        A ogni cambio di pagina il portale comunica al nostro server il percorso visitato (per esempio
        /tornei/calendario-tornei, senza i parametri dell’indirizzo), la pagina di provenienza interna e il
        settore scelto; se hai effettuato l’accesso, il dato è collegato al tuo account. Non salviamo nulla
        sul tuo dispositivo per questo conteggio e non usiamo servizi esterni di analisi. I tempi di
        conservazione sono nell’<Link to={href('privacy')}>informativa privacy</Link>.
      </p>
    ),
  },
  {
    id: 'collegamenti-esterni',
    title: 'Pulsanti di condivisione e siti esterni',
    body: (
      <p>
        I pulsanti «Condividi» in fondo alle pagine sono semplici collegamenti: non caricano nulla da
        WhatsApp, Facebook o X finché non li usi. Quando li apri, quei servizi applicano i propri cookie e le
        proprie informative.
      </p>
    ),
  },
  {
    id: 'gestione',
    title: 'Come cancellare questi dati',
    body: (
      <>
        <p>
          Uscendo dal portale («Esci» nel menu dell’account) cancelliamo il gettone di identità, la memoria
          della libreria di accesso e i dati del profilo. La scelta della disciplina resta, se avevi chiesto
          di ricordarla: la cambi dalla pagina <Link to={href('sceltaDisciplina')}>Scegli la disciplina</Link>
          .
        </p>
        <p>
          Puoi anche cancellare tutto dalle impostazioni del browser («Cancella dati dei siti»). Bloccare
          queste memorie impedisce l’accesso all’area riservata e fa dimenticare la disciplina scelta.
        </p>
        <p>
          Per domande scrivi a <a href={`mailto:${FEDERAZIONE.dpo}`}>{FEDERAZIONE.dpo}</a>.
        </p>
      </>
    ),
  },
]

/** /cookies: only technical storage; every key the portal writes, what it is for and how long it stays. */
export default function CookiesPage() {
  return (
    <LegalPage
      title="Cookie e memorie del browser"
      updated="2026-01-15"
      intro={
        <p>
          Questa pagina elenca tutto ciò che il {FEDERAZIONE.portale} salva sul tuo dispositivo, a cosa serve
          e per quanto tempo, come previsto dalle linee guida del Garante per la protezione dei dati personali
          sui cookie e altri strumenti di tracciamento.
        </p>
      }
      sections={sections}
    />
  )
}
