import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { expect, it, vi } from 'vitest'
import { VideoPlayer } from '../../src/ui/VideoPlayer.tsx'

const VIDEO = {
  titolo: 'Finale di Roma',
  poster_url: '/media/video/poster-1.jpg',
  video_url: '/media/video/1.mp4',
  sottotitoli_url: '/media/video/1.it.vtt',
}

it('shows the poster as a button and builds the player only when asked, and starts it', async () => {
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
  const { container } = render(<VideoPlayer video={VIDEO} />)
  const button = screen.getByRole('button', { name: 'Riproduci il video «Finale di Roma»' })
  expect(button.querySelector('img')).toHaveAttribute('src', VIDEO.poster_url)
  expect(container.querySelector('video')).toBeNull()
  expect(play).not.toHaveBeenCalled()

  button.focus()
  await userEvent.keyboard('{Enter}')
  const video = container.querySelector('video')!
  expect(video).toHaveAttribute('src', VIDEO.video_url)
  expect(video).toHaveAttribute('poster', VIDEO.poster_url)
  expect(video).toHaveAttribute('controls')
  expect(video).not.toHaveAttribute('autoplay')
  // Italian subtitles, on by default (e2e/italiano.spec.ts loads and parses them in Chromium).
  const track = video.querySelector('track')!
  expect(track).toHaveAttribute('kind', 'subtitles')
  expect(track).toHaveAttribute('srclang', 'it')
  expect(track).toHaveAttribute('src', VIDEO.sottotitoli_url)
  expect(track).toHaveAttribute('default')
  // jsdom does not make a video with controls focusable; e2e/news.spec.ts checks the focus in Chromium.
  expect(play).toHaveBeenCalledTimes(1)
  expect(screen.queryByRole('button', { name: /Riproduci/ })).toBeNull()
  play.mockRestore()
})

it('plays a video without subtitles without an empty track', async () => {
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined)
  const { container } = render(<VideoPlayer video={{ ...VIDEO, sottotitoli_url: null }} />)
  await userEvent.click(screen.getByRole('button', { name: /Riproduci il video/ }))
  expect(container.querySelector('video')).toHaveAttribute('controls')
  expect(container.querySelector('track')).toBeNull()
  vi.restoreAllMocks()
})

it('keeps the player when the browser refuses to start it', async () => {
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(new Error('NotAllowedError'))
  const { container } = render(<VideoPlayer video={VIDEO} />)
  await userEvent.click(screen.getByRole('button', { name: /Riproduci il video/ }))
  expect(container.querySelector('video')).toHaveAttribute('controls')
  play.mockRestore()
})
