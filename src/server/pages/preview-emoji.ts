import { readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { LRUCache } from 'lru-cache';

// The emoji of a link-preview picture (PRODUCT §8.4). No font here has them, so satori asks for
// each emoji, a whole grapheme cluster (a skin tone, a family, a flag), as a picture: the Twemoji
// SVG that @twemoji/svg ships, read from disk, never downloaded. An emoji it lacks stays an empty
// box, as a character of a script without a font does.

const require = createRequire(import.meta.url);
const directory = dirname(require.resolve('@twemoji/svg/package.json'));

/** Pictures kept in memory: each is 0.3 to 3 KB, and most titles hold one emoji or none. */
const cache = new LRUCache<string, string>({ max: 512 });

let names: ReadonlySet<string> | null = null;

/** The names of the Twemoji files, without `.svg`; read once, on the first emoji. */
function twemojiNames(): ReadonlySet<string> {
  names ??= new Set(
    readdirSync(directory)
      .filter((file) => file.endsWith('.svg'))
      .map((file) => file.slice(0, -'.svg'.length)),
  );
  return names;
}

/**
 * The name of the Twemoji file that draws `emoji`, or null when there is none. Twemoji names a
 * file by its code points in lowercase hexadecimal joined by "-", without the emoji presentation
 * selector U+FE0F unless the sequence is joined by U+200D (ZWJ); a few files break that rule, so
 * the other form is tried too.
 */
export function twemojiName(emoji: string, available: ReadonlySet<string>): string | null {
  const codePoints = Array.from(emoji, (character) => character.codePointAt(0)!.toString(16));
  const withoutSelector = codePoints.filter((codePoint) => codePoint !== 'fe0f').join('-');
  const whole = codePoints.join('-');
  const candidates = codePoints.includes('200d') ? [whole, withoutSelector] : [withoutSelector, whole];
  return candidates.find((name) => name !== '' && available.has(name)) ?? null;
}

/**
 * satori's `loadAdditionalAsset`: a data URL of the picture of an emoji segment, or no fonts to
 * add for anything else (satori then draws an empty box).
 */
export async function loadEmoji(languageCode: string, segment: string): Promise<string | []> {
  if (languageCode !== 'emoji') return [];
  const name = twemojiName(segment, twemojiNames());
  if (name === null) return [];
  let url = cache.get(name);
  if (url === undefined) {
    const svg = await readFile(join(directory, `${name}.svg`));
    url = `data:image/svg+xml;base64,${svg.toString('base64')}`;
    cache.set(name, url);
  }
  return url;
}
