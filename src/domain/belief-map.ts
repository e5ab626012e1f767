import * as z from 'zod/mini';
import { formatCount } from './format';
import { defaultLimits, type MapLimits } from './limits';
import { beliefValues, supportValues } from './ratings';
import { mapVersion, reasonCountMessage } from './map-version';
import { err, ok, type Result } from './result';

// PRODUCT §3.1: the one definition of a belief map's stored and published form, used by the
// client (drafts, API answers, host functions) and the server (request bodies) alike. It uses
// zod/mini, whose functions tree-shake, because the schema ships in the first page's bundle.

export { mapVersion } from './map-version';

declare const reasonIdBrand: unique symbol;
export type ReasonId = string & { readonly [reasonIdBrand]: true };

const charactersLimit = (name: string, max: number) =>
  z.maxLength(max, { error: `${name} must be at most ${formatCount(max)} characters` });

/**
 * Characters that show nothing on screen (rule V2): Unicode's Default_Ignorable_Code_Point, the
 * characters a renderer draws as nothing (U+200B, U+FEFF, U+2060, U+034F, the Hangul fillers, the
 * variation selectors of every block, tag characters, ...), variation selectors named again in
 * case a future Unicode leaves one out, whitespace, control (Cc) and format (Cf) characters, the
 * blank Braille pattern U+2800, and the musical symbols' invisible marks: the null notehead
 * U+1D159 (a symbol, So, that fonts draw empty) and the beam and phrase marks U+1D173–U+1D17A
 * (format characters already). Unicode maintains the list, so new invisible characters follow
 * with the JavaScript engine's Unicode version.
 */
const onlyInvisible =
  /^[\s\p{Default_Ignorable_Code_Point}\p{Variation_Selector}\p{Cc}\p{Cf}\u2800\u{1D159}\u{1D173}-\u{1D17A}]*$/u;

/**
 * A UTF-16 surrogate without its pair (rule V8): JSON can carry one (`"\ud800"`), but it is no
 * character; the server's page and the browser's would disagree on it, and UTF-8 cannot store it.
 */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Refuses text that holds a lone surrogate, naming the field (rule V8). */
const wellFormed = (name: string) =>
  z.refine<string>((text) => !loneSurrogate.test(text), {
    error: `${name} holds a broken character (a lone UTF-16 surrogate)`,
    abort: true,
  });

/**
 * An optional text: blank or empty becomes null (PRODUCT §3.1), anything else is kept as typed
 * (rule V3), provided it is well-formed (rule V8).
 */
function optionalText(max: number, name: string) {
  return z.pipe(
    z.nullable(
      z.string({ error: `${name} must be text or null` }).check(wellFormed(name), charactersLimit(name, max)),
    ),
    z.transform((text: string | null) => (text === null || text.trim() === '' ? null : text)),
  );
}

/**
 * A required title: well-formed (rule V8), trimmed, then 1..max characters, not all of them
 * invisible (rule V2).
 */
function requiredTitle(max: number, name: string) {
  const required = { error: `${name} is required` };
  return z.string(required).check(
    wellFormed(name),
    z.trim(),
    z.minLength(1, required),
    z.refine((title: string) => !onlyInvisible.test(title), required),
    charactersLimit(name, max),
  );
}

const notAMap = 'A belief map must be an object (expected object with version, published, data)';

const isoTimestamp = z.iso.datetime({ error: 'must be an ISO timestamp' });

/** Builds the schemas for a given set of limits; the exported ones use PRODUCT §3.3's defaults. */
export function createSchemas(limits: MapLimits = defaultLimits) {
  const reason = z.object(
    {
      id: z.pipe(
        z.uuid({ error: 'Reason id must be a UUID' }),
        z.transform((id: string) => id as ReasonId),
      ),
      title: requiredTitle(limits.reasonTitleLength, 'Reason title'),
      relevance: optionalText(limits.relevanceLength, 'Relevance'),
      belief: z.nullable(
        z.enum(beliefValues, { error: `Belief must be one of ${beliefValues.join(', ')} or null` }),
      ),
      support: z.nullable(
        z.enum(supportValues, { error: `Support must be one of ${supportValues.join(', ')} or null` }),
      ),
    },
    { error: 'A reason must be an object (expected object with id, title, relevance, belief, support)' },
  );

  const mapData = z.object(
    {
      title: requiredTitle(limits.titleLength, 'Title'),
      description: optionalText(limits.descriptionLength, 'Description'),
      reasons: z.array(reason, { error: 'Reasons must be a list' }).check(
        z.maxLength(limits.reasonCount, { error: reasonCountMessage(limits.reasonCount) }),
        z.superRefine((reasons, ctx) => {
          // A UUID's hex digits are case-insensitive: `A1…` and `a1…` name the same reason (V5).
          const seen = new Set<string>();
          reasons.forEach((r, index) => {
            if (typeof r?.id !== 'string') return; // already reported as an invalid reason
            const key = r.id.toLowerCase();
            if (seen.has(key)) {
              ctx.issues.push({
                code: 'custom',
                message: `Reason id ${r.id} appears twice`,
                path: [index, 'id'],
                input: r.id,
              });
            }
            seen.add(key);
          });
        }),
      ),
    },
    { error: 'Map data must be an object (expected object with title, description, reasons)' },
  );

  const version = z.literal(mapVersion, { error: `Version must be "${mapVersion}"` });

  /**
   * The form the server stores and answers with; `basedOn` names the map it answers, when it
   * answers one (PRODUCT §5.2, §5.5). Its form is checked where it becomes a link (isMapId), which
   * keeps a check of its own out of the first load (PRODUCT §13.5).
   */
  const publishedMap = z.object(
    {
      version,
      published: isoTimestamp,
      basedOn: z.optional(z.string().check(wellFormed('basedOn'))),
      data: mapData,
    },
    { error: notAMap },
  );

  /** A publish request: `published` may be sent but the server sets its own (PRODUCT §5.3). */
  const createMapRequest = z.object(
    { version, published: z.optional(z.unknown()), data: mapData },
    { error: notAMap },
  );

  /**
   * A draft as kept in local storage or by a host (PRODUCT §7.1): the stored form plus `updatedAt`.
   * `published` is the base map's publication time, or null for a draft of nothing published.
   */
  const draft = z.object(
    { version, published: z.nullable(isoTimestamp), updatedAt: isoTimestamp, data: mapData },
    { error: notAMap },
  );

  return { reason, mapData, publishedMap, createMapRequest, draft };
}

const schemas = createSchemas();
export const reasonSchema = schemas.reason;
export const mapDataSchema = schemas.mapData;
export const publishedMapSchema = schemas.publishedMap;
export const createMapRequestSchema = schemas.createMapRequest;
export const draftSchema = schemas.draft;

export type Reason = z.output<typeof reasonSchema>;
export type MapData = z.output<typeof mapDataSchema>;
export type PublishedMap = z.output<typeof publishedMapSchema>;
export type Draft = z.output<typeof draftSchema>;

/** The first problem of a failed parse, with its path (`data.reasons.3.belief: …`), for messages. */
export function describeFirstIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Invalid belief map';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/** Parses `input` with `schema`; a failure is a value: the first issue, after its path. */
export function validate<T>(schema: z.core.$ZodType<T>, input: unknown): Result<T> {
  const result = z.safeParse(schema, input);
  return result.success ? ok(result.data) : err(describeFirstIssue(result.error));
}
