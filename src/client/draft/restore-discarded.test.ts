import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Draft } from '../../domain/belief-map';
import { keepDiscarded, listDiscarded } from './storage/discarded-drafts';
import { memoryHistories } from './storage/session-history';
import { memoryStorage } from './storage/test-support/memory-storage';
import { MapsStore } from './store';
import { createFakePersistence } from './test-support/fake-persistence';
import { restoreDiscarded } from './restore-discarded';

// PRODUCT §7.4, §15.1: "Restore" on Recently discarded, and its question when the id is taken.

const draft = (title: string, updatedAt: string): Draft => ({
  version: '1.0',
  published: null,
  updatedAt,
  data: { title, description: null, reasons: [] },
});
const discardedOne = draft('Discarded', '2026-11-20T10:00:00.000Z');
const newer = draft('Made after the discard', '2026-11-21T10:00:00.000Z');

function setup() {
  const persistence = createFakePersistence();
  const store = new MapsStore(persistence, () => new Date('2026-11-22T10:00:00.000Z'), memoryHistories());
  keepDiscarded('draft.default', discardedOne, new Date('2026-11-21T12:00:00.000Z'));
  const [entry] = listDiscarded(new Date('2026-11-22T10:00:00.000Z'));
  const create = (draftId: string, value: Draft) => store.create(draftId, value);
  return { persistence, store, entry: entry!, create };
}

const discardedTitles = () =>
  listDiscarded(new Date('2026-11-22T10:00:00.000Z')).map((d) => d.draft.data.title);

describe('restoring a discarded draft', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('stores it again under its id when the id is free, and takes it off the list', async () => {
    const { persistence, store, entry, create } = setup();
    expect(await restoreDiscarded(store, create, entry)).toEqual({ restored: 'draft.default' });
    expect(persistence.drafts.get('draft.default')).toEqual(discardedOne);
    expect(discardedTitles()).toEqual([]);
  });

  it('asks when a newer draft has the id, changing nothing', async () => {
    const { persistence, store, entry, create } = setup();
    persistence.drafts.set('draft.default', newer);
    expect(await restoreDiscarded(store, create, entry)).toBe('taken');
    expect(persistence.drafts.get('draft.default')).toEqual(newer);
    expect(discardedTitles()).toEqual(['Discarded']);
  });

  it('"Replace" discards the newer draft in its turn and restores this one', async () => {
    const { persistence, store, entry, create } = setup();
    persistence.drafts.set('draft.default', newer);
    expect(await restoreDiscarded(store, create, entry, 'replace')).toEqual({ restored: 'draft.default' });
    expect(persistence.drafts.get('draft.default')).toEqual(discardedOne);
    expect(discardedTitles()).toEqual(['Made after the discard']);
  });

  it('"Keep both" restores it under the new id given, leaving the newer draft', async () => {
    const { persistence, store, entry, create } = setup();
    persistence.drafts.set('draft.default', newer);
    const keepBothAs = 'draft.local--abcdefghijkl';
    expect(await restoreDiscarded(store, create, entry, { keepBothAs })).toEqual({ restored: keepBothAs });
    expect(persistence.drafts.get(keepBothAs)).toEqual(discardedOne);
    expect(persistence.drafts.get('draft.default')).toEqual(newer);
    expect(discardedTitles()).toEqual([]);
  });

  it('keeps it in the list when storage refuses it', async () => {
    const { persistence, store, entry, create } = setup();
    persistence.full = true;
    const outcome = await restoreDiscarded(store, create, entry);
    expect(outcome).toEqual({ error: expect.stringContaining('refused') as unknown });
    expect(persistence.drafts.has('draft.default')).toBe(false);
    expect(discardedTitles()).toEqual(['Discarded']);
  });
});
