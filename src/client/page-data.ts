import type { PublishedMap } from '../domain/belief-map';
import { isMapId } from '../domain/map-id';
import { publishedMapShape } from './draft/storage/map-shape';

// PRODUCT §13.6: a page rendered on the server carries the published maps it shows in a
// <script type="application/json"> block (data, not code: the strict CSP allows it), so that the
// browser takes over the page without fetching them again.

/** The id of the block. */
export const pageDataId = 'page-data';

/**
 * The block's text for published maps given as their JSON texts by id (the server holds each as
 * the API answers it, so nothing is encoded twice). `<` is escaped, so no text in a map can end
 * the script element early ("</script>") or open a comment; JSON reads `\u003c` back as `<`.
 */
export function pageDataText(mapJsonById: Readonly<Record<string, string>>): string {
  const entries = Object.entries(mapJsonById).map(([id, json]) => `${JSON.stringify(id)}:${json}`);
  return `{"maps":{${entries.join(',')}}}`
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The published maps in the text of the page's block, by id; a block that is absent or cannot be
 * read holds none (the page then loads them). Written by this site's own server, the block is read
 * by the stored form's shape (map-shape.ts); what is not of that shape is left out.
 */
export function readPageData(text: string | null | undefined): Record<string, PublishedMap> {
  if (!text) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return {};
  }
  const maps: Record<string, PublishedMap> = {};
  const given = (parsed as { maps?: unknown } | null)?.maps;
  if (typeof given !== 'object' || given === null) return maps;
  for (const [id, value] of Object.entries(given)) {
    const map = publishedMapShape(value);
    if (isMapId(id) && map) maps[id] = map;
  }
  return maps;
}
