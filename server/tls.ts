import fs from 'node:fs'
import path from 'node:path'
import { generate } from 'selfsigned'

export type Tls = { key: string; cert: string; certFile: string }

/** A self-signed certificate for localhost under data/tls/, created once (MSAL needs https). */
export async function loadOrCreateTls(dataDir: string): Promise<Tls> {
  const dir = path.join(dataDir, 'tls')
  const keyFile = path.join(dir, 'localhost.key')
  const certFile = path.join(dir, 'localhost.crt')
  if (!fs.existsSync(keyFile) || !fs.existsSync(certFile)) {
    fs.mkdirSync(dir, { recursive: true })
    const pems = await generate([{ name: 'commonName', value: 'localhost' }], {
      keySize: 2048,
      notAfterDate: new Date(Date.now() + 825 * 24 * 3600 * 1000),
      algorithm: 'sha256',
      extensions: [
        { name: 'basicConstraints', cA: false },
        { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
        { name: 'extKeyUsage', serverAuth: true },
        {
          name: 'subjectAltName',
          altNames: [
            { type: 2, value: 'localhost' },
            { type: 7, ip: '127.0.0.1' },
            { type: 7, ip: '::1' },
          ],
        },
      ],
    })
    fs.writeFileSync(keyFile, pems.private, { mode: 0o600 })
    fs.writeFileSync(certFile, pems.cert)
  }
  return { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8'), certFile }
}
