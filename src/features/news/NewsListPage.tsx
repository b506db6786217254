import { useActorRef, useSelector } from '@xstate/react'
import { useSelector as useStoreSelector } from '@xstate/store-react'
import { useEffect, useId, useRef } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { DISCIPLINES } from '../../../contract/constants.ts'
import { href } from '../../app/paths.ts'
import { disciplinaStore } from '../../stores/disciplina.ts'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { formatNumber } from '../../ui/format.ts'
import { listQueryOf, listSearch, pageWithin } from './format.ts'
import { NEWS_PAGE_SIZE, type NewsQuery, type newsListMachine } from '../../../machines/news-list.ts'
import { LoadError } from '../../ui/LoadError.tsx'
import { usePageData } from '../../ui/page-data.ts'
import { loadNewsPage, newsListLogic } from './news-actors.ts'
import { ListSkeleton, NewsItem, VideoFigure } from './parts.tsx'
import './news.css'
import { journalInspector } from '../../journal/journal.ts'

/** /news: the sector's news with a tipologia filter and pages (?tipologia=…&pagina=…), then its videos. */
export default function NewsListPage() {
  const idSettore = useStoreSelector(disciplinaStore, (s) => s.context.id_settore)
  const disciplina = useStoreSelector(disciplinaStore, (s) => s.context.disciplina)
  const nome = DISCIPLINES.find((d) => d.codice === disciplina)?.nome
  return (
    <section className="page news-page">
      <PageTitle>News</PageTitle>
      {idSettore === null ? (
        <div className="empty-state">
          <p>Scegli una disciplina per leggerne le news.</p>
          <Link className="button" to={href('sceltaDisciplina')}>
            Scegli la disciplina
          </Link>
        </div>
      ) : (
        <>
          <p className="news-scope">
            Notizie {nome ? `di ${nome} ` : ''}e di tutta la federazione.{' '}
            <Link to={href('sceltaDisciplina')}>Cambia disciplina</Link>
          </p>
          <NewsList idSettore={idSettore} />
        </>
      )}
    </section>
  )
}

function NewsList({ idSettore }: { idSettore: number }) {
  const [search] = useSearchParams()
  const navigate = useNavigate()
  const { tipologia, pagina } = listQueryOf(search)
  const query: NewsQuery = { id_settore: idSettore, tipologia, pagina }
  const list = usePageData(loadNewsPage, query)
  const { loading, failed, error, retry } = list
  const results = list.data?.results ?? []
  const record = list.data?.record ?? 0
  const actor = useActorRef(newsListLogic, { input: { id_settore: idSettore }, inspect: journalInspector })
  const tipologie = useSelector(actor, (s) => s.context.tipologie)
  const filterId = useId()

  // Another page, filter or sector: the list again; the videos follow the sector only.
  const listActor = list.actor
  useEffect(() => {
    const current = listActor.getSnapshot().context.params as NewsQuery
    if (current.id_settore !== idSettore || current.tipologia !== tipologia || current.pagina !== pagina) {
      listActor.send({ type: 'page.reload', params: { id_settore: idSettore, tipologia, pagina } })
    }
    actor.send({ type: 'news.sectorChanged', id_settore: idSettore })
  }, [actor, listActor, idSettore, tipologia, pagina])

  const pages = Math.max(1, Math.ceil(record / NEWS_PAGE_SIZE))
  // A page beyond the last (an old link, a list that shrank): the last page, in place of the one asked.
  const loadedFor = useSelector(list.actor, (s) => s.context.params) as NewsQuery
  const answered =
    list.data !== null &&
    !loading &&
    !failed &&
    loadedFor.id_settore === idSettore &&
    loadedFor.tipologia === tipologia &&
    loadedFor.pagina === pagina
  const shown = answered ? pageWithin(pagina, record, NEWS_PAGE_SIZE) : pagina
  useEffect(() => {
    if (shown !== pagina) navigate({ search: listSearch({ tipologia, pagina: shown }) }, { replace: true })
  }, [navigate, shown, pagina, tipologia])
  const beyondLast = shown !== pagina
  const tipologiaNome = tipologie.find((t) => t.codice === tipologia)?.nome

  return (
    <>
      <div className="news-filters">
        <div className="field">
          <label htmlFor={filterId}>Tipologia</label>
          <select
            id={filterId}
            value={tipologia ?? ''}
            onChange={(event) =>
              navigate({ search: listSearch({ tipologia: event.target.value || null, pagina: 1 }) })
            }
          >
            <option value="">Tutte le tipologie</option>
            {tipologie.map((t) => (
              <option key={t.codice} value={t.codice}>
                {t.nome}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div aria-live="polite" aria-busy={loading}>
        {loading && <ListSkeleton label="Caricamento delle news…" />}
        {failed && <LoadError message={error} onRetry={retry} />}
        {!loading && !failed && !beyondLast && results.length === 0 && (
          <div className="empty-state">
            {tipologia ? (
              <p>
                Nessuna news {tipologiaNome ? `di tipo «${tipologiaNome}»` : 'di questo tipo'}.{' '}
                <Link to={{ search: '' }}>Mostra tutte le news</Link>
              </p>
            ) : pagina > 1 ? (
              <p>
                Questa pagina non esiste più. <Link to={{ search: '' }}>Torna alla prima pagina</Link>
              </p>
            ) : (
              <p>Non ci sono ancora news per questa disciplina: torna a trovarci presto.</p>
            )}
          </div>
        )}
        {!loading && !failed && results.length > 0 && (
          <>
            <p className="news-muted">
              {record === 1 ? '1 news' : `${formatNumber(record)} news`}
              {pages > 1 && ` · pagina ${formatNumber(pagina)} di ${formatNumber(pages)}`}
            </p>
            <ul className="news-list">
              {results.map((news) => (
                <li key={news.id}>
                  <NewsItem news={news} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      {pages > 1 && !failed && !beyondLast && (
        <nav className="news-pager" aria-label="Pagine delle news">
          {pagina > 1 ? (
            <Link className="button secondary" to={{ search: listSearch({ tipologia, pagina: pagina - 1 }) }}>
              ← Più recenti
            </Link>
          ) : (
            <span />
          )}
          <span className="news-muted">
            Pagina {formatNumber(pagina)} di {formatNumber(pages)}
          </span>
          {pagina < pages ? (
            <Link className="button secondary" to={{ search: listSearch({ tipologia, pagina: pagina + 1 }) }}>
              Meno recenti →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
      <Videos actor={actor} />
    </>
  )
}

function Videos({ actor }: { actor: ReturnType<typeof useActorRef<typeof newsListMachine>> }) {
  const loading = useSelector(actor, (s) => s.hasTag('loadingVideos'))
  const videos = useSelector(actor, (s) => s.context.videos)
  const record = useSelector(actor, (s) => s.context.videoRecord)
  const error = useSelector(actor, (s) => s.context.videoError)
  const canLoadMore = useSelector(actor, (s) => s.can({ type: 'video.more' }))
  // «Mostra altri video» is disabled while they load, which drops the focus: it goes to the first new video.
  const firstNew = useRef<number | null>(null)
  const list = useRef<HTMLUListElement>(null)
  useEffect(() => {
    const index = firstNew.current
    if (index === null || loading) return
    firstNew.current = null
    list.current?.querySelectorAll<HTMLElement>(':scope > li')[index]?.focus()
  }, [loading])
  return (
    <section className="news-videos" aria-labelledby="news-video-titolo">
      <h2 id="news-video-titolo">Video</h2>
      {videos.length === 0 && loading && <ListSkeleton label="Caricamento dei video…" rows={1} />}
      {videos.length === 0 && !loading && !error && (
        <div className="empty-state">
          <p>Nessun video per questa disciplina, per ora.</p>
        </div>
      )}
      {videos.length > 0 && (
        <ul className="news-video-list" ref={list}>
          {videos.map((video) => (
            <li key={video.id} tabIndex={-1}>
              <VideoFigure video={video} />
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {(canLoadMore || (loading && videos.length > 0)) && (
        <div className="actions">
          <button
            type="button"
            className="button secondary"
            disabled={loading}
            onClick={() => {
              firstNew.current = videos.length
              actor.send({ type: 'video.more' })
            }}
          >
            {loading ? 'Caricamento…' : `Mostra altri video (${formatNumber(record - videos.length)})`}
          </button>
        </div>
      )}
    </section>
  )
}
