import type { FastifyInstance } from 'fastify';
import type { MapLimits } from '../../domain/limits';
import { emptyBodyMessage, UnreadBodyError } from './errors';
import { timeSlices } from './time-slices';

// The one JSON body parser of the server (PRODUCT §5, §14). A request body is at most BODY_LIMIT
// bytes, but what JSON.parse makes of it is not bounded by its size: 2 MiB of `[{},{},…]` under
// an unknown key is 700,000 objects, about 45 MB of heap, held until the publish commits, and a
// million nested brackets block the event loop for a third of a second. So as the body arrives,
// chunk by chunk, a scanner counts its containers and separators and its depth (strings are
// skipped with indexOf, nothing is allocated), and refuses it at the first byte that no belief
// map within the limits could need: the rest is never read, and the connection is closed after
// the answer. The same for a string longer than any field of a map, and for a byte that is not
// UTF-8 (MapBodyReader's decoder). A body within the bounds is
// parsed by V8's JSON.parse, so a valid map's object graph is bounded by its shape. (Alternatives were measured: bench/body.bench.ts and
// docs/ARCHITECTURE.md.)

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

/**
 * The most bytes one JSON string of a map within `limits` can take: its longest text field, each
 * character written as a six-byte escape (`\u00e9`) at worst, and its quotes.
 */
function maxBodyStringBytes(limits: MapLimits): number {
  const longest = Math.max(
    limits.titleLength,
    limits.descriptionLength,
    limits.reasonTitleLength,
    limits.relevanceLength,
    36, // a reason id
  );
  return 6 * longest + 2;
}

export interface BodyBounds {
  maxDepth: number;
  maxValues: number;
  /** Longest string, in bytes, quotes included. */
  maxStringBytes: number;
}

const quote = 0x22;
const backslash = 0x5c;
const openBrace = 0x7b;
const openBracket = 0x5b;
const closeBrace = 0x7d;
const closeBracket = 0x5d;
const comma = 0x2c;

/**
 * Counts a body's nesting and values as its bytes arrive, without building anything. It does not
 * check that the body is JSON (JSON.parse does, at the end), only that JSON.parse would build a
 * bounded object graph from it. The bytes `"` and `\\` never occur inside a multi-byte UTF-8
 * character, so the body is scanned as bytes.
 */
export class BodyScanner {
  private depth = 0;
  private values = 0;
  private inString = false;
  /** Bytes of the string being read so far, its opening quote included. */
  private stringBytes = 0;
  /** Backslashes that ended the last chunk inside a string: they may escape the next quote. */
  private backslashes = 0;

  constructor(private readonly bounds: BodyBounds) {}

  /** Reads the next bytes of the body; returns why the body is refused, or null. */
  feed(chunk: Buffer): string | null {
    const length = chunk.length;
    let i = 0;
    while (i < length) {
      if (this.inString) {
        const end = this.stringEnd(chunk, i);
        this.stringBytes += (end === -1 ? length : end + 1) - i;
        if (this.stringBytes > this.bounds.maxStringBytes) return tooLongString;
        if (end === -1) return null;
        this.inString = false;
        i = end + 1;
        continue;
      }
      const c = chunk[i]!;
      if (c === quote) {
        this.inString = true;
        this.stringBytes = 1;
        this.backslashes = 0;
      } else if (c === openBrace || c === openBracket) {
        if (++this.depth > this.bounds.maxDepth) {
          return `Request body is nested too deeply for a belief map (at most ${this.bounds.maxDepth} levels)`;
        }
        if (++this.values > this.bounds.maxValues) return tooManyValues;
      } else if (c === closeBrace || c === closeBracket) {
        this.depth--;
      } else if (c === comma) {
        if (++this.values > this.bounds.maxValues) return tooManyValues;
      }
      i++;
    }
    return null;
  }

  /**
   * The index of the quote that closes the string being read, from `from` on in `chunk`, or -1
   * when the chunk ends inside it. A quote closes the string unless an odd number of
   * backslashes stands before it (counting those that ended the last chunk).
   */
  private stringEnd(chunk: Buffer, from: number): number {
    let end = chunk.indexOf(quote, from);
    while (end !== -1) {
      if (this.backslashesBefore(chunk, from, end) % 2 === 0) return end;
      end = chunk.indexOf(quote, end + 1);
    }
    this.backslashes = this.backslashesBefore(chunk, from, chunk.length);
    return -1;
  }

  private backslashesBefore(chunk: Buffer, from: number, at: number): number {
    let run = 0;
    while (at - 1 - run >= from && chunk[at - 1 - run] === backslash) run++;
    return at - run === from ? run + this.backslashes : run;
  }
}

/** Why `text` is no body for a belief map within `bounds` (BodyScanner), or null. */
export function checkBodyBounds(text: string, bounds: BodyBounds): string | null {
  return new BodyScanner(bounds).feed(Buffer.from(text, 'utf8'));
}

const tooManyValues = 'Request body holds more values than a belief map within the limits can have';
const tooLongString = 'Request body holds a text longer than any field of a belief map within the limits';

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

/** The bounds of a body for a map within `limits`. */
function bodyBounds(limits: MapLimits): BodyBounds {
  return {
    maxDepth: maxBodyDepth,
    maxValues: maxBodyValues(limits.reasonCount),
    maxStringBytes: maxBodyStringBytes(limits),
  };
}

/**
 * Reads one request body as it arrives (push each chunk, then finish): refuses it at the first
 * byte over the size limit or over the bounds of a map (UnreadBodyError, 413 or 400), and once
 * it is whole, parses it: JSON.parse, then prototype keys (a 400 naming the problem).
 */
export class MapBodyReader {
  private readonly scanner: BodyScanner;
  /**
   * Decodes the body as it arrives, refusing the first byte that is not UTF-8. Decoded leniently,
   * each such byte would become U+FFFD, three bytes when stored: a body checked against its limits
   * in bytes on the way in, and in characters after decoding, could be stored three times its size.
   * In `stream` mode a character cut between two chunks is completed by the next one.
   */
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  private readonly texts: string[] = [];
  private received = 0;

  constructor(
    limits: MapLimits,
    private readonly bodyLimitBytes: number,
  ) {
    this.scanner = new BodyScanner(bodyBounds(limits));
  }

  push(chunk: Buffer): void {
    this.received += chunk.length;
    if (this.received > this.bodyLimitBytes) throw new UnreadBodyError(tooLarge, 413);
    const problem = this.scanner.feed(chunk);
    if (problem) throw new UnreadBodyError(problem, 400);
    this.texts.push(this.decode(chunk));
  }

  /** The text of the next bytes (the whole rest when `chunk` is undefined); throws if not UTF-8. */
  private decode(chunk?: Buffer): string {
    try {
      return chunk ? this.decoder.decode(chunk, { stream: true }) : this.decoder.decode();
    } catch {
      throw new UnreadBodyError(notUtf8, 400);
    }
  }

  /** The parsed body; `declaredLength` is the request's Content-Length, if it had one. */
  finish(declaredLength = NaN): unknown {
    if (!Number.isNaN(declaredLength) && this.received !== declaredLength) {
      throw clientError('Request body size did not match Content-Length');
    }
    this.texts.push(this.decode());
    const text = this.texts.join('');
    if (text.trim() === '') throw clientError(emptyBodyMessage);
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
}

/** A whole body already read, parsed as MapBodyReader parses one that arrives in chunks. */
export function parseMapBody(text: string, limits: MapLimits, bodyLimitBytes = Infinity): unknown {
  const reader = new MapBodyReader(limits, bodyLimitBytes);
  reader.push(Buffer.from(text, 'utf8'));
  return reader.finish();
}

/**
 * Makes `app` (one encapsulated plugin) accept only JSON bodies, read by MapBodyReader as they
 * arrive: any other content type, text/plain included, is answered 415, so a cross-site form
 * cannot post either.
 */
export function acceptMapBodies(app: FastifyInstance, limits: MapLimits, bodyLimitBytes: number): void {
  // A body is parsed, and its publish validated and handed to the store, in a time slice
  // (time-slices.ts): what Fastify runs after the parser's `done` runs in the same turn.
  const inTurn = timeSlices(10);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', (request, payload, done) => {
    const declared = Number(request.headers['content-length']);
    // Refused before a byte is read.
    if (declared > bodyLimitBytes) return done(new UnreadBodyError(tooLarge, 413), undefined);
    const reader = new MapBodyReader(limits, bodyLimitBytes);
    const stop = (error: Error | null, value?: unknown) => {
      payload.removeListener('data', onData);
      payload.removeListener('end', onEnd);
      payload.removeListener('error', onError);
      done(error, value);
    };
    const onData = (chunk: Buffer) => {
      try {
        reader.push(chunk);
      } catch (error) {
        stop(error as Error);
      }
    };
    const onEnd = () => {
      payload.removeListener('data', onData);
      inTurn(() => {
        let value: unknown;
        try {
          value = reader.finish(declared);
        } catch (error) {
          return stop(error as Error);
        }
        stop(null, value);
      });
    };
    // A client that went away mid-body is a 400; what the body budget refused keeps its status.
    const onError = (error: Error) =>
      stop('statusCode' in error ? error : Object.assign(error, { statusCode: 400 }));
    payload.on('data', onData);
    payload.on('end', onEnd);
    payload.on('error', onError);
  });
}

const tooLarge = 'Request body is too large';
const notUtf8 = 'Request body is not valid UTF-8';
