import { afterEach, describe, expect, it } from 'vitest';
import {
  countStoredMaps,
  startServer,
  expectError,
  lifetimeMs,
  mapRequest,
  publish,
  publishOk,
  reason,
  serverForFile,
} from './helpers';

// PRODUCT §5.3, §12.2: every rejected publish answers 4xx `{status: "error", message}` naming the first
// problem, and stores nothing. After each case the SQLite file itself is counted.

const server = serverForFile();
afterEach(() => {
  expect(countStoredMaps(server.dbPath)).toBe(0);
});

const json = { 'content-type': 'application/json' };

/** A valid request whose first reason has `overrides`. */
function withReason(overrides: Record<string, unknown>) {
  return mapRequest({ reasons: [{ ...reason(), ...overrides }] });
}

function without(key: string, from: Record<string, unknown>) {
  const copy = { ...from };
  delete copy[key];
  return copy;
}

describe('bodies that are not a JSON belief map', () => {
  it.each([
    ['not JSON', 'this is not json', /not valid JSON/],
    ['truncated JSON', JSON.stringify(mapRequest()).slice(0, -1), /not valid JSON/],
    ['JSON with a trailing comma', '{"version":"1.0",}', /not valid JSON/],
    ['an empty body', '', /empty/],
    ['a blank body', '  \n ', /empty/],
    ['JSON null', 'null', /object/],
    ['a JSON array', JSON.stringify([mapRequest()]), /object/],
    ['a JSON string', '"map"', /object/],
  ])('answers 400 for %s', async (_why, body, message) => {
    expectError(await publish(server.app, body, { headers: json }), 400, message);
  });

  it('answers 400 for no body and no content type', async () => {
    const response = await server.app.inject({ method: 'POST', url: '/api/map/create' });
    expectError(response, 400, /empty/);
  });

  it.each([
    ['text/plain', 'text/plain'],
    ['text/plain with a charset', 'text/plain; charset=utf-8'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['XML', 'application/xml'],
  ])('answers 415 for a map sent as %s', async (_why, contentType) => {
    const response = await publish(server.app, mapRequest(), { headers: { 'content-type': contentType } });
    expectError(response, 415, /application\/json/);
  });

  it('answers 415 for a map sent without a content type', async () => {
    const response = await publish(server.app, mapRequest(), { headers: {} });
    expectError(response, 415, /application\/json/);
  });
});

describe('the version', () => {
  it.each([
    ['another version', { ...mapRequest(), version: '2.0' }],
    ['a number', { ...mapRequest(), version: 1 }],
    ['no version', without('version', mapRequest())],
  ])('answers 400 for %s', async (_why, body) => {
    expectError(await publish(server.app, body), 400, 'version: Version must be "1.0"');
  });
});

describe('missing fields', () => {
  it.each<[string, unknown, string | RegExp]>([
    ['data', without('data', mapRequest()), /^data: /],
    [
      'the title',
      { ...mapRequest(), data: without('title', mapRequest().data) },
      'data.title: Title is required',
    ],
    [
      'the description',
      { ...mapRequest(), data: without('description', mapRequest().data) },
      /^data\.description: /,
    ],
    ['the reasons', { ...mapRequest(), data: without('reasons', mapRequest().data) }, /^data\.reasons: /],
    ...(['id', 'title', 'relevance', 'belief', 'support'] as const).map(
      (field) =>
        [
          `a reason's ${field}`,
          mapRequest({ reasons: [without(field, { ...reason() })] }),
          new RegExp(`^data\\.reasons\\.0\\.${field}: `),
        ] as [string, unknown, RegExp],
    ),
  ])('answers 400 naming %s', async (_why, body, message) => {
    expectError(await publish(server.app, body), 400, message);
  });
});

describe('wrong types', () => {
  it.each([
    ['data as a string', { ...mapRequest(), data: 'map' }, /^data: /],
    ['a numeric title', mapRequest({ title: 42 }), 'data.title: Title is required'],
    [
      'a numeric description',
      mapRequest({ description: 5 }),
      'data.description: Description must be text or null',
    ],
    [
      'reasons as an object',
      mapRequest({ reasons: { 0: reason() } }),
      'data.reasons: Reasons must be a list',
    ],
    ['a reason as a string', mapRequest({ reasons: ['reason'] }), /^data\.reasons\.0: /],
    [
      'a reason id that is not a UUID',
      withReason({ id: 'reason-1' }),
      'data.reasons.0.id: Reason id must be a UUID',
    ],
    ['a numeric reason id', withReason({ id: 7 }), 'data.reasons.0.id: Reason id must be a UUID'],
    [
      'an array as reason title',
      withReason({ title: ['x'] }),
      'data.reasons.0.title: Reason title is required',
    ],
    [
      'a boolean relevance',
      withReason({ relevance: true }),
      'data.reasons.0.relevance: Relevance must be text or null',
    ],
    ['a numeric belief', withReason({ belief: 1 }), /^data\.reasons\.0\.belief: Belief must be one of/],
  ])('answers 400 for %s', async (_why, body, message) => {
    expectError(await publish(server.app, body), 400, message);
  });

  it('names the first bad reason by its position', async () => {
    const body = mapRequest({ reasons: [reason(), reason(), reason({ support: 'maybe' })] });
    expectError(await publish(server.app, body), 400, /^data\.reasons\.2\.support: /);
  });
});

describe('values outside the scales', () => {
  it.each([
    [
      'belief',
      'very-agree',
      /^data\.reasons\.0\.belief: Belief must be one of strong-agree, agree, neutral, disagree, strong-disagree or null$/,
    ],
    ['belief', 'Agree', /^data\.reasons\.0\.belief: /],
    ['belief', '', /^data\.reasons\.0\.belief: /],
    ['support', 'strong-support ', /^data\.reasons\.0\.support: /],
    [
      'support',
      'yes',
      /^data\.reasons\.0\.support: Support must be one of strong-support, support, neutral, disconfirm, strong-disconfirm or null$/,
    ],
  ])('answers 400 for a %s of %j', async (field, value, message) => {
    expectError(await publish(server.app, withReason({ [field]: value })), 400, message);
  });
});

describe('empty titles', () => {
  it.each([
    ['an empty title', mapRequest({ title: '' }), 'data.title: Title is required'],
    ['a blank title', mapRequest({ title: ' \t\n ' }), 'data.title: Title is required'],
    ['a null title', mapRequest({ title: null }), 'data.title: Title is required'],
    ['an empty reason title', withReason({ title: '' }), 'data.reasons.0.title: Reason title is required'],
    ['a blank reason title', withReason({ title: '   ' }), 'data.reasons.0.title: Reason title is required'],
  ])('answers 400 for %s', async (_why, body, message) => {
    expectError(await publish(server.app, body), 400, message);
  });
});

describe('text the pages cannot draw (PRODUCT §3.3)', () => {
  it.each([
    [
      'a musical null notehead title (U+1D159)',
      mapRequest({ title: '\u{1d159}' }),
      'data.title: Title is required',
    ],
    [
      'a reason title of musical beam marks (U+1D173–U+1D17A)',
      withReason({ title: '\u{1d173}\u{1d17a}' }),
      'data.reasons.0.title: Reason title is required',
    ],
  ])('[V2] answers 400 for %s', async (_why, body, message) => {
    expectError(await publish(server.app, body), 400, message);
  });

  const broken = 'holds a broken character (a lone UTF-16 surrogate)';
  it.each([
    [
      'the title',
      '{"version":"1.0","data":{"title":"\\ud800","description":null,"reasons":[]}}',
      `data.title: Title ${broken}`,
    ],
    [
      'the description',
      JSON.stringify(mapRequest({ description: 'Bike \udfff lanes' })),
      `data.description: Description ${broken}`,
    ],
    [
      'a reason title',
      JSON.stringify(withReason({ title: '\ud83d' })),
      `data.reasons.0.title: Reason title ${broken}`,
    ],
    [
      'a relevance',
      JSON.stringify(withReason({ relevance: 'x\udc00' })),
      `data.reasons.0.relevance: Relevance ${broken}`,
    ],
  ])('[V8] answers 400 naming %s when it holds a lone surrogate', async (_why, body, message) => {
    expect(body).toMatch(/\\ud[89a-f][0-9a-f]{2}/);
    expectError(await publish(server.app, body), 400, message);
  });
});

describe('limits (PRODUCT §3.3)', () => {
  it.each([
    ['the title', mapRequest({ title: 't'.repeat(301) }), 'data.title: Title must be at most 300 characters'],
    [
      'the title once trimmed',
      mapRequest({ title: ` ${'t'.repeat(301)} ` }),
      'data.title: Title must be at most 300 characters',
    ],
    [
      'the description',
      mapRequest({ description: 'd'.repeat(20_001) }),
      'data.description: Description must be at most 20,000 characters',
    ],
    [
      'a reason title',
      withReason({ title: 'r'.repeat(501) }),
      'data.reasons.0.title: Reason title must be at most 500 characters',
    ],
    [
      'a relevance',
      withReason({ relevance: 'v'.repeat(20_001) }),
      'data.reasons.0.relevance: Relevance must be at most 20,000 characters',
    ],
  ])('answers 400 for %s over its limit', async (_why, body, message) => {
    expectError(await publish(server.app, body), 400, message);
  });

  it('answers 400 for more than 1,000 reasons', async () => {
    const reasons = Array.from({ length: 1001 }, () => reason({ relevance: null }));
    expectError(
      await publish(server.app, mapRequest({ reasons })),
      400,
      'data.reasons: A map can have at most 1,000 reasons',
    );
  });

  it('applies the configured limits, and names them', async () => {
    const strict = await startServer({ env: { MAX_TITLE_LENGTH: '10', MAX_REASONS: '2' } });
    try {
      expectError(
        await publish(strict.app, mapRequest({ title: 'Eleven char' })),
        400,
        'data.title: Title must be at most 10 characters',
      );
      const reasons = [reason(), reason(), reason()];
      expectError(
        await publish(strict.app, mapRequest({ title: 'Ten chars!', reasons })),
        400,
        /at most 2 reasons/,
      );
      expect(countStoredMaps(strict.dbPath)).toBe(0);

      // PRODUCT §3.3: the forms ask for the same limits, to check them as the user types.
      const limits = await strict.app.inject({ url: '/api/limits' });
      expect(limits.statusCode).toBe(200);
      expect(limits.headers['cache-control']).toBe('public, max-age=60');
      expect(limits.json()).toEqual({
        status: 'ok',
        limits: {
          titleLength: 10,
          descriptionLength: 20_000,
          reasonTitleLength: 500,
          relevanceLength: 20_000,
          reasonCount: 2,
        },
      });
    } finally {
      await strict.close();
    }
  });
});

describe('duplicate reason ids', () => {
  it('answers 400 naming the id and where it repeats', async () => {
    const first = reason();
    const body = mapRequest({ reasons: [first, reason(), reason({ id: first.id, title: 'Another' })] });
    expectError(
      await publish(server.app, body),
      400,
      `data.reasons.2.id: Reason id ${first.id} appears twice`,
    );
  });

  it('treats ids differing only in case as the same', async () => {
    const first = reason();
    const body = mapRequest({ reasons: [first, reason({ id: first.id.toUpperCase() })] });
    expectError(await publish(server.app, body), 400, /^data\.reasons\.1\.id: .* appears twice$/);
  });
});

describe('keys that could poison prototypes', () => {
  const valid = JSON.stringify(mapRequest());
  it.each([
    ['__proto__ at the top', valid.replace('{', '{"__proto__":{"isAdmin":true},'), /"__proto__"/],
    ['__proto__ in data', valid.replace('"data":{', '"data":{"__proto__":{"title":"x"},'), /"__proto__"/],
    [
      '__proto__ in a reason',
      valid.replace('"reasons":[{', '"reasons":[{"__proto__":{"polluted":1},'),
      /"__proto__"/,
    ],
    [
      'constructor.prototype',
      valid.replace('{', '{"constructor":{"prototype":{"polluted":1}},'),
      /"constructor"/,
    ],
    [
      'constructor in a reason',
      valid.replace('"reasons":[{', '"reasons":[{"constructor":"x",'),
      /"constructor"/,
    ],
  ])('answers 400 for %s and pollutes nothing', async (_why, body, message) => {
    expectError(await publish(server.app, body), 400, message);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('finds __proto__ at any depth a map body may have', async () => {
    const prefix = '{"version":"1.0","data":{"title":"x","description":null,"reasons":[],"extra":';
    const deep = `${prefix}${'{"b":'.repeat(4)}{"__proto__":1}${'}'.repeat(4)}}}`;
    expectError(await publish(server.app, deep), 400, 'Request body must not contain the key "__proto__"');
  });

  // Bodies under the size limit that would become huge object graphs are refused before they are
  // parsed (PRODUCT §14): nesting deeper than a map's, or more values than a map within the limits.
  it.each([
    [
      '300,000 objects nested under an unknown field',
      `{"version":"1.0","data":{"title":"x","description":null,"reasons":[],"extra":${'{"b":'.repeat(300_000)}{"__proto__":1}${'}'.repeat(300_000)}}}`,
      'Request body is nested too deeply for a belief map (at most 8 levels)',
    ],
    [
      'a million nested arrays',
      '['.repeat(1_000_000) + ']'.repeat(1_000_000),
      'Request body is nested too deeply for a belief map (at most 8 levels)',
    ],
    [
      'a million numbers in one array',
      `[${'0,'.repeat(1_000_000)}0]`,
      'Request body holds more values than a belief map within the limits can have',
    ],
    [
      'a valid map with 700,000 empty objects under an unknown field',
      `{"version":"1.0","data":{"title":"x","description":null,"reasons":[]},"junk":[${Array(699_000).fill('{}').join(',')}]}`,
      'Request body holds more values than a belief map within the limits can have',
    ],
    [
      'a description of 2 MiB',
      JSON.stringify(mapRequest({ description: 'why '.repeat(500_000) })).slice(0, 2 * 1024 * 1024 - 3) +
        '"}}',
      'Request body holds a text longer than any field of a belief map within the limits',
    ],
  ])('refuses %s, whatever else it holds', async (_what, body, message) => {
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(2 * 1024 * 1024);
    expectError(await publish(server.app, body), 400, message);
  });

  it('takes the same words as text: a map may be titled "__proto__"', async () => {
    const id = await publishOk(server.app, mapRequest({ title: '__proto__', description: 'constructor' }));
    expect(id).toMatch(/^proto-[a-z0-9]{12}$/);
    expect(countStoredMaps(server.dbPath)).toBe(1);
    // Leave the database empty for the check after each test.
    await server.store.deleteExpired(new Date(server.clock.now().getTime() + lifetimeMs));
  });
});

describe('bodies that are not valid UTF-8 (PRODUCT §5.3)', () => {
  /** A valid request as bytes, with `bytes` put in place of the description's text. */
  function withDescriptionBytes(bytes: number[]): Buffer {
    const [before, after] = JSON.stringify(mapRequest({ description: '@@' })).split('@@') as [string, string];
    return Buffer.concat([Buffer.from(before), Buffer.from(bytes), Buffer.from(after)]);
  }

  // Each invalid byte would become U+FFFD, three bytes: a body could be stored three times its size.
  it.each([
    ['lone continuation bytes', [0x80, 0x80, 0x80]],
    ['a byte that never occurs in UTF-8', [0xff]],
    ['a truncated sequence', [0xe2, 0x82]],
    ['an overlong encoding', [0xc0, 0xaf]],
    ['an encoded surrogate', [0xed, 0xa0, 0x80]],
  ])('answers 400 for %s, and stores nothing', async (_what, bytes) => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/map/create',
      headers: json,
      payload: withDescriptionBytes(bytes),
    });
    expectError(response, 400, 'Request body is not valid UTF-8');
  });
});
