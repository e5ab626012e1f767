import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcSeed } from './test-support/map-arbitraries';
import type { MapId } from './map-id';
import {
  decodeResponsesCursor,
  encodeResponsesCursor,
  listingRefusal,
  parseBasedOn,
  parseResponseFields,
  responsesCursorError,
} from './responses';

// Random tests are seeded and print their seed; rerun a failure with FC_SEED=<seed>.
const seed = fcSeed;
console.log(`responses.test.ts: fast-check seed ${seed}`);

const id = (text: string) => text as MapId;
const idChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'.split(''));
const anyId = fc.string({ unit: idChar, minLength: 1, maxLength: 120 }).map(id);
const anyTime = fc
  .date({
    min: new Date('2000-01-01T00:00:00.000Z'),
    max: new Date('2999-12-31T23:59:59.999Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString());

describe('responses cursor', () => {
  it('[A1] gives back the position it was made from, as base64url', () => {
    fc.assert(
      fc.property(anyTime, anyId, (published, mapId) => {
        const cursor = encodeResponsesCursor({ published, id: mapId });
        expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(decodeResponsesCursor(cursor)).toEqual({ ok: true, value: { published, id: mapId } });
      }),
      { seed, numRuns: 300 },
    );
  });

  const good = encodeResponsesCursor({ published: '2026-11-20T10:00:00.000Z', id: id('a-k3j9x2m7qa1b') });
  const b64 = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

  it.each([
    ['empty', ''],
    ['not base64url', 'abc$def'],
    ['padded', `${good}==`],
    ['another version', b64('r2|2026-11-20T10:00:00.000Z|a-k3j9x2m7qa1b')],
    ['a time of another form', b64('r1|2026-11-20 10:00:00|a-k3j9x2m7qa1b')],
    ['a date that does not exist', b64('r1|2026-13-45T10:00:00.000Z|a-k3j9x2m7qa1b')],
    ['a draft id', b64('r1|2026-11-20T10:00:00.000Z|draft.a')],
    ['an id with capitals', b64('r1|2026-11-20T10:00:00.000Z|Abc')],
    ['an extra field', b64('r1|2026-11-20T10:00:00.000Z|abc|x')],
    ['a missing id', b64('r1|2026-11-20T10:00:00.000Z')],
    ['SQL', b64("r1|2026-11-20T10:00:00.000Z|a' OR 1=1 --")],
    ['other trailing bits', `${good.slice(0, -1)}${good.endsWith('A') ? 'B' : 'A'}`],
    ['very long', 'A'.repeat(10_000)],
  ])('[A1] refuses a cursor that is not ours: %s', (_name, cursor) => {
    expect(decodeResponsesCursor(cursor)).toEqual({ ok: false, error: responsesCursorError });
  });
});

describe('basedOn', () => {
  it.each([
    [undefined, null],
    [null, null],
    ['default', 'default'],
    ['help-example-alice-1', 'help-example-alice-1'],
    ['bike-lanes-k3j9x2m7qa1b', 'bike-lanes-k3j9x2m7qa1b'],
  ])('[A2] accepts %j as %j', (input, expected) => {
    expect(parseBasedOn(input)).toEqual({ ok: true, value: expected });
  });

  it.each([
    [42, 'basedOn must be a map id or null'],
    [['a'], 'basedOn must be a map id or null'],
    ['', 'basedOn  is not a map id'],
    ['Not An Id', 'basedOn Not An Id is not a map id'],
    ['draft.default', 'basedOn must name a published map, not a draft: draft.default'],
    [
      'draft.bike-lanes-k3j9x2m7qa1b',
      'basedOn must name a published map, not a draft: draft.bike-lanes-k3j9x2m7qa1b',
    ],
    ['local--k3j9x2m7qa1b', 'basedOn local--k3j9x2m7qa1b names no published map'],
  ])('[A2] refuses %j', (input, message) => {
    expect(parseBasedOn(input)).toEqual({ ok: false, error: message });
  });
});

describe('listing', () => {
  it.each([
    [true, 'bike-lanes-k3j9x2m7qa1b', null],
    [false, 'bike-lanes-k3j9x2m7qa1b', 'The author did not ask to be listed'],
    [true, null, 'Only a map that answers a published map is listed'],
    [true, 'default', 'A map that answers a built-in map is never listed'],
    [true, 'help-example-alice-1', 'A map that answers a built-in map is never listed'],
  ])('[A3] listed %j, basedOn %j: %j', (listed, basedOn, refusal) => {
    expect(listingRefusal(listed, basedOn === null ? null : id(basedOn))).toBe(refusal);
  });
});

describe('response fields of a publish', () => {
  it.each([
    [{}, { basedOn: null, listed: false }],
    [{ basedOn: 'bike-lanes-k3j9x2m7qa1b' }, { basedOn: 'bike-lanes-k3j9x2m7qa1b', listed: false }],
    [
      { basedOn: 'bike-lanes-k3j9x2m7qa1b', listed: true },
      { basedOn: 'bike-lanes-k3j9x2m7qa1b', listed: true },
    ],
    [
      { basedOn: null, listed: false },
      { basedOn: null, listed: false },
    ],
  ])('[A2] reads %j', (body, fields) => {
    expect(parseResponseFields(body)).toEqual({ ok: true, value: fields });
  });

  it.each([
    [{ listed: 'yes' }, 'listed must be true or false'],
    [{ listed: 1 }, 'listed must be true or false'],
    [{ basedOn: 'draft.x', listed: true }, 'basedOn must name a published map, not a draft: draft.x'],
  ])('[A2] refuses %j', (body, message) => {
    expect(parseResponseFields(body)).toEqual({ ok: false, error: message });
  });
});
