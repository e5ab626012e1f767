import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// PRODUCT §5.5, §5.8: the author key of a published map, which lets its author hide responses to
// it. 128 random bits, answered once to the publishing browser; the server keeps only a SHA-256
// hash, so a copy of the database hides nothing, and compares in constant time.

/** The request header that carries the key; never a URL, and redacted from logs (http/logging.ts). */
export const authorKeyHeader = 'belief-map-author-key';

const keyPattern = /^[A-Za-z0-9_-]{22}$/;

function hashOf(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** A new key and the hash to store (base64url). */
export function newAuthorKey(): { key: string; hash: string } {
  const key = randomBytes(16).toString('base64url');
  return { key, hash: hashOf(key).toString('base64url') };
}

/**
 * True when `given` (the header as received) is the key whose hash is `storedHash`. False for a
 * missing or malformed header, and for a map stored without a key. The hashes are compared with
 * timingSafeEqual: their length is fixed, so nothing of the stored hash leaks through timing.
 */
export function matchesAuthorKey(given: string | string[] | undefined, storedHash: string | null): boolean {
  if (storedHash === null || typeof given !== 'string' || !keyPattern.test(given)) return false;
  const stored = Buffer.from(storedHash, 'base64url');
  const offered = hashOf(given);
  return stored.length === offered.length && timingSafeEqual(stored, offered);
}
