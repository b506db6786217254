import { useActorRef, useSelector } from '@xstate/react'
import { useSelector as useStoreSelector } from '@xstate/store-react'
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { categoryLabel } from '../../../contract/constants.ts'
import type { Banner } from '../../../contract/home.ts'
import { href } from '../../app/paths.ts'
import { sessionActor } from '../../app/session.ts'
import { ReturnLink } from '../../app/ReturnLink.tsx'
import { disciplinaStore } from '../../stores/disciplina.ts'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { VideoPlayer } from '../../ui/VideoPlayer.tsx'
import {
  formatDateRange,
  formatDateWith,
  formatDayMonth,
  formatDuration,
  formatNumber,
} from '../../ui/format.ts'
import { STATI_TORNEO, isPortalPath, newsHref, torneoHref } from './format.ts'
import { disciplineLabel } from '../../ui/discipline-label.ts'
import type { HomeData, Section } from '../../../machines/home.ts'
import { LoadError } from '../../ui/LoadError.tsx'
import { FIRST_SCREEN, homeLogic, initialHomeData } from './home-data.ts'
import { QuickSearch } from './QuickSearch.tsx'
import './home.css'
import { journalInspector } from '../../journal/journal.ts'

type HomeActor = ReturnType<typeof useActorRef<typeof homeLogic>>

// The signed-in player's notices: their own chunk (with the notices' actor), never downloaded by a visitor.
const HomeAvvisi = lazy(() => import('./HomeAvvisi.tsx'))

/**
 * /home: after a sign-in from the header, a link back to the page of origin; menu, banners, the season's
 * numbers, news and videos, search, calendar and rankings of the sector.
 */
export default function HomePage() {
  const idSettore = useStoreSelector(disciplinaStore, (s) => s.context.id_settore)
  const disciplina = useStoreSelector(disciplinaStore, (s) => s.context.disciplina)
  const title = disciplineLabel(disciplina, idSettore) ?? 'Portale'
  const signedIn = useSelector(sessionActor, (s) => s.matches('authenticated'))
  return (
    <section className="page home">
      <PageTitle documentTitle="Home">{title}</PageTitle>
      <ReturnLink />
      {signedIn && (
        <Suspense fallback={null}>
          <HomeAvvisi />
        </Suspense>
      )}
      {idSettore === null ? (
        <div className="empty-state">
          <p>
            <strong>Scegli una disciplina</strong> per vedere tornei, classifiche e news che ti interessano.
          </p>
          <Link className="button" to={href('sceltaDisciplina')}>
            Scegli la disciplina
          </Link>
        </div>
      ) : (
        <HomeSections idSettore={idSettore} />
      )}
    </section>
  )
}

function HomeSections({ idSettore }: { idSettore: number }) {
  // The answers that came with the page are taken once, when the home first shows.
  const [initial] = useState(() => initialHomeData(idSettore))
  const actor = useActorRef(homeLogic, {
    input: { id_settore: idSettore, initial },
    inspect: journalInspector,
  })
  useEffect(() => {
    actor.send({ type: 'home.sectorChanged', id_settore: idSettore })
  }, [actor, idSettore])
  const top = useSection(actor, FIRST_SCREEN[0]!)
  const second = useSection(actor, FIRST_SCREEN[1]!)
  const pending = top.loading || second.loading
  return (
    <>
      <QuickSearch idSettore={idSettore} />
      {pending ? <FirstScreenLoading /> : <Sections actor={actor} />}
    </>
  )
}

/**
 * While the first screen's sections load: one placeholder taller than the screen, so that when they
 * arrive together nothing visible moves (what follows it is out of view).
 */
function FirstScreenLoading() {
  return (
    <div className="home-first-screen" aria-busy="true">
      <p role="status" className="visually-hidden">
        Caricamento della home…
      </p>
      <div className="home-first-screen-banner skeleton" aria-hidden="true" />
      <div className="home-first-screen-tiles" aria-hidden="true">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="skeleton" />
        ))}
      </div>
    </div>
  )
}

function Sections({ actor }: { actor: HomeActor }) {
  return (
    <>
      <Banners actor={actor} section="bannerTop" />
      <Block actor={actor} section="menu" title="In evidenza" hidden>
        {(menu) =>
          menu.length > 0 && (
            <ul className="home-menu">
              {menu.map((entry) => (
                <li key={entry.id}>
                  <PortalLink to={entry.percorso} external={entry.esterno}>
                    <span className="home-menu-label">{entry.etichetta}</span>
                    {entry.descrizione && <span className="home-menu-detail">{entry.descrizione}</span>}
                    {entry.richiede_accesso && <span className="home-menu-detail">Richiede l'accesso</span>}
                  </PortalLink>
                </li>
              ))}
            </ul>
          )
        }
      </Block>
      <div className="home-grid">
        <div className="home-main">
          <Block
            actor={actor}
            section="newsVideo"
            title="Ultime news"
            more={{ to: href('news'), label: 'Tutte le news' }}
          >
            {({ news }) =>
              news.length === 0 ? (
                <Empty>
                  Non ci sono ancora news per questa disciplina. Torna a trovarci, oppure{' '}
                  <Link to={href('news')}>leggi le news di tutta la federazione</Link>.
                </Empty>
              ) : (
                <ul className="home-news">
                  {news.map((item) => (
                    <li key={item.id} className="card home-news-card">
                      {item.immagine && (
                        <img src={item.immagine} alt="" width={640} height={360} loading="lazy" />
                      )}
                      <div>
                        <p className="home-kicker">
                          {item.tipologia} ·{' '}
                          <time dateTime={item.pubblicata_il}>{formatDayMonth(item.pubblicata_il)}</time>
                        </p>
                        <h3>
                          <Link to={newsHref(item)}>{item.titolo}</Link>
                        </h3>
                        <p>{item.sommario}</p>
                      </div>
                    </li>
                  ))}
                </ul>
              )
            }
          </Block>
          <Block actor={actor} section="newsVideo" title="Video" quiet>
            {({ video }) =>
              video.length === 0 ? (
                <Empty>Nessun video per questa disciplina, per ora.</Empty>
              ) : (
                <ul className="home-videos">
                  {video.map((clip) => (
                    <li key={clip.id}>
                      <figure className="card home-video">
                        <VideoPlayer video={clip} />
                        <figcaption>
                          <strong>{clip.titolo}</strong> <span>({formatDuration(clip.durata_secondi)})</span>
                          {clip.descrizione && <span className="home-video-detail">{clip.descrizione}</span>}
                        </figcaption>
                      </figure>
                    </li>
                  ))}
                </ul>
              )
            }
          </Block>
          <Block
            actor={actor}
            section="calendario"
            title="Prossimi tornei"
            more={{ to: href('calendarioTornei'), label: 'Calendario completo' }}
          >
            {({ tornei }) =>
              tornei.length === 0 ? (
                <Empty>
                  Nessun torneo in programma per ora. Consulta il{' '}
                  <Link to={href('calendarioTornei')}>calendario</Link> o scegli un'altra disciplina.
                </Empty>
              ) : (
                <ul className="home-list">
                  {tornei.map((torneo) => (
                    <li key={torneo.id}>
                      <p className="home-kicker">
                        {formatDateRange(torneo.data_inizio, torneo.data_fine)} ·{' '}
                        {STATI_TORNEO[torneo.stato] ?? torneo.stato}
                      </p>
                      <Link to={torneoHref(torneo)}>{torneo.nome}</Link>
                      <p className="home-detail">
                        {torneo.circolo && torneo.id_circolo !== null && (
                          <>
                            <Link to={href('dettaglioCircolo', { id: torneo.id_circolo })}>
                              {torneo.circolo}
                            </Link>
                            {' · '}
                          </>
                        )}
                        {[
                          torneo.id_circolo === null && torneo.circolo,
                          torneo.comune && `${torneo.comune} (${torneo.provincia})`,
                          categoryLabel(torneo.categoria),
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </p>
                    </li>
                  ))}
                </ul>
              )
            }
          </Block>
          <Block
            actor={actor}
            section="calendario"
            title="Circuiti della stagione"
            quiet
            more={{ to: href('circuitiTornei'), label: 'Tutti i circuiti' }}
          >
            {({ circuiti }) =>
              circuiti.length === 0 ? (
                <Empty>Nessun circuito attivo in questa stagione.</Empty>
              ) : (
                <ul className="home-list">
                  {circuiti.map((circuito) => (
                    <li key={circuito.id}>
                      <Link to={href('dettaglioCircuito', { id: circuito.id })}>{circuito.nome}</Link>
                      <p className="home-detail">
                        {circuito.tappe === 1 ? '1 tappa' : `${formatNumber(circuito.tappe)} tappe`}
                        {circuito.tappa_in_corso
                          ? ' · tappa in corso'
                          : circuito.prossima_tappa
                            ? ` · prossima tappa ${formatDateWith('dal', circuito.prossima_tappa, { month: 'short' })}`
                            : ' · tappe concluse'}
                      </p>
                    </li>
                  ))}
                </ul>
              )
            }
          </Block>
        </div>
        <aside className="home-aside" aria-label="Numeri e classifiche">
          <Block actor={actor} section="numeri" title="La stagione in numeri">
            {(numeri) => (
              <dl className="home-numbers">
                {(
                  [
                    ['Giocatori tesserati', numeri.giocatori],
                    ['Circoli', numeri.circoli],
                    ['Tornei', numeri.tornei],
                    ['Partite giocate', numeri.partite],
                  ] as const
                ).map(([label, value]) => (
                  <div key={label}>
                    <dt>{label}</dt>
                    <dd>{formatNumber(value)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </Block>
          <Block
            actor={actor}
            section="classifica"
            title="Classifica nazionale"
            more={{ to: href('classificaNazionale'), label: 'Classifica completa' }}
          >
            {({ righe, totale }) =>
              righe.length === 0 ? (
                <Empty>La classifica di questo settore non è ancora stata pubblicata.</Empty>
              ) : (
                <>
                  <Ranking rows={righe} />
                  <p className="home-detail">
                    {formatNumber(totale)} classificati · aggiornata{' '}
                    {formatDateWith('al', righe[0]!.calcolata_al, { month: 'short' })}
                  </p>
                </>
              )
            }
          </Block>
          <Block actor={actor} section="circuitiClassifiche" title="Classifiche dei circuiti">
            {(righe) =>
              righe.length === 0 ? (
                <Empty>Le classifiche dei circuiti compariranno dopo le prime tappe.</Empty>
              ) : (
                [...new Set(righe.map((r) => r.id_circuito))].map((idCircuito) => {
                  const rows = righe.filter((r) => r.id_circuito === idCircuito)
                  return (
                    <div key={idCircuito} className="home-circuit">
                      <h3>
                        <Link to={href('dettaglioCircuito', { id: idCircuito })}>{rows[0]!.circuito}</Link>
                      </h3>
                      <Ranking rows={rows} />
                    </div>
                  )
                })
              )
            }
          </Block>
          <Banners actor={actor} section="bannerMiddle" />
        </aside>
      </div>
    </>
  )
}

/** One section's loader (a page-data actor, child of the home's). */
function useSection<S extends Section>(actor: HomeActor, section: S) {
  const child = useSelector(actor, (s) => s.children[section])
  const loading = useSelector(child, (s) => s?.hasTag('loading') ?? true)
  const failed = useSelector(child, (s) => s?.hasTag('failed') ?? false)
  const data = useSelector(child, (s) => s?.context.data ?? undefined) as HomeData[S] | undefined
  const error = useSelector(child, (s) => s?.context.error ?? null)
  return { loading, failed, data, error, retry: () => child?.send({ type: 'page.retry' }) }
}

/** A titled section: skeleton while loading, the error with a retry, or its content. */
function Block<S extends Section>(props: {
  actor: HomeActor
  section: S
  title: string
  /** The title is for screen readers only. */
  hidden?: boolean
  /** A second block of the same section: its error is already shown by the first. */
  quiet?: boolean
  more?: { to: string; label: string }
  children: (data: HomeData[S]) => ReactNode
}) {
  const { loading, failed, data, error, retry } = useSection(props.actor, props.section)
  const headingId = `home-${props.section}-${props.title.replace(/\W+/g, '-').toLowerCase()}`
  return (
    <section className="home-block" aria-labelledby={headingId} aria-busy={loading}>
      <div className="home-block-head">
        <h2 id={headingId} className={props.hidden ? 'visually-hidden' : undefined}>
          {props.title}
        </h2>
        {props.more && (
          <Link to={props.more.to} className="home-more">
            {props.more.label}
          </Link>
        )}
      </div>
      {loading && (
        <div className="home-skeleton" aria-hidden="true">
          <div className="skeleton" />
          <div className="skeleton" />
          <div className="skeleton" />
        </div>
      )}
      {failed && !props.quiet && <LoadError message={error} onRetry={retry} secondary />}
      {data !== undefined && props.children(data)}
    </section>
  )
}

function Ranking({
  rows,
}: {
  rows: readonly { posizione: number; id_persona: number; persona: string; punti: number }[]
}) {
  return (
    <ol className="home-ranking">
      {rows.map((riga) => (
        <li key={riga.id_persona}>
          <span className="home-rank">{riga.posizione}</span>
          <Link to={href('schedaGiocatore', { id: riga.id_persona })}>{riga.persona}</Link>
          <span className="home-points">{formatNumber(riga.punti)} pt</span>
        </li>
      ))}
    </ol>
  )
}

function Empty({ children }: { children: ReactNode }) {
  return (
    <div className="empty-state">
      <p>{children}</p>
    </div>
  )
}

/** A portal path stays in the app; what the server marks external opens in a new tab. */
function PortalLink(props: { to: string; external: boolean; children: ReactNode; onClick?: () => void }) {
  if (props.external) {
    return (
      <a href={props.to} target="_blank" rel="noopener noreferrer" onClick={props.onClick}>
        {props.children}
        <span className="visually-hidden"> (si apre in una nuova scheda)</span>
      </a>
    )
  }
  if (!isPortalPath(props.to)) {
    return (
      <a href={props.to} onClick={props.onClick}>
        {props.children}
      </a>
    )
  }
  return (
    <Link to={props.to} onClick={props.onClick}>
      {props.children}
    </Link>
  )
}

function Banners({ actor, section }: { actor: HomeActor; section: 'bannerTop' | 'bannerMiddle' }) {
  const { data } = useSection(actor, section)
  const location = useLocation()
  if (!data || data.length === 0) return null
  return (
    <ul className={`home-banners home-${section}`} aria-label="Iniziative">
      {data.map((banner: Banner, index: number) => (
        <li key={banner.id}>
          <PortalLink
            to={banner.link}
            external={banner.esterno}
            onClick={() =>
              actor.send({ type: 'home.bannerClicked', id_banner: banner.id, path: location.pathname })
            }
          >
            {/* The visible title names the link; the picture is decoration. */}
            <img
              src={banner.immagine}
              alt=""
              width={1200}
              height={300}
              // The first top banner is usually the largest thing on screen: fetch it first.
              {...(section === 'bannerTop' && index === 0
                ? { fetchPriority: 'high' as const }
                : { loading: 'lazy' as const })}
            />
            <span className="home-banner-title">{banner.titolo}</span>
          </PortalLink>
        </li>
      ))}
    </ul>
  )
}
