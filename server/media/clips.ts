// The demo video clips under server/media/video/ and their length. The seed labels every video with its clip's
// `seconds`; media/generate.ts records each clip that long, and a test reads the files to hold both to it.

/** One clip: its file, its poster, and its length in whole seconds (what a player's timeline shows). */
export type VideoClip = { video: string; poster: string; seconds: number }

export const VIDEO_CLIPS: readonly VideoClip[] = [
  { video: 'video-1.mp4', poster: 'poster-1.jpg', seconds: 6 },
  { video: 'video-2.mp4', poster: 'poster-2.jpg', seconds: 8 },
  { video: 'video-3.mp4', poster: 'poster-3.jpg', seconds: 5 },
  { video: 'video-4.mp4', poster: 'poster-4.jpg', seconds: 9 },
  { video: 'video-5.mp4', poster: 'poster-5.jpg', seconds: 7 },
  { video: 'video-6.mp4', poster: 'poster-6.jpg', seconds: 10 },
]

/**
 * The duration of an MP4 file in seconds, from its movie header (`moov/mvhd`: timescale and duration, version 0
 * or 1). Fragmented files as MediaRecorder writes them carry it there too. Throws when there is no header.
 */
export function mp4DurationSeconds(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const type = (at: number) => String.fromCharCode(...bytes.subarray(at + 4, at + 8))
  const size = (at: number, end: number) => {
    const small = view.getUint32(at)
    if (small === 1) return Number(view.getBigUint64(at + 8))
    return small === 0 ? end - at : small
  }
  const find = (name: string, from: number, end: number): number | undefined => {
    for (let at = from; at + 8 <= end;) {
      const length = size(at, end)
      if (length < 8) break
      if (type(at) === name) return at
      at += length
    }
    return undefined
  }
  const moov = find('moov', 0, bytes.length)
  if (moov === undefined) throw new Error('MP4 senza moov')
  const mvhd = find('mvhd', moov + 8, moov + size(moov, bytes.length))
  if (mvhd === undefined) throw new Error('MP4 senza mvhd')
  const version = bytes[mvhd + 8]
  const timescale = view.getUint32(mvhd + (version === 1 ? 28 : 20))
  const duration = version === 1 ? Number(view.getBigUint64(mvhd + 32)) : view.getUint32(mvhd + 24)
  return duration / timescale
}
