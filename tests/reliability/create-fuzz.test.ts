import fc from 'fast-check';
import { expect, it } from 'vitest';
import { beliefValues, supportValues } from '../../src/domain/ratings';
import { fcSeed } from '../../src/domain/test-support/map-arbitraries';
import type { MapStore } from '../../src/server/store/map-store';
import { serverForFile } from '../api/helpers';

// Property-based fuzzing of POST /api/map/create (PRODUCT §3, §5.3): thousands of generated bodies,
// valid ones with awkward text (any Unicode, lone surrogates, padding to trim, lengths at the
// limits) and subtly invalid ones (one field wrong, a limit exceeded by one, a duplicate id, a
// poisoned key, broken JSON, the wrong content type, too large). The expectation of each is worked
// out from PRODUCT §3 here, not by asking the app's schema. Never a 5xx; a rejected body is never
// stored; an accepted one reads back with exactly the expected data, byte for byte.

const runs = 2_500;
console.info(`create-fuzz: seed ${fcSeed} (rerun with FC_SEED=${fcSeed})`);

/** Low limits, so that generated text reaches them often. */
const limits = { title: 40, description: 80, reasonTitle: 30, relevance: 60, reasons: 6 };
const bodyLimit = 16 * 1024;

let stored = 0;
const server = serverForFile({
  env: {
    MAX_TITLE_LENGTH: String(limits.title),
    MAX_DESCRIPTION_LENGTH: String(limits.description),
    MAX_REASON_TITLE_LENGTH: String(limits.reasonTitle),
    MAX_RELEVANCE_LENGTH: String(limits.relevance),
    MAX_REASONS: String(limits.reasons),
    BODY_LIMIT: String(bodyLimit),
  },
  // Counts what reaches the database: a rejected body must never get this far.
  wrapStore: (sqlite): MapStore => ({
    ...sqlite,
    publish: async (map, newId) => {
      const id = await sqlite.publish(map, newId);
      stored++;
      return id;
    },
  }),
});

// --- Valid bodies, each with the data the server must store for it ---------------------------

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Case {
  payload: string;
  contentType: string;
  /** The stored data for an accepted body; the status for a rejected one. */
  expect: { accept: JsonObject } | { reject: 400 | 413 | 415 };
  label: string;
}

const whitespace = fc.constantFrom(' ', '\t', '\n', '\r', '\u00a0', '\u2003', '\u3000', '\ufeff');
const padding = fc.array(whitespace, { maxLength: 3 }).map((chars) => chars.join(''));

/**
 * Any text of at most `max` UTF-16 units: ASCII, any grapheme, any code point, and some classics;
 * never a lone surrogate, which rule V8 refuses (the 'lone surrogate' cases below).
 */
const text = (max: number) =>
  fc
    .oneof(
      fc.string({ maxLength: max }),
      fc.string({ unit: 'grapheme', maxLength: max }),
      fc.string({ unit: 'binary', maxLength: max }),
      fc.constantFrom('<script>alert(1)</script>', '"\\/\u0000\u2028', 'x'.repeat(max)),
    )
    .map((value) => value.slice(0, max))
    .filter((value) => !loneSurrogate.test(value));

/** Rule V8, restated from PRODUCT §3.3: a UTF-16 surrogate without its pair. */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const loneSurrogates = ['\ud800', 'a\udfffb', 'x\udbff', '\udc00\ud800'];

/**
 * Rule V2, restated here from PRODUCT §3.3 rather than asked of the app: a title made only of
 * whitespace, control (Cc) or format (Cf) characters, Unicode's default-ignorable code points
 * (assigned or not, such as the blank letters and the tag block's U+E0002), variation selectors or
 * the blank Braille pattern, or the musical symbols' invisible marks (U+1D159, U+1D173-U+1D17A)
 * shows nothing, and is refused as empty.
 */
const invisible =
  /^[\s\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Variation_Selector}\u2800\u{1d159}\u{1d173}-\u{1d17a}]*$/u;
const invisibleTitles = [
  '\u200b',
  '\u0000',
  ' \u2800 ',
  '\u3164\ufeff',
  '\u2060\u200e',
  '\u{e0041}',
  '\u{e0002}',
  '\u034f\ufe0f',
  '\u{e0100}',
  '\u{1d159}',
  '\u{1d173}\u{1d17a}',
];

/** A title as sent (maybe padded) and as stored (trimmed; 1..max characters after trimming). */
const titleArb = (max: number) =>
  fc
    .tuple(padding, text(max), padding)
    .map(([before, core, after]) => ({ core: core.trim(), before, after }))
    .filter(({ core }) => core.length > 0 && !invisible.test(core))
    .map(({ core, before, after }) => ({ sent: before + core + after, stored: core }));

/** A description or relevance: null, blank (stored as null) or text kept exactly as typed. */
const optionalTextArb = (max: number) =>
  fc.oneof(
    fc.constant({ sent: null, stored: null }),
    padding.map((blank) => ({ sent: blank, stored: null })),
    text(max).map((value) => ({ sent: value, stored: value.trim() === '' ? null : value })),
  );

const uuidArb = fc
  .tuple(fc.uuid({ version: 4 }), fc.boolean())
  .map(([id, upper]) => (upper ? id.toUpperCase() : id));

/** An extra key the schema does not know: accepted, and not stored. */
const extraArb = fc.option(fc.constantFrom({ note: 'x' }, { colour: 3 }, { published: null }), {
  nil: undefined,
});

const reasonArb = fc
  .record({
    id: uuidArb,
    title: titleArb(limits.reasonTitle),
    relevance: optionalTextArb(limits.relevance),
    belief: fc.constantFrom(...beliefValues, null),
    support: fc.constantFrom(...supportValues, null),
    extra: extraArb,
  })
  .map(({ id, title, relevance, belief, support, extra }) => ({
    sent: { ...extra, id, title: title.sent, relevance: relevance.sent, belief, support } as JsonObject,
    stored: { id, title: title.stored, relevance: relevance.stored, belief, support } as JsonObject,
  }));

const validArb = fc
  .record({
    title: titleArb(limits.title),
    description: optionalTextArb(limits.description),
    reasons: fc.uniqueArray(reasonArb, {
      maxLength: limits.reasons,
      // A UUID's hex digits are case-insensitive: two ids differing in case are the same reason.
      selector: (r) => (r.sent.id as string).toLowerCase(),
    }),
    // Ignored by the server, whatever it is, except that no key anywhere in a body may be one
    // that could poison a prototype (those bodies are the '__proto__ key' case below).
    published: fc.option(
      fc.oneof(
        fc.constant('2001-02-03T04:05:06.000Z'),
        fc.jsonValue().filter((value) => !/"(__proto__|constructor)":/.test(JSON.stringify(value) ?? '')),
      ),
      { nil: undefined },
    ),
    extra: extraArb,
    reversed: fc.boolean(),
    contentType: fc.constantFrom('application/json', 'application/json; charset=utf-8'),
  })
  .map(({ title, description, reasons, published, extra, reversed, contentType }) => {
    const data = {
      title: title.sent,
      description: description.sent,
      reasons: reasons.map((r) => r.sent),
      ...extra,
    } as JsonObject;
    const body: JsonObject = { version: '1.0', data };
    if (published !== undefined) body.published = published as Json;
    return {
      body: reversed ? (Object.fromEntries(Object.entries(body).reverse()) as JsonObject) : body,
      contentType,
      stored: {
        title: title.stored,
        description: description.stored,
        reasons: reasons.map((r) => r.stored),
      } as JsonObject,
    };
  });

const validCase: fc.Arbitrary<Case> = validArb.map(({ body, contentType, stored }) => ({
  payload: JSON.stringify(body),
  contentType,
  expect: { accept: stored },
  label: 'valid',
}));

// --- Subtly invalid bodies: a valid one with one thing wrong -----------------------------------

const aReason = (): JsonObject => ({
  id: '3f0c7a52-8f0e-4d3b-9a61-2b7b9e0f4c11',
  title: 'Deliveries',
  relevance: null,
  belief: 'agree',
  support: 'support',
});

type Mutation = (
  body: JsonObject,
  data: JsonObject,
  reason: () => JsonObject,
  pick: <T>(xs: T[]) => T,
) => void;

/** Each breaks one rule of PRODUCT §3 or §5.3 in an otherwise valid body. */
const mutations: Record<string, Mutation> = {
  'version wrong': (body, _d, _r, pick) => (body.version = pick(['1.1', '1', 1, null, '', ' 1.0', '1.0 '])),
  'version missing': (body) => delete body.version,
  'data missing': (body) => delete body.data,
  'data not an object': (body, _d, _r, pick) => (body.data = pick([null, [], 'map', 5, true])),
  'title missing': (_b, data) => delete data.title,
  'title blank': (_b, data, _r, pick) => (data.title = pick(['', ' ', '\t\n', '\u00a0\u3000'])),
  'title invisible': (_b, data, _r, pick) => (data.title = pick(invisibleTitles)),
  'title one too long': (_b, data, _r, pick) => (data.title = pick([' ', '']) + 'é'.repeat(limits.title + 1)),
  'title not text': (_b, data, _r, pick) => (data.title = pick([5, null, [], {}, true])),
  'description missing': (_b, data) => delete data.description,
  'description not text': (_b, data, _r, pick) => (data.description = pick([5, false, [], {}])),
  'description one too long': (_b, data) => (data.description = 'd'.repeat(limits.description + 1)),
  'reasons missing': (_b, data) => delete data.reasons,
  'reasons not a list': (_b, data, _r, pick) => (data.reasons = pick([{}, 'x', null, 3])),
  'one reason too many': (_b, data) =>
    (data.reasons = Array.from({ length: limits.reasons + 1 }, (_, i) => ({
      ...aReason(),
      id: `3f0c7a52-8f0e-4d3b-9a61-2b7b9e0f4c${String(i).padStart(2, '0')}`,
    }))),
  'reason not an object': (_b, data, _r, pick) =>
    (data.reasons as Json[]).push(pick([null, 'reason', 5, [], true])),
  'reason id not a UUID': (_b, _d, reason, pick) => {
    const r = reason();
    const id = r.id as string;
    r.id = pick([id.slice(1), `${id}0`, `{${id}}`, id.replace(/[0-9a-f]$/i, 'g'), '', 'not-a-uuid', 5]);
  },
  'reason id twice': (_b, data, reason) => {
    const r = reason();
    (data.reasons as Json[]).push({ ...aReason(), id: (r.id as string).toUpperCase() });
  },
  'reason title missing': (_b, _d, reason) => delete reason().title,
  'reason title blank': (_b, _d, reason, pick) => (reason().title = pick(['', '  ', '\n'])),
  'reason title invisible': (_b, _d, reason, pick) => (reason().title = pick(invisibleTitles)),
  'reason title one too long': (_b, _d, reason) => (reason().title = 'r'.repeat(limits.reasonTitle + 1)),
  'relevance missing': (_b, _d, reason) => delete reason().relevance,
  'relevance not text': (_b, _d, reason, pick) => (reason().relevance = pick([1, [], {}, false])),
  'relevance one too long': (_b, _d, reason) => (reason().relevance = 'v'.repeat(limits.relevance + 1)),
  'belief unknown': (_b, _d, reason, pick) =>
    (reason().belief = pick(['Agree', 'strongly-agree', 'agree ', '', 'support', 1, true, []])),
  'belief missing': (_b, _d, reason) => delete reason().belief,
  'support unknown': (_b, _d, reason, pick) =>
    (reason().support = pick(['supports', 'NEUTRAL', 'strong_support', '', 'agree', 0, {}])),
  'support missing': (_b, _d, reason) => delete reason().support,
  'title with a lone surrogate': (_b, data, _r, pick) => (data.title = `A ${pick(loneSurrogates)}`),
  'description with a lone surrogate': (_b, data, _r, pick) => (data.description = pick(loneSurrogates)),
  'relevance with a lone surrogate': (_b, _d, reason, pick) =>
    (reason().relevance = `r${pick(loneSurrogates)}`),
};

const invalidCase: fc.Arbitrary<Case> = fc
  .record({
    valid: validArb,
    name: fc.constantFrom(...Object.keys(mutations)),
    choices: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
  })
  .map(({ valid, name, choices }) => {
    const body = structuredClone(valid.body);
    const data = body.data as JsonObject;
    let turn = 0;
    const pick = <T>(xs: T[]): T => xs[choices[turn++ % choices.length]! % xs.length]!;
    /** One of the reasons (adding one if there is none) to break. */
    const reason = () => {
      const reasons = data.reasons as JsonObject[];
      if (reasons.length === 0) reasons.push(aReason());
      return pick(reasons);
    };
    mutations[name]!(body, data, reason, pick);
    return {
      payload: JSON.stringify(body),
      contentType: valid.contentType,
      expect: { reject: 400 },
      label: name,
    };
  });

/** Text-level damage: what no JSON.stringify would produce. */
const brokenTextCase: fc.Arbitrary<Case> = fc
  .record({
    valid: validArb,
    kind: fc.constantFrom(
      'truncated',
      'trailing garbage',
      'single quotes',
      '__proto__ key',
      'constructor key',
      'text/plain',
      'form',
      'no content type',
      'too large',
    ),
    at: fc.nat(),
  })
  .map(({ valid, kind, at }): Case => {
    const json = JSON.stringify(valid.body);
    const c = (payload: string, reject: 400 | 413 | 415, contentType: string = valid.contentType): Case => ({
      payload,
      contentType,
      expect: { reject },
      label: kind,
    });
    switch (kind) {
      case 'truncated':
        return c(json.slice(0, at % json.length), 400);
      case 'trailing garbage':
        return c(`${json}${['x', '}', ',', '{}', '\u0000'][at % 5]}`, 400);
      case 'single quotes':
        return c(json.replaceAll('"', "'"), 400);
      case '__proto__ key':
        return c(json.replace('"title":', '"__proto__":{"polluted":true},"title":'), 400);
      case 'constructor key':
        return c(json.replace('"title":', '"constructor":{"prototype":{"polluted":true}},"title":'), 400);
      case 'text/plain':
        return c(json, 415, 'text/plain');
      case 'form':
        return c(`data=${encodeURIComponent(json)}`, 415, 'application/x-www-form-urlencoded');
      case 'no content type':
        return c(json, 415, '');
      default:
        return c(JSON.stringify({ ...valid.body, padding: 'p'.repeat(bodyLimit) }), 413);
    }
  });

/** Any JSON value or any text at all: never a map. */
const junkCase: fc.Arbitrary<Case> = fc
  .oneof(
    fc.jsonValue().map((value) => JSON.stringify(value) ?? 'null'),
    fc.string({ unit: 'binary', maxLength: 200 }),
  )
  .map((payload) => ({ payload, contentType: 'application/json', expect: { reject: 400 }, label: 'junk' }));

const caseArb = fc.oneof(
  { arbitrary: validCase, weight: 4 },
  { arbitrary: invalidCase, weight: 4 },
  { arbitrary: brokenTextCase, weight: 1 },
  { arbitrary: junkCase, weight: 1 },
);

it(`answers ${runs.toLocaleString('en')} generated publishes as PRODUCT §3 and §5.3 say`, async () => {
  const seen = new Map<string, number>();
  await fc.assert(
    fc.asyncProperty(caseArb, async (c) => {
      seen.set(c.label, (seen.get(c.label) ?? 0) + 1);
      const before = stored;
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/map/create',
        headers: c.contentType ? { 'content-type': c.contentType } : {},
        payload: c.payload,
      });
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const answer = response.json() as { status: string; message?: string; data?: { mapId: string } };

      if ('reject' in c.expect) {
        expect(response.statusCode, `${c.label}: ${response.body}`).toBe(c.expect.reject);
        expect(answer.status).toBe('error');
        expect(typeof answer.message).toBe('string');
        expect(stored, 'a rejected body was stored').toBe(before);
        return;
      }
      expect(response.statusCode, response.body).toBe(200);
      expect(stored).toBe(before + 1);
      const read = await server.app.inject({ method: 'GET', url: `/api/map/${answer.data!.mapId}` });
      expect(read.statusCode).toBe(200);
      // Byte for byte: the answer's data is the JSON text of the expected data.
      expect(read.body.endsWith(`"data":${JSON.stringify(c.expect.accept)}}`), read.body).toBe(true);
      expect((read.json() as { data: unknown }).data).toEqual(c.expect.accept);
    }),
    { seed: fcSeed, numRuns: runs },
  );
  // Every kind of body was tried, valid and invalid alike.
  for (const name of [...Object.keys(mutations), 'valid', 'junk', 'truncated', 'too large']) {
    expect(seen.get(name) ?? 0, name).toBeGreaterThan(0);
  }
  console.info(`create-fuzz: ${runs} bodies, ${stored} accepted and stored`);
});
