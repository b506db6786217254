import { useActorRef, useSelector } from '@xstate/react'
import { useSelector as useStoreSelector } from '@xstate/store-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { fromPromise } from 'xstate'
// The contract module itself, not the endpoints table: the page's bundle carries only its own calls.
import { elencoTessere, type Tessera } from '../../../contract/giocatori.ts'
import {
  TESSERE_PAGE_SIZE,
  elencoTessereMachine,
  type TesserePage,
} from '../../../machines/elenco-tessere.ts'
import { callApi } from '../../api/client.ts'
import { href } from '../../app/paths.ts'
import { refreshProfile } from '../../app/session.ts'
import { utenteStore } from '../../stores/utente.ts'
import { LoadError } from '../../ui/LoadError.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { usePageData } from '../../ui/page-data.ts'
import { todayInItaly } from '../../../contract/dates.ts'
import { formatNumber, formatPeriod, formatYear } from '../../ui/format.ts'
import { STATO_LABELS, disciplinaLabel, groupTessere, statoTessera } from './format.ts'

const loadTessere = (input: { id: number; rowstoskip: number; fetchrows: number }): Promise<TesserePage> =>
  callApi(elencoTessere, input)

const tessereLogic = elencoTessereMachine.provide({
  actors: { loadTessere: fromPromise(({ input }) => loadTessere(input)) },
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

function TesseraCard({ tessera, today }: { tessera: Tessera; today: string }) {
  const stato = statoTessera(tessera, today)
  return (
    <li className="card tessera">
      <div className="tessera-head">
        <h3 className="tessera-codice">Tessera n. {tessera.codice_tessera}</h3>
        <span className={`tessera-stato tessera-stato-${stato}`}>{STATO_LABELS[stato]}</span>
      </div>
      <dl className="tessera-dati">
        <div>
          <dt>Tipologia</dt>
          <dd>{tessera.tipologia}</dd>
        </div>
        <div>
          <dt>Disciplina</dt>
          <dd>{disciplinaLabel(tessera.disciplina)}</dd>
        </div>
        <div>
          <dt>Stagione</dt>
          <dd>{formatYear(tessera.stagione)}</dd>
        </div>
        <div>
          <dt>Validità</dt>
          <dd>{formatPeriod(tessera.valida_dal, tessera.valida_al, { year: 'always' })}</dd>
        </div>
      </dl>
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
        compare, verifica che il codice fiscale nel <Link to={href('modificaProfilo')}>profilo</Link> sia
        corretto oppure scrivici dalla pagina <Link to={href('helpdesk')}>Assistenza</Link>.
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
  const [today] = useState(todayInItaly)

  if (record === 0) return <NessunaTessera />
  return (
    <>
      <p className="tessere-count">
        {record === 1 ? '1 tessera' : `${formatNumber(record)} tessere`}
        {tessere.length < record && `, ne vedi ${formatNumber(tessere.length)}`}
      </p>
      {groupTessere(tessere).map((group) => (
        <section key={group.key} className="tessere-gruppo" aria-labelledby={`tessere-${group.key}`}>
          <h2 id={`tessere-${group.key}`}>{group.titolo}</h2>
          <ul className="tessere-list">
            {group.tessere.map((tessera) => (
              <TesseraCard key={tessera.codice_tessera} tessera={tessera} today={today} />
            ))}
          </ul>
        </section>
      ))}
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

/** /elenco-tessere: the signed-in user's cards by sector, with season and validity. */
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
