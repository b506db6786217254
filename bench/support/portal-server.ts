// The built portal as `npm start` runs it, on its own port and data directory, for browser benchmarks.
// Prints { port } once it answers.
import fs from 'node:fs'
import path from 'node:path'
import { buildApp, defaultDistDir } from '../../server/app.ts'
import { loadConfig } from '../../server/config.ts'
import { migrateDatabase, openDatabase } from '../../server/db/client.ts'
import { isSeeded, seedDatabase } from '../../server/seed/index.ts'
import { loadOrCreateTls } from '../../server/tls.ts'

const port = Number(process.env.BENCH_LH_PORT ?? 18444)
const dataDir = path.resolve('data/bench-lighthouse')
const config = loadConfig({ ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' })
if (!fs.existsSync(path.join(defaultDistDir, 'index.html'))) throw new Error('Esegui prima "npm run build"')
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: path.join(dataDir, 'pglite'),
  poolSize: config.databasePoolSize,
})
await migrateDatabase(database)
if (!(await isSeeded(database.db))) await seedDatabase(database.db, { scale: config.seedScale })
const app = await buildApp({
  config,
  database,
  distDir: defaultDistDir,
  tls: await loadOrCreateTls(dataDir),
  logger: false,
})
await app.listen({ port, host: '127.0.0.1' })
console.log(JSON.stringify({ port }))
