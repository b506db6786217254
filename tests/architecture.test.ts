// The import direction of DESIGN.md §2: src → machines, contract; server → domain → machines, contract.
import fs from 'node:fs'
import path from 'node:path'
import { parseSync } from 'vite'
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

  it("Italy's today and season are written once, in contract/dates.ts", () => {
    const definitions = [...SOURCE_DIRS, 'tests']
      .flatMap(sourceFiles)
      .filter((file) =>
        /function (todayInItaly|currentSeason)\b|(todayInItaly|currentSeason) = /.test(
          fs.readFileSync(file, 'utf8'),
        ),
      )
      .map((file) => path.relative(root, file))
    expect(definitions).toEqual(['contract/dates.ts'])
  })

  it('every CSV goes through server/documents/csv.ts (cells neutralised against formulas)', () => {
    const writers = [...SOURCE_DIRS, 'tests']
      .flatMap(sourceFiles)
      .filter((file) => importsOf(file).some(({ target }) => target.startsWith('pkg:csv-stringify')))
      .map((file) => path.relative(root, file))
    expect(writers).toEqual(['server/documents/csv.ts'])
  })

  it('finds the imports it checks', () => {
    // Guards against a broken scanner passing everything.
    const imports = sourceFiles('server').flatMap(importsOf)
    expect(imports.some(({ target }) => target === 'pkg:fastify')).toBe(true)
    expect(imports.some(({ target }) => inside(target, 'contract'))).toBe(true)
  })
})

describe('server layers: a route decodes, calls repositories and domain/, shapes the envelope', () => {
  const routeFiles = sourceFiles('server/routes')

  it('no route file imports another route file', () => {
    const found = routeFiles.flatMap((file) =>
      importsOf(file)
        .filter(({ target }) => inside(target, 'server/routes'))
        .map(({ spec }) => `${path.relative(root, file)} → ${spec}`),
    )
    expect(found).toEqual([])
  })

  it('no route file imports drizzle-orm, the database or its tables', () => {
    const found = routeFiles.flatMap((file) =>
      importsOf(file)
        .filter(
          ({ target }) =>
            target === 'pkg:drizzle-orm' ||
            target.startsWith('pkg:drizzle-orm/') ||
            inside(target, 'server/db'),
        )
        .map(({ spec }) => `${path.relative(root, file)} → ${spec}`),
    )
    expect(found).toEqual([])
  })

  it('repositories hold SQL only: no HTTP, no routes', () => {
    expect(
      violations(
        'server/repositories',
        (t) =>
          !inside(t, 'server/routes', 'server/http', 'server/plugins', 'src') && !t.startsWith('pkg:fastify'),
      ),
    ).toEqual([])
  })

  it('checks the route files it should', () => {
    expect(routeFiles.map((file) => path.basename(file))).toEqual(
      expect.arrayContaining(['home.ts', 'news.ts', 'login.ts', 'profilo.ts']),
    )
    // The scanner sees what a route file before the move imported.
    expect(importsOf(path.join(root, 'server/repositories/news.ts')).map(({ target }) => target)).toEqual(
      expect.arrayContaining(['pkg:drizzle-orm', 'server/db/schema/content.ts']),
    )
  })
})

// ——— Import cycles ———
// A loop through `import()` (a lazy page importing the table that lazily imports it) is a loop all the same: the
// lint rule only follows static imports, so the graph here is built from static imports, re-exports and dynamic
// `import()` of every source file, parsed (not matched with a regular expression), and its strongly connected
// components are its loops.

const SOURCE_DIRS = ['src', 'machines', 'contract', 'server', 'bench']
const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx']

/** The project files a source file imports at run time (type-only imports leave no trace in the bundle). */
function localImportsOf(file: string, text = fs.readFileSync(file, 'utf8')): string[] {
  const { module, errors } = parseSync(file, text)
  if (errors.length > 0) throw new Error(`${path.relative(root, file)}: ${errors[0]!.message}`)
  const specs = [
    ...module.staticImports
      .filter((entry) => entry.entries.length === 0 || entry.entries.some((e) => !e.isType))
      .map((entry) => entry.moduleRequest.value),
    ...module.staticExports.flatMap((entry) =>
      entry.entries.filter((e) => e.moduleRequest && !e.isType).map((e) => e.moduleRequest!.value),
    ),
    // A computed `import(name)` has no literal to follow; only string literals name a file.
    ...module.dynamicImports
      .map((entry) => text.slice(entry.moduleRequest.start, entry.moduleRequest.end).trim())
      .filter((literal) => /^(['"`])[^'"`$]*\1$/.test(literal))
      .map((literal) => literal.slice(1, -1)),
  ]
  return [
    ...new Set(
      specs
        .filter((spec) => spec.startsWith('.'))
        .map((spec) => {
          const base = path.resolve(path.dirname(file), spec)
          return EXTENSIONS.map((ext) => base + ext).find((candidate) =>
            fs.statSync(candidate, { throwIfNoEntry: false })?.isFile(),
          )
        })
        .filter((target): target is string => target !== undefined && /\.(ts|tsx)$/.test(target)),
    ),
  ]
}

/** Tarjan's algorithm: the strongly connected components with more than one file, or a file importing itself. */
function importCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  const visit = (node: string) => {
    index.set(node, counter)
    low.set(node, counter)
    counter++
    stack.push(node)
    onStack.add(node)
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next)
        low.set(node, Math.min(low.get(node)!, low.get(next)!))
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!))
      }
    }
    if (low.get(node) !== index.get(node)) return
    const component: string[] = []
    let member: string
    do {
      member = stack.pop()!
      onStack.delete(member)
      component.push(member)
    } while (member !== node)
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort())
  }
  for (const node of graph.keys()) if (!index.has(node)) visit(node)
  return cycles
}

function projectGraph(): Map<string, string[]> {
  const files = [
    ...SOURCE_DIRS.flatMap(sourceFiles),
    ...fs
      .readdirSync(root)
      .filter((file) => /\.ts$/.test(file))
      .map((file) => path.join(root, file)),
  ]
  return new Map(files.map((file) => [file, localImportsOf(file)]))
}

describe('import cycles', () => {
  it('no file reaches itself through its imports, static or dynamic', () => {
    const cycles = importCycles(projectGraph()).map((cycle) => cycle.map((file) => path.relative(root, file)))
    expect(cycles).toEqual([])
  })

  it('only the router imports the table of lazy pages; views build links with src/app/paths.ts', () => {
    const table = path.join(root, 'src/app/routes.ts')
    const importers = [...projectGraph()]
      .filter(([, targets]) => targets.includes(table))
      .map(([file]) => path.relative(root, file))
    expect(importers).toEqual(['src/app/router.tsx'])
  })

  it('follows dynamic import() and re-exports, and ignores type-only imports', () => {
    const file = path.join(root, 'src/app/example.ts')
    const text = [
      "import type { A } from './a.ts'",
      "import { type B } from './b.ts'",
      "export { c } from './Root.tsx'",
      "const page = () => import('./router.tsx')",
      "import { d } from '../stores/utente.ts'",
    ].join('\n')
    expect(
      localImportsOf(file, text)
        .map((target) => path.relative(root, target))
        .sort(),
    ).toEqual(['src/app/Root.tsx', 'src/app/router.tsx', 'src/stores/utente.ts'])
  })

  it('finds a loop that only a dynamic import closes, and none in a chain', () => {
    const loop = new Map([
      ['table', ['page']],
      ['page', ['href']],
      ['href', ['table']],
      ['leaf', []],
    ])
    expect(importCycles(loop)).toEqual([['href', 'page', 'table']])
    expect(
      importCycles(
        new Map([
          ['a', ['b']],
          ['b', ['c']],
          ['c', []],
        ]),
      ),
    ).toEqual([])
    expect(importCycles(new Map([['self', ['self']]]))).toEqual([['self']])
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

describe('the architecture document', () => {
  const doc = fs.readFileSync(path.join(root, 'docs/architettura.md'), 'utf8')

  it('is the one the README points to, inside the project', () => {
    const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8')
    expect(readme).toContain('](docs/architettura.md)')
    // A reader who clones the repository has nothing outside it.
    expect(readme).not.toMatch(/\.\.\/shared\//)
  })

  it('names only files and folders that exist', () => {
    const named = [...doc.matchAll(/`([^`\s]+)`/g)]
      .map((match) => match[1]!)
      .filter((name) => /^(\.ci|bench|contract|docs|e2e|machines|server|src|tests)\//.test(name))
      .filter((name) => !name.includes('<'))
    expect(named.length).toBeGreaterThan(10)
    expect(named.filter((name) => !fs.existsSync(path.join(root, name)))).toEqual([])
  })
})
