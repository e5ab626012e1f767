import { describe, expect, it } from 'vitest';
import { compareLabelLength, mapIdFromInput, truncateMapId } from './compare-ids';

describe('truncateMapId', () => {
  it.each([
    ['an id longer than 10 characters is cut to 10 plus "..."', 'help-example-alice-1', 'help-examp...'],
    ['a draft id counts its prefix', 'draft.more-bike-lanes-k3j9x2m7qa', 'draft.more...'],
    ['an id of exactly 10 characters is shown whole', 'abcdefghij', 'abcdefghij'],
    ['an id of 11 characters is cut', 'abcdefghijk', 'abcdefghij...'],
    ['a short id is shown whole', 'default', 'default'],
  ])('[C8] %s', (_name, id, label) => {
    expect(truncateMapId(id)).toBe(label);
  });

  it('[C8] never shows more than 10 characters of the id', () => {
    for (let length = 0; length <= 40; length++) {
      const id = 'x'.repeat(length);
      const label = truncateMapId(id);
      expect(label.replace(/\.\.\.$/, '').length).toBe(Math.min(length, compareLabelLength));
      expect(id.startsWith(label.replace(/\.\.\.$/, ''))).toBe(true);
    }
  });
});

describe('mapIdFromInput', () => {
  it.each([
    [
      'a pasted URL keeps the text after /map/',
      'https://belief.example/map/bike-lane-k3j9x2m7qa',
      'bike-lane-k3j9x2m7qa',
    ],
    [
      'a draft URL keeps its draft prefix',
      'http://localhost:3000/map/draft.help-example-bob-1',
      'draft.help-example-bob-1',
    ],
    ['a path without a host works too', '/map/help-example-alice-1', 'help-example-alice-1'],
    [
      'the query and fragment of a URL are dropped',
      'https://x.example/map/abc-123?utm=mail#reasons',
      'abc-123',
    ],
    ['a trailing slash is dropped', 'https://x.example/map/abc-123/', 'abc-123'],
    ['an id typed as it is stays as it is', 'help-example-alice-1', 'help-example-alice-1'],
    ['surrounding spaces are dropped', '  help-example-alice-1 \n', 'help-example-alice-1'],
    ['a URL ending in /map/ is empty', 'https://x.example/map/', ''],
    ['an empty field is empty', '   ', ''],
  ])('[C9] %s', (_name, input, id) => {
    expect(mapIdFromInput(input)).toBe(id);
  });
});
