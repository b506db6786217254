// `npm run start:cluster` (issue 25, item 2) on the engine it cannot use: PGlite is one process's database, so
// several replicas need DATABASE_URL, and the start says so in Italian instead of starting replicas that would each
// open their own data. REPLICAS itself is read once, in server/config.ts.
import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import {
  PGLITE_REFUSAL,
  defaultPoolSize,
  loadConfig,
  readPoolSize,
  readReplicas,
} from '../../server/config.ts'

describe('replicas', () => {
  it('are one unless REPLICAS says otherwise, and several only on PostgreSQL', () => {
    expect(loadConfig({}).replicas).toBe(1)
    expect(readReplicas({ REPLICAS: '3', DATABASE_URL: 'postgres://postgres@127.0.0.1/portale' })).toBe(3)
    expect(() => readReplicas({ REPLICAS: '2' })).toThrow(PGLITE_REFUSAL)
    expect(() => readReplicas({ REPLICAS: 'due', DATABASE_URL: 'postgres://x/y' })).toThrow(
      'REPLICAS deve essere un numero intero da 1 a 64 (trovato "due")',
    )
    expect(() => readReplicas({ REPLICAS: '0', DATABASE_URL: 'postgres://x/y' })).toThrow(
      'REPLICAS deve essere',
    )
  })

  it("share the database's connections: twice the processors plus one, at least two each, unless DATABASE_POOL_SIZE says", () => {
    expect(defaultPoolSize(1, 2)).toBe(5)
    expect(defaultPoolSize(2, 2)).toBe(3)
    expect(defaultPoolSize(1, 8)).toBe(17)
    expect(defaultPoolSize(64, 2)).toBe(2)
    const url = 'postgres://postgres@127.0.0.1/portale'
    expect(readPoolSize({ DATABASE_URL: url, REPLICAS: '2' })).toBe(defaultPoolSize(2))
    expect(loadConfig({ DATABASE_URL: url, DATABASE_POOL_SIZE: '12' }).databasePoolSize).toBe(12)
    expect(() => readPoolSize({ DATABASE_POOL_SIZE: 'tante' })).toThrow(
      'DATABASE_POOL_SIZE deve essere un numero intero da 1 a 100 (trovato "tante")',
    )
    expect(() => readPoolSize({ DATABASE_POOL_SIZE: '0' })).toThrow('DATABASE_POOL_SIZE deve essere')
  })

  it('npm run start:cluster refuses PGlite with an Italian message and starts nothing', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/cluster.ts'], {
      env: { ...process.env, DATABASE_URL: '', REPLICAS: '' },
      encoding: 'utf8',
      timeout: 60_000,
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain(
      'Avvio non riuscito: Configurazione non valida: più repliche del portale richiedono PostgreSQL',
    )
    expect(run.stdout).not.toContain('Avvio 2 repliche')
  })
})
