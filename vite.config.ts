import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

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
        if (data.length < 1024) continue
        fs.writeFileSync(
          `${file}.br`,
          zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        )
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }))
      }
    },
  }
}

// `npm run dev` proxies these to the server it starts (server/dev.ts).
const apiTarget = `https://localhost:${process.env.PORT ?? 8443}`
const proxied = Object.fromEntries(
  ['/api', '/idp', '/media', '/documenti'].map((prefix) => [prefix, { target: apiTarget, secure: false }]),
)

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    target: 'es2022',
    sourcemap: false,
    manifest: true,
    rollupOptions: {
      input: { main: 'index.html' },
    },
  },
  server: {
    port: 5173,
    proxy: proxied,
  },
})
