// /tornei/incontri-contestati: the federation's desk for contested team ties (docs/ruoli.md). Each tie with both
// teams and captains, the result entered and by whom, its rubbers, who contested and why; the federation decides
// that the result stands or is annulled, with a note the captains read in their notice. The decision goes through
// the confirmed-action dialog and is offered when the tie machine (machines/tie.ts, the server's own) takes it from
// the viewer: never on a tie of a team the viewer captains. The server answers this list to the federation only;
// anyone else reads its refusal as it is.
import { useSelector as useStoreSelector } from '@xstate/store-react'
import { useCallback, useId, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { incontriContestatiList, IncontroContestato } from '../../../contract/incontri.ts'
import { href } from '../../app/paths.ts'
import { utenteStore } from '../../stores/utente.ts'
import { buttonTrigger } from '../../ui/button-trigger.tsx'
import { ConfirmedAction } from '../../ui/ConfirmedAction.tsx'
import { LoadError } from '../../ui/LoadError.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { Pager } from '../../ui/Pager.tsx'
import { formatDateTime, formatNumber } from '../../ui/format.ts'
import { usePageData } from '../../ui/page-data.ts'
import { PartiteTable } from './PartiteTable.tsx'
import { CONTESTATI_PER_PAGINA, loadContestati, submitDecision, tieSnapshot } from './incontri-actors.ts'
import './incontri.css'

type Page = typeof incontriContestatiList.response.Type

function paginaOf(value: string | null): number {
  return value && /^[1-9]\d{0,4}$/.test(value) ? Number(value) : 1
}

export default function ContestatiPage() {
  const [searchParams] = useSearchParams()
  const pagina = paginaOf(searchParams.get('pagina'))
  return (
    <section className="page contestati-page">
      <PageTitle>Incontri contestati</PageTitle>
      <p className="capitano-muted contestati-intro">
        I risultati dei campionati a squadre che il capitano di una squadra ha contestato. Decide la
        federazione: se il risultato vale, conta per la classifica del girone e per il Power dei giocatori; se
        è annullato, l’incontro non conta. I due capitani ricevono un avviso con la decisione e la nota.
      </p>
      <Contestati key={pagina} pagina={pagina} />
    </section>
  )
}

function Contestati({ pagina }: { pagina: number }) {
  const { actor, failed, data, error, retry } = usePageData<Page, number>(loadContestati, pagina)
  const reload = useCallback(() => actor.send({ type: 'page.reload' }), [actor])
  if (failed) return <LoadError message={error} onRetry={retry} />
  if (!data)
    return (
      <div className="capitano-skeleton" role="status" aria-label="Caricamento degli incontri contestati…">
        <div className="skeleton" />
        <div className="skeleton" />
      </div>
    )
  if (data.record === 0)
    return <p className="empty-state">Nessun risultato contestato da decidere: tutto in ordine.</p>
  const pages = Math.ceil(data.record / CONTESTATI_PER_PAGINA)
  return (
    <>
      <p role="status">
        {data.record === 1
          ? 'Un risultato contestato da decidere.'
          : `${formatNumber(data.record)} risultati contestati da decidere, dal più vecchio.`}
      </p>
      <ul className="contestati-elenco">
        {data.results.map((tie) => (
          <li key={tie.id}>
            <Contestato tie={tie} onDecided={reload} />
          </li>
        ))}
      </ul>
      <Pager
        label="Pagine degli incontri contestati"
        pagina={pagina}
        pages={pages}
        searchFor={(p) => (p === 1 ? '' : `?pagina=${p}`)}
        className="contestati-pager"
        mutedClassName="capitano-muted"
      />
    </>
  )
}

function Contestato({ tie, onDecided }: { tie: IncontroContestato; onDecided: () => void }) {
  const id = useId()
  const title = `${tie.casa.nome} – ${tie.ospiti.nome}`
  const score =
    tie.punti_casa === null || tie.punti_ospiti === null
      ? null
      : `${tie.casa.nome} ${tie.punti_casa}-${tie.punti_ospiti} ${tie.ospiti.nome}`
  return (
    <article className="contestato" aria-labelledby={`${id}-titolo`}>
      <p className="capitano-kicker">
        <Link to={href('dettaglioTorneoCampionato', { id: tie.id_torneo })}>{tie.torneo}</Link>, giornata{' '}
        {tie.giornata}
        {tie.data_confermata && `, giocato il ${formatDateTime(tie.data_confermata)}`}
      </p>
      <h2 id={`${id}-titolo`}>{title}</h2>
      <dl className="contestato-fatti">
        <dt>Capitani</dt>
        <dd>
          {tie.casa.nome}: {tie.casa.capitano_nome}; {tie.ospiti.nome}: {tie.ospiti.capitano_nome}
        </dd>
        <dt>Risultato inserito</dt>
        <dd>
          <strong>{score ?? 'nessuno'}</strong>
          {tie.risultato_inserito_da && `, da ${tie.risultato_inserito_da}`}
          {tie.risultato_inserito_il && ` il ${formatDateTime(tie.risultato_inserito_il)}`}
        </dd>
        <dt>Contestato</dt>
        <dd>
          {tie.contestato_da ? `da ${tie.contestato_da}` : 'da un capitano'}
          {tie.contestato_il && ` il ${formatDateTime(tie.contestato_il)}`}
        </dd>
        <dt>Motivo</dt>
        <dd>{tie.motivo_contestazione ? `«${tie.motivo_contestazione}»` : 'Nessun motivo indicato.'}</dd>
      </dl>
      <h3 id={`${id}-partite`}>Partite</h3>
      <PartiteTable partite={tie.partite} label={`Partite di ${title}`} />
      <Decisione tie={tie} title={title} score={score} onDecided={onDecided} />
    </article>
  )
}

/** The federation's decision, offered when the tie machine takes it from the viewer. */
function Decisione({
  tie,
  title,
  score,
  onDecided,
}: {
  tie: IncontroContestato
  title: string
  score: string | null
  onDecided: () => void
}) {
  const me = useStoreSelector(utenteStore, (s) => s.context.details?.id_persona ?? null)
  const [esito, setEsito] = useState<'confermato' | 'annullato'>('confermato')
  const [nota, setNota] = useState('')
  const id = useId()
  const snapshot = tieSnapshot(tie)
  // The server says whether this officer decides (a federation account, not a captain of the tie); the machine
  // says whether the tie takes the decision now.
  const can = snapshot.can({ type: 'incontro.risolvi', by: me, arbitro: tie.arbitro, esito })
  const text = nota.trim()
  if (!can)
    return (
      <p className="capitano-muted">
        Sei il capitano di una delle due squadre: decide un altro incaricato della federazione.
      </p>
    )
  const result = score ?? 'inserito'
  return (
    <form
      className="incontro-form contestato-decisione"
      aria-label={`Decidi la contestazione di ${title}`}
      onSubmit={(event) => event.preventDefault()}
    >
      <fieldset className="contestato-scelte">
        <legend>Decisione della federazione</legend>
        <label>
          <input
            type="radio"
            name={`${id}-esito`}
            checked={esito === 'confermato'}
            onChange={() => setEsito('confermato')}
          />{' '}
          Il risultato vale: conta per la classifica e per il Power
        </label>
        <label>
          <input
            type="radio"
            name={`${id}-esito`}
            checked={esito === 'annullato'}
            onChange={() => setEsito('annullato')}
          />{' '}
          Il risultato è annullato: l’incontro non conta
        </label>
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-nota`}>Nota per i capitani (facoltativa)</label>
        <textarea
          id={`${id}-nota`}
          rows={2}
          maxLength={500}
          value={nota}
          onChange={(event) => setNota(event.target.value)}
        />
      </div>
      <div className="actions">
        <ConfirmedAction
          key={`${esito}:${text}`}
          trigger={buttonTrigger('Decidi la contestazione', 'button')}
          submit={submitDecision(tie.id, esito, text)}
          confirmText={
            esito === 'confermato'
              ? `Confermi che il risultato ${result} vale? Classifica del girone e Power si aggiornano.`
              : `Confermi che il risultato ${result} è annullato? L’incontro non conta.`
          }
          successText="Decisione registrata: i due capitani ricevono un avviso."
          onSuccessClosed={onDecided}
        />
      </div>
    </form>
  )
}
