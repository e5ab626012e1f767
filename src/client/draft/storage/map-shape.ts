import type { PublishedMap, Reason } from '../../../domain/belief-map';
import { mapVersion } from '../../../domain/map-version';
import { beliefValues, supportValues } from '../../../domain/ratings';

// PRODUCT §3.1, §13.5: a published map as this site's own server writes it (in a page's data block
// or an API answer) is read by the shape of the stored form, not by the full schema. The server
// validated each map, with its configured limits, when it was published and answers it unchanged,
// so what comes from the same origin is as trusted as the page's own script; and the schema would
// bring zod into the first load of every page. What comes from elsewhere (local storage, a host
// page's functions, a file) is still checked with the schema. Fields the shape does not know are
// dropped, as the schema drops them.

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields => typeof value === 'object' && value !== null;
const isText = (value: unknown): value is string => typeof value === 'string';
const isTextOrNull = (value: unknown): value is string | null => value === null || isText(value);
const isOneOf = (values: readonly string[], value: unknown) =>
  value === null || (isText(value) && values.includes(value));

/** `value` as a published map when it has the stored form's shape, its known fields only. */
export function publishedMapShape(value: unknown): PublishedMap | null {
  if (!isObject(value) || value.version !== mapVersion || !isText(value.published)) return null;
  const { data, basedOn } = value;
  if (!isObject(data) || !isText(data.title) || !isTextOrNull(data.description)) return null;
  if (!Array.isArray(data.reasons) || (basedOn !== undefined && !isText(basedOn))) return null;
  const reasons: Reason[] = [];
  for (const reason of data.reasons as unknown[]) {
    if (!isObject(reason) || !isText(reason.id) || !isText(reason.title) || !isTextOrNull(reason.relevance))
      return null;
    if (!isOneOf(beliefValues, reason.belief) || !isOneOf(supportValues, reason.support)) return null;
    const { id, title, relevance, belief, support } = reason;
    reasons.push({ id, title, relevance, belief, support } as Reason);
  }
  return {
    version: mapVersion,
    published: value.published,
    ...(basedOn === undefined ? {} : { basedOn }),
    data: { title: data.title, description: data.description, reasons },
  };
}
