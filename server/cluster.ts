// `npm run start:cluster`: REPLICAS processes of the portal (2 unless said) behind one address, with Node's
// `cluster` module as the load balancer (issue 25, item 2; why this one: docs/architettura.md, «Più repliche»).
// The primary process serves nothing: it forks the replicas, which share its listening socket (the primary accepts
// each connection and hands it round-robin to a replica). The first replica starts alone and does what `npm start`
// does once (client build, certificate, migrations, demo data, the identity service's keys); the others start when
// it listens, and find all of it done. A replica that dies is started again. PostgreSQL only (DATABASE_URL).
import cluster, { type Worker } from 'node:cluster'
import { requireSupportedNode } from './runtime.ts'

const say = (line: string) => process.stdout.write(`${line}\n`)

if (cluster.isPrimary) {
  say(`Node.js ${requireSupportedNode()}`)
  const { PGLITE_REFUSAL, readReplicas } = await import('./config.ts')
  const env: NodeJS.ProcessEnv = { ...process.env, REPLICAS: process.env.REPLICAS || '2' }
  let replicas: number
  try {
    if (!env.DATABASE_URL) throw new Error(`Configurazione non valida: ${PGLITE_REFUSAL}`)
    replicas = readReplicas(env)
  } catch (error) {
    console.error(`Avvio non riuscito: ${(error as Error).message}`)
    process.exit(1)
  }
  say(`Avvio ${replicas} repliche del portale (cluster di Node.js) su PostgreSQL…`)

  let stopping = false
  const fork = (): Worker => cluster.fork(env)
  const first = fork()
  first.once('listening', () => {
    for (let k = 1; k < replicas; k++) fork()
  })
  let listening = 0
  cluster.on('listening', () => {
    listening += 1
    if (listening === replicas)
      say(
        `Cluster pronto: ${replicas} repliche (pid ${Object.values(cluster.workers ?? {})
          .map((w) => w?.process.pid)
          .join(', ')})`,
      )
  })
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
      return
    }
    // The first one failing before listening is a start-up failure (its message is above): stop there.
    if (listening === 0) {
      console.error('Avvio non riuscito: la prima replica si è fermata.')
      process.exit(1)
    }
    say(`Replica ${worker.process.pid} terminata (${signal ?? code}): ne avvio un'altra.`)
    fork()
  })
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return
    stopping = true
    say(`\n${signal}: chiudo le repliche…`)
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM')
    const force = setTimeout(() => process.exit(1), 15_000)
    force.unref()
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
} else {
  await import('./start.ts')
}
