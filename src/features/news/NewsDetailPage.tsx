import { useActorRef, useSelector } from '@xstate/react'
import { useSelector as useStoreSelector } from '@xstate/store-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Link, useParams } from 'react-router'
import { COMMENT_MAX_LENGTH, NEWS_NOT_FOUND } from '../../../contract/news.ts'
import { href } from '../../app/paths.ts'
import { utenteStore } from '../../stores/utente.ts'
import { PageTitle } from '../../ui/PageTitle.tsx'
import { formatDate, formatDateTime, formatNumber } from '../../ui/format.ts'
import { disciplinaLabel, newsKeyOf, type NewsKey } from './format.ts'
import type { NewsDetail } from '../../../contract/news.ts'
import type { newsCommentsMachine } from '../../../machines/news-comments.ts'
import { LoadError } from '../../ui/LoadError.tsx'
import { usePageData } from '../../ui/page-data.ts'
import { loadArticle, newsCommentsLogic } from './news-actors.ts'
import { ListSkeleton, VideoFigure } from './parts.tsx'
import './news.css'
import { SignInPrompt } from '../../app/SignInPrompt.tsx'

type CommentsActor = ReturnType<typeof useActorRef<typeof newsCommentsMachine>>

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
      <Comments article={article} />
    </article>
  )
}

function Comments({ article }: { article: NewsDetail }) {
  const actor = useActorRef(newsCommentsLogic, {
    input: { id_news: article.id, puo_commentare: article.puo_commentare, commenti: article.commenti },
  })
  const comments = useSelector(actor, (s) => s.context.commenti)
  const mayComment = useSelector(actor, (s) => s.context.mayComment)
  const sent = useSelector(actor, (s) => s.context.commentsSent)
  // The form starts over after a comment (and its button was disabled while sending): the focus goes to the
  // comment just published, the last of the list, so the next Tab continues from there and not from nowhere.
  const listRef = useRef<HTMLOListElement>(null)
  useEffect(() => {
    if (sent > 0) listRef.current?.querySelector<HTMLElement>(':scope > li:last-child')?.focus()
  }, [sent])
  return (
    <section className="news-comments" aria-labelledby="news-commenti">
      <h2 id="news-commenti">Commenti {comments.length > 0 && `(${formatNumber(comments.length)})`}</h2>
      {comments.length === 0 ? (
        <p className="news-muted">Nessun commento per ora{mayComment ? ': scrivi tu il primo.' : '.'}</p>
      ) : (
        <ol className="news-comment-list" ref={listRef}>
          {comments.map((comment) => (
            <li key={comment.id} className="news-comment" tabIndex={-1}>
              <p className="news-comment-head">
                <strong>{comment.autore}</strong>{' '}
                <time dateTime={comment.creato_il} className="news-muted">
                  {formatDateTime(comment.creato_il)}
                </time>
              </p>
              <p className="news-comment-text">{comment.testo}</p>
            </li>
          ))}
        </ol>
      )}
      {mayComment ? (
        <CommentForm key={sent} actor={actor} justSent={sent > 0} />
      ) : (
        <SignInPrompt
          className="empty-state news-signin"
          text="I commenti sono aperti a tutti gli utenti registrati."
          action="Accedi per commentare"
        />
      )}
    </section>
  )
}

function CommentForm({ actor, justSent }: { actor: CommentsActor; justSent: boolean }) {
  const sending = useSelector(actor, (s) => s.hasTag('sending'))
  const error = useSelector(actor, (s) => s.context.commentError)
  const [text, setText] = useState('')
  const fieldId = useId()
  const trimmed = text.trim()
  return (
    <form
      className="form news-comment-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        if (trimmed) actor.send({ type: 'comment.send', testo: trimmed })
      }}
    >
      {justSent && (
        <p className="form-success" role="status">
          Commento pubblicato.
        </p>
      )}
      <div className="field">
        <label htmlFor={fieldId}>Il tuo commento</label>
        <textarea
          id={fieldId}
          rows={4}
          maxLength={COMMENT_MAX_LENGTH}
          value={text}
          aria-describedby={`${fieldId}-aiuto`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={`${fieldId}-aiuto`} className="field-hint">
          Solo testo, niente codice HTML. {formatNumber(text.length)} di {formatNumber(COMMENT_MAX_LENGTH)}{' '}
          caratteri.
        </p>
      </div>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <div>
        <button type="submit" className="button" disabled={sending || !trimmed}>
          {sending ? 'Invio…' : 'Pubblica commento'}
        </button>
      </div>
    </form>
  )
}
