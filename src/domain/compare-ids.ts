// PRODUCT §6.5, §6.6: the map ids the compare pages take in and show (rules C8, C9).

/** PRODUCT §6.6: compare link labels show this many characters of an id before "...". */
export const compareLabelLength = 10;

/**
 * The label of a link to a compared map (rule C8): an id longer than `compareLabelLength` cut to
 * that many characters plus "...", a shorter one whole. Pure; the full id belongs in the link's title.
 */
export function truncateMapId(id: string): string {
  return id.length > compareLabelLength ? `${id.slice(0, compareLabelLength)}...` : id;
}

const mapPathMarker = '/map/';

/**
 * The map id typed or pasted into a compare field (rule C9): a pasted URL keeps only the text
 * after "/map/" (without its query, fragment or trailing slash); anything else is the id as typed.
 * Surrounding spaces are dropped. Pure; the id is not validated here (loading does that), and an
 * empty result means the field is empty.
 */
export function mapIdFromInput(input: string): string {
  const text = input.trim();
  const at = text.indexOf(mapPathMarker);
  if (at === -1) return text;
  const rest = text.slice(at + mapPathMarker.length);
  return rest.split(/[?#]/, 1)[0]!.replace(/\/+$/, '');
}
