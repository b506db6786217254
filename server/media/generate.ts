// Regenerates the sample media under server/media/, with the very names the seed refers to (server/seed):
// news images, video posters and short MP4 clips, banners, club and circuit logos, tournament posters and photos.
// Drawn as SVG, rasterized and recorded in headless Chromium (no ffmpeg, no image tools needed), without text
// so that any alt text the data gives stays true. Each clip has its Italian subtitles beside it (WebVTT,
// video-N.it.vtt). Run: `npx tsx server/media/generate.ts` (`--video`: the clips only, as long as clips.ts says;
// `--solo-sottotitoli`: the subtitles only, without a browser). The output is committed, and the portal serves
// those files as they are (server/plugins/media.ts).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium, type Page } from 'playwright-core'
import { VIDEO_CLIPS, mp4DurationSeconds } from './clips.ts'

const root = path.dirname(fileURLToPath(import.meta.url))

type Look = { codice: string; campo: string; linee: string; cielo: string; cielo2: string; campoNome: string }

/** One look per discipline (court colour, lines, sky), plus the federation's own ('tutte'). */
const LOOKS: Look[] = [
  {
    codice: 'tennis',
    campo: '#c4572e',
    linee: '#ffffff',
    cielo: '#0b4f8a',
    cielo2: '#3a86c8',
    campoNome: 'in terra rossa',
  },
  {
    codice: 'padel',
    campo: '#1f5fa8',
    linee: '#ffffff',
    cielo: '#073459',
    cielo2: '#2f6fb0',
    campoNome: 'da padel',
  },
  {
    codice: 'beach-tennis',
    campo: '#e2c27a',
    linee: '#1b4d8c',
    cielo: '#2a8fc7',
    cielo2: '#8fd0f0',
    campoNome: 'di sabbia',
  },
  {
    codice: 'pickleball',
    campo: '#2f8f5b',
    linee: '#ffffff',
    cielo: '#1d4f3a',
    cielo2: '#4f9f74',
    campoNome: 'da pickleball',
  },
  {
    codice: 'tutte',
    campo: '#0b4f8a',
    linee: '#d7f25a',
    cielo: '#073459',
    cielo2: '#0b4f8a',
    campoNome: 'della Federazione',
  },
]
const BANNER_POSITIONS = ['home_top', 'home_middle', 'home_sidebar', 'tornei', 'classifiche', 'news']

const look = (i: number) => LOOKS[i % LOOKS.length]!

/** A court in perspective with a ball, in a 640×360 box; `v` varies the framing. */
function scene(l: Look, v: number, w = 640, h = 360): string {
  const ballX = 200 + ((v * 97) % 260)
  const ballY = 90 + ((v * 53) % 80)
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" width="${w}" height="${h}" preserveAspectRatio="xMidYMid slice">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${l.cielo}"/><stop offset="1" stop-color="${l.cielo2}"/></linearGradient></defs>
  <rect width="640" height="360" fill="url(#g)"/>
  <circle cx="${80 + ((v * 61) % 480)}" cy="60" r="${30 + (v % 4) * 10}" fill="rgb(255 255 255 / 0.12)"/>
  <polygon points="110,340 530,340 455,150 185,150" fill="${l.campo}"/>
  <g stroke="${l.linee}" stroke-width="4" fill="none">
    <polygon points="110,340 530,340 455,150 185,150"/>
    <line x1="155" y1="232" x2="485" y2="232"/>
    <line x1="320" y1="150" x2="320" y2="340"/>
  </g>
  <rect x="146" y="214" width="348" height="16" fill="rgb(255 255 255 / 0.6)"/>
  <ellipse cx="${ballX + 8}" cy="${ballY + 110}" rx="14" ry="4" fill="rgb(0 0 0 / 0.25)"/>
  <circle cx="${ballX}" cy="${ballY}" r="15" fill="#d7f25a" stroke="#9ab82a" stroke-width="3"/>
</svg>`
}

function poster(l: Look, v: number): string {
  return scene(l, v).replace(
    '</svg>',
    '<circle cx="320" cy="180" r="46" fill="rgb(0 0 0 / 0.55)"/><polygon points="306,156 306,204 346,180" fill="#fff"/></svg>',
  )
}

function banner(l: Look, v: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 300" width="1200" height="300">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${l.cielo}"/><stop offset="1" stop-color="${l.cielo2}"/></linearGradient></defs>
  <rect width="1200" height="300" fill="url(#g)"/>
  <polygon points="560,300 1200,300 1200,120 700,120" fill="${l.campo}"/>
  <g stroke="${l.linee}" stroke-width="5" fill="none"><polygon points="560,300 1200,300 1200,120 700,120"/><line x1="630" y1="210" x2="1200" y2="210"/></g>
  <circle cx="${900 + v * 40}" cy="80" r="34" fill="#d7f25a" stroke="#9ab82a" stroke-width="5"/>
  <circle cx="140" cy="150" r="220" fill="rgb(255 255 255 / 0.06)"/>
</svg>`
}

function logo(l: Look, v: number): string {
  const shapes = [
    '<path d="M128 20 L220 60 L200 170 Q128 240 56 170 L36 60 Z"/>',
    '<circle cx="128" cy="128" r="100"/>',
    '<rect x="32" y="32" width="192" height="192" rx="40"/>',
    '<polygon points="128,20 236,128 128,236 20,128"/>',
  ]
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">
  <g fill="${l.cielo}" stroke="${l.linee === '#ffffff' ? '#d7f25a' : l.linee}" stroke-width="10">${shapes[v % shapes.length]}</g>
  <ellipse cx="128" cy="112" rx="42" ry="52" fill="none" stroke="#fff" stroke-width="10" transform="rotate(-30 128 112)"/>
  <line x1="150" y1="152" x2="186" y2="198" stroke="#fff" stroke-width="14" stroke-linecap="round"/>
  <circle cx="92" cy="176" r="16" fill="#d7f25a"/>
</svg>`
}

function locandina(l: Look, v: number): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 848" width="600" height="848">
  <rect width="600" height="848" fill="${l.cielo}"/>
  <circle cx="300" cy="300" r="${170 + (v % 3) * 20}" fill="#d7f25a"/>
  <path d="M140 220 Q300 330 460 220 M140 380 Q300 270 460 380" stroke="#9ab82a" stroke-width="14" fill="none"/>
  <polygon points="60,848 540,848 470,600 130,600" fill="${l.campo}"/>
  <g stroke="${l.linee}" stroke-width="5" fill="none"><polygon points="60,848 540,848 470,600 130,600"/><line x1="300" y1="600" x2="300" y2="848"/></g>
</svg>`
}

const cueTime = (seconds: number) => `00:00:${seconds.toFixed(3).padStart(6, '0')}`

/**
 * The Italian subtitles (WebVTT) of a clip drawn with look `l`, `seconds` long. The clips are silent: the cues say
 * so and describe what happens, as subtitles for deaf and hard-of-hearing viewers do, one cue per bounce of the
 * ball (four over the clip, see RECORDER).
 */
export function subtitles(l: Look, seconds: number): string {
  const at = (quarter: number) => (seconds * quarter) / 4
  const cues: [number, number, string][] = [
    [0, at(1), `[Nessun audio] Un campo ${l.campoNome} visto dal fondo.`],
    [at(1), at(2), 'La palla entra da sinistra e rimbalza sul campo.'],
    [at(2), at(3), 'Raggiunge il lato destro e torna indietro.'],
    [at(3), seconds, 'Quarto rimbalzo: fine della sequenza.'],
  ]
  const blocks = cues.map(([from, to, text], i) => `${i + 1}\n${cueTime(from)} --> ${cueTime(to)}\n${text}`)
  return `WEBVTT\n\n${blocks.join('\n\n')}\n`
}

async function rasterize(page: Page, svg: string, type: 'image/jpeg' | 'image/png'): Promise<Buffer> {
  const base64 = (await page.evaluate(
    `(async (svg, type) => {
      const img = new Image()
      img.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg)
      await img.decode()
      const canvas = document.createElement('canvas')
      canvas.width = img.naturalWidth
      canvas.height = img.naturalHeight
      canvas.getContext('2d').drawImage(img, 0, 0)
      return canvas.toDataURL(type, 0.72).split(',')[1]
    })(${JSON.stringify(svg)}, ${JSON.stringify(type)})`,
  )) as string
  return Buffer.from(base64, 'base64')
}

// A plain script string: tsx would otherwise inject helpers the page does not have.
const RECORDER = String.raw`(async (l, seconds) => {
  const canvas = document.createElement('canvas')
  canvas.width = 640
  canvas.height = 360
  const ctx = canvas.getContext('2d')
  const recorder = new MediaRecorder(canvas.captureStream(25), {
    mimeType: 'video/mp4;codecs=avc1.42E01E',
    videoBitsPerSecond: 250000,
  })
  const chunks = []
  recorder.ondataavailable = (e) => chunks.push(e.data)
  const stopped = new Promise((resolve) => (recorder.onstop = resolve))
  recorder.start()
  const started = performance.now()
  await new Promise((resolve) => {
    const frame = () => {
      const t = Math.min(1, (performance.now() - started) / (seconds * 1000))
      const sky = ctx.createLinearGradient(0, 0, 0, 360)
      sky.addColorStop(0, l.cielo)
      sky.addColorStop(1, l.cielo2)
      ctx.fillStyle = sky
      ctx.fillRect(0, 0, 640, 360)
      ctx.beginPath()
      ctx.moveTo(110, 340)
      ctx.lineTo(530, 340)
      ctx.lineTo(455, 150)
      ctx.lineTo(185, 150)
      ctx.closePath()
      ctx.fillStyle = l.campo
      ctx.fill()
      ctx.strokeStyle = l.linee
      ctx.lineWidth = 4
      ctx.stroke()
      ctx.fillStyle = 'rgba(255,255,255,0.6)'
      ctx.fillRect(146, 214, 348, 16)
      const x = 200 + 240 * (t < 0.5 ? t * 2 : 2 - t * 2)
      const y = 250 - Math.abs(Math.sin(t * Math.PI * 4)) * 120
      ctx.fillStyle = '#d7f25a'
      ctx.beginPath()
      ctx.arc(x, y, 14, 0, Math.PI * 2)
      ctx.fill()
      if (t < 1) requestAnimationFrame(frame)
      else resolve()
    }
    requestAnimationFrame(frame)
  })
  recorder.stop()
  await stopped
  const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer())
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
})`

async function main() {
  const write = (file: string, data: Buffer | string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true })
    fs.writeFileSync(path.join(root, file), data)
  }
  for (const [k, clip] of VIDEO_CLIPS.entries()) {
    write(`video/${clip.video.replace(/\.mp4$/, '.it.vtt')}`, subtitles(look(k + 1), clip.seconds))
  }
  if (process.argv.includes('--solo-sottotitoli')) {
    console.log(`Scritti ${VIDEO_CLIPS.length} sottotitoli in ${path.join(root, 'video')}`)
    return
  }
  const executablePath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p))
  const browser = await chromium.launch({
    ...(executablePath ? { executablePath } : {}),
    args: ['--no-sandbox'],
  })
  let count = 0
  try {
    const page = await browser.newPage()
    const jpeg = async (file: string, svg: string) => (
      write(file, await rasterize(page, svg, 'image/jpeg')),
      count++
    )
    const png = async (file: string, svg: string) => (
      write(file, await rasterize(page, svg, 'image/png')),
      count++
    )
    // `--video`: only the clips (they take real time to record).
    const onlyVideo = process.argv.includes('--video')
    if (!onlyVideo) for (let i = 1; i <= 24; i++) await jpeg(`news/news-${i}.jpg`, scene(look(i), i))
    if (!onlyVideo) for (let i = 1; i <= 6; i++) await jpeg(`video/poster-${i}.jpg`, poster(look(i), i))
    for (const l of onlyVideo ? [] : LOOKS) {
      for (const [k, position] of BANNER_POSITIONS.entries())
        await jpeg(`banner/${position}-${l.codice}.jpg`, banner(l, k))
    }
    if (!onlyVideo) for (let i = 1; i <= 20; i++) await png(`circoli/logo-${i}.png`, logo(look(i), i))
    if (!onlyVideo) for (let i = 1; i <= 8; i++) await png(`circuiti/logo-${i}.png`, logo(look(i + 2), i + 1))
    if (!onlyVideo)
      for (let i = 1; i <= 12; i++) await jpeg(`locandine/locandina-${i}.jpg`, locandina(look(i), i))
    if (!onlyVideo)
      for (let i = 1; i <= 30; i++) await jpeg(`tornei/foto-${i}.jpg`, scene(look(i + 1), i * 3))
    for (const [k, clip] of VIDEO_CLIPS.entries()) {
      // Recorded a quarter of a second past the label, so that a player shows the labelled whole seconds whether
      // it rounds or truncates; MediaRecorder's timing drifts on a busy machine, so a miss is recorded again.
      let bytes = Buffer.alloc(0)
      for (let attempt = 1; ; attempt++) {
        const data = (await page.evaluate(
          `${RECORDER}(${JSON.stringify(look(k + 1))}, ${clip.seconds + 0.25})`,
        )) as string
        bytes = Buffer.from(data, 'base64')
        const seconds = mp4DurationSeconds(bytes)
        if (Math.floor(seconds) === clip.seconds && Math.round(seconds) === clip.seconds) break
        if (attempt === 4) throw new Error(`${clip.video}: ${seconds.toFixed(2)} s invece di ${clip.seconds}`)
      }
      write(`video/${clip.video}`, bytes)
      count++
    }
  } finally {
    await browser.close()
  }
  console.log(`Scritti ${count} file in ${root}`)
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main()
