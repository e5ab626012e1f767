import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isMapId } from './map-id';
import { maxSlugLength, slugify } from './slug';
import { fcSeed as seed } from './test-support/map-arbitraries';

const numRuns = 300;
// Random tests are seeded (FC_SEED=<seed> repeats a run) and print their seed.
console.log(`slug.test.ts: fast-check seed ${seed}`);

const slugPattern = /^([a-z0-9]+(-[a-z0-9]+)*)?$/;

describe('slugify', () => {
  it.each([
    // Punctuation and spaces join words with one hyphen.
    ['Main Street should get a bike lane', 'main-street-should-get-a-bike-lane'],
    ['  Leading and trailing  ', 'leading-and-trailing'],
    ['UPPER lower MiXeD', 'upper-lower-mixed'],
    ['2 + 2 = 4?', '2-2-4'],
    ["Don't panic!", 'don-t-panic'],
    ['a--b__c..d', 'a-b-c-d'],
    ['Tabs\tand\nnewlines', 'tabs-and-newlines'],
    ['---', ''],
    ['', ''],
    ['   ', ''],
    ['Emoji 🚲 bikes', 'emoji-bikes'],
    // Accents and compatibility forms are folded to plain letters and digits.
    ['Café', 'cafe'],
    ['Crème brûlée à la carte', 'creme-brulee-a-la-carte'],
    ['Ångström naïve façade', 'angstrom-naive-facade'],
    ['Señor Müller', 'senor-muller'],
    ['ÉCOLE', 'ecole'],
    ['Cafe\u0301 decomposed', 'cafe-decomposed'],
    ['ﬁne ligature', 'fine-ligature'],
    ['Full-width ＡＢＣ１２３', 'full-width-abc123'],
  ])('[I4] %j becomes %j', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it.each([
    ['Cyrillic', 'Велосипедные дорожки'],
    ['Greek', 'Ποδηλατόδρομος'],
    ['Chinese', '自行车道'],
    ['Arabic', 'ممر الدراجات'],
    ['Japanese', 'じてんしゃ'],
  ])('[I4] a %s title gives an empty slug', (_script, title) => {
    expect(slugify(title)).toBe('');
  });

  it('[I4] latin words are kept from a title mixing scripts', () => {
    expect(slugify('Велосипед bike 2026')).toBe('bike-2026');
  });

  it('[I4] a slug of exactly 40 characters is kept whole', () => {
    const title = `${'a'.repeat(19)} ${'b'.repeat(20)}`; // 19 + 1 + 20 = 40
    expect(slugify(title)).toBe(`${'a'.repeat(19)}-${'b'.repeat(20)}`);
    expect(slugify(title)).toHaveLength(40);
  });

  it('[I4] a longer title is cut at the last word boundary within 40 characters', () => {
    const title = 'Should our town turn the parking lane on Main Street into a bike lane';
    expect(slugify(title)).toBe('should-our-town-turn-the-parking-lane-on');
    expect(slugify(title).length).toBeLessThanOrEqual(maxSlugLength);
  });

  it('[I4] a word that would cross 40 characters is dropped entirely, not cut', () => {
    const title = `${'a'.repeat(30)} ${'b'.repeat(10)}`; // 30 + 1 + 10 = 41
    expect(slugify(title)).toBe('a'.repeat(30));
  });

  it('[I4] later short words are not appended after a word that did not fit', () => {
    const title = `${'a'.repeat(30)} ${'b'.repeat(20)} c`;
    expect(slugify(title)).toBe('a'.repeat(30));
  });

  it('[I4] a single word longer than 40 characters is cut to its first 40', () => {
    const word = 'pneumonoultramicroscopicsilicovolcanoconiosis'; // 45 letters
    expect(slugify(word)).toBe(word.slice(0, 40));
    expect(slugify(`${word} and more`)).toBe(word.slice(0, 40));
    expect(slugify(`  ¿${word.toUpperCase()}?`)).toBe(word.slice(0, 40));
  });

  it('[I4] the maximum slug length is 40', () => {
    expect(maxSlugLength).toBe(40);
  });

  it('[I4] any title gives a slug of lowercase ASCII words joined by single hyphens, at most 40 long', () => {
    const title = fc.oneof(
      fc.string({ maxLength: 120 }),
      fc.string({ unit: 'grapheme', maxLength: 60 }),
      fc.string({ unit: 'binary', maxLength: 60 }),
      fc.string({ unit: fc.constantFrom(...'aZ9 -_.éÅßİ\u0301ﬁ'.split('')), maxLength: 80 }),
      fc.array(fc.stringMatching(/^[A-Za-z0-9]{1,50}$/), { maxLength: 10 }).map((words) => words.join(' ')),
    );
    fc.assert(
      fc.property(title, (t) => {
        const slug = slugify(t);
        expect(slug).toMatch(slugPattern);
        expect(slug.length).toBeLessThanOrEqual(maxSlugLength);
        // I4: a non-empty slug is itself a valid map id part.
        if (slug) expect(isMapId(slug)).toBe(true);
      }),
      { seed, numRuns },
    );
  });

  it('[I4] a title of ASCII words whose slug fits keeps every word; a longer one keeps a prefix of whole words', () => {
    const words = fc.array(fc.stringMatching(/^[a-z0-9]{1,12}$/), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(words, (ws) => {
        const slug = slugify(ws.join(' '));
        const joined = ws.join('-');
        if (joined.length <= maxSlugLength) {
          expect(slug).toBe(joined);
        } else {
          // The longest prefix of whole words that fits (the first word always fits: at most 12).
          let expected = ws[0]!;
          for (const w of ws.slice(1)) {
            if (`${expected}-${w}`.length > maxSlugLength) break;
            expected = `${expected}-${w}`;
          }
          expect(slug).toBe(expected);
        }
      }),
      { seed, numRuns },
    );
  });

  it('[I4] slugify is idempotent: a slug is its own slug', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (t) => {
        const slug = slugify(t);
        expect(slugify(slug)).toBe(slug);
      }),
      { seed, numRuns },
    );
  });
});
