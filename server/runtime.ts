// The Node.js the portal runs on: package.json declares it (engines.node, .nvmrc) and brings it (the pinned
// `node` dev dependency, first on the PATH of every npm script). Entry points check it before loading anything
// else, so an older Node stops with one Italian sentence instead of failing somewhere later.
import fs from 'node:fs'
import semver from 'semver'

const packageJson = new URL('../package.json', import.meta.url)

/** The range of package.json's engines.node, e.g. ">=24.11.0". */
export function declaredNodeRange(): string {
  const { engines } = JSON.parse(fs.readFileSync(packageJson, 'utf8')) as { engines?: { node?: string } }
  if (!engines?.node) throw new Error('package.json non dichiara engines.node')
  return engines.node
}

/** The refusal for a Node outside the declared range, or undefined when it is supported. */
export function unsupportedNodeMessage(version: string, range = declaredNodeRange()): string | undefined {
  if (semver.satisfies(version, range)) return undefined
  return (
    `Node.js ${version} non è supportato: il portale richiede Node.js ${range} (Node 24 LTS). ` +
    'Avvialo con i comandi npm del README (npm install porta con sé Node 24 e gli script npm lo usano), ' +
    'oppure installa Node 24 LTS (la versione è scritta in .nvmrc).'
  )
}

/** Exits with the Italian refusal when this process runs on an unsupported Node; returns its version otherwise. */
export function requireSupportedNode(): string {
  const refusal = unsupportedNodeMessage(process.versions.node)
  if (refusal) {
    process.stderr.write(`${refusal}\n`)
    process.exit(1)
  }
  return process.version
}
