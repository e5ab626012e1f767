import { describe, expect, it } from 'vitest';
import { defaultLimits } from '../../src/domain/limits';
import { Readable } from 'node:stream';
import {
  BodyScanner,
  checkBodyBounds,
  MapBodyReader,
  maxBodyDepth,
  maxBodyValues,
  parseMapBody,
} from '../../src/server/http/json-body';
import { countStoredMaps, mapRequest, reason, serverPerTest } from './helpers';

// The one JSON body parser (PRODUCT §14): a body's nesting and number of values are checked in
// one pass before JSON.parse builds anything, so no body under the size limit becomes a large
// object graph. Text inside strings never counts.

const bounds = { maxDepth: 3, maxValues: 5, maxStringBytes: 20 };

describe('checkBodyBounds', () => {
  it.each([
    ['a flat object', '{"a":1,"b":2}'],
    ['three levels', '[[[]]]'],
    ['five values', '[1,2,3,4,5]'],
    ['a string of 20 bytes with its quotes', '["abcdefghijklmnopqr"]'],
    ['brackets and commas inside strings', '["[[[[,,,,{{{{", "}}}]]]"]'],
    ['escaped quotes inside strings', '["a\\\\\\"[[[[,,,,", "\\\\", "[[[["]'],
    ['not JSON at all (JSON.parse says so next)', 'hello, world'],
    ['an unterminated string', '["[[[[,,,,'],
  ])('lets %s through', (_what, text) => {
    expect(checkBodyBounds(text, bounds)).toBeNull();
  });

  it.each([
    ['four levels', '[[[[]]]]', /nested too deeply .*at most 3 levels/],
    ['four levels after strings that look like closers', '["]]]]", {"a": [["x"]]}]', /nested too deeply/],
    ['six values', '[1,2,3,4,5,6]', /more values/],
    ['six containers', '[[],{},[],{},[]]', /more values/],
    ['a string of 21 bytes with its quotes', '["abcdefghijklmnopqrs"]', /text longer/],
    ['a key of 21 bytes', '{"abcdefghijklmnopqrs":1}', /text longer/],
    ['escapes counted as the bytes they take', '["\\u00e9\\u00e9\\u00e9\\u00e9"]', /text longer/],
  ])('refuses %s', (_what, text, problem) => {
    expect(checkBodyBounds(text, bounds)).toMatch(problem);
  });
});

describe('BodyScanner, fed the body in pieces as it arrives', () => {
  /** The body cut after every byte, and at every pair of places: the verdict must not change. */
  function everySplit(text: string): (string | null)[] {
    const bytes = Buffer.from(text, 'utf8');
    const verdicts: (string | null)[] = [];
    for (let a = 0; a <= bytes.length; a++) {
      for (let b = a; b <= bytes.length; b += 3) {
        const scanner = new BodyScanner(bounds);
        verdicts.push(
          scanner.feed(bytes.subarray(0, a)) ??
            scanner.feed(bytes.subarray(a, b)) ??
            scanner.feed(bytes.subarray(b)),
        );
      }
    }
    return verdicts;
  }

  it.each([
    ['escaped quotes and backslashes inside strings', JSON.stringify(['a\\"[[[[', '\\', '[[[[,,,,', '"]]'])],
    ['multi-byte characters', '["é[[[[", "🚲,,,,", "日本"]'],
  ])('reaches the same verdict wherever %s are cut', (_what, text) => {
    expect(JSON.parse(text)).toBeInstanceOf(Array);
    const whole = checkBodyBounds(text, bounds);
    expect(whole).toBeNull();
    expect(new Set(everySplit(text))).toEqual(new Set([null]));
  });

  it('refuses at the first byte over the bounds, wherever the body is cut', () => {
    const text = '["\\\\", [[[[]]]]]';
    expect(new Set(everySplit(text))).toEqual(new Set([checkBodyBounds(text, bounds)]));
    expect(checkBodyBounds(text, bounds)).toMatch(/nested too deeply/);
  });
});

describe('the bounds for a map', () => {
  it('let through the largest map the limits allow, with a few unknown fields in every reason', () => {
    const reasons = Array.from({ length: defaultLimits.reasonCount }, () =>
      reason({ note: 'x', colour: 3, tags: ['a', 'b'], source: { url: 'https://example.org' } }),
    );
    const body = JSON.stringify({ ...mapRequest({ reasons }), client: { name: 'x', version: [1, 2] } });
    expect(parseMapBody(body, defaultLimits)).toMatchObject({ data: { reasons: { length: 1000 } } });
  });

  it('let through the longest text a field allows, even written entirely in escapes', () => {
    const description = 'é'.repeat(defaultLimits.descriptionLength);
    const escaped = JSON.stringify(mapRequest({ description })).replace(/é/g, '\\u00e9');
    expect((parseMapBody(escaped, defaultLimits) as { data: { description: string } }).data.description).toBe(
      description,
    );
    const tooLong = escaped.replace('\\u00e9', '\\u00e9\\u00e9');
    expect(() => parseMapBody(tooLong, defaultLimits)).toThrow(/text longer than any field/);
  });

  it('grow with the number of reasons allowed, and are twice the depth a map needs', () => {
    expect(maxBodyDepth).toBe(8);
    expect(maxBodyValues(1000)).toBe(16_064);
    expect(maxBodyValues(0)).toBe(64);
  });
});

describe('a body is UTF-8, checked as it arrives', () => {
  const multiByte = mapRequest({ title: 'Café 日本 🚲 naïve', description: '🚲'.repeat(20) });
  const bytes = Buffer.from(JSON.stringify(multiByte), 'utf8');

  it('reads the same map wherever a character is cut between two chunks', () => {
    for (let at = 0; at <= bytes.length; at++) {
      const reader = new MapBodyReader(defaultLimits, Infinity);
      reader.push(bytes.subarray(0, at));
      reader.push(bytes.subarray(at));
      expect(reader.finish(bytes.length)).toEqual(multiByte);
    }
  });

  it('refuses a body that ends inside a character, and one with a byte UTF-8 never has', () => {
    const cut = new MapBodyReader(defaultLimits, Infinity);
    cut.push(Buffer.from('{"a":"'));
    cut.push(Buffer.from([0xf0, 0x9f, 0x9a]));
    expect(() => cut.finish()).toThrow('Request body is not valid UTF-8');

    const invalid = new MapBodyReader(defaultLimits, Infinity);
    invalid.push(Buffer.from('{"a":"'));
    expect(() => invalid.push(Buffer.from([0xff]))).toThrow('Request body is not valid UTF-8');
  });

  const startServer = serverPerTest();

  it('publishes a map sent in chunks of 7 bytes, most of them cutting a character', async () => {
    const server = await startServer();
    const chunks = [];
    for (let at = 0; at < bytes.length; at += 7) chunks.push(bytes.subarray(at, at + 7));
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/map/create',
      headers: { 'content-type': 'application/json', 'content-length': String(bytes.length) },
      payload: Readable.from(chunks),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(countStoredMaps(server.dbPath)).toBe(1);
    const { mapId } = (response.json() as { data: { mapId: string } }).data;
    const stored = await server.app.inject({ method: 'GET', url: `/api/map/${mapId}` });
    expect(stored.json()).toMatchObject({ data: { title: multiByte.data.title } });
  });
});
