import type { FastifyInstance } from 'fastify';
import type { MapLimits } from '../domain/limits';
import { emptyBodyMessage } from './errors';

// The one JSON body parser of the server (PRODUCT §5, §14). A request body is at most BODY_LIMIT
// bytes, but what JSON.parse makes of it is not bounded by its size: 2 MiB of `[{},{},…]` under
// an unknown key is 700,000 objects, about 45 MB of heap, held until the publish commits, and a
// million nested brackets block the event loop for a third of a second. So before anything is
// parsed, one pass over the text (no allocation, strings skipped with indexOf) counts its
// containers and separators and its depth, and refuses a body that no belief map within the
// limits could need. What is left is parsed by V8's JSON.parse: a valid map's shape is bounded,
// so its object graph is too. (A parser in JavaScript that builds only the known fields was
// measured too: bench/body.bench.ts and docs/ARCHITECTURE.md.) Fastify still enforces the body
// limit (413) before the text reaches this parser.

/** A map nests 4 deep (map, data, reasons, reason); unknown fields may nest a little more. */
export const maxBodyDepth = 8;

/**
 * The most containers and separators (`{`, `[`, `,`) a body may hold for a map of at most
 * `reasonCount` reasons: 16 a reason, where a reason needs 6 and the map around them 8. The rest
 * is room for unknown fields, which the schema drops (rule V6). For 1,000 reasons, 16,064: an
 * object graph of a megabyte or so, where 2 MiB of `[{},{},…]` would make 45 MB.
 */
export function maxBodyValues(reasonCount: number): number {
  return 16 * (reasonCount + 4);
}

export interface BodyBounds {
  maxDepth: number;
  maxValues: number;
}

const quote = 0x22;
const backslash = 0x5c;
const openBrace = 0x7b;
const openBracket = 0x5b;
const closeBrace = 0x7d;
const closeBracket = 0x5d;
const comma = 0x2c;

/**
 * Why `text` is no body for a belief map within `bounds`, or null if its nesting and size are
 * within them. Reads `text` once and allocates nothing; it does not check that `text` is JSON
 * (JSON.parse does, next), only that JSON.parse would build a bounded object graph from it.
 */
export function checkBodyBounds(text: string, bounds: BodyBounds): string | null {
  let depth = 0;
  let values = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === quote) {
      // Jump to the closing quote: one not preceded by an odd number of backslashes.
      let end = text.indexOf('"', i + 1);
      while (end !== -1) {
        let slashes = 0;
        while (text.charCodeAt(end - 1 - slashes) === backslash) slashes++;
        if (slashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      if (end === -1) return null; // an unterminated string: JSON.parse says so
      i = end;
    } else if (c === openBrace || c === openBracket) {
      if (++depth > bounds.maxDepth) {
        return `Request body is nested too deeply for a belief map (at most ${bounds.maxDepth} levels)`;
      }
      if (++values > bounds.maxValues) return tooManyValues;
    } else if (c === closeBrace || c === closeBracket) {
      depth--;
    } else if (c === comma) {
      if (++values > bounds.maxValues) return tooManyValues;
    }
  }
  return null;
}

const tooManyValues = 'Request body holds more values than a belief map within the limits can have';

const forbiddenKeys = new Set(['__proto__', 'constructor']);

function clientError(message: string): Error & { statusCode: number } {
  return Object.assign(new Error(message), { statusCode: 400 });
}

/** The first key at any depth that could poison an object's prototype if merged, or null. */
export function findForbiddenKey(value: unknown): string | null {
  // Iterative, though checkBodyBounds has already bounded the depth.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null) continue;
    if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
      continue;
    }
    for (const key of Object.keys(next)) {
      if (forbiddenKeys.has(key)) return key;
      pending.push((next as Record<string, unknown>)[key]);
    }
  }
  return null;
}

/**
 * Parses a request body as JSON for a belief map within `limits`: the bounds first, then
 * JSON.parse, then prototype keys. Throws a 400 error naming the problem.
 */
export function parseMapBody(text: string, limits: MapLimits): unknown {
  if (text.trim() === '') throw clientError(emptyBodyMessage);
  const problem = checkBodyBounds(text, {
    maxDepth: maxBodyDepth,
    maxValues: maxBodyValues(limits.reasonCount),
  });
  if (problem) throw clientError(problem);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw clientError('Request body is not valid JSON');
  }
  // Fastify's own parser refuses `__proto__` keys too, but answers "not valid JSON" for valid
  // JSON; this names the problem (PRODUCT §5).
  const key = findForbiddenKey(value);
  if (key) throw clientError(`Request body must not contain the key "${key}"`);
  return value;
}

/**
 * Makes `app` (one encapsulated plugin) accept only JSON bodies, parsed by parseMapBody: any
 * other content type, text/plain included, is answered 415, so a cross-site form cannot post
 * either.
 */
export function acceptMapBodies(app: FastifyInstance, limits: MapLimits): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseMapBody(body as string, limits));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
