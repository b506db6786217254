// The JavaScript an anonymous visitor downloads for a page: the entry and the page's chunk with everything
// they import statically, from Vite's manifest, and what the shell imports on its own at every start-up; gzip
// and brotli sizes of the built files.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

type Chunk = { file: string; imports?: string[]; isEntry?: boolean; src?: string }

const dist = path.resolve('dist')
const BUDGET_KB = 170

/**
 * What the shell imports on its own on the first render of every public page (the pages measured here are):
 * the share widget (src/app/layouts/ShareSlot.tsx). Not needed for that render and not hinted, but downloaded
 * in the same first load, so it counts.
 */
const LOADED_AT_START = ['src/ui/ShareButtons.tsx']

function closure(manifest: Record<string, Chunk>, keys: string[]): Set<string> {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return
    seen.add(key)
    for (const next of manifest[key].imports ?? []) visit(next)
  }
  keys.forEach(visit)
  return seen
}

export function benchBundle(
  pages = {
    '/home': 'src/features/home/HomePage.tsx',
    '/tornei/calendario-tornei': 'src/features/tornei/CalendarioPage.tsx',
  },
) {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >
  for (const key of [...LOADED_AT_START, ...Object.values(pages)])
    if (!manifest[key]) throw new Error(`bundle: ${key} non è nel manifest di Vite`)
  return Object.entries(pages).map(([page, source]) => {
    const files = [...closure(manifest, ['index.html', source, ...LOADED_AT_START])]
      .map((key) => manifest[key]!.file)
      .filter((f) => f.endsWith('.js'))
    let gzip = 0
    let brotli = 0
    for (const file of files) {
      const data = fs.readFileSync(path.join(dist, file))
      gzip += zlib.gzipSync(data, { level: 9 }).length
      brotli += zlib.brotliCompressSync(data).length
    }
    return {
      pagina: page,
      file: files.length,
      'JS gzip (kB)': +(gzip / 1000).toFixed(1),
      'JS brotli (kB)': +(brotli / 1000).toFixed(1),
      'entro 170 kB gzip': gzip / 1000 <= BUDGET_KB ? 'sì' : 'NO',
    }
  })
}

export function printBundle(rows: ReturnType<typeof benchBundle>) {
  console.log(`\nJavaScript iniziale per un visitatore anonimo (budget ${BUDGET_KB} kB gzip)`)
  console.table(rows)
}

if (import.meta.url === `file://${process.argv[1]}`) printBundle(benchBundle())
