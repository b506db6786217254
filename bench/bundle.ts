// The JavaScript an anonymous visitor downloads for each route's first load: the entry and the route's page chunk
// with everything they import statically, from Vite's manifest, and what the shell loads on its own in the first
// view; gzip and brotli sizes of the built files. What only a signed-in user loads (MSAL, the session's calls, the
// parts of a page that React.lazy brings for them) is not counted, for any route.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { routes, type RouteInfo } from '../src/app/paths.ts'

type Chunk = { file: string; imports?: string[]; isEntry?: boolean; src?: string }

/** The build to measure: dist/ unless BUNDLE_DIST names another (a build made with another config). */
const dist = path.resolve(process.env.BUNDLE_DIST ?? 'dist')
const BUDGET_KB = 170

/** The route table of lazy pages (one `id: …` line per route), read as vite.config.ts's routeAssets reads it. */
const ROUTE_TABLE = 'src/app/routes.ts'

/**
 * The share widget (src/app/layouts/ShareSlot.tsx) loads once its box stays near the viewport. The pages that
 * open at their bottom (`scroll: 'bottom'` in paths.ts: calendar, circuits, championships) show the box in their
 * first view, so Chromium downloads it in their first load and it counts there. A page shorter than the screen
 * shows it at once too; none of those is near the budget. (Checked against the .js requests Chromium makes.)
 */
const SHARE_WIDGET = 'src/ui/ShareButtons.tsx'
const sharesInFirstView = (route: RouteInfo) =>
  route.scroll === 'bottom' && route.layout !== 'auth' && !route.auth && !route.personal

/**
 * The page module of every route id, in the table's order: `id: () => import('…')`, or `id: helper('…')` for a
 * helper of the same file that imports a shared page (`soon`, the «In arrivo» page).
 */
export function pageModules(source = fs.readFileSync(ROUTE_TABLE, 'utf8')): Map<string, string> {
  const helpers = new Map(
    [...source.matchAll(/^const (\w+) = [^\n]*=>\s*import\('([^']+)'\)/gm)].map(([, name, module]) => [
      name!,
      module!,
    ]),
  )
  const table = /^export const pages\b[^\n]*\n([^]*?)^\}/m.exec(source)?.[1]
  if (!table) throw new Error(`bundle: nessuna tabella \`pages\` in ${ROUTE_TABLE}`)
  const modules = new Map<string, string>()
  for (const [, id, value] of table.matchAll(/^ {2}(\w+): (.+?),?$/gm)) {
    const module =
      /^\(\) => import\('([^']+)'\)$/.exec(value!)?.[1] ?? helpers.get(/^(\w+)\(/.exec(value!)?.[1] ?? '')
    if (!module) throw new Error(`bundle: non so quale pagina carica la rotta ${id} (${ROUTE_TABLE})`)
    modules.set(id!, path.posix.join(path.posix.dirname(ROUTE_TABLE), module))
  }
  return modules
}

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

/** One row per page module (the «In arrivo» page serves many routes), in the route table's order. */
export function benchBundle() {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >
  const modules = pageModules()
  const missing = routes.filter((route) => !modules.has(route.id))
  if (missing.length > 0)
    throw new Error(`bundle: ${missing.map((r) => r.id).join(', ')} senza pagina in ${ROUTE_TABLE}`)
  for (const key of [SHARE_WIDGET, ...modules.values()])
    if (!manifest[key]) throw new Error(`bundle: ${key} non è nel manifest di Vite`)

  const groups = new Map<string, RouteInfo[]>()
  for (const route of routes as readonly RouteInfo[]) {
    const key = `${modules.get(route.id)}|${sharesInFirstView(route)}`
    groups.set(key, [...(groups.get(key) ?? []), route])
  }
  return [...groups.values()].map((group) => {
    const first = group[0]!
    const source = modules.get(first.id)!
    const start = ['index.html', source, ...(sharesInFirstView(first) ? [SHARE_WIDGET] : [])]
    const files = [...closure(manifest, start)]
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
      pagina:
        first.path +
        (group.length === 1 ? '' : group.length === 2 ? ' (e un’altra)' : ` (e altre ${group.length - 1})`),
      modulo: path.basename(source, path.extname(source)),
      'solo con accesso': first.auth ? 'sì' : '',
      file: files.length,
      'JS gzip (kB)': +(gzip / 1000).toFixed(1),
      'JS brotli (kB)': +(brotli / 1000).toFixed(1),
      'entro 170 kB gzip': gzip / 1000 <= BUDGET_KB ? 'sì' : 'NO',
    }
  })
}

export function printBundle(rows: ReturnType<typeof benchBundle>) {
  console.log(`\nJavaScript del primo caricamento di ogni pagina (budget ${BUDGET_KB} kB gzip)`)
  console.table(rows)
  const over = rows.filter((row) => row['entro 170 kB gzip'] === 'NO').length
  console.log(over === 0 ? 'Tutte entro il budget.' : `Oltre il budget: ${over} su ${rows.length}.`)
}

if (import.meta.url === `file://${process.argv[1]}`) printBundle(benchBundle())
