// The token verifier remembers a verified token, but never past its expiry, and never for another string.
import { SignJWT, exportJWK, generateKeyPair } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTokenVerifier } from '../../server/auth/verify.ts'
import { testConfig } from '../support/server.ts'

const identity = testConfig().identity
let privateKey: CryptoKey
let jwks: { keys: Awaited<ReturnType<typeof exportJWK>>[] }
beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true })
  privateKey = pair.privateKey
  jwks = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256' }] }
})

async function token(issuedAt: number, lifetime: number, subject = '00000000-0000-4000-8000-000000000001') {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setSubject(subject)
    .setIssuer(identity.issuers[0]!)
    .setAudience(identity.clientId)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + lifetime)
    .sign(privateKey)
}

describe('createTokenVerifier', () => {
  it('accepts a token again while it is valid, and refuses it once it has expired', async () => {
    const start = 1_900_000_000
    let clock = start * 1000
    const verify = createTokenVerifier(identity, jwks, () => clock)
    const jwt = await token(start, 60)
    expect((await verify(jwt)).sub).toBe('00000000-0000-4000-8000-000000000001')
    clock += 30_000
    expect((await verify(jwt)).sub).toBe('00000000-0000-4000-8000-000000000001')
    clock += 60_000
    await expect(verify(jwt)).rejects.toThrow(/"exp" claim timestamp check failed/)
  })

  it('does not take a token with a changed signature for the one it verified', async () => {
    const now = Math.floor(Date.now() / 1000)
    const verify = createTokenVerifier(identity, jwks)
    const jwt = await token(now, 600)
    await verify(jwt)
    const [header, payload, signature] = jwt.split('.')
    const forged = `${header}.${payload}.${signature!.slice(0, -4)}AAAA`
    await expect(verify(forged)).rejects.toThrow(/signature verification failed/)
  })

  it('refuses a token for another audience even after verifying a good one', async () => {
    const now = Math.floor(Date.now() / 1000)
    const verify = createTokenVerifier(identity, jwks)
    await verify(await token(now, 600))
    const other = await new SignJWT({})
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setSubject('00000000-0000-4000-8000-000000000002')
      .setIssuer(identity.issuers[0]!)
      .setAudience('altra-applicazione')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(privateKey)
    await expect(verify(other)).rejects.toThrow(/"aud" claim/)
  })
})
