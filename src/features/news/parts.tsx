// Pieces shared by the news pages.
import { Link } from 'react-router'
import type { NewsCard, Video } from '../../../contract/news.ts'
import { formatDate, formatDuration } from '../../ui/format.ts'
import { disciplinaLabel, newsHref } from './format.ts'
import { VideoPlayer } from '../../ui/VideoPlayer.tsx'

export function NewsItem({ news, headingLevel = 2 }: { news: NewsCard; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className={news.in_evidenza ? 'card news-item featured' : 'card news-item'}>
      {/* In a list the title beside it names the news: the picture is decoration (the article gives its alt). */}
      {news.immagine ? (
        <img src={news.immagine} alt="" width={640} height={360} loading="lazy" />
      ) : (
        <div className="news-item-placeholder" aria-hidden="true" />
      )}
      <div className="news-item-text">
        <p className="news-kicker">
          <span className="news-badge">{news.tipologia}</span> {disciplinaLabel(news.disciplina)} ·{' '}
          <time dateTime={news.pubblicata_il}>{formatDate(news.pubblicata_il)}</time>
        </p>
        <Heading className="news-item-title">
          <Link to={newsHref(news)}>{news.titolo}</Link>
        </Heading>
        <p className="news-item-summary">{news.sommario}</p>
      </div>
    </article>
  )
}

/** A video of the federation with its title, duration and description. */
export function VideoFigure({ video }: { video: Video }) {
  return (
    <figure className="card news-video">
      <VideoPlayer video={video} />
      <figcaption>
        <strong>{video.titolo}</strong>{' '}
        <span className="news-muted">({formatDuration(video.durata_secondi)})</span>
        {video.descrizione && <span className="news-video-detail">{video.descrizione}</span>}
      </figcaption>
    </figure>
  )
}

export function ListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <div className="news-skeleton">
      <p role="status" className="visually-hidden">
        {label}
      </p>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton" aria-hidden="true" />
      ))}
    </div>
  )
}
