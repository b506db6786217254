// The secret of a personal calendar feed: unguessable, URL-safe, stored only as its SHA-256.
import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { feedTokenHash, newFeedToken } from '../../server/domain/calendar-feed.ts'

describe('newFeedToken', () => {
  it('is 32 random bytes written URL-safe: 43 characters of base64url', () => {
    const token = newFeedToken()
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
  })

  it('is a new secret each time', () => {
    expect(newFeedToken()).not.toBe(newFeedToken())
  })
})

describe('feedTokenHash', () => {
  it('is the hex SHA-256 of the secret', () => {
    expect(feedTokenHash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })

  it('reads the secret as UTF-8', () => {
    expect(feedTokenHash('è')).toBe(
      createHash('sha256')
        .update(Buffer.from([0xc3, 0xa8]))
        .digest('hex'),
    )
  })
})
