import { describe, expect, it } from 'vitest';
import type { ImportedMap } from '../../../domain/formats/import-map';
import type { Support } from '../../../domain/ratings';
import { mapData, newReason } from '../../../domain/test-support/builders';
import { describePreview } from './describe-preview';

// PRODUCT §15.3: the preview counts the reasons by their side, and says what was folded and left out.

const imported = (supports: (Support | null)[], folded = 0, leftOut = 0, unlinked = 0): ImportedMap => ({
  data: mapData(
    supports.map((support, i) => newReason(`Reason ${i}`, { support })),
    { title: 'Cats are better than dogs' },
  ),
  format: 'argdown',
  folded,
  leftOut,
  unlinked,
  mainStatements: [],
});

describe('describePreview', () => {
  it.each<[(Support | null)[], number, number, string]>([
    [
      ['support', 'strong-support', 'disconfirm', 'neutral', null],
      0,
      0,
      'This file becomes a map titled “Cats are better than dogs” with 5 reasons (2 for, 1 against).',
    ],
    [
      ['strong-disconfirm'],
      1,
      0,
      'This file becomes a map titled “Cats are better than dogs” with 1 reason (0 for, 1 against, 1 deeper statement folded into their parents).',
    ],
    [
      ['support', 'support'],
      1200,
      3,
      'This file becomes a map titled “Cats are better than dogs” with 2 reasons (2 for, 0 against, 1,200 deeper statements folded into their parents). 3 statements were left out: more than a map can hold.',
    ],
  ])('%j, %i folded, %i left out', (supports, folded, leftOut, text) => {
    expect(describePreview(imported(supports, folded, leftOut))).toBe(text);
  });

  it('[F6] offers the statements not linked to the belief', () => {
    expect(describePreview(imported(['support'], 0, 0, 23))).toBe(
      'This file becomes a map titled “Cats are better than dogs” with 1 reason (1 for, 0 against). 23 statements are not linked to this belief: choose another main statement or import them as unrated reasons.',
    );
  });

  it('[R2] isolates a right-to-left title inside its English sentence', () => {
    const map = imported(['support']);
    const hebrew = { ...map, data: { ...map.data, title: 'חתולים עדיפים' } };
    expect(describePreview(hebrew)).toMatch(
      /^This file becomes a map titled “\u2068חתולים עדיפים\u2069” with 1 reason/,
    );
  });
});
