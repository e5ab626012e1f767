import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxMapIdLength } from './limits';
import { newLocalDraftId } from './local-draft-id';
import { fcSeed } from './test-support/map-arbitraries';
import {
  defaultMapId,
  isLocalBaseId,
  draftPrefix,
  isMapId,
  mapIdFormatError,
  parseMapId,
  toDraftId,
  type MapId,
} from './map-id';

// Random tests are seeded and print their seed; rerun a failure with FC_SEED=<seed>.
const seed = fcSeed;
const numRuns = 300;
console.log(`map-id.test.ts: fast-check seed ${seed}`);

const baseIdChar = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-'.split(''));
const validBaseId = fc.string({ unit: baseIdChar, minLength: 1, maxLength: maxMapIdLength });

describe('parseMapId', () => {
  it.each([
    ['default', 'default'],
    ['help-example-alice-1', 'help-example-alice-1'],
    ['more-bike-lanes-on-main-street-k3j9x2m7qa', 'more-bike-lanes-on-main-street-k3j9x2m7qa'],
    ['k3j9x2m7qa12', 'k3j9x2m7qa12'],
    ['0', '0'],
    ['-', '-'],
    ['draftdefault', 'draftdefault'],
    ['draft-default', 'draft-default'],
  ])('[I1] %s is a published id with base id %s', (input, baseId) => {
    expect(parseMapId(input)).toEqual({
      ok: true,
      value: { input, isDraft: false, baseId, draftId: `draft.${baseId}` },
    });
  });

  it.each([
    ['draft.default', 'default'],
    ['draft.help-example-icons', 'help-example-icons'],
    ['draft.abc-123', 'abc-123'],
  ])('[I1] %s is a draft id with base id %s', (input, baseId) => {
    expect(parseMapId(input)).toEqual({ ok: true, value: { input, isDraft: true, baseId, draftId: input } });
  });

  it.each([
    ['empty', ''],
    ['an empty base after the prefix', 'draft.'],
    ['a second draft prefix', 'draft.draft.default'],
    ['capitals', 'Default'],
    ['a capital draft prefix', 'Draft.default'],
    ['a dot', 'help.example'],
    ['a slash', 'abc/def'],
    ['a path traversal', '../etc/passwd'],
    ['a space', 'abc def'],
    ['a leading space', ' default'],
    ['a trailing newline', 'default\n'],
    ['an underscore', 'abc_def'],
    ['a percent escape', 'abc%20def'],
    ['a query string', 'abc?x=1'],
    ['an accented letter', 'café'],
    ['full-width letters', 'ａｂｃ'],
    ['a draft prefix with a bad base', 'draft.Bad'],
  ])('[I2] an id with %s fails with the format message naming the id', (_label, input) => {
    expect(parseMapId(input)).toEqual({ ok: false, error: `Map id ${input} does not match expected format` });
  });

  it('[I2] a base id of exactly the maximum length passes, one character more fails', () => {
    const longest = 'a'.repeat(maxMapIdLength);
    expect(maxMapIdLength).toBe(120);
    expect(parseMapId(longest).ok).toBe(true);
    expect(parseMapId(`draft.${longest}`).ok).toBe(true);
    expect(parseMapId(`${longest}a`)).toEqual({ ok: false, error: mapIdFormatError(`${longest}a`) });
    expect(parseMapId(`draft.${longest}a`)).toEqual({
      ok: false,
      error: mapIdFormatError(`draft.${longest}a`),
    });
  });

  it('[I2] the error message is exactly the text of PRODUCT §4.1', () => {
    expect(mapIdFormatError('x y')).toBe('Map id x y does not match expected format');
  });

  it('[I1][I3] every valid base id parses, alone and with the draft prefix, to the same base and draft id', () => {
    fc.assert(
      fc.property(validBaseId, (baseId) => {
        const published = parseMapId(baseId);
        const draft = parseMapId(draftPrefix + baseId);
        expect(published).toEqual({
          ok: true,
          value: { input: baseId, isDraft: false, baseId, draftId: `draft.${baseId}` },
        });
        expect(draft).toEqual({
          ok: true,
          value: { input: `draft.${baseId}`, isDraft: true, baseId, draftId: `draft.${baseId}` },
        });
      }),
      { seed, numRuns },
    );
  });

  it('[I2] an id parses exactly when its base matches /^[a-z0-9-]{1,120}$/; a failure names the input', () => {
    const anyId = fc.oneof(
      fc.string({ maxLength: 130 }),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc.string({ unit: fc.constantFrom(...'abcXYZ019-._/ é'.split('')), maxLength: 20 }),
      fc
        .string({ unit: fc.constantFrom(...'abcXYZ019-._/ é'.split('')), maxLength: 20 })
        .map((s) => `draft.${s}`),
    );
    fc.assert(
      fc.property(anyId, (input) => {
        const base = input.startsWith('draft.') ? input.slice('draft.'.length) : input;
        const expected = /^[a-z0-9-]{1,120}$/.test(base);
        const result = parseMapId(input);
        expect(result.ok).toBe(expected);
        if (!result.ok) expect(result.error).toBe(`Map id ${input} does not match expected format`);
      }),
      { seed, numRuns },
    );
  });

  it('[I3] the draft id of a parsed id parses back to a draft of the same base', () => {
    fc.assert(
      fc.property(validBaseId, fc.boolean(), (baseId, asDraft) => {
        const first = parseMapId(asDraft ? `draft.${baseId}` : baseId);
        if (!first.ok) throw new Error(first.error);
        const again = parseMapId(first.value.draftId);
        expect(again).toEqual({
          ok: true,
          value: { input: first.value.draftId, isDraft: true, baseId, draftId: first.value.draftId },
        });
      }),
      { seed, numRuns },
    );
  });
});

describe('isMapId', () => {
  it.each(['default', 'help-example-bob-2', 'a', '123', 'a-b-c', 'a'.repeat(120)])(
    '[I2] %s is a base id',
    (id) => {
      expect(isMapId(id)).toBe(true);
    },
  );

  it.each(['', 'draft.default', 'Default', 'a.b', 'a b', 'a/b', 'é', 'a\n', 'a'.repeat(121)])(
    '[I2] %j is not a base id (a draft id is not one either)',
    (id) => {
      expect(isMapId(id)).toBe(false);
    },
  );

  it('[I2] agrees with parseMapId on ids without the draft prefix', () => {
    fc.assert(
      fc.property(
        fc.oneof(validBaseId, fc.string({ maxLength: 130 })).filter((id) => !id.startsWith('draft.')),
        (id) => {
          expect(isMapId(id)).toBe(parseMapId(id).ok);
        },
      ),
      { seed, numRuns },
    );
  });
});

describe('toDraftId', () => {
  it.each([
    ['default', 'draft.default'],
    ['help-example-icons', 'draft.help-example-icons'],
  ])('[I3] the draft id of %s is %s', (baseId, draftId) => {
    expect(toDraftId(baseId as MapId)).toBe(draftId);
  });

  it('[I3] the default draft id is draft.default', () => {
    expect(toDraftId(defaultMapId)).toBe('draft.default');
  });

  it('[I3] agrees with the draftId that parseMapId derives', () => {
    fc.assert(
      fc.property(validBaseId, (baseId) => {
        const parsed = parseMapId(baseId);
        if (!parsed.ok) throw new Error(parsed.error);
        expect(toDraftId(parsed.value.baseId)).toBe(parsed.value.draftId);
      }),
      { seed, numRuns },
    );
  });
});

describe('[I5] drafts of nothing published', () => {
  it('have a draft id that parses, with a base id no published id can be', () => {
    const id = newLocalDraftId();
    expect(id).toMatch(/^draft\.local--[a-z0-9]{12}$/);
    const parsed = parseMapId(id);
    expect(parsed.ok && parsed.value.isDraft && isLocalBaseId(parsed.value.baseId)).toBe(true);
    expect(newLocalDraftId()).not.toBe(id);
    expect(isLocalBaseId('local-roads-k3j9x2m7qa1b')).toBe(false);
  });
});
