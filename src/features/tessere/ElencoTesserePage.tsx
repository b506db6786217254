import { useActorRef, useSelector } from '@xstate/react'
import { useSelector as useStoreSelector } from '@xstate/store-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { fromPromise } from 'xstate'
// The contract modules themselves, not the endpoints table: the page's bundle carries only its own calls.
import { elencoTessere, type Tessera } from '../../../contract/giocatori.ts'
import { tesseraAdd, tessereSincronizza } from '../../../contract/tessere.ts'
import {
  TESSERE_PAGE_SIZE,
  elencoTessereMachine,
  type TesserePage,
} from '../../../machines/elenco-tessere.ts'
import { callApi } from '../../api/client.ts'
import { href } from '../../app/paths.ts'
import { refreshCards, refreshProfile } from '../../app/session.ts'
import { utenteStore } from '../../stores/utente.ts'
import { Field } from '../../ui/form-ui.tsx'
import { LoadError } from '../../ui/LoadError.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { usePageData } from '../../ui/page-data.ts'
import { todayInItaly } from '../../../contract/dates.ts'
import { formatNumber, formatPeriod, formatYear } from '../../ui/format.ts'
import { STATO_LABELS, disciplinaLabel, groupTessere, statoTessera, verificaUrl } from './format.ts'
import { QrTessera } from './QrTessera.tsx'

const loadTessere = (input: { id: number; rowstoskip: number; fetchrows: number }): Promise<TesserePage> =>
  callApi(elencoTessere, input)

const tessereLogic = elencoTessereMachine.provide({
  actors: {
    loadTessere: fromPromise(({ input }) => loadTessere(input)),
    addTessera: fromPromise(async ({ input }) => (await callApi(tesseraAdd, input)).result),
    syncTessere: fromPromise(async () => (await callApi(tessereSincronizza, {})).result),
  },
})

const loadFirstPage = (idPersona: number) =>
  loadTessere({ id: idPersona, rowstoskip: 0, fetchrows: TESSERE_PAGE_SIZE })
import './tessere.css'
import { journalInspector } from '../../journal/journal.ts'

function ListSkeleton({ label }: { label: string }) {
  return (
    <div className="tessere-skeleton">
      <output className="visually-hidden">{label}</output>
      {[0, 1, 2].map((i) => (
        <div key={i} className="skeleton tessere-skeleton-card" aria-hidden="true" />
      ))}
    </div>
  )
}

/** How and where a card is renewed: at a club, which then records it with the federation. */
function Rinnova({ tessera }: { tessera: Tessera }) {
  return (
    <details className="tessera-rinnova">
      <summary>Rinnova</summary>
      <p>
        La tessera si rinnova ogni stagione presso un circolo affiliato
        {tessera.circolo && tessera.id_circolo !== null ? (
          <>
            , di solito quello che l’ha rilasciata:{' '}
            <Link to={href('dettaglioCircolo', { id: tessera.id_circolo })}>{tessera.circolo}</Link>
          </>
        ) : null}
        . Cerca un circolo nell’<Link to={href('listaCircoli')}>elenco dei circoli</Link>.
      </p>
      <p>
        Porta un documento d’identità e un certificato medico valido (agonistico per la tessera agonistica).
        Il circolo registra il rinnovo nel registro federale: poi premi «Sincronizza» qui sopra, oppure
        aggiungi la nuova tessera con il suo codice.
      </p>
    </details>
  )
}

function TesseraCard({ tessera, today, nuova }: { tessera: Tessera; today: string; nuova: boolean }) {
  const stato = statoTessera(tessera, today)
  const titleId = `tessera-${tessera.codice_tessera}`
  return (
    <li className={`card tessera tessera-settore-${tessera.id_settore}${nuova ? ' tessera-nuova' : ''}`}>
      <article aria-labelledby={titleId}>
        <div className="tessera-banda">
          <span>Tessera federale</span>
          <span>{disciplinaLabel(tessera.disciplina)}</span>
        </div>
        <div className="tessera-corpo">
          <div className="tessera-testo">
            <div className="tessera-head">
              <h3 className="tessera-codice" id={titleId}>
                Tessera n. {tessera.codice_tessera}
              </h3>
              <span className={`tessera-stato tessera-stato-${stato}`}>{STATO_LABELS[stato]}</span>
              {nuova && <span className="tessera-stato tessera-stato-nuova">Appena aggiunta</span>}
            </div>
            <dl className="tessera-dati">
              <div>
                <dt>Tipologia</dt>
                <dd>{tessera.tipologia}</dd>
              </div>
              <div>
                <dt>Stagione</dt>
                <dd>{formatYear(tessera.stagione)}</dd>
              </div>
              <div>
                <dt>Validità</dt>
                <dd>{formatPeriod(tessera.valida_dal, tessera.valida_al, { year: 'always' })}</dd>
              </div>
              {tessera.circolo && (
                <div>
                  <dt>Circolo</dt>
                  <dd>{tessera.circolo}</dd>
                </div>
              )}
            </dl>
          </div>
          <div className="tessera-qr">
            <QrTessera url={verificaUrl(tessera.verifica)} codice={tessera.codice_tessera} />
            <a href={href('verificaTessera', { verifica: tessera.verifica })} target="_blank" rel="noopener">
              Pagina di verifica
              <span className="visually-hidden"> della tessera {tessera.codice_tessera}</span>
            </a>
          </div>
        </div>
        {stato !== 'futura' && <Rinnova tessera={tessera} />}
      </article>
    </li>
  )
}

function NessunaTessera() {
  return (
    <div className="empty-state">
      <p>
        <strong>Non risultano tessere associate al tuo profilo.</strong>
      </p>
      <p>
        Per tesserarti rivolgiti a un circolo affiliato: cercalo nell'
        <Link to={href('listaCircoli')}>elenco dei circoli</Link>. Se sei già tesserato e la tessera non
        compare, aggiungila con il suo codice o premi «Sincronizza»; se non la trovi, verifica che il codice
        fiscale nel <Link to={href('modificaProfilo')}>profilo</Link> sia corretto oppure scrivici dalla
        pagina <Link to={href('helpdesk')}>Assistenza</Link>.
      </p>
    </div>
  )
}

function TessereList({ idPersona }: { idPersona: number }) {
  const firstPage = usePageData(loadFirstPage, idPersona)
  if (firstPage.loading) return <ListSkeleton label="Caricamento delle tessere…" />
  if (firstPage.failed) return <LoadError message={firstPage.error} onRetry={firstPage.retry} />
  if (!firstPage.data) return null
  return <TessereShown idPersona={idPersona} firstPage={firstPage.data} />
}

type TessereActor = ReturnType<typeof useActorRef<typeof tessereLogic>>

/** Add a card by its code, or synchronise with the registry: one at a time, with progress and the outcome. */
function AggiornaTessere({ actor }: { actor: TessereActor }) {
  const [codice, setCodice] = useState('')
  const canAdd = useSelector(actor, (s) => s.can({ type: 'tessera.add', codice: 'TN000000000' }))
  const adding = useSelector(actor, (s) => s.hasTag('adding'))
  const syncing = useSelector(actor, (s) => s.hasTag('syncing'))
  const step = useSelector(actor, (s) => (s.matches({ syncing: 'refreshing' }) ? 2 : 1))
  const addError = useSelector(actor, (s) => s.context.addError)
  const syncError = useSelector(actor, (s) => s.context.syncError)
  const outcome = useSelector(actor, (s) => s.context.outcome)
  const ready = useSelector(actor, (s) => s.matches('ready'))

  // The session's own copy of the cards (tessera_associata) follows a change once the list is read again.
  useEffect(() => {
    if (ready && outcome && (outcome.aggiunte.length > 0 || outcome.aggiornate.length > 0)) refreshCards()
  }, [ready, outcome])

  return (
    <section className="card tessere-aggiorna" aria-labelledby="tessere-aggiorna-titolo">
      <h2 id="tessere-aggiorna-titolo">Aggiungi o aggiorna le tue tessere</h2>
      <form
        className="tessere-aggiungi"
        noValidate
        onSubmit={(e) => {
          e.preventDefault()
          actor.send({ type: 'tessera.add', codice })
        }}
      >
        <Field
          id="codice-tessera"
          label="Codice tessera"
          hint="È stampato sulla tessera, per esempio TN250001234."
          error={addError ?? undefined}
        >
          {(control) => (
            <input
              {...control}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={codice}
              onChange={(e) => setCodice(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" className="button" disabled={!canAdd}>
          {adding ? 'Aggiunta in corso…' : 'Aggiungi'}
        </button>
      </form>
      <div className="tessere-sincronizza">
        <p className="field-hint" id="sincronizza-aiuto">
          Cerca nel registro federale le tessere intestate al tuo codice fiscale: aggiunge quelle che mancano
          e aggiorna quelle cambiate.
        </p>
        <button
          type="button"
          className="button secondary"
          aria-describedby="sincronizza-aiuto"
          disabled={!canAdd}
          onClick={() => actor.send({ type: 'tessere.sync' })}
        >
          {syncing ? 'Sincronizzazione in corso…' : 'Sincronizza'}
        </button>
      </div>
      <div role="status" className="tessere-esito">
        {syncing && (
          <div className="tessere-progresso">
            <progress max={2} value={step} aria-label="Avanzamento della sincronizzazione" />
            <span>
              {step === 1
                ? 'Passo 1 di 2: lettura del registro federale…'
                : 'Passo 2 di 2: aggiornamento dell’elenco…'}
            </span>
          </div>
        )}
        {!syncing && !adding && outcome && (
          <div className="form-success">
            <p>{outcome.message}</p>
            {(outcome.aggiunte.length > 0 || outcome.aggiornate.length > 0) && (
              <ul>
                {outcome.aggiunte.map((c) => (
                  <li key={c}>Aggiunta: tessera n. {c}</li>
                ))}
                {outcome.aggiornate.map((u) => (
                  <li key={u.codice_tessera}>
                    Aggiornata: tessera n. {u.codice_tessera} ({u.modifiche.join(', ')})
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </div>
      {syncError && (
        <p className="form-error" role="alert">
          {syncError}
        </p>
      )}
    </section>
  )
}

function TessereShown({ idPersona, firstPage }: { idPersona: number; firstPage: TesserePage }) {
  const actor = useActorRef(tessereLogic, {
    inspect: journalInspector,
    input: { idPersona, tessere: firstPage.results, record: firstPage.record },
  })
  const loadingMore = useSelector(actor, (s) => s.hasTag('loadingMore'))
  const canLoadMore = useSelector(actor, (s) => s.can({ type: 'tessere.more' }))
  const tessere = useSelector(actor, (s) => s.context.tessere)
  const record = useSelector(actor, (s) => s.context.record)
  const error = useSelector(actor, (s) => s.context.error)
  const aggiunte = useSelector(actor, (s) => s.context.outcome?.aggiunte)
  const [today] = useState(todayInItaly)

  return (
    <>
      <AggiornaTessere actor={actor} />
      {record === 0 ? (
        <NessunaTessera />
      ) : (
        <>
          <p className="tessere-count">
            {record === 1 ? '1 tessera' : `${formatNumber(record)} tessere`}
            {tessere.length < record && `, ne vedi ${formatNumber(tessere.length)}`}
          </p>
          <p className="tessere-qr-nota">
            Al circolo mostra il codice QR della tessera: la pagina che apre dice soltanto se è valida e il
            settore, senza i tuoi dati.
          </p>
          {groupTessere(tessere).map((group) => (
            <section key={group.key} className="tessere-gruppo" aria-labelledby={`tessere-${group.key}`}>
              <h2 id={`tessere-${group.key}`}>{group.titolo}</h2>
              <ul className="tessere-list">
                {group.tessere.map((tessera) => (
                  <TesseraCard
                    key={tessera.codice_tessera}
                    tessera={tessera}
                    today={today}
                    nuova={aggiunte?.includes(tessera.codice_tessera) ?? false}
                  />
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {(canLoadMore || loadingMore) && (
        <div className="actions">
          <button
            type="button"
            className="button secondary"
            disabled={loadingMore}
            onClick={() => actor.send({ type: 'tessere.more' })}
          >
            {loadingMore ? 'Caricamento…' : 'Mostra altre tessere'}
          </button>
        </div>
      )}
    </>
  )
}

/** /elenco-tessere: the signed-in user's cards by sector as digital cards with a QR code; add, synchronise. */
export default function ElencoTesserePage() {
  const details = useStoreSelector(utenteStore, (s) => s.context.details)
  const detailsStatus = useStoreSelector(utenteStore, (s) => s.context.detailsStatus)
  const idPersona = details?.id_persona ?? null

  return (
    <section className="page tessere-page">
      <PageTitle>Le mie tessere</PageTitle>
      {details === null && detailsStatus === null && <ListSkeleton label="Caricamento dei tuoi dati…" />}
      {details === null && detailsStatus !== null && (
        <LoadError
          message="Non è stato possibile recuperare i tuoi dati. Riprova tra qualche istante."
          onRetry={() => refreshProfile()}
        />
      )}
      {details !== null && idPersona === null && (
        <div className="empty-state">
          <p>
            <strong>Non hai ancora tessere.</strong> Le tessere sono legate ai tuoi dati anagrafici:{' '}
            <Link to={href('modificaProfilo')}>completa il profilo</Link>, poi rivolgiti a un{' '}
            <Link to={href('listaCircoli')}>circolo affiliato</Link> per tesserarti.
          </p>
        </div>
      )}
      {idPersona !== null && <TessereList key={idPersona} idPersona={idPersona} />}
    </section>
  )
}
