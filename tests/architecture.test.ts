// The import direction of DESIGN.md §2: src → machines, contract; server → domain → machines, contract.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const IMPORT =
  /(?:^|\n)\s*(?:import|export)[^'"`;]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g

function sourceFiles(dir: string): string[] {
  const full = path.join(root, dir)
  if (!fs.existsSync(full)) return []
  return fs
    .readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(ts|tsx)$/.test(file) && !file.includes('node_modules'))
    .map((file) => path.join(full, file))
}

/** Top-level area of an import, resolved from the importing file: 'src', 'server/domain', 'xstate', … */
function importsOf(file: string): { spec: string; target: string }[] {
  const text = fs.readFileSync(file, 'utf8')
  const found: { spec: string; target: string }[] = []
  for (const match of text.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2]!
    if (spec.startsWith('.')) {
      const resolved = path.relative(root, path.resolve(path.dirname(file), spec))
      found.push({ spec, target: resolved })
    } else {
      found.push({ spec, target: `pkg:${spec}` })
    }
  }
  return found
}

function violations(dir: string, allowed: (target: string) => boolean) {
  return sourceFiles(dir).flatMap((file) =>
    importsOf(file)
      .filter(({ target }) => !allowed(target))
      .map(({ spec }) => `${path.relative(root, file)} → ${spec}`),
  )
}

const inside = (target: string, ...areas: string[]) =>
  areas.some((area) => target === area || target.startsWith(`${area}/`))

describe('import direction', () => {
  it('contract/ depends on nothing but effect', () => {
    expect(violations('contract', (t) => inside(t, 'contract') || t === 'pkg:effect')).toEqual([])
  })

  it('machines/ depend only on xstate and contract/', () => {
    expect(
      violations(
        'machines',
        (t) => inside(t, 'machines', 'contract') || t === 'pkg:xstate' || t.startsWith('pkg:xstate/'),
      ),
    ).toEqual([])
  })

  it('src/ never imports the server', () => {
    expect(violations('src', (t) => !inside(t, 'server', 'tests', 'e2e', 'bench'))).toEqual([])
  })

  it('server/ never imports the client', () => {
    expect(violations('server', (t) => !inside(t, 'src', 'tests', 'e2e'))).toEqual([])
  })

  it('server/domain holds plain rules: no HTTP, no routes', () => {
    expect(
      violations(
        'server/domain',
        (t) =>
          !inside(t, 'server/routes', 'server/http', 'server/plugins', 'src') && !t.startsWith('pkg:fastify'),
      ),
    ).toEqual([])
  })

  it('finds the imports it checks', () => {
    // Guards against a broken scanner passing everything.
    const imports = sourceFiles('server').flatMap(importsOf)
    expect(imports.some(({ target }) => target === 'pkg:fastify')).toBe(true)
    expect(imports.some(({ target }) => inside(target, 'contract'))).toBe(true)
  })
})

describe('statecharts', () => {
  it('are built only in machines/ (DESIGN §3: one home for every machine of the product)', () => {
    const outside = ['src', 'server', 'contract']
      .flatMap(sourceFiles)
      .filter((file) => /\bcreateMachine\b/.test(fs.readFileSync(file, 'utf8')))
    expect(outside.map((file) => path.relative(root, file))).toEqual([])
    // Guards against a scanner that finds nothing: the machines themselves are seen.
    expect(
      sourceFiles('machines').filter((file) => /\bcreateMachine\b/.test(fs.readFileSync(file, 'utf8')))
        .length,
    ).toBeGreaterThan(10)
  })
})
