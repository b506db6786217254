import fs from 'node:fs'
import semver from 'semver'
import { describe, expect, it } from 'vitest'
import { declaredNodeRange, unsupportedNodeMessage } from '../../server/runtime.ts'

const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
  devDependencies: Record<string, string>
}

describe('the runtime', () => {
  it('refuses a Node older than the declared one, in Italian, naming both versions', () => {
    const message = unsupportedNodeMessage('20.20.2')
    expect(message).toContain('Node.js 20.20.2 non è supportato')
    expect(message).toContain(declaredNodeRange())
  })

  it('accepts the Node that the project brings, and the tests run on it', () => {
    expect(unsupportedNodeMessage(pkg.devDependencies.node!)).toBeUndefined()
    expect(unsupportedNodeMessage(process.versions.node)).toBeUndefined()
    expect(semver.major(process.versions.node)).toBe(24)
  })

  it('declares the same major in engines, .nvmrc and the pinned node package', () => {
    const pinned = pkg.devDependencies.node!
    expect(semver.valid(pinned), 'the node package is pinned to one version').toBe(pinned)
    expect(fs.readFileSync('.nvmrc', 'utf8').trim()).toBe(String(semver.major(pinned)))
    expect(semver.minVersion(declaredNodeRange())?.major).toBe(semver.major(pinned))
  })
})
