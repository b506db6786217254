// The secret of a personal calendar feed: 32 random bytes (unguessable), given to the player once and stored
// only as its SHA-256, so a copy of the database cannot be used to read anyone's enrolments.
import { createHash, randomBytes } from 'node:crypto'

/** A new secret, URL-safe (base64url, 43 characters). */
export function newFeedToken(): string {
  return randomBytes(32).toString('base64url')
}

/** The SHA-256 (hex) of the secret's UTF-8 bytes (a string's default), under which it is stored and looked up. */
export function feedTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
