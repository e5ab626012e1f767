import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcParams, fcSeed } from './test-support/map-arbitraries';
import { wordChanges, type WordPart } from './word-diff';

console.log(`word-diff.test.ts: fast-check seed ${fcSeed}`);

// PRODUCT §9.2: the word parts the compare page marks. Each side reads back exactly as written.
const side = (parts: readonly WordPart[], hidden: 'added' | 'removed') =>
  parts
    .filter((part) => part.change !== hidden)
    .map((part) => part.value)
    .join('');

const changed = (parts: readonly WordPart[]) =>
  parts.filter((part) => part.change !== 'same').map((part) => [part.change, part.value]);

describe('wordChanges', () => {
  it('[C10] marks a changed Arabic word whole, so its letters stay joined', () => {
    expect(wordChanges('نص طويل', 'نص قصير')).toEqual([
      { value: 'نص ', change: 'same' },
      { value: 'طويل', change: 'removed' },
      { value: 'قصير', change: 'added' },
    ]);
  });

  it.each([
    ['Hebrew', 'הדרך ארוכה מאוד', 'הדרך קצרה מאוד', 'ארוכה', 'קצרה'],
    ['Arabic with a Latin word', 'الطريق إلى Main Street طويل', 'الطريق إلى Elm Street طويل', 'Main', 'Elm'],
    ['Thai, without spaces', 'ฉันชอบกินข้าวมาก', 'ฉันชอบกินขนมมาก', 'ข้าว', 'ขนม'],
    ['Chinese, without spaces', '我喜欢吃苹果。', '我喜欢吃香蕉。', '苹果', '香蕉'],
    ['Japanese, without spaces', '私は猫が好きです。', '私は犬が好きです。', '猫', '犬'],
    ['an emoji joined by ZWJ', 'Family 👨‍👩‍👧 here', 'Family 👨‍👩‍👦 here', '👨‍👩‍👧', '👨‍👩‍👦'],
    ['an emoji with a skin tone', 'Thumbs 👍🏽 up', 'Thumbs 👍🏿 up', '👍🏽', '👍🏿'],
    ['a flag', 'Flags 🇫🇷🇩🇪', 'Flags 🇫🇷🇮🇹', '🇩🇪', '🇮🇹'],
    ['a Latin letter with a combining accent', 'cafe\u0301 noir', 'cafe\u0301 au lait', 'noir', 'au lait'],
  ])('[C10] marks a changed word whole in %s', (_script, base, modified, removed, added) => {
    const parts = wordChanges(base, modified)!;
    expect(changed(parts)).toEqual([
      ['removed', removed],
      ['added', added],
    ]);
    expect(side(parts, 'added')).toBe(base);
    expect(side(parts, 'removed')).toBe(modified);
  });

  it.each([
    [
      'Two schools are on the route.',
      'Two schools are on the road.',
      [
        ['removed', 'route'],
        ['added', 'road'],
      ],
    ],
    [
      'the quick brown fox',
      'a slow red dog',
      [
        ['removed', 'the quick brown fox'],
        ['added', 'a slow red dog'],
      ],
    ],
    ['foo bar baz', 'foo baz', [['removed', 'bar ']]],
    [
      "I don't think so, really.",
      'I do think so, truly.',
      [
        ['removed', "don't"],
        ['added', 'do'],
        ['removed', 'really'],
        ['added', 'truly'],
      ],
    ],
    ['Two schools are on the route.', 'Two new schools are on the route.', [['added', 'new ']]],
    [
      'The head teacher asked for it.',
      'The head teacher wrote to ask for it.',
      [
        ['removed', 'asked'],
        ['added', 'wrote to ask'],
      ],
    ],
  ])('[C10] marks Latin words as before: %j → %j', (base, modified, expected) => {
    const parts = wordChanges(base, modified)!;
    expect(changed(parts)).toEqual(expected);
    expect(side(parts, 'added')).toBe(base);
    expect(side(parts, 'removed')).toBe(modified);
  });

  it('finds one changed word in a 5,000-character text', () => {
    const text = 'Counts taken by the council on weekdays. '.repeat(125);
    const parts = wordChanges(`${text}Asked.`, `${text}Wrote.`)!;
    expect(parts.filter((part) => part.change !== 'same').map((part) => part.value)).toEqual([
      'Asked',
      'Wrote',
    ]);
  });

  it('gives up on two 20,000-character texts with nothing in common, so the page shows them whole', () => {
    const words = (prefix: string) => Array.from({ length: 3000 }, (_, n) => `${prefix}${n}`).join(' ');
    expect(wordChanges(words('a'), words('b'))).toBeNull();
  });
});

describe('wordChanges on random text of any script', () => {
  const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

  /** Where each part of `side` ends in that side's text: every one must end a grapheme cluster. */
  function partEnds(parts: readonly WordPart[], hidden: 'added' | 'removed'): number[] {
    let end = 0;
    return parts.filter((part) => part.change !== hidden).map((part) => (end += part.value.length));
  }
  function clusterEnds(text: string): Set<number> {
    return new Set([...graphemes.segment(text)].map(({ index, segment }) => index + segment.length));
  }

  // Pieces that stress word and cluster boundaries: joined letters, marks, letters without spaces
  // between words, emoji sequences, a prepended mark (U+0600) and stray joiners and modifiers.
  const pieces = fc.constantFrom(
    'نص',
    'طويل',
    'قصير',
    'الطريق',
    'שלום',
    'ארוכה',
    'ฉัน',
    'ชอบ',
    'กินข้าว',
    '我喜欢',
    '苹果',
    '私は猫',
    'が好きです',
    '한국어',
    'café',
    'e\u0301',
    'word',
    '42',
    ' ',
    '  ',
    '\n',
    '\r\n',
    '.',
    '،',
    '。',
    '👨‍👩‍👧',
    '👍🏽',
    '🏽',
    '🇫🇷',
    '🇩',
    '\u200d',
    '\u0301',
    '\u0600',
    '\ufe0f',
  );
  const text = fc.oneof(
    fc.array(pieces, { maxLength: 12 }).map((list) => list.join('')),
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.string({ maxLength: 20 }),
  );
  // A pair sharing most of its text, as a base and its edit do, and unrelated pairs.
  const pair = fc.oneof(
    fc.tuple(text, text),
    fc.tuple(text, text, text, text).map(([start, a, b, end]) => [start + a + end, start + b + end] as const),
  );

  function expectWholeClusters(base: string, modified: string): void {
    const parts = wordChanges(base, modified)!;
    expect(side(parts, 'added')).toBe(base);
    expect(side(parts, 'removed')).toBe(modified);
    expect(parts.every((part) => part.value !== '')).toBe(true);
    const baseEnds = clusterEnds(base);
    const modifiedEnds = clusterEnds(modified);
    for (const end of partEnds(parts, 'added')) expect(baseEnds.has(end)).toBe(true);
    for (const end of partEnds(parts, 'removed')) expect(modifiedEnds.has(end)).toBe(true);
  }

  it('[C10] each side reads back exactly, and no part starts or ends inside a grapheme cluster', () => {
    fc.assert(
      fc.property(pair, ([base, modified]) => expectWholeClusters(base, modified)),
      fcParams,
    );
  });

  // Both texts end with the same spaces, but in the modified one the first of them belongs to the
  // cluster before it (CR LF is one cluster; U+0600 joins what follows it). Found by the property
  // above with seed 426966068.
  it.each([
    ['a line break written the Windows way', '\n', '\r\n'],
    ['a prepended mark before a space', 'a \n', 'a\u0600 \n'],
    ['a prepended mark after a word', 'نص \n', 'نص\u0600 \n'],
  ])('[C10] gives back no part of a cluster as unchanged: %s', (_, base, modified) => {
    expectWholeClusters(base, modified);
    expectWholeClusters(modified, base);
  });
});
