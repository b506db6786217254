import { useSelector as useStoreSelector } from '@xstate/store-react'
import { useEffect, useRef } from 'react'
import { Link, useParams } from 'react-router'
import { NEWS_NOT_FOUND } from '../../../contract/news.ts'
import { href } from '../../app/paths.ts'
import { utenteStore } from '../../stores/utente.ts'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { Comments } from '../../ui/Comments.tsx'
import { formatDate } from '../../ui/format.ts'
import { disciplinaLabel, newsKeyOf, type NewsKey } from './format.ts'
import type { NewsDetail } from '../../../contract/news.ts'
import { LoadError } from '../../ui/LoadError.tsx'
import { usePageData } from '../../ui/page-data.ts'
import { loadArticle, newsCommentsLogic } from './news-actors.ts'
import { ListSkeleton, VideoFigure } from './parts.tsx'
import './news.css'
import { SignInPrompt } from '../../app/SignInPrompt.tsx'

/** /news-dettaglio/{id} and /news-dettaglio/{disciplina}/{tipologia_news}/{titolo}: the same article. */
export default function NewsDetailPage() {
  const key = newsKeyOf(useParams())
  return (
    <section className="page news-page">
      <p className="news-back">
        <Link to={href('news')}>← Tutte le news</Link>
      </p>
      {key ? <Article newsKey={key} /> : <Missing />}
    </section>
  )
}

function Missing() {
  return (
    <>
      <PageTitle>{NEWS_NOT_FOUND}</PageTitle>
      <div className="empty-state">
        <p>
          La news che cerchi non esiste o non è più pubblicata. Trovi le ultime nella pagina{' '}
          <Link to={href('news')}>News</Link>.
        </p>
      </div>
    </>
  )
}

function Article({ newsKey }: { newsKey: NewsKey }) {
  const {
    actor,
    loading,
    missing,
    failed,
    data: article,
    error,
    retry,
  } = usePageData<NewsDetail, NewsKey>(loadArticle, newsKey, { notFoundIsMissing: true })
  const token = useStoreSelector(utenteStore, (s) => s.context.token)
  const keyText = JSON.stringify(newsKey)
  const seen = useRef({ keyText, token })

  // Another article, or the user signed in or out (who may comment changes): load again.
  useEffect(() => {
    if (seen.current.keyText !== keyText || seen.current.token !== token) {
      seen.current = { keyText, token }
      actor.send({ type: 'page.reload', params: JSON.parse(keyText) as NewsKey })
    }
  }, [actor, keyText, token])

  if (missing) return <Missing />
  if (failed) {
    return (
      <>
        <PageTitle>News</PageTitle>
        <LoadError message={error} onRetry={retry} />
      </>
    )
  }
  if (loading || !article) {
    return (
      <>
        <PageTitle>News</PageTitle>
        <ListSkeleton label="Caricamento della news…" rows={4} />
      </>
    )
  }
  return (
    <article className="news-article">
      <p className="news-kicker">
        <span className="news-badge">{article.tipologia}</span> {disciplinaLabel(article.disciplina)} ·{' '}
        <time dateTime={article.pubblicata_il}>{formatDate(article.pubblicata_il)}</time>
      </p>
      <PageTitle>{article.titolo}</PageTitle>
      <p className="news-lead">{article.sommario}</p>
      {article.immagine && (
        <img
          className="news-hero"
          src={article.immagine}
          alt={article.immagine_alt ?? ''}
          width={640}
          height={360}
        />
      )}
      {/* Sanitized on the server when written: only p, h2, h3, lists, strong, em, blockquote, br and safe links. */}
      <div className="news-body" dangerouslySetInnerHTML={{ __html: article.corpo }} />
      {article.video.length > 0 && (
        <section aria-labelledby="news-video-articolo">
          <h2 id="news-video-articolo">Video</h2>
          <ul className="news-video-list">
            {article.video.map((video) => (
              <li key={video.id}>
                <VideoFigure video={video} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <Comments
        logic={newsCommentsLogic}
        input={{ id_news: article.id, puo_commentare: article.puo_commentare, commenti: article.commenti }}
        level={2}
        signInPrompt={SignInPrompt}
      />
    </article>
  )
}
