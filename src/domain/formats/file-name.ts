import type { Draft, PublishedMap } from '../belief-map';

// PRODUCT §15.2: the name of a downloaded map's file. Readable in any script, and telling a draft's
// download from its published map's, which share a title.

/** The most characters (code points) the title's part of a file name keeps. */
export const maxFileTitleLength = 60;

/**
 * The base name (no extension) of the file of a map titled `title`: the title in lower case with
 * the letters, marks and digits of any script kept, everything else (spaces, punctuation, the
 * characters Windows, macOS and Linux refuse in file names, emoji) turned into single hyphens, cut
 * at a word boundary within `maxFileTitleLength` characters, or `belief-map` when nothing is left;
 * then `-draft` for a draft, or the UTC day of `published` for a published map:
 * "night-buses-2026-11-26". Pure.
 */
export function mapFileName(title: string, published: string | null): string {
  const words =
    title
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  let name = '';
  for (const word of words) {
    const next = name ? `${name}-${word}` : word;
    if ([...next].length > maxFileTitleLength) {
      if (!name) name = [...word].slice(0, maxFileTitleLength).join('');
      break;
    }
    name = next;
  }
  return `${name || 'belief-map'}-${published === null ? 'draft' : published.slice(0, 10)}`;
}

/**
 * The base name of the file of `map` (rule F1): a draft's ends in `-draft`, a published map's in
 * the day it was published. A draft keeps its base map's `published`; only a draft has `updatedAt`.
 */
export function mapFileNameOf(map: PublishedMap | Draft): string {
  return mapFileName(map.data.title, 'updatedAt' in map ? null : map.published);
}
