// /sfide/{id}: one challenge for its players. The players by side, where the challenge stands and its deadline,
// the result with its sets, the Power changes with their explanation, the timeline; and what the viewer may do,
// asked of the challenge machine on the state the server stored. Every action goes through the confirmed-action
// dialog; the page loads again when its dialog closes.
import { useSelector as useStoreSelector } from '@xstate/store-react'
import { useCallback } from 'react'
import { Link, useParams } from 'react-router'
import { SFIDE_MESSAGES, type Sfida } from '../../../contract/sfide.ts'
import { href } from '../../app/paths.ts'
import { utenteStore } from '../../stores/utente.ts'
import { LoadError } from '../../ui/LoadError.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { PlayerLinks } from '../../ui/PlayerLinks.tsx'
import { usePageData } from '../../ui/page-data.ts'
import { SfidaAzioni } from './SfidaAzioni.tsx'
import { SfidaGiocatori } from './SfidaGiocatori.tsx'
import {
  SPECIALITA_LABELS,
  formatDateTime,
  formatDateTimeWith,
  formatPower,
  formatPowerChange,
  matchTitle,
  sectorLabel,
  sideName,
} from './format.ts'
import { challengeSnapshot, loadSfida } from './sfide-actors.ts'
import './sfide.css'

/** The id of the address, or null when it is not a positive whole number. */
function idOf(param: string | undefined): number | null {
  return param && /^[1-9]\d{0,9}$/.test(param) ? Number(param) : null
}

export default function SfidaPage() {
  const id = idOf(useParams().id)
  return (
    <section className="page sfide-page">
      <p className="sfide-back">
        <Link to={href('sfide')}>← Le mie sfide</Link>
      </p>
      {id === null ? <Missing /> : <SfidaDettaglio key={id} id={id} />}
    </section>
  )
}

function Missing() {
  return (
    <>
      <PageTitle>{SFIDE_MESSAGES.notFound}</PageTitle>
      <div className="empty-state">
        <p>
          La sfida che cerchi non esiste o è stata rimossa. Le tue sfide sono in{' '}
          <Link to={href('sfide')}>Le mie sfide</Link>.
        </p>
      </div>
    </>
  )
}

function SfidaDettaglio({ id }: { id: number }) {
  const {
    actor,
    failed,
    missing,
    data: sfida,
    error,
    retry,
  } = usePageData<Sfida, number>(loadSfida, id, {
    notFoundIsMissing: true,
  })
  const me = useStoreSelector(utenteStore, (s) => s.context.details?.id_persona ?? null)
  const reload = useCallback(() => actor.send({ type: 'page.reload' }), [actor])
  if (missing) return <Missing />
  if (failed) {
    return (
      <>
        <PageTitle>Sfida</PageTitle>
        <LoadError message={error} onRetry={retry} />
      </>
    )
  }
  if (!sfida) {
    return (
      <>
        <PageTitle>Sfida</PageTitle>
        <div className="sfide-skeleton" role="status" aria-label="Caricamento della sfida…">
          <div className="skeleton" />
          <div className="skeleton" />
          <div className="skeleton" />
        </div>
      </>
    )
  }
  const snapshot = challengeSnapshot(sfida)
  return (
    <article className="sfida">
      <p className="sfide-kicker">
        {sectorLabel(sfida.id_settore)} · {SPECIALITA_LABELS[sfida.specialita]}
        {sfida.pubblica && ' · in bacheca'}
      </p>
      <PageTitle>{matchTitle(sfida)}</PageTitle>
      <Stato sfida={sfida} snapshot={snapshot} />
      <Fatti sfida={sfida} />
      {/* Once concluded nothing more happens: the status says how it ended. */}
      {!snapshot.hasTag('conclusa') && (
        <SfidaAzioni sfida={sfida} snapshot={snapshot} me={me} onDone={reload} />
      )}
      {sfida.risultato && <Risultato sfida={sfida} risultato={sfida.risultato} />}
      {sfida.power.length > 0 && <PowerChanges power={sfida.power} />}
      <SfidaGiocatori sfida={sfida} snapshot={snapshot} me={me} onDone={reload} />
      <Storia storia={sfida.storia} />
    </article>
  )
}

/** The machine's own words for the state the challenge is in (its `meta.description`). */
function stateDescription(snapshot: ReturnType<typeof challengeSnapshot>): string | null {
  const meta = Object.values(snapshot.getMeta())[0] as { description?: string } | undefined
  return meta?.description ?? null
}

/** Where the challenge stands: a live region, so the change after an action is read out. */
function Stato({ sfida, snapshot }: { sfida: Sfida; snapshot: ReturnType<typeof challengeSnapshot> }) {
  const description = stateDescription(snapshot)
  const deadline =
    sfida.scade_il === null
      ? null
      : snapshot.matches('resultEntered')
        ? `Senza risposta il risultato vale come confermato ${formatDateTimeWith('dal', sfida.scade_il)}.`
        : `Senza risposta la sfida scade ${formatDateTimeWith('il', sfida.scade_il)}.`
  return (
    <div className={`sfida-stato sfida-stato-${sfida.stato}`} role="status">
      <p className="sfida-stato-titolo">
        <span className={`sfide-badge sfide-badge-${sfida.stato}`}>{sfida.titolo_stato}</span>
      </p>
      {sfida.da_fare && <p className="sfide-da-fare">Tocca a te: {sfida.da_fare.toLowerCase()}.</p>}
      {description && <p>{description}</p>}
      {deadline && <p className="sfida-scadenza">{deadline}</p>}
    </div>
  )
}

function Fatti({ sfida }: { sfida: Sfida }) {
  const luogo = [sfida.circolo, sfida.provincia].filter(Boolean).join(', ')
  return (
    <dl className="sfida-fatti">
      <div>
        <dt>Proposta da</dt>
        <dd>
          <PlayerLinks giocatori={[{ id: sfida.creatore, nome: sfida.creatore_nome }]} />
          {sfida.proposta_il && `, ${formatDateTime(sfida.proposta_il)}`}
        </dd>
      </div>
      {sfida.data_proposta && (
        <div>
          <dt>Data della partita</dt>
          <dd>{formatDateTime(sfida.data_proposta)}</dd>
        </div>
      )}
      {luogo && (
        <div>
          <dt>Dove</dt>
          <dd>{luogo}</dd>
        </div>
      )}
      {sfida.messaggio && (
        <div>
          <dt>Messaggio</dt>
          <dd className="sfida-messaggio">{sfida.messaggio}</dd>
        </div>
      )}
    </dl>
  )
}

function Risultato({ sfida, risultato }: { sfida: Sfida; risultato: NonNullable<Sfida['risultato']> }) {
  const nameOf = (id: number | null) => sfida.partecipanti.find((p) => p.id === id)?.nome ?? 'un giocatore'
  return (
    <section className="sfida-sezione" aria-labelledby="sfida-risultato">
      <h2 id="sfida-risultato">Risultato</h2>
      <p className="sfida-punteggio">{risultato.punteggio}</p>
      <p>
        Vince <strong>{sideName(sfida, risultato.vincitore_lato)}</strong>
        {risultato.esito === 'ritiro' && ' per ritiro dell’avversario'}.
      </p>
      {risultato.set.length > 0 && (
        <div className="table-wrap">
          <table className="sfida-set">
            <caption className="visually-hidden">Punteggio set per set</caption>
            <thead>
              <tr>
                <th scope="col">Set</th>
                <th scope="col">{sideName(sfida, 1)}</th>
                <th scope="col">{sideName(sfida, 2)}</th>
              </tr>
            </thead>
            <tbody>
              {risultato.set.map((set, i) => (
                <tr key={i}>
                  <th scope="row">{i + 1}°</th>
                  <td>
                    {set.a}
                    {set.tiebreak !== undefined && set.a < set.b && ` (tie-break ${set.tiebreak})`}
                  </td>
                  <td>
                    {set.b}
                    {set.tiebreak !== undefined && set.b < set.a && ` (tie-break ${set.tiebreak})`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="sfide-muted">
        Inserito da {nameOf(risultato.inserito_da)} {formatDateTimeWith('il', risultato.inserito_il)}.
        {risultato.confermato_il &&
          (risultato.conferma_automatica
            ? ` Confermato d’ufficio ${formatDateTimeWith('il', risultato.confermato_il)}: nessuna risposta in tempo.`
            : ` Confermato ${formatDateTimeWith('il', risultato.confermato_il)}.`)}
      </p>
      {risultato.contestato_da !== null && (
        <p>
          Contestato da {nameOf(risultato.contestato_da)}
          {risultato.motivo_contestazione && <>: «{risultato.motivo_contestazione}»</>}
        </p>
      )}
      {risultato.risoluzione && <p>Decisione della federazione: {risultato.risoluzione}</p>}
    </section>
  )
}

function PowerChanges({ power }: { power: Sfida['power'] }) {
  return (
    <section className="sfida-sezione" aria-labelledby="sfida-power">
      <h2 id="sfida-power">Power</h2>
      <p className="sfide-muted">
        Il risultato conta per il Power: ecco come è cambiato per ciascun giocatore e perché.
      </p>
      <ul className="sfida-power">
        {power.map((p) => (
          <li key={p.id_giocatore} className="card">
            <h3>
              <PlayerLinks giocatori={[{ id: p.id_giocatore, nome: p.nome }]} />
            </h3>
            <p className="sfida-power-valori">
              Power {formatPower(p.power_prima)} → <strong>{formatPower(p.power_dopo)}</strong> (
              {formatPowerChange(p.power_prima, p.power_dopo)})
            </p>
            <p>{p.spiegazione}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}

function Storia({ storia }: { storia: Sfida['storia'] }) {
  return (
    <section className="sfida-sezione" aria-labelledby="sfida-storia">
      <h2 id="sfida-storia">Storia della sfida</h2>
      <ol className="sfida-storia">
        {storia.map((step, i) => (
          <li key={i}>
            <time dateTime={step.at}>{formatDateTime(step.at)}</time>
            <span>
              {step.descrizione}
              {step.chi ? ` (${step.chi})` : ' (il portale)'}
            </span>
          </li>
        ))}
      </ol>
    </section>
  )
}
