import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import react from '@vitejs/plugin-react'
import { parseAst } from 'rolldown/parseAst'
import { defineConfig, type Plugin, type Rolldown } from 'vite'
import { routeById, type RouteId } from './src/app/paths.ts'

/** Writes .br and .gz beside every text asset, so the server sends compressed files without compressing per request. */
function precompress(): Plugin {
  let outDir = 'dist'
  return {
    name: 'portale:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir)
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
          const full = path.join(dir, entry.name)
          return entry.isDirectory() ? walk(full) : [full]
        })
      for (const file of walk(outDir)) {
        if (!/\.(js|css|svg|html|json|webmanifest)$/.test(file)) continue
        const data = fs.readFileSync(file)
        // Already done by the build that ran before into the same dist/ (the portal's, for the viewer's).
        if (data.length < 1024 || fs.existsSync(`${file}.br`)) continue
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        )
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }))
      }
    },
  }
}

/**
 * Writes .vite/route-assets.json: for each route path (src/app/paths.ts) whose page src/app/routes.ts loads, the
 * chunks and styles of its page
 * that index.html does not already load, so the server can hint them in the page it serves for that path
 * (server/http/page-hints.ts) instead of the browser finding them only after the main chunk has run.
 */
function routeAssets(): Plugin {
  let root = process.cwd()
  return {
    name: 'portale:route-assets',
    apply: 'build',
    configResolved(config) {
      root = config.root
    },
    // After vite's own CSS plugin has dropped the chunks that held only CSS (moving their styles onto the chunks
    // that imported them): before it, the table would name files that are never written.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter(
          (output): output is Rolldown.OutputChunk => output.type === 'chunk',
        )
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
        const closure = (start: Rolldown.OutputChunk, into = new Set<string>()) => {
          if (into.has(start.fileName)) return into
          into.add(start.fileName)
          for (const file of start.imports) {
            const chunk = byFile.get(file)
            if (chunk) closure(chunk, into)
          }
          return into
        }
        const inPage = new Set(
          chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [...closure(chunk)]),
        )
        const table = fs.readFileSync(path.join(root, 'src/app/routes.ts'), 'utf8')
        const assets: Record<string, { js: string[]; css: string[] }> = {}
        for (const [, id, modulePath] of table.matchAll(/^\s*(\w+): \(\) => import\('([^']+)'\),?$/gm)) {
          const routePath = routeById(id as RouteId)?.path
          if (!routePath) this.error(`route-assets: ${id} non è una rotta di src/app/paths.ts`)
          const moduleId = path.resolve(root, 'src/app', modulePath!)
          const page = chunks.find((chunk) => chunk.facadeModuleId === moduleId)
          if (!page) continue
          const files = [...closure(page)]
            .filter((file) => !inPage.has(file))
            .map((file) => byFile.get(file)!)
          const written = (file: string) => file in bundle
          assets[routePath] = {
            js: files
              .map((chunk) => chunk.fileName)
              .filter(written)
              .map((file) => `/${file}`),
            css: [...new Set(files.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]))]
              .filter(written)
              .map((file) => `/${file}`),
          }
        }
        if (Object.keys(assets).length === 0)
          this.error('route-assets: nessuna pagina trovata in src/app/routes.ts')
        this.emitFile({ type: 'asset', fileName: '.vite/route-assets.json', source: JSON.stringify(assets) })
      },
    },
  }
}

/** The query that asks for a contract module as it is written, schemas and all (see leanContract). */
const FULL_CONTRACT = '?schemas'

/**
 * The client's contract without its schemas on the first load. Every endpoint of contract/ is rewritten to carry
 * its path, access and write flag, and a `schemas` loader (a dynamic import of the same module as written) in
 * place of its request and response schemas: a page that imports an endpoint no longer evaluates, nor downloads,
 * Effect's Schema and the contract's shapes before its first render. The client decodes an answer with the
 * schemas loaded on its first call (src/api/transport.ts); the answers the server puts in the page are the API's
 * own and are used as they are. Each top-level constant is marked pure, so the shapes a page no
 * longer reaches are dropped. The server and the tests read contract/ as written.
 */
function leanContract(): Plugin {
  return {
    name: 'portale:lean-contract',
    // Before Vite's own resolver, which would resolve a relative import to the one module of that file.
    enforce: 'pre',
    // A module loaded with its schemas loads its own imports of contract/ with theirs: the two graphs share no
    // module, so what the schemas need is never placed in the first load's chunk with what the pages need.
    async resolveId(source, importer) {
      if (!importer?.endsWith(FULL_CONTRACT) || !source.startsWith('.') || !source.endsWith('.ts'))
        return null
      const target = path.resolve(path.dirname(importer.slice(0, -FULL_CONTRACT.length)), source)
      return target.startsWith(path.resolve('contract') + path.sep) ? target + FULL_CONTRACT : null
    },
    transform: {
      filter: { id: /\/contract\/[\w-]+\.ts$/ },
      handler(code, id) {
        if (id.includes('?')) return null
        const edits: { start: number; end: number; text: string }[] = []
        const self = `./${path.basename(id)}${FULL_CONTRACT}`
        const visit = (node: unknown): void => {
          if (Array.isArray(node)) return node.forEach(visit)
          if (!node || typeof node !== 'object') return
          const n = node as { type?: string; callee?: { type: string; name?: string }; arguments?: unknown[] }
          if (
            n.type === 'CallExpression' &&
            n.callee?.type === 'Identifier' &&
            n.callee.name === 'endpoint'
          ) {
            const definition = n.arguments?.[1] as
              | {
                  type: string
                  start: number
                  properties: { key?: { name?: string }; start: number; end: number }[]
                }
              | undefined
            if (definition?.type !== 'ObjectExpression')
              this.error(`lean-contract: endpoint() senza oggetto in ${id}`)
            for (const property of definition.properties) {
              const name = property.key?.name
              if (name === 'request')
                edits.push({ start: property.start, end: property.end, text: 'request: undefined' })
              if (name === 'response')
                edits.push({
                  start: property.start,
                  end: property.end,
                  text: `response: undefined, schemas: () => import(${JSON.stringify(self)})`,
                })
            }
          }
          for (const value of Object.values(node)) if (value && typeof value === 'object') visit(value)
        }
        const program = parseAst(code, { lang: 'ts' }, id)
        visit(program)
        // Every top-level constant of the contract is a shape, a table or an endpoint, made by calls the bundler
        // cannot know to be pure: each is wrapped in an IIFE marked pure, so one that no code reaches is dropped.
        for (const statement of program.body) {
          const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement
          if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue
          for (const declarator of declaration.declarations) {
            const init = declarator.init
            if (!init || /^(Literal|ArrowFunctionExpression|FunctionExpression)$/.test(init.type)) continue
            edits.push({ start: init.end, end: init.end, text: '))()' })
            edits.push({ start: init.start, end: init.start, text: '/* @__PURE__ */ (() => (' })
          }
        }
        if (edits.length === 0) return null
        let out = code
        for (const edit of edits.sort((a, b) => b.start - a.start))
          out = out.slice(0, edit.start) + edit.text + out.slice(edit.end)
        return { code: out, map: null }
      },
    },
  }
}

// `npm run dev` proxies these to the server it starts (server/dev.ts).
const apiTarget = `https://localhost:${process.env.PORT ?? 8443}`
const proxied = Object.fromEntries(
  ['/api', '/idp', '/media', '/documenti'].map((prefix) => [prefix, { target: apiTarget, secure: false }]),
)

/** Set while the second build (the statechart viewer) runs, started by statechartsViewer() below. */
const VIEWER_BUILD = process.env.PORTALE_BUILD === 'statecharts'

/**
 * The statechart viewer (statecharts.html, src/statecharts/) is a second entry built on its own, after the
 * portal, into the same dist/: built together, the two entries would share chunks (react, xstate, the
 * machines), which splits and grows the portal's first chunk. Apart, the portal's output is what it would be
 * without the viewer, and the viewer carries its own copies.
 */
function statechartsViewer(): Plugin {
  let configFile: string | undefined
  let mode = 'production'
  let outDir = 'dist'
  return {
    name: 'portale:statecharts-viewer',
    apply: 'build',
    configResolved(config) {
      configFile = config.configFile
      mode = config.mode
      outDir = config.build.outDir
    },
    async closeBundle() {
      const { build } = await import('vite')
      process.env.PORTALE_BUILD = 'statecharts'
      try {
        // Into the portal's own output: a build elsewhere (a test's temporary folder) never touches dist/.
        await build({ configFile, mode, logLevel: 'warn', build: { outDir } })
      } finally {
        delete process.env.PORTALE_BUILD
      }
    },
  }
}

export default defineConfig({
  plugins: VIEWER_BUILD
    ? [react(), precompress()]
    : [leanContract(), react(), precompress(), routeAssets(), statechartsViewer()],
  resolve: {
    // @xstate/react imports the shims for React < 18; React 19 has useSyncExternalStore, and the shims' own copy
    // of it would ride in the first chunk of every page.
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector.js',
      },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
    ],
  },
  build: {
    target: 'es2022',
    // Every browser that runs es2022 modules knows modulepreload: the polyfill would be dead weight.
    modulePreload: { polyfill: false },
    sourcemap: false,
    // The viewer's build adds to the portal's dist/ and keeps its own manifest beside the portal's.
    emptyOutDir: !VIEWER_BUILD,
    manifest: VIEWER_BUILD ? '.vite/statecharts-manifest.json' : true,
    rolldownOptions: VIEWER_BUILD
      ? { input: { statecharts: 'statecharts.html' } }
      : {
          input: { main: 'index.html' },
          // Effect's Schema constructors have no side effects: a shape no code reaches is dropped (leanContract).
          treeshake: {
            manualPureFunctions: ['Schema', 'SchemaGetter', 'SchemaTransformation', 'Effect.succeed'],
          },
          // What the entry imports statically is one chunk: the browser needs all of it before the first page
          // anyway, and split by which pages also import it, it was five files, each compressed on its own.
          // Effect stays out of it: only the schemas use it, and the first load carries none (leanContract); the
          // little the first load does use of it (errors.ts's Data) goes where the bundler puts it.
          output: {
            codeSplitting: {
              groups: [
                { name: 'effect', test: /\/node_modules\/effect\//, priority: 2 },
                { name: 'main', tags: ['$initial'], priority: 1 },
              ],
            },
          },
        },
  },
  server: {
    port: 5173,
    proxy: proxied,
  },
})
