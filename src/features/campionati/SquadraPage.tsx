import { useEffect } from 'react'
import { Link, useParams } from 'react-router'
import type { SquadraDettaglio } from '../../../contract/campionati.ts'
import { href } from '../../app/paths.ts'
import { LoadError } from '../../ui/LoadError.tsx'
import { PageStates } from '../../ui/PageStates.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { usePageData } from '../../ui/page-data.ts'
import { webcalUrl } from '../../ui/webcal.ts'
import { idOf, loadRosa, loadSquadra } from './campionati-data.ts'
import { IncontroCard, statoCampionato } from './parts.tsx'
import './campionati.css'

/** /tornei/dettaglio-squadra/{id}: a team, its captain and roster, its place in the girone, its ties, its calendar. */
export default function SquadraPage() {
  const id = idOf(useParams().id)
  const page = usePageData(loadSquadra, id, { notFoundIsMissing: true })
  const actor = page.actor
  useEffect(() => {
    if (actor.getSnapshot().context.params !== id) actor.send({ type: 'page.reload', params: id })
  }, [actor, id])
  const s = page.data
  return (
    <section className="page squadra">
      <p className="campionati-muted">
        {s ? (
          <Link to={href('dettaglioTorneoCampionato', { id: s.id_torneo })}>← {s.torneo}</Link>
        ) : (
          <Link to={href('campionatiSquadre')}>← Tutti i campionati</Link>
        )}
      </p>
      <PageTitle documentTitle={s?.nome ?? 'Squadra'}>{s?.nome ?? 'Squadra'}</PageTitle>
      <PageStates
        page={page}
        hasData={Boolean(s)}
        loadingText="Caricamento della squadra…"
        skeletonClassName="campionati-skeleton"
        missing={
          <>
            Questa squadra non esiste.{' '}
            <Link to={href('campionatiSquadre')}>Guarda i campionati a squadre</Link>.
          </>
        }
      />
      {s && !page.missing && <Squadra squadra={s} />}
    </section>
  )
}

function Squadra({ squadra: s }: { squadra: SquadraDettaglio }) {
  const played = s.incontri.filter((i) => i.punti_casa !== null)
  const next = s.incontri.filter((i) => i.punti_casa === null)
  return (
    <>
      <p>
        Circolo: <Link to={href('dettaglioCircolo', { id: s.id_circolo })}>{s.circolo}</Link> · Campionato:{' '}
        <Link to={href('dettaglioCampionato', { id: s.id_campionato })}>{s.campionato}</Link>{' '}
        <span className="campionati-badge">{statoCampionato(s.stato_torneo)}</span>
      </p>
      <p>
        Capitano: <Link to={href('schedaGiocatore', { id: s.id_capitano })}>{s.capitano}</Link>
        {s.girone && (
          <>
            {' · '}
            {s.girone}
            {s.posizione !== null && (
              <>
                : {s.posizione}ª con {s.punti === 1 ? '1 punto' : `${s.punti ?? 0} punti`}
              </>
            )}
          </>
        )}
      </p>
      <p>
        <a href={webcalUrl(s.calendario_url)}>Aggiungi gli incontri al tuo calendario</a>{' '}
        <span className="campionati-muted">
          (o <a href={s.calendario_url}>scarica il file .ics</a>: si aggiorna quando cambiano date e
          risultati)
        </span>
      </p>
      <Rosa id={s.id} />
      <section className="campionati-section" aria-labelledby="squadra-prossimi">
        <h2 id="squadra-prossimi">Prossimi incontri</h2>
        {next.length === 0 ? (
          <p>Nessun incontro da giocare.</p>
        ) : (
          <ul className="incontri">
            {next.map((i) => (
              <li key={i.id}>
                <IncontroCard incontro={i} mine={s.id} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="campionati-section" aria-labelledby="squadra-risultati">
        <h2 id="squadra-risultati">Risultati</h2>
        {played.length === 0 ? (
          <p>La squadra non ha ancora giocato.</p>
        ) : (
          <ul className="incontri">
            {[...played].reverse().map((i) => (
              <li key={i.id}>
                <IncontroCard incontro={i} mine={s.id} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}

function Rosa({ id }: { id: number }) {
  const data = usePageData(loadRosa, id)
  const rows = data.data?.results
  return (
    <section className="campionati-section" aria-labelledby="squadra-rosa">
      <h2 id="squadra-rosa">Rosa</h2>
      {data.loading && (
        <div className="campionati-skeleton">
          <p role="status" className="visually-hidden">
            Caricamento della rosa…
          </p>
          <div className="skeleton" aria-hidden="true" />
        </div>
      )}
      {data.failed && <LoadError message={data.error} onRetry={data.retry} secondary />}
      {rows?.length === 0 && <p>La rosa non è ancora stata comunicata.</p>}
      {rows && rows.length > 0 && (
        <div className="table-wrap">
          <table className="campionati-rosa">
            <caption className="visually-hidden">Giocatori della squadra</caption>
            <thead>
              <tr>
                <th scope="col">Giocatore e circolo</th>
                <th scope="col" className="numero">
                  Partite
                </th>
                <th scope="col" className="numero">
                  Vinte
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((g) => (
                <tr key={g.id_persona}>
                  <th scope="row">
                    <Link to={href('schedaGiocatore', { id: g.id_persona })}>{g.nome}</Link>
                    {g.ruolo === 'capitano' && <span className="campionati-muted"> (capitano)</span>}
                    {g.id_circolo && g.circolo && (
                      <span className="campionati-motivo">
                        <Link to={href('dettaglioCircolo', { id: g.id_circolo })}>{g.circolo}</Link>
                      </span>
                    )}
                  </th>
                  <td className="numero">{g.partite}</td>
                  <td className="numero">{g.vinte}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
