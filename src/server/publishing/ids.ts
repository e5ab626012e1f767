import { randomInt } from 'node:crypto';
import { isBuiltInMapId } from '../../domain/built-in/index';
import { slugify } from '../../domain/slug';

// PRODUCT §4.2, rule I4: published ids are a slug of the title plus a random suffix.

const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** 36^12 ≈ 4.7e18 ≈ 2^62: not guessable, and collisions are retried by the store anyway. */
const suffixLength = 12;

function randomSuffix(): string {
  let suffix = '';
  for (let i = 0; i < suffixLength; i++) suffix += alphabet[randomInt(alphabet.length)];
  return suffix;
}

/** A new published id for a map titled `title`, e.g. `more-bike-lanes-on-main-street-k3j9x2m7qa1b`. */
export function newMapId(title: string): string {
  for (;;) {
    const slug = slugify(title);
    const id = slug ? `${slug}-${randomSuffix()}` : randomSuffix();
    if (!isBuiltInMapId(id)) return id;
  }
}
