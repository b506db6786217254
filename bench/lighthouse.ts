// Lighthouse (mobile) on the built portal: performance and accessibility of the pages DESIGN.md §7 names,
// and the JavaScript /home makes an anonymous visitor download. Loopback only; one run per page.
import fs from 'node:fs'
import lighthouse from 'lighthouse'
import { launch, type Browser } from 'puppeteer-core'
import { startProcess, stopProcess } from './support/process.ts'

const PAGES = (
  process.env.LH_PAGES ??
  '/home,/tornei/calendario-tornei,/classifiche/classifica-nazionale,/scheda-giocatore/1'
).split(',')
const TARGETS = { performance: 0.95, accessibility: 1, homeJsKb: 170 }
/**
 * Runs per page; the row is the median run by performance. One run moves by several hundredths with
 * whatever else the machine does (Lighthouse's own advice is to take the median of several).
 */
const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 3))

function chromiumPath(): string | undefined {
  return (
    process.env.CHROME_PATH ??
    ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p))
  )
}

export type LighthouseRow = {
  pagina: string
  performance: number
  'performance (min–max)': string
  'LCP (s)': number
  'TBT (ms)': number
  CLS: number
  accessibilita: number
  'JS (kB, compresso)': number
}

export async function benchLighthouse(): Promise<LighthouseRow[]> {
  const executablePath = chromiumPath()
  if (!executablePath) throw new Error('Chromium non trovato: imposta CHROME_PATH')
  const server = await startProcess('bench/support/portal-server.ts', [], {
    SEED_SCALE: 'small',
    DATABASE_URL: '',
  })
  const base = `https://localhost:${server.info.port}`
  const browser = await launch({
    executablePath,
    headless: true,
    acceptInsecureCerts: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--ignore-certificate-errors',
    ],
  })
  const rows: LighthouseRow[] = []
  try {
    for (const path of PAGES) {
      const runs: LighthouseRow[] = []
      for (let run = 0; run < RUNS; run++) runs.push(await measure(browser, base, path))
      runs.sort((a, b) => a.performance - b.performance)
      const median = runs[Math.floor(runs.length / 2)]!
      const scores = runs.map((r) => r.performance)
      rows.push({ ...median, 'performance (min–max)': `${Math.min(...scores)}–${Math.max(...scores)}` })
    }
  } finally {
    await browser.close()
    await stopProcess(server.child)
  }
  return rows
}

/** One Lighthouse run on `path`, as a returning visitor who chose tennis. */
async function measure(browser: Browser, base: string, path: string): Promise<LighthouseRow> {
  const page = await browser.newPage()
  // A returning visitor who chose tennis: on a phone a first visit would go to /scelta-disciplina.
  await page.goto(`${base}/cookies`, { waitUntil: 'networkidle0' })
  await page.evaluate(() => {
    localStorage.setItem('disciplina', 'tennis')
    localStorage.setItem('id_settore', '1')
  })
  // Loaded once more, as a returning visitor's browser would: the portal keeps its sector cookie beside it.
  await page.reload({ waitUntil: 'networkidle0' })
  const result = await lighthouse(
    `${base}${path}`,
    {
      port: Number(new URL(browser.wsEndpoint()).port),
      output: 'json',
      logLevel: 'error',
      disableStorageReset: true,
      onlyCategories: ['performance', 'accessibility'],
    },
    undefined,
    page,
  )
  const lhr = result?.lhr
  if (!lhr) throw new Error(`Lighthouse non ha prodotto risultati per ${path}`)
  const scripts = (
    lhr.audits['resource-summary']?.details as
      { items?: { resourceType: string; transferSize: number }[] } | undefined
  )?.items?.find((item) => item.resourceType === 'script')
  if (process.env.LH_DEBUG) {
    fs.mkdirSync('bench/results', { recursive: true })
    fs.writeFileSync(`bench/results/lighthouse${path.replaceAll('/', '_')}.json`, JSON.stringify(lhr))
    for (const id of [
      'first-contentful-paint',
      'largest-contentful-paint',
      'total-blocking-time',
      'cumulative-layout-shift',
      'speed-index',
      'largest-contentful-paint-element',
      'render-blocking-resources',
      'network-requests',
    ])
      console.log(
        id,
        lhr.audits[id]?.displayValue ?? '',
        JSON.stringify(lhr.audits[id]?.details ?? {}).slice(0, 1500),
      )
  }
  await page.close()
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
  return {
    pagina: path,
    performance: lhr.categories.performance?.score ?? 0,
    'performance (min–max)': '',
    'LCP (s)': +(metric('largest-contentful-paint') / 1000).toFixed(2),
    'TBT (ms)': Math.round(metric('total-blocking-time')),
    CLS: +metric('cumulative-layout-shift').toFixed(3),
    accessibilita: lhr.categories.accessibility?.score ?? 0,
    'JS (kB, compresso)': Math.round((scripts?.transferSize ?? 0) / 1024),
  }
}

export function printLighthouse(rows: LighthouseRow[]) {
  console.log(
    `\nLighthouse mobile, mediana di ${RUNS} prove (obiettivi: performance ≥ ${TARGETS.performance}, accessibilità ${TARGETS.accessibility}, JS di /home ≤ ${TARGETS.homeJsKb} kB)`,
  )
  console.table(rows)
}

if (import.meta.url === `file://${process.argv[1]}`) printLighthouse(await benchLighthouse())
