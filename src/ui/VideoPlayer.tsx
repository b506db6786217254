import { useEffect, useRef, useState } from 'react'
import './video.css'

export type PlayableVideo = {
  titolo: string
  poster_url: string
  video_url: string
  /** Italian subtitles (WebVTT), shown by default. */
  sottotitoli_url?: string | null
}

/**
 * A video played in the page. Until the user asks, only its poster shows, as a button: no player is built
 * and nothing of the clip loads (a browser's native controls cost more to lay out than the rest of a page).
 * Pressing it puts the player in its place, with controls, starts it and moves the focus there. Never autoplay.
 */
export function VideoPlayer({ video }: { video: PlayableVideo }) {
  const [requested, setRequested] = useState(false)
  const player = useRef<HTMLVideoElement>(null)
  useEffect(() => {
    if (!requested || !player.current) return
    player.current.focus()
    // The browser may refuse (format, data saver): the controls are there to try again.
    Promise.resolve(player.current.play()).catch(() => undefined)
  }, [requested])

  if (!requested) {
    return (
      <button type="button" className="video-poster" onClick={() => setRequested(true)}>
        <img src={video.poster_url} alt="" width={640} height={360} loading="lazy" decoding="async" />
        <span className="video-play" aria-hidden="true">
          <svg viewBox="0 0 24 24" focusable="false">
            <path d="M8 5.5v13l10.5-6.5Z" />
          </svg>
        </span>
        <span className="visually-hidden">Riproduci il video «{video.titolo}»</span>
      </button>
    )
  }
  return (
    // oxlint-disable-next-line jsx-a11y/media-has-caption -- the subtitles track is kind="subtitles" (Italian, the portal's language)
    <video
      ref={player}
      className="video-player"
      controls
      preload="metadata"
      poster={video.poster_url}
      src={video.video_url}
      width={640}
      height={360}
      aria-label={video.titolo}
    >
      {video.sottotitoli_url && (
        <track kind="subtitles" srcLang="it" label="Italiano" src={video.sottotitoli_url} default />
      )}
      <a href={video.video_url}>Scarica il video «{video.titolo}»</a>
    </video>
  )
}
