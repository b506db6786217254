// `npm start`: the runtime is checked first; the portal (server/start.ts) loads only on a supported Node.
import { requireSupportedNode } from './runtime.ts'

process.stdout.write(`Node.js ${requireSupportedNode()}\n`)
await import('./start.ts')
