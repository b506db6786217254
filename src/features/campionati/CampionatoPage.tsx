import { useEffect } from 'react'
import { Link, useParams } from 'react-router'
import type { CampionatoDettaglio } from '../../../contract/campionati.ts'
import { href } from '../../app/paths.ts'
import { PageStates } from '../../ui/PageStates.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { formatDateTime } from '../../ui/format.ts'
import { usePageData } from '../../ui/page-data.ts'
import { formatDateRange } from '../tornei/calendario-format.ts'
import { idOf, loadCampionato } from './campionati-data.ts'
import { GENERE, squadre, statoCampionato } from './parts.tsx'
import './campionati.css'

/** /tornei/dettaglio-campionato/{id}: a championship, its rules and its series (team tournaments). */
export default function CampionatoPage() {
  const id = idOf(useParams().id)
  const page = usePageData(loadCampionato, id, { notFoundIsMissing: true })
  const actor = page.actor
  useEffect(() => {
    if (actor.getSnapshot().context.params !== id) actor.send({ type: 'page.reload', params: id })
  }, [actor, id])
  const c = page.data
  return (
    <section className="page campionato">
      <p className="campionati-muted">
        <Link to={href('campionatiSquadre')}>← Tutti i campionati</Link>
      </p>
      <PageTitle documentTitle={c?.nome ?? 'Campionato'}>{c?.nome ?? 'Campionato'}</PageTitle>
      <PageStates
        page={page}
        hasData={Boolean(c)}
        loadingText="Caricamento del campionato…"
        skeletonClassName="campionati-skeleton"
        missing={
          <>
            Questo campionato non esiste.{' '}
            <Link to={href('campionatiSquadre')}>Guarda i campionati a squadre</Link>.
          </>
        }
      />
      {c && !page.missing && <Campionato campionato={c} />}
    </section>
  )
}

function Campionato({ campionato: c }: { campionato: CampionatoDettaglio }) {
  return (
    <>
      <p>
        <span className="campionati-badge">{statoCampionato(c.stato)}</span>{' '}
        {formatDateRange(c.data_inizio, c.data_fine)} · {c.settore}, {GENERE[c.genere] ?? c.genere} · stagione{' '}
        {c.stagione}
      </p>
      {c.descrizione && <p>{c.descrizione}</p>}
      {c.stato === 'iscrizioni_aperte' && c.iscrizioni_al && (
        <p>Le squadre si iscrivono fino al {formatDateTime(c.iscrizioni_al)}.</p>
      )}
      {c.regolamento && (
        <p>
          <a href={c.regolamento}>Regolamento del campionato (PDF)</a> ·{' '}
          <Link to={href('regolamenti')}>Tutti i regolamenti</Link>
        </p>
      )}
      <section className="campionati-section" aria-labelledby="campionato-serie">
        <h2 id="campionato-serie">Serie e zone</h2>
        {c.elenco_tornei.length === 0 ? (
          <div className="empty-state">
            <p>Le serie di questo campionato non sono ancora state pubblicate.</p>
          </div>
        ) : (
          <ul className="campionati-list">
            {c.elenco_tornei.map((t) => (
              <li key={t.id}>
                <article className="card campionati-card">
                  <h3>
                    <Link to={href('dettaglioTorneoCampionato', { id: t.id })}>{t.nome}</Link>
                  </h3>
                  <p>
                    <span className="campionati-badge">{statoCampionato(t.stato)}</span>{' '}
                    {formatDateRange(t.data_inizio, t.data_fine)}
                  </p>
                  <p className="campionati-muted">
                    {t.zona ?? 'Nazionale'} · {squadre(t.squadre)}
                    {t.max_squadre !== null && <> su {t.max_squadre}</>}
                    {t.gironi > 0 && <> · {t.gironi === 1 ? '1 girone' : `${t.gironi} gironi`}</>}
                  </p>
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  )
}
