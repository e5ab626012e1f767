import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  createMapRequestSchema,
  createSchemas,
  describeFirstIssue,
  draftSchema,
  mapDataSchema,
  mapVersion,
  publishedMapSchema,
  reasonSchema,
  validate,
} from './belief-map';
import { defaultLimits, type MapLimits } from './limits';
import { beliefValues, supportValues } from './ratings';
import { reasonId } from './test-support/builders';
import { fcParams, fcSeed as seed } from './test-support/map-arbitraries';

const numRuns = 100;
// Random tests are seeded (FC_SEED=<seed> repeats a run) and print their seed.
console.log(`belief-map.test.ts: fast-check seed ${seed}`);

const published = '2026-11-20T10:00:00.000Z';

function rawReason(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 'a6f1f0f4-1f6e-4c59-9c39-3d7b0b6f2c11',
    title: 'Bike lanes make cycling safer',
    relevance: 'Safety is the main reason people give for not cycling.',
    belief: 'agree',
    support: 'strong-support',
    ...overrides,
  };
}

function rawMap(dataOverrides: Record<string, unknown> = {}, topOverrides: Record<string, unknown> = {}) {
  return {
    version: '1.0',
    published,
    data: {
      title: 'Main Street should get a protected bike lane',
      description: 'The town council votes on it in March.',
      reasons: [rawReason()],
      ...dataOverrides,
    },
    ...topOverrides,
  };
}

function withReason(overrides: Record<string, unknown>) {
  return rawMap({ reasons: [rawReason({ id: reasonId(1) }), rawReason(overrides)] });
}

/** Expects `schema` to reject `input`, with the first issue at `path` and a message containing `message`. */
function expectInvalid(schema: z.core.$ZodType, input: unknown, path: string, message: string | RegExp) {
  const result = validate(schema, input);
  expect(result.ok).toBe(false);
  if (result.ok) return;
  if (path) expect(result.error.startsWith(`${path}: `)).toBe(true);
  else expect(result.error).not.toMatch(/^[\w.]+: /);
  if (typeof message === 'string') expect(result.error).toContain(message);
  else expect(result.error).toMatch(message);
}

/** Expects a published map whose `published` is `value` to be rejected there, as no ISO time. */
function expectPublishedRejected(value: unknown) {
  expectInvalid(
    publishedMapSchema,
    rawMap({}, { published: value }),
    'published',
    'must be an ISO timestamp',
  );
}

describe('publishedMapSchema: valid maps', () => {
  it('[V1] a complete map passes unchanged', () => {
    const input = rawMap();
    expect(publishedMapSchema.parse(input)).toEqual(input);
  });

  it('[V1] a map with no reasons and a null description passes', () => {
    const input = rawMap({ description: null, reasons: [] });
    expect(publishedMapSchema.parse(input)).toEqual(input);
  });

  it.each<[string, Record<string, unknown>]>([
    ['a null belief and support', { belief: null, support: null }],
    ['a null relevance', { relevance: null }],
    ...beliefValues.map((belief): [string, Record<string, unknown>] => [`belief ${belief}`, { belief }]),
    ...supportValues.map((support): [string, Record<string, unknown>] => [`support ${support}`, { support }]),
  ])('[V4] a reason with %s passes', (_label, overrides) => {
    const input = rawMap({ reasons: [rawReason(overrides)] });
    expect(publishedMapSchema.parse(input)).toEqual(input);
  });

  it('[V1] the input is not mutated by parsing', () => {
    const input = rawMap({ title: '  padded  ', description: '   ' }, { extra: true });
    const before = structuredClone(input);
    publishedMapSchema.parse(input);
    expect(input).toEqual(before);
  });

  it('[V1] published accepts ISO timestamps with any fraction of a second, in UTC', () => {
    for (const time of ['2026-11-20T10:00:00Z', '2026-11-20T10:00:00.1Z', '2026-11-20T10:00:00.123456Z']) {
      expect(validate(publishedMapSchema, rawMap({}, { published: time })).ok).toBe(true);
    }
  });
});

describe('publishedMapSchema: version and top level (V1)', () => {
  it.each([
    ['2.0', '2.0'],
    ['1', '1'],
    ['1.0 with spaces', ' 1.0 '],
    ['the number 1', 1],
    ['null', null],
  ])('[V1] version %s is rejected', (_label, version) => {
    expectInvalid(publishedMapSchema, rawMap({}, { version }), 'version', 'Version must be "1.0"');
  });

  it('[V1] a missing version is rejected', () => {
    const { version: _version, ...input } = rawMap();
    expectInvalid(publishedMapSchema, input, 'version', 'Version must be "1.0"');
  });

  it('[V1] the version constant is "1.0"', () => {
    expect(mapVersion).toBe('1.0');
  });

  it.each([
    ['a date without time', '2026-11-20'],
    ['free text', 'yesterday'],
    ['a number', 1_700_000_000_000],
    ['null', null],
    ['an offset instead of Z', '2026-11-20T10:00:00+02:00'],
    ['an impossible date', '2026-13-45T10:00:00Z'],
  ])('[V1] published as %s is rejected', (_label, value) => {
    expectPublishedRejected(value);
  });

  it('[V1] a missing published is rejected', () => {
    const { published: _published, ...input } = rawMap();
    expectInvalid(publishedMapSchema, input, 'published', 'must be an ISO timestamp');
  });

  it.each([
    ['missing', undefined],
    ['a string', 'map'],
    ['an array', []],
    ['null', null],
  ])('[V1] data that is %s is rejected at path data', (_label, data) => {
    expectInvalid(publishedMapSchema, { version: '1.0', published, data }, 'data', /expected object/);
  });

  it.each([
    ['null', null],
    ['a string', '{"version":"1.0"}'],
    ['an array', []],
    ['a number', 42],
  ])('[V1] an input that is %s is rejected with an empty path', (_label, input) => {
    expectInvalid(publishedMapSchema, input, '', /expected object/);
  });
});

// Titles that look empty on screen are refused as empty ones are: whitespace, control (Cc) and
// format (Cf) characters, and the letters that render blank.
const invisibleTitles: [string, string][] = [
  ['a zero-width space (U+200B)', '\u200b'],
  ['a byte-order mark (U+FEFF) between spaces', ' \ufeff '],
  ['a word joiner (U+2060)', '\u2060'],
  ['NUL', '\u0000'],
  ['other control characters', '\u0001\u001f\u007f\u0085'],
  ['direction marks (U+200E, U+200F, U+202E)', '\u200e\u200f\u202e'],
  ['a soft hyphen (U+00AD)', '\u00ad'],
  ['a tag character (U+E0041)', '\u{e0041}'],
  ['Hangul fillers (U+115F, U+1160, U+3164, U+FFA0)', '\u115f\u1160\u3164\uffa0'],
  ['a blank Braille pattern (U+2800)', '\u2800'],
  ['a combining grapheme joiner (U+034F)', '\u034f'],
  ['variation selectors (U+FE00, U+FE0F)', '\ufe00\ufe0f'],
  ['a Mongolian variation selector (U+180B)', '\u180b'],
  ['a Khmer inherent vowel (U+17B4)', '\u17b4'],
  ['a supplementary variation selector (U+E0100)', '\u{e0100}'],
  ['a word joiner and a grapheme joiner (U+2060, U+034F)', '\u2060\u034f'],
  ['a mix of all of them with spaces', ' \u200b\t\u2800\u0000\u3164 \ufeff\u034f\ufe0f'],
  ['a musical null notehead (U+1D159)', '\u{1d159}'],
  ['musical beam and phrase marks (U+1D173–U+1D17A)', '\u{1d173}\u{1d176}\u{1d17a}'],
  ['a null notehead among spaces and joiners', ' \u{1d159}\u200d\u{1d159} '],
];

/**
 * Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt), which renders nothing, and
 * its White_Space, as ranges written out here, independently of the schema's regex.
 */
const defaultIgnorable: [number, number][] = [
  [0x00ad, 0x00ad],
  [0x034f, 0x034f],
  [0x061c, 0x061c],
  [0x115f, 0x1160],
  [0x17b4, 0x17b5],
  [0x180b, 0x180f],
  [0x200b, 0x200f],
  [0x202a, 0x202e],
  [0x2060, 0x206f],
  [0x3164, 0x3164],
  [0xfe00, 0xfe0f],
  [0xfeff, 0xfeff],
  [0xffa0, 0xffa0],
  [0xfff0, 0xfff8],
  [0x1bca0, 0x1bca3],
  [0x1d173, 0x1d17a],
  [0xe0000, 0xe0fff],
];
const whiteSpace: [number, number][] = [
  [0x0009, 0x000d],
  [0x0020, 0x0020],
  [0x0085, 0x0085],
  [0x00a0, 0x00a0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
];
/** The musical symbols that draw nothing and are neither default-ignorable nor Cf: the null notehead. */
const musicalInvisible: [number, number][] = [[0x1d159, 0x1d159]];
const inRanges = (ranges: [number, number][], code: number) =>
  ranges.some(([low, high]) => code >= low && code <= high);

const invisibleCharArb = fc
  .constantFrom(...defaultIgnorable, ...whiteSpace, ...musicalInvisible)
  .chain(([low, high]) => fc.integer({ min: low, max: high }))
  .map((code) => String.fromCodePoint(code));
const invisibleTextArb = (minLength: number) =>
  fc.array(invisibleCharArb, { minLength, maxLength: 20 }).map((chars) => chars.join(''));
/** Any letter (L) that is not default-ignorable, as the Hangul fillers are. */
const visibleLetterArb = fc
  .integer({ min: 0x41, max: 0x10ffff })
  .filter(
    (code) =>
      !inRanges(defaultIgnorable, code) &&
      !inRanges(musicalInvisible, code) &&
      /^\p{L}$/u.test(String.fromCodePoint(code)),
  )
  .map((code) => String.fromCodePoint(code));
const visibleTitleArb = fc
  .tuple(invisibleTextArb(0), visibleLetterArb, invisibleTextArb(0))
  .map(([before, letter, after]) => before + letter + after);

describe('[V2] titles are visible when they hold one visible letter, whatever surrounds it', () => {
  it('[V2] a title or reason title made only of default-ignorable characters and whitespace is refused', () => {
    fc.assert(
      fc.property(invisibleTextArb(1), (title) => {
        expectInvalid(publishedMapSchema, rawMap({ title }), 'data.title', 'Title is required');
        expectInvalid(
          publishedMapSchema,
          withReason({ title }),
          'data.reasons.1.title',
          'Reason title is required',
        );
      }),
      fcParams,
    );
  });

  it('[V2] a title or reason title with one visible letter among them is accepted, trimmed', () => {
    fc.assert(
      fc.property(visibleTitleArb, (title) => {
        expect(publishedMapSchema.parse(rawMap({ title })).data.title).toBe(title.trim());
        expect(publishedMapSchema.parse(withReason({ title })).data.reasons[1]?.title).toBe(title.trim());
      }),
      fcParams,
    );
  });
});

/**
 * Every code point the engine's Unicode calls Default_Ignorable_Code_Point or a format character
 * (Cf), and the musical null notehead: each draws nothing, alone or among the others.
 */
const drawsNothing: number[] = [];
for (let code = 0; code <= 0x10ffff; code++) {
  if (code >= 0xd800 && code <= 0xdfff) continue;
  const char = String.fromCodePoint(code);
  if (/\p{Default_Ignorable_Code_Point}|\p{Cf}/u.test(char) || inRanges(musicalInvisible, code))
    drawsNothing.push(code);
}

describe('[V2] every default-ignorable and format character draws nothing', () => {
  it('[V2] the set holds the musical marks and the tag characters', () => {
    for (const code of [0x1d159, 0x1d173, 0x1d17a, 0x200b, 0xfeff, 0xe0001, 0xe007f, 0x0600])
      expect(drawsNothing).toContain(code);
  });

  it('[V2] each of them alone, or between spaces, is refused as a title and a reason title', () => {
    const accepted = drawsNothing.filter((code) => {
      const char = String.fromCodePoint(code);
      return [char, ` ${char}\t`].some(
        (title) =>
          validate(publishedMapSchema, rawMap({ title })).ok ||
          validate(publishedMapSchema, withReason({ title })).ok,
      );
    });
    expect(accepted.map((code) => `U+${code.toString(16).toUpperCase()}`)).toEqual([]);
  });

  it('[V2] any run of them is refused; one visible letter among them is accepted', () => {
    const charArb = fc.constantFrom(...drawsNothing).map((code) => String.fromCodePoint(code));
    fc.assert(
      fc.property(
        fc.array(charArb, { minLength: 1, maxLength: 12 }),
        fc.nat(),
        visibleLetterArb,
        (chars, at, letter) => {
          const title = chars.join('');
          expectInvalid(publishedMapSchema, rawMap({ title }), 'data.title', 'Title is required');
          const place = at % (chars.length + 1);
          const visible = [...chars.slice(0, place), letter, ...chars.slice(place)].join('');
          expect(validate(publishedMapSchema, rawMap({ title: visible })).ok).toBe(true);
        },
      ),
      fcParams,
    );
  });
});

/** The map's text fields and how to put `text` in each. */
const textFields: [string, (text: string) => unknown][] = [
  ['data.title', (title) => rawMap({ title })],
  ['data.description', (description) => rawMap({ description })],
  ['data.reasons.1.title', (title) => withReason({ title })],
  ['data.reasons.1.relevance', (relevance) => withReason({ relevance })],
  ['basedOn', (basedOn) => rawMap({}, { basedOn })],
];

describe('[V8] no text of a map holds a lone surrogate', () => {
  const lone: [string, string][] = [
    ['a high surrogate alone', '\ud800'],
    ['a low surrogate alone', '\udc00'],
    ['a high surrogate before a letter', 'Bike \udbff lanes'],
    ['a high surrogate at the end', 'Bike lanes\ud83d'],
    ['a low surrogate before its high one', 'Bike \ude00\ud83d lanes'],
  ];
  const cases = textFields.flatMap(([path, put]) =>
    lone.map(([label, text]) => [path, label, put(text)] as const),
  );

  it.each(cases)('[V8] %s with %s is refused there, naming the field', (path, _label, input) => {
    expectInvalid(publishedMapSchema, input, path, 'holds a broken character (a lone UTF-16 surrogate)');
  });

  it.each(textFields)('[V8] %s with a surrogate pair (an emoji) is kept as typed', (_path, put) => {
    expect(validate(publishedMapSchema, put('Bike lanes \ud83d\udeb2')).ok).toBe(true);
  });

  it('[V8] a lone surrogate anywhere in any text field is refused at that field', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...textFields),
        fc.string({ minLength: 1 }),
        fc.integer({ min: 0xd800, max: 0xdfff }),
        fc.string(),
        ([path, put], before, surrogate, after) => {
          const text = before + String.fromCharCode(surrogate) + after;
          expectInvalid(publishedMapSchema, put(text), path, 'lone UTF-16 surrogate');
          // A publish request has no basedOn of its own to check: it is dropped (V6).
          if (path !== 'basedOn')
            expectInvalid(createMapRequestSchema, put(text), path, 'lone UTF-16 surrogate');
        },
      ),
      fcParams,
    );
  });
});

describe('publishedMapSchema: map fields', () => {
  it.each([
    ['missing', undefined],
    ['a number', 5],
    ['null', null],
    ['empty', ''],
    ['blank', ' \t\n '],
  ])('[V2] a title that is %s is rejected at data.title', (_label, title) => {
    expectInvalid(publishedMapSchema, rawMap({ title }), 'data.title', 'Title is required');
  });

  it.each(invisibleTitles)('[V2] a title made only of %s is rejected as empty', (_label, title) => {
    expectInvalid(publishedMapSchema, rawMap({ title }), 'data.title', 'Title is required');
  });

  it.each([
    ['a letter after a zero-width space', '\u200bA'],
    ['an emoji', '🚲'],
    ['a Hangul syllable', '한'],
    ['a Braille letter', '\u2801'],
  ])('[V2] a title with %s is visible and kept as typed', (_label, title) => {
    expect(publishedMapSchema.parse(rawMap({ title })).data.title).toBe(title);
  });

  it('[V2] the title is trimmed', () => {
    expect(publishedMapSchema.parse(rawMap({ title: '  \t Bike lanes \n ' })).data.title).toBe('Bike lanes');
  });

  it('[V2] inner whitespace of a title is kept', () => {
    expect(publishedMapSchema.parse(rawMap({ title: ' a   b ' })).data.title).toBe('a   b');
  });

  it('[V2] a title of 300 characters passes, even with surrounding spaces; 301 fails', () => {
    const longest = 'x'.repeat(300);
    expect(publishedMapSchema.parse(rawMap({ title: longest })).data.title).toBe(longest);
    expect(publishedMapSchema.parse(rawMap({ title: `   ${longest}   ` })).data.title).toBe(longest);
    expectInvalid(
      publishedMapSchema,
      rawMap({ title: `${longest}x` }),
      'data.title',
      'Title must be at most 300 characters',
    );
  });

  it.each([
    ['a number', 3],
    ['an object', { text: 'x' }],
    ['missing', undefined],
  ])('[V3] a description that is %s is rejected at data.description', (_label, description) => {
    expectInvalid(
      publishedMapSchema,
      rawMap({ description }),
      'data.description',
      'Description must be text or null',
    );
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['only newlines and tabs', '\n\t\r\n'],
  ])('[V3] a description that is %s becomes null', (_label, description) => {
    expect(publishedMapSchema.parse(rawMap({ description })).data.description).toBeNull();
  });

  it('[V3] a non-blank description is kept exactly as typed, surrounding whitespace included', () => {
    const description = '  First line\n\nSecond line  ';
    expect(publishedMapSchema.parse(rawMap({ description })).data.description).toBe(description);
  });

  it('[V3] a description of 20,000 characters passes; 20,001 fails with the limit in the message', () => {
    const longest = 'd'.repeat(20_000);
    expect(publishedMapSchema.parse(rawMap({ description: longest })).data.description).toBe(longest);
    expectInvalid(
      publishedMapSchema,
      rawMap({ description: `${longest}d` }),
      'data.description',
      'Description must be at most 20,000 characters',
    );
  });

  it.each([
    ['missing', undefined],
    ['an object', {}],
    ['a string', 'reasons'],
    ['null', null],
  ])('[V5] reasons that are %s are rejected at data.reasons', (_label, reasons) => {
    expectInvalid(publishedMapSchema, rawMap({ reasons }), 'data.reasons', 'Reasons must be a list');
  });
});

describe('publishedMapSchema: reasons', () => {
  it.each([
    ['missing', undefined],
    ['a number', 7],
    ['empty', ''],
    ['blank', '   '],
  ])('[V2] a reason title that is %s is rejected at its path', (_label, title) => {
    expectInvalid(
      publishedMapSchema,
      withReason({ title }),
      'data.reasons.1.title',
      'Reason title is required',
    );
  });

  it.each(invisibleTitles)('[V2] a reason title made only of %s is rejected as empty', (_label, title) => {
    expectInvalid(
      publishedMapSchema,
      withReason({ title }),
      'data.reasons.1.title',
      'Reason title is required',
    );
  });

  it('[V2] a reason title is trimmed', () => {
    const map = publishedMapSchema.parse(withReason({ title: '\t Safer streets  ' }));
    expect(map.data.reasons[1]?.title).toBe('Safer streets');
  });

  it('[V2] a reason title of 500 characters passes; 501 fails', () => {
    const longest = 'r'.repeat(500);
    expect(publishedMapSchema.parse(withReason({ title: ` ${longest} ` })).data.reasons[1]?.title).toBe(
      longest,
    );
    expectInvalid(
      publishedMapSchema,
      withReason({ title: `${longest}r` }),
      'data.reasons.1.title',
      'Reason title must be at most 500 characters',
    );
  });

  it.each([
    ['empty', ''],
    ['blank', ' \n '],
  ])('[V3] a relevance that is %s becomes null', (_label, relevance) => {
    expect(publishedMapSchema.parse(withReason({ relevance })).data.reasons[1]?.relevance).toBeNull();
  });

  it.each([
    ['a number', 1],
    ['missing', undefined],
    ['a list', ['a']],
  ])('[V3] a relevance that is %s is rejected at its path', (_label, relevance) => {
    expectInvalid(
      publishedMapSchema,
      withReason({ relevance }),
      'data.reasons.1.relevance',
      'Relevance must be text or null',
    );
  });

  it('[V3] a relevance of 20,000 characters passes; 20,001 fails', () => {
    const longest = 'v'.repeat(20_000);
    expect(publishedMapSchema.parse(withReason({ relevance: longest })).data.reasons[1]?.relevance).toBe(
      longest,
    );
    expectInvalid(
      publishedMapSchema,
      withReason({ relevance: `${longest}v` }),
      'data.reasons.1.relevance',
      'Relevance must be at most 20,000 characters',
    );
  });

  it.each([
    ['a capitalised value', 'Agree'],
    ['a label instead of a value', 'Strongly agree'],
    ['a support value', 'support'],
    ['an underscore spelling', 'strong_agree'],
    ['a number', 1],
    ['missing', undefined],
    ['empty', ''],
  ])('[V4] a belief that is %s is rejected at its path', (_label, belief) => {
    expectInvalid(
      publishedMapSchema,
      withReason({ belief }),
      'data.reasons.1.belief',
      'Belief must be one of strong-agree, agree, neutral, disagree, strong-disagree or null',
    );
  });

  it.each([
    ['a capitalised value', 'Support'],
    ['a belief value', 'agree'],
    ['a label instead of a value', 'Supports'],
    ['a number', 0],
    ['missing', undefined],
    ['empty', ''],
  ])('[V4] a support that is %s is rejected at its path', (_label, support) => {
    expectInvalid(
      publishedMapSchema,
      withReason({ support }),
      'data.reasons.1.support',
      'Support must be one of strong-support, support, neutral, disconfirm, strong-disconfirm or null',
    );
  });

  it.each([
    ['not a UUID', 'reason-1'],
    ['a UUID without hyphens', 'a6f1f0f41f6e4c599c393d7b0b6f2c11'],
    ['a UUID with braces', '{a6f1f0f4-1f6e-4c59-9c39-3d7b0b6f2c11}'],
    ['a UUID with a trailing character', 'a6f1f0f4-1f6e-4c59-9c39-3d7b0b6f2c11x'],
    ['empty', ''],
    ['a number', 12],
    ['missing', undefined],
  ])('[V5] a reason id that is %s is rejected at its path', (_label, id) => {
    expectInvalid(publishedMapSchema, withReason({ id }), 'data.reasons.1.id', /UUID/);
  });

  it('[V5] a reason that is not an object is rejected at its index', () => {
    expectInvalid(
      publishedMapSchema,
      rawMap({ reasons: [rawReason(), 'reason'] }),
      'data.reasons.1',
      /expected object/,
    );
  });

  it('[V5] a reason id that appears twice is rejected at the second occurrence, naming the id', () => {
    const id = reasonId(7);
    const input = rawMap({
      reasons: [rawReason({ id }), rawReason({ id: reasonId(8) }), rawReason({ id, title: 'Other' })],
    });
    expectInvalid(publishedMapSchema, input, 'data.reasons.2.id', `Reason id ${id} appears twice`);
  });

  it('[V5] the same UUID in different letter case counts as a duplicate', () => {
    const id = 'a6f1f0f4-1f6e-4c59-9c39-3d7b0b6f2c11';
    const input = rawMap({ reasons: [rawReason({ id }), rawReason({ id: id.toUpperCase() })] });
    expectInvalid(publishedMapSchema, input, 'data.reasons.1.id', 'appears twice');
  });

  it('[V5] 1,000 reasons with distinct ids pass; 1,001 fail with the limit in the message', () => {
    const reasons = Array.from({ length: 1_000 }, (_, i) => rawReason({ id: reasonId(i) }));
    expect(publishedMapSchema.parse(rawMap({ reasons })).data.reasons).toHaveLength(1_000);
    expectInvalid(
      publishedMapSchema,
      rawMap({ reasons: [...reasons, rawReason({ id: reasonId(1_000) })] }),
      'data.reasons',
      'A map can have at most 1,000 reasons',
    );
  });

  it('[V5] every reason id from fc.uuid passes, and any two distinct ones may share a map', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.uuid({ version: 4 }), { minLength: 1, maxLength: 5 }), (ids) => {
        const input = rawMap({ reasons: ids.map((id) => rawReason({ id })) });
        expect(publishedMapSchema.parse(input).data.reasons.map((r) => r.id)).toEqual(ids);
      }),
      { seed, numRuns },
    );
  });
});

describe('publishedMapSchema: unknown fields and prototype keys (V6)', () => {
  it('[V6] unknown fields at every level are dropped', () => {
    const input = {
      ...rawMap({ reasons: [{ ...rawReason(), score: 3, html: '<b>' }], owner: 'mallory' }),
      status: 'ok',
      updatedAt: published,
    };
    const map = publishedMapSchema.parse(input);
    expect(Object.keys(map).sort()).toEqual(['data', 'published', 'version']);
    expect(Object.keys(map.data).sort()).toEqual(['description', 'reasons', 'title']);
    expect(Object.keys(map.data.reasons[0]!).sort()).toEqual([
      'belief',
      'id',
      'relevance',
      'support',
      'title',
    ]);
  });

  it('[V6] __proto__ keys in JSON input do not reach the output or any prototype', () => {
    const id = 'a6f1f0f4-1f6e-4c59-9c39-3d7b0b6f2c11';
    const json = `{"__proto__": {"polluted": "top"}, "version": "1.0", "published": "${published}",
      "data": {"__proto__": {"polluted": "data"}, "title": "t", "description": null, "reasons": [
        {"__proto__": {"polluted": "reason"}, "id": "${id}", "title": "r", "relevance": null,
         "belief": null, "support": null}]}}`;
    const input: unknown = JSON.parse(json);
    const map = publishedMapSchema.parse(input);
    for (const value of [map, map.data, map.data.reasons[0]!]) {
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
      expect(Object.prototype.hasOwnProperty.call(value, '__proto__')).toBe(false);
      expect((value as Record<string, unknown>).polluted).toBeUndefined();
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(map)).not.toContain('polluted');
  });

  it('[V6] constructor and prototype keys are dropped like any unknown field', () => {
    const input = JSON.parse(
      JSON.stringify({
        ...rawMap({ constructor: { prototype: { polluted: 1 } } }),
        prototype: { polluted: 1 },
      }),
    ) as unknown;
    const map = publishedMapSchema.parse(input);
    expect(Object.prototype.hasOwnProperty.call(map, 'prototype')).toBe(false);
    expect(Object.prototype.hasOwnProperty.call(map.data, 'constructor')).toBe(false);
    expect(JSON.stringify(map)).not.toContain('polluted');
  });

  it('[V6] the first problem is the one reported, with its full path', () => {
    const input = rawMap({ title: '', reasons: [rawReason({ belief: 'bad' })] });
    const result = validate(publishedMapSchema, input);
    expect(result).toEqual({ ok: false, error: 'data.title: Title is required' });
  });

  it('[V6] a deep problem names its path down to the field (data.reasons.3.belief)', () => {
    const reasons = [0, 1, 2, 3].map((i) => rawReason({ id: reasonId(i) }));
    reasons[3] = rawReason({ id: reasonId(3), belief: 'very' });
    expect(validate(publishedMapSchema, rawMap({ reasons }))).toEqual({
      ok: false,
      error: `data.reasons.3.belief: Belief must be one of ${beliefValues.join(', ')} or null`,
    });
  });

  it('[V6] parsing is idempotent: a parsed map parses to itself', () => {
    const text = fc.string({ maxLength: 30 });
    const reasonArb = fc.record({
      id: fc.uuid({ version: 4 }),
      title: text.filter((t) => t.trim() !== ''),
      relevance: fc.option(text),
      belief: fc.constantFrom(...beliefValues, null),
      support: fc.constantFrom(...supportValues, null),
    });
    const mapArb = fc.record({
      title: text.filter((t) => t.trim() !== ''),
      description: fc.option(text),
      reasons: fc.uniqueArray(reasonArb, { selector: (r) => r.id, maxLength: 8 }),
    });
    fc.assert(
      fc.property(mapArb, (data) => {
        const once = publishedMapSchema.parse({ version: '1.0', published, data });
        expect(publishedMapSchema.parse(once)).toEqual(once);
        expect(once.data.title).toBe(data.title.trim());
        expect(once.data.description).toBe(data.description?.trim() ? data.description : null);
        once.data.reasons.forEach((r, i) => {
          const raw = data.reasons[i]!;
          expect(r.title).toBe(raw.title.trim());
          expect(r.relevance).toBe(raw.relevance?.trim() ? raw.relevance : null);
        });
      }),
      { seed, numRuns },
    );
  });
});

describe('other schemas', () => {
  it('[V7] a draft is the stored form plus updatedAt', () => {
    const input = { ...rawMap(), updatedAt: '2026-11-21T08:30:00.000Z' };
    expect(draftSchema.parse(input)).toEqual(input);
  });

  it('[V7] a draft of nothing published has published null', () => {
    const input = { ...rawMap({}, { published: null }), updatedAt: '2026-11-21T08:30:00.000Z' };
    expect(draftSchema.parse(input).published).toBeNull();
  });

  it.each([
    ['missing', undefined],
    ['not a timestamp', 'now'],
    ['null', null],
  ])('[V7] a draft whose updatedAt is %s is rejected at updatedAt', (_label, updatedAt) => {
    expectInvalid(draftSchema, { ...rawMap(), updatedAt }, 'updatedAt', 'must be an ISO timestamp');
  });

  it('[V7] a draft with another version is rejected (it counts as no draft)', () => {
    expectInvalid(
      draftSchema,
      { ...rawMap({}, { version: '0.9' }), updatedAt: published },
      'version',
      'Version must be "1.0"',
    );
  });

  it('[V7] a draft applies the same data rules as a published map', () => {
    expectInvalid(
      draftSchema,
      { ...withReason({ support: 'maybe' }), updatedAt: published },
      'data.reasons.1.support',
      'Support must be',
    );
  });

  it('[V7] a published map needs a published time; a draft does not', () => {
    expectPublishedRejected(null);
  });

  it('[V1] a create request may omit published or send anything there, and is otherwise checked', () => {
    const { published: _published, ...withoutPublished } = rawMap();
    expect(createMapRequestSchema.parse(withoutPublished)).toEqual(withoutPublished);
    expect(validate(createMapRequestSchema, rawMap({}, { published: 'whenever' })).ok).toBe(true);
    expectInvalid(createMapRequestSchema, rawMap({}, { version: '1.1' }), 'version', 'Version must be "1.0"');
    expectInvalid(createMapRequestSchema, rawMap({ title: ' ' }), 'data.title', 'Title is required');
  });

  it('[V6] a create request drops unknown fields such as updatedAt', () => {
    const parsed = createMapRequestSchema.parse({ ...rawMap(), updatedAt: published, mapId: 'chosen-id' });
    expect(Object.keys(parsed).sort()).toEqual(['data', 'published', 'version']);
  });

  it('[V2][V3] reasonSchema and mapDataSchema apply the same rules on their own', () => {
    expect(reasonSchema.parse(rawReason({ title: ' t ', relevance: '' }))).toMatchObject({
      title: 't',
      relevance: null,
    });
    expectInvalid(reasonSchema, rawReason({ belief: 'x' }), 'belief', 'Belief must be one of');
    expect(mapDataSchema.parse({ title: ' m ', description: ' ', reasons: [] })).toEqual({
      title: 'm',
      description: null,
      reasons: [],
    });
    expectInvalid(
      mapDataSchema,
      { title: 'm', description: null, reasons: [rawReason({ id: 'x' })] },
      'reasons.0.id',
      /UUID/,
    );
  });
});

describe('createSchemas with custom limits', () => {
  const small: MapLimits = {
    titleLength: 10,
    descriptionLength: 20,
    reasonTitleLength: 5,
    relevanceLength: 8,
    reasonCount: 2,
  };
  const { publishedMap, draft, createMapRequest } = createSchemas(small);
  const input = (data: Record<string, unknown>) =>
    rawMap({ title: 'T', description: null, reasons: [], ...data });

  it('[V2] the map title limit is the one given', () => {
    expect(validate(publishedMap, input({ title: ' 0123456789 ' })).ok).toBe(true);
    expectInvalid(
      publishedMap,
      input({ title: '0123456789a' }),
      'data.title',
      'Title must be at most 10 characters',
    );
  });

  it('[V3] the description limit is the one given', () => {
    expect(validate(publishedMap, input({ description: 'd'.repeat(20) })).ok).toBe(true);
    expectInvalid(
      publishedMap,
      input({ description: 'd'.repeat(21) }),
      'data.description',
      'at most 20 characters',
    );
  });

  it('[V2] the reason title limit is the one given', () => {
    expect(
      validate(publishedMap, input({ reasons: [rawReason({ title: 'abcde', relevance: null })] })).ok,
    ).toBe(true);
    expectInvalid(
      publishedMap,
      input({ reasons: [rawReason({ title: 'abcdef', relevance: null })] }),
      'data.reasons.0.title',
      'Reason title must be at most 5 characters',
    );
  });

  it('[V3] the relevance limit is the one given', () => {
    expect(
      validate(publishedMap, input({ reasons: [rawReason({ title: 'r', relevance: '12345678' })] })).ok,
    ).toBe(true);
    expectInvalid(
      publishedMap,
      input({ reasons: [rawReason({ title: 'r', relevance: '123456789' })] }),
      'data.reasons.0.relevance',
      'Relevance must be at most 8 characters',
    );
  });

  it('[V5] the reason count limit is the one given, in drafts and create requests too', () => {
    const reasons = [1, 2, 3].map((i) => rawReason({ id: reasonId(i), title: 'r', relevance: null }));
    expect(validate(publishedMap, input({ reasons: reasons.slice(0, 2) })).ok).toBe(true);
    expectInvalid(publishedMap, input({ reasons }), 'data.reasons', 'at most 2 reasons');
    expectInvalid(
      draft,
      { ...input({ reasons }), updatedAt: published },
      'data.reasons',
      'at most 2 reasons',
    );
    expectInvalid(createMapRequest, input({ reasons }), 'data.reasons', 'at most 2 reasons');
  });

  it('[V5] limits are formatted with thousands separators', () => {
    const big = createSchemas({ ...defaultLimits, titleLength: 12_345 });
    expectInvalid(
      big.publishedMap,
      input({ title: 't'.repeat(12_346) }),
      'data.title',
      'at most 12,345 characters',
    );
  });

  it('[V2] without arguments the PRODUCT §3.3 defaults apply', () => {
    expect(defaultLimits).toEqual({
      titleLength: 300,
      descriptionLength: 20_000,
      reasonTitleLength: 500,
      relevanceLength: 20_000,
      reasonCount: 1_000,
    });
    const defaults = createSchemas();
    expect(validate(defaults.publishedMap, rawMap({ title: 't'.repeat(300) })).ok).toBe(true);
    expect(validate(defaults.publishedMap, rawMap({ title: 't'.repeat(301) })).ok).toBe(false);
  });
});

describe('describeFirstIssue and validate', () => {
  it('[V6] describeFirstIssue joins the path with dots before the message', () => {
    const error = new z.ZodError([
      { code: 'custom', message: 'first', path: ['data', 'reasons', 3, 'belief'], input: undefined },
      { code: 'custom', message: 'second', path: ['version'], input: undefined },
    ]);
    expect(describeFirstIssue(error)).toBe('data.reasons.3.belief: first');
  });

  it('[V6] describeFirstIssue gives the bare message for an issue at the root', () => {
    const error = new z.ZodError([{ code: 'custom', message: 'Not a map', path: [], input: undefined }]);
    expect(describeFirstIssue(error)).toBe('Not a map');
  });

  it('[V6] describeFirstIssue has a fallback for an error without issues', () => {
    expect(describeFirstIssue(new z.ZodError([]))).toBe('Invalid belief map');
  });

  it('[V6] describeFirstIssue describes a real parse failure the same way validate does', () => {
    const result = publishedMapSchema.safeParse(withReason({ support: 'x' }));
    expect(result.success).toBe(false);
    if (result.success) return;
    const described = describeFirstIssue(result.error);
    expect(described).toMatch(/^data\.reasons\.1\.support: Support must be one of/);
    expect(validate(publishedMapSchema, withReason({ support: 'x' }))).toEqual({
      ok: false,
      error: described,
    });
  });

  it('[V6] validate returns the parsed value (trimmed, nulls applied) on success', () => {
    const result = validate(publishedMapSchema, rawMap({ title: ' T ', description: '' }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.data.title).toBe('T');
    expect(result.value.data.description).toBeNull();
  });

  it('[V6] validate never throws, whatever the input', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const result = validate(publishedMapSchema, input);
        expect(typeof result.ok).toBe('boolean');
        if (!result.ok) {
          expect(result.error.length).toBeGreaterThan(0);
        }
      }),
      { seed, numRuns },
    );
  });

  it('[V6] validate works with any Zod schema', () => {
    expect(validate(z.number(), 3)).toEqual({ ok: true, value: 3 });
    const result = validate(z.object({ a: z.number() }), { a: 'x' });
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/^a: /) });
  });
});
