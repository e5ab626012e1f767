import type { PublishedMap } from '../domain/belief-map';
import { isMapId } from '../domain/map-id';
import { publishedMapShape } from './draft/storage/map-shape';

// PRODUCT §13.6: a page rendered on the server carries the published maps it shows in a
// <script type="application/json"> block (data, not code: the strict CSP allows it), so that the
// browser takes over the page without fetching them again, and the titles of the maps they answer,
// which the page names (PRODUCT §6.2) without carrying those maps whole.

/** The id of the block. */
export const pageDataId = 'page-data';

/**
 * What the block holds, as `mount` takes it (MountOptions): the published maps to take the page
 * over with, by id, and the titles of the maps they answer, by id.
 */
export interface PageData {
  hydrateWith: Record<string, PublishedMap>;
  titles: Record<string, string>;
}

/**
 * The block's text for published maps given as their JSON texts by id (the server holds each as
 * the API answers it, so nothing is encoded twice), and the `titles` of the maps they answer. `<`
 * is escaped, so no text in a map can end the script element early ("</script>") or open a
 * comment; JSON reads `\u003c` back as `<`.
 */
export function pageDataText(
  mapJsonById: Readonly<Record<string, string>>,
  titles: Readonly<Record<string, string>> = {},
): string {
  const entries = Object.entries(mapJsonById).map(([id, json]) => `${JSON.stringify(id)}:${json}`);
  return `{"maps":{${entries.join(',')}},"titles":${JSON.stringify(titles)}}`
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The published maps and titles in the text of the page's block, by id; a block that is absent or
 * cannot be read holds none (the page then loads them). Written by this site's own server, the
 * block is read by the stored form's shape (map-shape.ts); what is not of that shape is left out.
 */
export function readPageData(text: string | null | undefined): PageData {
  const data: PageData = { hydrateWith: {}, titles: {} };
  if (!text) return data;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return data;
  }
  // Object.entries reads no keys that are map ids from anything but an object.
  const { maps, titles } = (parsed ?? {}) as { maps?: object | null; titles?: object | null };
  for (const [id, value] of Object.entries(maps ?? {})) {
    const map = publishedMapShape(value);
    if (isMapId(id) && map) data.hydrateWith[id] = map;
  }
  for (const [id, title] of Object.entries(titles ?? {}))
    if (isMapId(id) && typeof title === 'string') data.titles[id] = title;
  return data;
}
