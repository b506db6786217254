// The table of each route's chunks and styles that the build writes for the page hints (vite.config.ts), from a
// real build: every file it names must be one the build wrote (CSS-only chunks are dropped by vite after
// bundling, and were once hinted all the same on six static routes).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RouteAssets } from '../../server/http/page-hints.ts'
import { routes } from '../../src/app/paths.ts'

const root = path.resolve(import.meta.dirname, '../..')
let outDir: string
let assets: RouteAssets

beforeAll(async () => {
  outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portale-build-'))
  await build({
    root,
    configFile: path.join(root, 'vite.config.ts'),
    logLevel: 'silent',
    build: { outDir, emptyOutDir: true },
  })
  assets = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'route-assets.json'), 'utf8')) as RouteAssets
})
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }))

describe('route assets written by the build', () => {
  it('names only files that the build wrote', () => {
    const named = Object.values(assets).flatMap(({ js, css }) => [...js, ...css])
    expect(named.length).toBeGreaterThan(0)
    expect(named.filter((file) => !fs.existsSync(path.join(outDir, file)))).toEqual([])
  })

  it('keeps the styles of a CSS-only chunk with the page that needs them', () => {
    // The static pages share static.css through a chunk that holds nothing else.
    expect(assets['/contatti']!.css.some((file) => /\/static-[\w-]+\.css$/.test(file))).toBe(true)
    expect(assets['/contatti']!.js.some((file) => /\/ContattiPage-[\w-]+\.js$/.test(file))).toBe(true)
  })

  it('has an entry for every route (no placeholder page is left since /helpdesk was built)', () => {
    expect(Object.keys(assets).sort()).toEqual(routes.map((route) => route.path).sort())
  })
})
