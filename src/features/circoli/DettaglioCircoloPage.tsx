import { useSelector as useStoreSelector } from '@xstate/store-react'
import { useEffect } from 'react'
import { Link, useParams, useSearchParams } from 'react-router'
import type { CircoloDettaglio } from '../../../contract/circoli.ts'
import { RANKING_PAGE_SIZE } from '../../../contract/classifiche.ts'
import { DEFAULT_SECTOR } from '../../../contract/constants.ts'
import { href } from '../../app/paths.ts'
import { disciplinaStore } from '../../stores/disciplina.ts'
import { LoadError } from '../../ui/LoadError.tsx'
import { PageStates } from '../../ui/PageStates.tsx'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { usePageData } from '../../ui/page-data.ts'
import { formatDateRange, STATI, torneoHref } from '../tornei/calendario-format.ts'
import { loadCircolo, loadSquadre } from './circoli-data.ts'
import './circoli.css'

const number = new Intl.NumberFormat('it-IT')
const day = new Intl.DateTimeFormat('it-IT', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/** /dettaglio-circolo/{id}: a club, where it is, how to reach it, its courts, tournaments, teams and ranking. */
export default function DettaglioCircoloPage() {
  const { id } = useParams()
  const [search] = useSearchParams()
  const stored = useStoreSelector(disciplinaStore, (s) => s.context.id_settore) ?? DEFAULT_SECTOR
  const asked = Number(search.get('settore'))
  const params = {
    id: /^\d{1,9}$/.test(id ?? '') ? Number(id) : 0,
    id_settore: Number.isInteger(asked) && asked > 0 ? asked : stored,
  }
  const page = usePageData(loadCircolo, params, { notFoundIsMissing: true })
  const actor = page.actor
  const key = JSON.stringify(params)
  useEffect(() => {
    if (JSON.stringify(actor.getSnapshot().context.params) !== key)
      actor.send({ type: 'page.reload', params: JSON.parse(key) as typeof params })
  }, [actor, key])
  const circolo = page.data
  return (
    <section className="page circolo">
      <p className="circoli-muted">
        <Link to={`${href('listaCircoli')}?settore=${params.id_settore}`}>← Tutti i circoli</Link>
      </p>
      <PageTitle documentTitle={circolo?.nome ?? 'Circolo'}>{circolo?.nome ?? 'Circolo'}</PageTitle>
      <PageStates
        page={page}
        hasData={Boolean(circolo)}
        loadingText="Caricamento del circolo…"
        skeletonClassName="circoli-skeleton"
        missing={
          <>
            Questo circolo non esiste o non è più affiliato.{' '}
            <Link to={href('listaCircoli')}>Cerca tra i circoli</Link>.
          </>
        }
      />
      {circolo && !page.missing && <Circolo circolo={circolo} settore={params.id_settore} />}
    </section>
  )
}

function Circolo({ circolo, settore }: { circolo: CircoloDettaglio; settore: number }) {
  return (
    <>
      <div className="circolo-head">
        {circolo.logo && <img src={circolo.logo} alt="" width={64} height={64} className="circolo-logo" />}
        <div>
          <p>
            Codice {circolo.codice}
            {circolo.affiliata_dal && <> · affiliato dal {day.format(new Date(circolo.affiliata_dal))}</>}
          </p>
          {circolo.descrizione && <p className="circoli-muted">{circolo.descrizione}</p>}
        </div>
      </div>

      <section className="circolo-section" aria-labelledby="circolo-dove">
        <h2 id="circolo-dove">Dove si trova e contatti</h2>
        <address className="circolo-address">
          <p>
            {circolo.indirizzo}
            <br />
            {[circolo.cap, circolo.comune].filter(Boolean).join(' ')} ({circolo.provincia}), {circolo.regione}
          </p>
          <p>
            <a href={circolo.mappa_url} target="_blank" rel="noopener noreferrer">
              Apri la mappa (OpenStreetMap, nuova scheda)
            </a>
          </p>
          <ul className="circolo-contatti">
            {circolo.telefono && (
              <li>
                Telefono: <a href={`tel:${circolo.telefono.replace(/\s/g, '')}`}>{circolo.telefono}</a>
              </li>
            )}
            {circolo.email && (
              <li>
                E-mail: <a href={`mailto:${circolo.email}`}>{circolo.email}</a>
              </li>
            )}
            {circolo.sito_web && (
              <li>
                Sito: <a href={circolo.sito_web}>{circolo.sito_web.replace(/^https?:\/\//, '')}</a>
              </li>
            )}
          </ul>
        </address>
      </section>

      <section className="circolo-section" aria-labelledby="circolo-campi">
        <h2 id="circolo-campi">Campi</h2>
        {circolo.discipline.map((d) => (
          <div key={d.id_disciplina} className="circolo-disciplina">
            <h3>
              {d.disciplina}: {d.campi.length === 1 ? '1 campo' : `${d.campi.length} campi`}
            </h3>
            {d.campi.length > 0 && (
              <ul>
                {d.campi.map((c) => (
                  <li key={c.nome}>
                    {c.nome}: {c.superficie}
                    {c.coperto ? ', coperto' : ', all’aperto'}
                    {c.illuminato ? ', illuminato' : ''}
                  </li>
                ))}
              </ul>
            )}
          </div>
        ))}
      </section>

      <section className="circolo-section" aria-labelledby="circolo-tornei">
        <h2 id="circolo-tornei">Prossimi tornei</h2>
        {circolo.prossimi_tornei.length === 0 ? (
          <p className="circoli-muted">Nessun torneo in programma in questa disciplina.</p>
        ) : (
          <ul className="circolo-tornei">
            {circolo.prossimi_tornei.map((t) => (
              <li key={t.id}>
                <Link to={torneoHref(t)}>{t.nome}</Link>{' '}
                <span className="circoli-muted">
                  {formatDateRange(t.data_inizio, t.data_fine)} · {STATI[t.stato] ?? t.stato}
                </span>
              </li>
            ))}
          </ul>
        )}
        {circolo.prossimi_tornei_totale > circolo.prossimi_tornei.length && (
          <p>
            <Link to={`${href('calendarioTornei')}?settore=${settore}&circolo=${circolo.id}`}>
              Tutti i {circolo.prossimi_tornei_totale} tornei del circolo nel calendario
            </Link>
          </p>
        )}
      </section>

      <section className="circolo-section" aria-labelledby="circolo-classifica">
        <h2 id="circolo-classifica">Classifica affiliati</h2>
        {circolo.classifica_affiliati.length === 0 ? (
          <p className="circoli-muted">
            Il circolo non è ancora in classifica: i suoi tesserati non hanno punti.
          </p>
        ) : (
          <ul>
            {circolo.classifica_affiliati.map((p) => (
              <li key={p.id_settore}>
                <Link
                  to={`${href('classificaAffiliati')}?settore=${p.id_settore}&stagione=${p.stagione}${p.posizione > RANKING_PAGE_SIZE ? `&pagina=${Math.ceil(p.posizione / RANKING_PAGE_SIZE)}` : ''}`}
                >
                  {p.settore} {p.stagione}: {p.posizione}° su {number.format(p.classificati)}
                </Link>{' '}
                <span className="circoli-muted">
                  {number.format(p.punti)} punti da{' '}
                  {p.tesserati === 1 ? '1 tesserato' : `${p.tesserati} tesserati`}, aggiornata al{' '}
                  {day.format(new Date(p.calcolata_al))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <Squadre id={circolo.id} />
    </>
  )
}

function Squadre({ id }: { id: number }) {
  const squadre = usePageData(loadSquadre, id)
  return (
    <section className="circolo-section" aria-labelledby="circolo-squadre">
      <h2 id="circolo-squadre">Squadre</h2>
      {squadre.loading && (
        <div className="circoli-skeleton" aria-hidden="true">
          <div className="skeleton" />
        </div>
      )}
      {squadre.failed && <LoadError message={squadre.error} onRetry={squadre.retry} secondary />}
      {squadre.data && squadre.data.results.length === 0 && (
        <p className="circoli-muted">Il circolo non ha squadre iscritte ai campionati.</p>
      )}
      {squadre.data && squadre.data.results.length > 0 && (
        <div className="table-wrap">
          <table className="circolo-squadre">
            <caption className="visually-hidden">Squadre del circolo</caption>
            <thead>
              <tr>
                <th scope="col">Squadra</th>
                <th scope="col">Campionato</th>
                <th scope="col">Capitano</th>
                <th scope="col" className="numero">
                  Giocatori
                </th>
              </tr>
            </thead>
            <tbody>
              {squadre.data.results.map((s) => (
                <tr key={s.id}>
                  <td>
                    <Link to={href('dettaglioSquadra', { id: s.id })}>{s.nome}</Link>
                  </td>
                  <td>
                    {s.campionato ?? s.torneo} · {s.settore} {s.stagione}
                  </td>
                  <td>
                    <Link to={href('schedaGiocatore', { id: s.id_capitano })}>{s.capitano}</Link>
                  </td>
                  <td className="numero">{s.giocatori}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
