import { describe, expect, it } from 'vitest';
import { discardedKey, evictionOrder, parseDiscardedKey, partitionDiscarded } from './discarded';

describe('recently discarded drafts', () => {
  const day = 24 * 60 * 60 * 1000;
  const now = new Date('2026-06-30T12:00:00.000Z');
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * day);

  it('[K1] a key names the draft id and the time of its discard, and reads back', () => {
    const key = discardedKey('draft.local--abc123def456', at(1));
    expect(key).toBe(`discarded.${at(1).getTime()}.draft.local--abc123def456`);
    expect(parseDiscardedKey(key)).toEqual({
      key,
      draftId: 'draft.local--abc123def456',
      discardedAt: at(1).getTime(),
    });
  });

  it.each([
    'map.draft.default',
    'discarded.draft.default',
    'discarded.12x.draft.default',
    'discarded.123.default',
    'discarded.123.draft.Bad',
    'discarded.123.draft.',
    'publishedMaps',
  ])('[K1] %s is not a discarded draft', (key) => {
    expect(parseDiscardedKey(key)).toBeNull();
  });

  it('[K1] keeps those discarded less than 30 days ago, newest first, and lets the older go', () => {
    const entry = (daysAgo: number, draftId = 'draft.default') =>
      parseDiscardedKey(discardedKey(draftId, at(daysAgo)))!;
    const { kept, expired } = partitionDiscarded(
      [entry(3), entry(30), entry(0), entry(29.9), entry(45, 'draft.old-aaaaaaaaaaaa')],
      now,
    );
    expect(kept.map((e) => e.discardedAt)).toEqual([at(0), at(3), at(29.9)].map((d) => d.getTime()));
    expect(expired.map((e) => e.discardedAt)).toEqual([at(30), at(45)].map((d) => d.getTime()));
  });

  it('[K2] gives up room oldest discard first', () => {
    const entries = [2, 9, 0, 5].map((daysAgo) =>
      parseDiscardedKey(discardedKey('draft.default', at(daysAgo)))!,
    );
    expect(evictionOrder(entries).map((e) => e.discardedAt)).toEqual(
      [9, 5, 2, 0].map((daysAgo) => at(daysAgo).getTime()),
    );
    expect(entries.map((e) => e.discardedAt)).toEqual([2, 9, 0, 5].map((d) => at(d).getTime()));
  });
});
