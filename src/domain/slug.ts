// PRODUCT §4.2: the readable part of a published id.

export const maxSlugLength = 40;

/**
 * A slug of `title`: lowercase ASCII letters and digits, words joined by single hyphens, at most
 * 40 characters, cut at a word boundary where one exists; may be empty (e.g. for a title in
 * another script). Accents are folded (`Café` → `cafe`).
 */
export function slugify(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}-${word}` : word;
    if (next.length > maxSlugLength) {
      if (!slug) slug = word.slice(0, maxSlugLength);
      break;
    }
    slug = next;
  }
  return slug;
}
