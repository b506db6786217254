// The portal's start-up, loaded by server/main.ts once the runtime is known to be supported.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { buildApp, defaultDistDir } from './app.ts'
import { loadConfig, outboxNotice } from './config.ts'
import { migrateDatabase, openDatabase } from './db/client.ts'
import { todayInItaly } from '../contract/dates.ts'
import { DEMO_ACCOUNTS, isSeeded, seedDatabase, seedReferenceDate } from './seed/index.ts'
import { loadOrCreateTls } from './tls.ts'

const started = performance.now()
const config = loadConfig()
const say = (line: string) => process.stdout.write(`${line}\n`)

function ensureClientBuilt() {
  if (fs.existsSync(path.join(defaultDistDir, 'index.html')) || process.env.SKIP_CLIENT_BUILD) return
  say('Primo avvio: compilo il portale (vite build)…')
  execFileSync(
    process.execPath,
    [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      stdio: 'inherit',
    },
  )
}

async function main() {
  ensureClientBuilt()
  const tls = await loadOrCreateTls(config.dataDir)
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
    poolSize: config.databasePoolSize,
  })
  try {
    await migrateDatabase(database)
  } catch (error) {
    await database.close()
    const where =
      database.engine === 'postgres'
        ? 'il database indicato da DATABASE_URL'
        : path.join(config.dataDir, 'pglite')
    throw new Error(
      `Le migrazioni non si applicano a ${where}: è stato creato da una versione del portale non compatibile. ` +
        `Ricrealo con "npm run seed -- --reset"${database.engine === 'pglite' ? ` oppure cancellando ${where}` : ''}.`,
      { cause: error },
    )
  }
  if (!(await isSeeded(database.db))) {
    say(`Database vuoto: genero i dati dimostrativi (scala ${config.seedScale})…`)
    let lastStep = ''
    await seedDatabase(database.db, {
      scale: config.seedScale,
      onProgress: (step, done, total) => {
        if (step !== lastStep || done === total) say(`  ${step}: ${done}/${total}`)
        lastStep = step
      },
    })
  }

  // The demo calendar is placed around the day it was generated: on a later day, say so (and how to renew it).
  const generatedFor = await seedReferenceDate(database.db)
  if (generatedFor && generatedFor < todayInItaly()) {
    say(
      `Dati dimostrativi generati per il ${generatedFor.split('-').reverse().join('/')}: stati dei tornei, ` +
        'iscrizioni e news restano riferiti a quel giorno. Per riallinearli a oggi: npm run seed -- --reset',
    )
  }

  const app = await buildApp({ config, database, distDir: defaultDistDir, tls })
  await app.listen({ port: config.port, host: config.host })

  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  say('')
  say(`Portale pronto in ${seconds} s: ${config.publicOrigin}`)
  say(`Database: ${database.engine === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}`)
  if (config.identity.mode === 'local') {
    say(`Identità: servizio locale ${config.identity.authoritySignIn}`)
    say(outboxNotice(config))
    if (config.devServer)
      say('Sviluppo: il servizio d’identità accetta anche https://localhost:5173/ (DEV_SERVER=1)')
    if (DEMO_ACCOUNTS.length > 0) {
      say('Account dimostrativi:')
      for (const demo of DEMO_ACCOUNTS) say(`  ${demo.email} / ${demo.password}  (${demo.descrizione})`)
    }
  } else {
    say(`Identità: Azure AD B2C ${config.identity.authoritySignIn}`)
  }
  say('Ctrl-C per fermare.')

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    say(`\n${signal}: chiudo il portale…`)
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    await app.close()
    await database.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

main().catch((error: unknown) => {
  console.error(`Avvio non riuscito: ${error instanceof Error ? error.message : String(error)}`)
  if (process.env.LOG_LEVEL === 'debug') console.error(error)
  process.exit(1)
})
