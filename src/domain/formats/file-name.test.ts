import { describe, expect, it } from 'vitest';
import { mapFileName, maxFileTitleLength } from './file-name';

describe('[F1] the name of a downloaded file', () => {
  it.each([
    ['Night buses should run on weekdays', 'night-buses-should-run-on-weekdays'],
    // Letters of any script are kept, in their own form.
    ['Велосипедные дорожки', 'велосипедные-дорожки'],
    ['自行车道', '自行车道'],
    ['ممر الدراجات', 'ممر-الدراجات'],
    ['Crème brûlée à la carte', 'crème-brûlée-à-la-carte'],
    ['हिन्दी नाम', 'हिन्दी-नाम'],
    // Characters a file system refuses, punctuation and emoji become single hyphens.
    ['a/b\\c:d*e?f"g<h>i|j', 'a-b-c-d-e-f-g-h-i-j'],
    ['  Spaces,\ttabs\nand  more  ', 'spaces-tabs-and-more'],
    ['Emoji 🚲 bikes!', 'emoji-bikes'],
    ['..', 'belief-map'],
    ['', 'belief-map'],
    ['🚲', 'belief-map'],
  ])('%j is named %j', (title, name) => {
    expect(mapFileName(title, null)).toBe(`${name}-draft`);
  });

  it("tells a draft from its published map by 'draft' or the UTC day it was published", () => {
    expect(mapFileName('Night buses', null)).toBe('night-buses-draft');
    expect(mapFileName('Night buses', '2026-11-26T23:59:59.000Z')).toBe('night-buses-2026-11-26');
  });

  it(`keeps at most ${maxFileTitleLength} characters of the title, cut between words`, () => {
    const title = 'Should our town turn the parking lane on Main Street into a bike lane with trees';
    const name = mapFileName(title, null);
    expect(name).toBe('should-our-town-turn-the-parking-lane-on-main-street-into-a-draft');
    expect(name.length - '-draft'.length).toBeLessThanOrEqual(maxFileTitleLength);
    // One word longer than the limit is cut inside, by characters, never inside a surrogate pair.
    expect(mapFileName('𝒜'.repeat(80), null)).toBe(`${'𝒜'.repeat(maxFileTitleLength)}-draft`);
  });
});
