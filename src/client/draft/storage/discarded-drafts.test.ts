import { describe, expect, it } from 'vitest';
import type { Draft } from '../../../domain/belief-map';
import { discardedKey } from '../../../domain/discarded';
import {
  evictOldestDiscarded,
  forgetDiscarded,
  keepDiscarded,
  listDiscarded,
  makeRoom,
} from './discarded-drafts';
import { memoryStorage } from './test-support/memory-storage';

// PRODUCT §7.4, §15.1: discarded drafts kept for Recently discarded (rules K1, K2).

const day = 24 * 60 * 60 * 1000;
const now = new Date('2026-06-30T12:00:00.000Z');
const ago = (days: number) => new Date(now.getTime() - days * day);

const draft = (title: string, updatedAt = '2026-06-01T00:00:00.000Z'): Draft => ({
  version: '1.0',
  published: null,
  updatedAt,
  data: { title, description: null, reasons: [] },
});

const titles = (storage: Storage) => listDiscarded(now, storage).map((d) => d.draft.data.title);

describe('recently discarded drafts in local storage', () => {
  it('[K1] lists what was kept, newest discard first, and deletes what is 30 days old', () => {
    const storage = memoryStorage();
    keepDiscarded('draft.default', draft('A month ago'), ago(30), storage);
    keepDiscarded('draft.default', draft('Last week'), ago(7), storage);
    keepDiscarded('draft.night-buses-aaaaaaaaaaaa', draft('Today'), ago(0), storage);
    storage.setItem('map.draft.default', JSON.stringify(draft('A draft, not discarded')));
    expect(titles(storage)).toEqual(['Today', 'Last week']);
    expect(listDiscarded(now, storage)[0]).toMatchObject({
      draftId: 'draft.night-buses-aaaaaaaaaaaa',
      discardedAt: now.getTime(),
    });
    expect(storage.getItem(discardedKey('draft.default', ago(30)))).toBeNull();
    expect(storage.getItem('map.draft.default')).not.toBeNull();
  });

  it('[K1] deletes a kept value that is not a draft, never failing', () => {
    const storage = memoryStorage();
    storage.setItem(discardedKey('draft.default', ago(1)), '{not json');
    storage.setItem(discardedKey('draft.default', ago(2)), JSON.stringify({ version: '2.0' }));
    keepDiscarded('draft.default', draft('Fine'), ago(3), storage);
    expect(titles(storage)).toEqual(['Fine']);
    expect(storage.length).toBe(1);
  });

  it('[K2] a write that does not fit takes the room of the oldest discarded drafts, one at a time', () => {
    const size = JSON.stringify(draft('Oldest')).length;
    const storage = memoryStorage(size * 3);
    keepDiscarded('draft.default', draft('Middle'), ago(2), storage);
    keepDiscarded('draft.default', draft('Oldest'), ago(9), storage);
    keepDiscarded('draft.default', draft('Newest'), ago(1), storage);
    expect(titles(storage)).toEqual(['Newest', 'Middle', 'Oldest']);

    const fits = makeRoom(() => storage.setItem('map.draft.default', 'x'.repeat(size)), storage);
    expect(fits).toBe(true);
    expect(titles(storage)).toEqual(['Newest', 'Middle']);

    const tooLarge = makeRoom(() => storage.setItem('map.draft.other', 'x'.repeat(size * 3)), storage);
    expect(tooLarge).toBe(false);
    expect(titles(storage)).toEqual([]);
  });

  it('[K2] gives up the room of the oldest discarded draft, one at a time', () => {
    const storage = memoryStorage();
    keepDiscarded('draft.default', draft('Middle'), ago(2), storage);
    keepDiscarded('draft.default', draft('Oldest'), ago(9), storage);
    keepDiscarded('draft.default', draft('Newest'), ago(1), storage);
    expect(evictOldestDiscarded(storage)).toBe(true);
    expect(titles(storage)).toEqual(['Newest', 'Middle']);
    expect(evictOldestDiscarded(storage)).toBe(true);
    expect(evictOldestDiscarded(storage)).toBe(true);
    expect(evictOldestDiscarded(storage)).toBe(false);
    expect(titles(storage)).toEqual([]);
  });

  it('[K2] a discarded draft takes the room of older ones when the storage is full', () => {
    const size = JSON.stringify(draft('Oldest')).length;
    const storage = memoryStorage(size * 2);
    keepDiscarded('draft.default', draft('Oldest'), ago(9), storage);
    keepDiscarded('draft.default', draft('Middle'), ago(2), storage);
    keepDiscarded('draft.default', draft('Newest'), ago(1), storage);
    expect(titles(storage)).toEqual(['Newest', 'Middle']);
  });

  it('forgets a discard that was undone (stored again with a new time), and only that one', () => {
    const storage = memoryStorage();
    const undone = draft('Back again', '2026-06-20T00:00:00.000Z');
    keepDiscarded('draft.default', draft('Earlier', '2026-06-10T00:00:00.000Z'), ago(5), storage);
    keepDiscarded('draft.default', undone, ago(1), storage);
    keepDiscarded('draft.other-bbbbbbbbbbbb', undone, ago(1), storage);
    forgetDiscarded('draft.default', { ...undone, updatedAt: now.toISOString() }, storage);
    expect(listDiscarded(now, storage).map((d) => [d.draftId, d.draft.data.title])).toEqual([
      ['draft.other-bbbbbbbbbbbb', 'Back again'],
      ['draft.default', 'Earlier'],
    ]);
  });
});
