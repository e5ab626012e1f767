import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { Draft, PublishedMap, Reason, ReasonId } from '../../domain/belief-map';
import { addReason, deleteReason, saveReason, updateBelief } from '../../domain/draft';
import { fcParams } from '../../domain/test-support/map-arbitraries';
import { memoryHistories, sessionHistories } from './storage/session-history';
import { MapsStore } from './store';
import { viewMap, type MapView } from './entries';
import { createFakePersistence } from './test-support/fake-persistence';

// The draft transitions of PRODUCT §7 against an in-memory persistence: what the page shows, what is
// stored, and that nothing typed is lost by a failed publish, a full storage or another tab.

const t0 = new Date('2026-11-22T10:00:00.000Z');
const clock = () => {
  let ms = t0.getTime();
  return () => new Date((ms += 1000));
};

const rid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}` as ReasonId;
const reason = (n: number, fields: Partial<Reason> = {}): Reason => ({
  id: rid(n),
  title: `Reason ${n}`,
  relevance: null,
  belief: null,
  support: null,
  ...fields,
});

const bikeLane: PublishedMap = {
  version: '1.0',
  published: '2026-11-20T10:00:00.000Z',
  data: {
    title: 'Bike lane on Main Street',
    description: 'Turn the parking lane into a protected bike lane.',
    reasons: [
      reason(1, { support: 'disconfirm' }),
      reason(2, { support: 'strong-support', belief: 'agree' }),
    ],
  },
};

function setup() {
  const persistence = createFakePersistence({ 'bike-lane-k3j9x2m7qa': bikeLane });
  const store = new MapsStore(persistence, clock());
  const view = (input: string): MapView => viewMap(store.getSnapshot(), input);
  return { persistence, store, view };
}

/** `draft` with reason 2 added later than anything this store does, as another tab would. */
function editedInAnotherTab(draft: Draft): Draft {
  return addReason(draft, reason(2), new Date('2030-01-01T00:00:00Z'));
}

function draftOf(view: MapView): Draft {
  if (view.status !== 'draft') throw new Error(`expected a draft, got ${view.status}`);
  return view.entry.draft;
}

describe('MapsStore: loading (PRODUCT §7.2)', () => {
  it('shows a malformed id as the failure of PRODUCT §4.1', async () => {
    const { store, view } = setup();
    await store.load('Not_An_Id');
    expect(view('Not_An_Id')).toEqual({
      status: 'failed',
      message: 'Map id Not_An_Id does not match expected format',
    });
  });

  it('is loading until loaded, then copies the default map into a new draft that is not stored', async () => {
    const { store, view, persistence } = setup();
    expect(view('draft.default')).toEqual({ status: 'loading' });
    await store.load('draft.default');
    const loaded = view('draft.default');
    expect(loaded).toMatchObject({ status: 'draft', entry: { stored: false, saveError: null } });
    expect(draftOf(loaded).data).toEqual({ title: 'New belief', description: null, reasons: [] });
    expect(persistence.drafts.size).toBe(0);
  });

  it('loads a published map with its draft; a draft that does not exist is absent, shown as no draft', async () => {
    const { store, view, persistence } = setup();
    await store.load('bike-lane-k3j9x2m7qa');
    expect(store.getSnapshot().entries['draft.bike-lane-k3j9x2m7qa']).toEqual({ kind: 'absent' });
    expect(view('bike-lane-k3j9x2m7qa')).toMatchObject({ status: 'published', map: bikeLane, draft: null });

    const edited = updateBelief(
      { ...bikeLane, updatedAt: t0.toISOString() },
      { title: 'Mine', description: null },
      t0,
    );
    persistence.drafts.set('draft.bike-lane-k3j9x2m7qa', edited);
    await store.load('bike-lane-k3j9x2m7qa');
    expect(view('bike-lane-k3j9x2m7qa')).toMatchObject({ status: 'published', draft: { draft: edited } });
  });

  it('fetches a published map once: it never changes', async () => {
    const { store, persistence } = setup();
    await store.load('bike-lane-k3j9x2m7qa');
    await store.load('bike-lane-k3j9x2m7qa');
    await store.load('draft.bike-lane-k3j9x2m7qa');
    expect(persistence.mapFetches.get('bike-lane-k3j9x2m7qa')).toBe(1);
  });

  it('fails for an unknown map and for its draft id, and retries on the next load', async () => {
    const { store, view, persistence } = setup();
    await store.load('no-such-map');
    await store.load('draft.no-such-map');
    expect(view('no-such-map')).toEqual({ status: 'failed', message: 'Map no-such-map does not exist' });
    expect(store.getSnapshot().entries['no-such-map']).toEqual({
      kind: 'failed',
      message: 'Map no-such-map does not exist',
    });
    expect(view('draft.no-such-map')).toMatchObject({ status: 'failed' });
    persistence.maps.set('no-such-map', bikeLane);
    await store.load('no-such-map');
    expect(view('no-such-map')).toMatchObject({ status: 'published' });
  });

  it('shows a network failure as a failed load', async () => {
    const { store, view, persistence } = setup();
    persistence.fetchMap = async () => {
      throw new Error('Network error: the server could not be reached');
    };
    await store.load('bike-lane-k3j9x2m7qa');
    expect(view('bike-lane-k3j9x2m7qa')).toEqual({
      status: 'failed',
      message: 'Network error: the server could not be reached',
    });
  });
});

describe('MapsStore: loading a base map for its title (PRODUCT §6.2)', () => {
  it('keeps the published map a fresh copy was made from, so its title costs no second fetch', async () => {
    const { store, persistence } = setup();
    await store.load('draft.bike-lane-k3j9x2m7qa');
    expect(store.getSnapshot().entries['bike-lane-k3j9x2m7qa']).toEqual({ kind: 'published', map: bikeLane });
    await store.loadPublished('bike-lane-k3j9x2m7qa');
    expect(persistence.mapFetches.get('bike-lane-k3j9x2m7qa')).toBe(1);
  });

  it('loads the published map alone for a stored draft, and leaves the draft as it is', async () => {
    const { store, view, persistence } = setup();
    await store.load('draft.bike-lane-k3j9x2m7qa');
    await store.edit('draft.bike-lane-k3j9x2m7qa', (d, now) =>
      updateBelief(d, { title: 'Mine', description: null }, now),
    );
    const fresh = new MapsStore(persistence, clock());
    await fresh.load('draft.bike-lane-k3j9x2m7qa'); // stored: its base is not fetched
    const before = fresh.getSnapshot().entries['draft.bike-lane-k3j9x2m7qa'];
    expect(fresh.getSnapshot().entries['bike-lane-k3j9x2m7qa']).toBeUndefined();
    await fresh.loadPublished('bike-lane-k3j9x2m7qa');
    expect(fresh.getSnapshot().entries['bike-lane-k3j9x2m7qa']).toEqual({ kind: 'published', map: bikeLane });
    expect(fresh.getSnapshot().entries['draft.bike-lane-k3j9x2m7qa']).toBe(before);
    expect(viewMap(fresh.getSnapshot(), 'draft.bike-lane-k3j9x2m7qa')).toMatchObject({ status: 'draft' });
    await fresh.loadPublished('bike-lane-k3j9x2m7qa'); // known: fetched no more
    expect(persistence.mapFetches.get('bike-lane-k3j9x2m7qa')).toBe(2);
    expect(view('draft.bike-lane-k3j9x2m7qa')).toMatchObject({ status: 'draft' });
  });

  it('leaves a map it cannot load unknown, failing nothing', async () => {
    const { store, persistence } = setup();
    persistence.fetchMap = async () => {
      throw new Error('Network error: the server could not be reached');
    };
    await store.loadPublished('bike-lane-k3j9x2m7qa');
    await store.loadPublished('no-such-map');
    expect(store.getSnapshot().entries).toEqual({});
  });
});

describe('MapsStore: editing (PRODUCT §7.3)', () => {
  it('[D2][D3] stores each edit with a new updatedAt and the reasons in S order', async () => {
    const { store, view, persistence } = setup();
    await store.load('draft.default');
    const before = draftOf(view('draft.default'));
    await store.edit('draft.default', (d, now) => addReason(d, reason(1, { support: 'disconfirm' }), now));
    const result = await store.edit('draft.default', (d, now) =>
      addReason(d, reason(2, { support: 'support' }), now),
    );
    const after = draftOf(view('draft.default'));
    expect(after.data.reasons.map((r) => r.id)).toEqual([rid(2), rid(1)]);
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect(persistence.drafts.get('draft.default')).toEqual(after);
    expect(result.step?.label).toBe('added “Reason 2”');
    expect(view('draft.default')).toMatchObject({ entry: { stored: true, saveError: null } });
  });

  it('edits a draft it has not loaded yet, copying its base (the compare page merges so)', async () => {
    const { store, persistence } = setup();
    const { next } = await store.edit('draft.bike-lane-k3j9x2m7qa', (d, now) => deleteReason(d, rid(1), now));
    expect(next.data.reasons.map((r) => r.id)).toEqual([rid(2)]);
    expect(next.published).toBe(bikeLane.published);
    expect(persistence.drafts.get('draft.bike-lane-k3j9x2m7qa')).toEqual(next);
  });

  it('runs edits one after another, so two quick edits both land', async () => {
    const { store, view } = setup();
    await store.load('draft.default');
    await Promise.all([
      store.edit('draft.default', (d, now) => addReason(d, reason(1), now)),
      store.edit('draft.default', (d, now) => addReason(d, reason(2), now)),
    ]);
    expect(draftOf(view('draft.default')).data.reasons).toHaveLength(2);
  });

  it('keeps an edit refused by a full storage in memory, says why, and never loads an older one over it', async () => {
    const { store, view, persistence } = setup();
    await store.load('draft.default');
    await store.edit('draft.default', (d, now) => addReason(d, reason(1), now));
    persistence.full = true;
    const result = await store.edit('draft.default', (d, now) => addReason(d, reason(2), now));
    expect(result.saveError).toContain('refused to save');
    expect(view('draft.default')).toMatchObject({ entry: { stored: true, saveError: result.saveError } });
    expect(persistence.drafts.get('draft.default')?.data.reasons).toHaveLength(1);

    await store.load('draft.default'); // a revisit re-reads the older stored draft
    expect(draftOf(view('draft.default')).data.reasons).toHaveLength(2);

    persistence.full = false;
    await store.edit('draft.default', (d, now) => addReason(d, reason(3), now));
    expect(persistence.drafts.get('draft.default')?.data.reasons).toHaveLength(3);
    expect(view('draft.default')).toMatchObject({ entry: { saveError: null } });
  });

  it('edits the newer draft another tab stored instead of overwriting it', async () => {
    const { store, view, persistence } = setup();
    await store.load('draft.default');
    await store.edit('draft.default', (d, now) => addReason(d, reason(1), now));
    const elsewhere = editedInAnotherTab(persistence.drafts.get('draft.default')!);
    persistence.drafts.set('draft.default', elsewhere); // no storage event seen yet
    await store.edit('draft.default', (d, now) => addReason(d, reason(3), now));
    expect(draftOf(view('draft.default')).data.reasons.map((r) => r.id)).toEqual([rid(1), rid(2), rid(3)]);
  });

  it('undoing an edit as before (the Undo of a flash message) puts back the previous draft exactly, or removes a fresh copy', async () => {
    const { store, view, persistence } = setup();
    await store.load('draft.default');
    const first = await store.edit('draft.default', (d, now) => addReason(d, reason(1), now));
    const second = await store.edit('draft.default', (d, now) => addReason(d, reason(2), now));
    expect(await store.undo('draft.default', { stepId: second.step!.id, asBefore: true })).toEqual(
      second.step,
    );
    expect(persistence.drafts.get('draft.default')).toEqual(first.next);
    expect(await store.undo('draft.default', { stepId: first.step!.id, asBefore: true })).toEqual(first.step);
    expect(persistence.drafts.has('draft.default')).toBe(false);
    expect(view('draft.default')).toMatchObject({ entry: { stored: false } });
  });

  it('the Undo of a flash message takes back its own step only, never one made after it', async () => {
    const { store, persistence } = setup();
    await store.load('draft.default');
    const first = await store.edit('draft.default', (d, now) => addReason(d, reason(1), now));
    const second = await store.edit('draft.default', (d, now) => addReason(d, reason(2), now));
    expect(await store.undo('draft.default', { stepId: first.step!.id, asBefore: true })).toBeNull();
    expect(persistence.drafts.get('draft.default')).toEqual(second.next);
    expect(store.history('draft.default').past).toEqual([first.step, second.step]);
  });
});

describe('MapsStore: publishing and discarding (PRODUCT §8.1, §7.4)', () => {
  it('publishes the draft, deletes it, and resolves to the new id', async () => {
    const { store, view, persistence } = setup();
    await store.load('draft.default');
    await store.edit('draft.default', (d, now) =>
      updateBelief(d, { title: 'Bike lane', description: null }, now),
    );
    const id = await store.publish('draft.default');
    expect(id).toBe('published-1');
    expect(persistence.published).toEqual([
      { version: '1.0', data: { title: 'Bike lane', description: null, reasons: [] } },
    ]);
    expect(persistence.drafts.has('draft.default')).toBe(false);
    expect(store.getSnapshot().entries['draft.default']).toEqual({ kind: 'absent' });
    await store.load(id);
    expect(view(id)).toMatchObject({ status: 'published', draft: null });
  });

  it('knows the map it has just published, for its page to confirm once; another store does not (PRODUCT §8.5)', async () => {
    const { store } = setup();
    await store.load('draft.default');
    await store.edit('draft.default', (d, now) => addReason(d, reason(1), now));
    expect(store.justPublishedOutcome('published-1')).toBeNull();
    const id = await store.publish('draft.default');
    expect(store.justPublishedOutcome(id)).toEqual({ mapId: id, unlistedReason: null });
    expect(store.justPublishedOutcome('bike-lane-k3j9x2m7qa')).toBeNull();
    // A new store (a reload, the app mounted again) carries nothing over.
    expect(setup().store.justPublishedOutcome(id)).toBeNull();
  });

  it('holds the map it published from what it sent and the answer, so opening it fetches nothing', async () => {
    const { store, view, persistence } = setup();
    await store.load('bike-lane-k3j9x2m7qa');
    await store.edit('draft.bike-lane-k3j9x2m7qa', (d, now) => deleteReason(d, rid(1), now));
    const id = await store.publish('draft.bike-lane-k3j9x2m7qa');
    await store.load(id);
    expect(persistence.mapFetches.get(id)).toBeUndefined();
    expect(view(id)).toEqual({
      status: 'published',
      id: expect.objectContaining({ baseId: id }),
      map: { version: '1.0', published: '2026-11-22T00:00:00.000Z', data: persistence.published[0]?.data },
      draft: null,
    });
    expect(view(id)).toMatchObject({ map: persistence.maps.get(id) }); // what a fetch would give
  });

  it('fetches the map it published when the answer does not say when (a host, an older server)', async () => {
    const { store, view, persistence } = setup();
    persistence.answersPublished = false;
    await store.load('draft.default');
    await store.edit('draft.default', (d, now) => addReason(d, reason(1), now));
    const id = await store.publish('draft.default');
    expect(store.getSnapshot().entries[id]).toBeUndefined();
    await store.load(id);
    expect(persistence.mapFetches.get(id)).toBe(1);
    expect(view(id)).toMatchObject({ status: 'published', map: persistence.maps.get(id) });
  });

  it('records each map it published, with its title and time, for Your maps (PRODUCT §15.1)', async () => {
    const { store, persistence } = setup();
    await store.load('draft.default');
    await store.edit('draft.default', (d, now) =>
      updateBelief(d, { title: 'Bike lane', description: null }, now),
    );
    persistence.publishFails = true;
    await expect(store.publish('draft.default')).rejects.toThrow();
    expect(persistence.records).toEqual([]);
    persistence.publishFails = false;
    const id = await store.publish('draft.default');
    expect(persistence.records).toEqual([
      {
        mapId: id,
        title: 'Bike lane',
        published: '2026-11-22T00:00:00.000Z',
        authorKey: `author-key-of-${id}`,
      },
    ]);
  });

  it('stores a new draft under a new id, and never over a draft that exists (PRODUCT §15.3)', async () => {
    const { store, view, persistence } = setup();
    const draft = { ...bikeLane, published: null, updatedAt: '2026-11-21T00:00:00.000Z' };
    await store.create('draft.local--abc', draft);
    expect(persistence.drafts.get('draft.local--abc')).toEqual(draft);
    expect(view('draft.local--abc')).toMatchObject({ status: 'draft', entry: { draft, stored: true } });
    await expect(store.create('draft.local--abc', draft)).rejects.toThrow(/already exists/);
  });

  it('keeps the draft exactly as it was when publishing fails', async () => {
    const { store, view, persistence } = setup();
    await store.load('draft.default');
    await store.edit('draft.default', (d, now) => addReason(d, reason(1), now));
    const stored = structuredClone(persistence.drafts.get('draft.default'));
    const shown = view('draft.default');
    persistence.publishFails = true;
    await expect(store.publish('draft.default')).rejects.toThrow('Error persisting belief map');
    expect(persistence.drafts.get('draft.default')).toEqual(stored);
    expect(view('draft.default')).toEqual(shown);
  });

  it('discards a draft as a step of its history, which Undo takes back', async () => {
    const { store, view, persistence } = setup();
    await store.load('bike-lane-k3j9x2m7qa');
    const edit = await store.edit('draft.bike-lane-k3j9x2m7qa', (d, now) => deleteReason(d, rid(1), now));
    const kept = persistence.drafts.get('draft.bike-lane-k3j9x2m7qa');
    const step = await store.discard('draft.bike-lane-k3j9x2m7qa');
    expect(step?.label).toBe('discard of the draft');
    expect(persistence.drafts.has('draft.bike-lane-k3j9x2m7qa')).toBe(false);
    expect(store.getSnapshot().entries['draft.bike-lane-k3j9x2m7qa']).toEqual({ kind: 'absent' });
    expect(view('bike-lane-k3j9x2m7qa')).toMatchObject({ status: 'published', draft: null });
    expect(await store.undo('draft.bike-lane-k3j9x2m7qa', { stepId: step!.id, asBefore: true })).toEqual(
      step,
    );
    expect(persistence.drafts.get('draft.bike-lane-k3j9x2m7qa')).toEqual(kept);
    expect(view('bike-lane-k3j9x2m7qa')).toMatchObject({ draft: { draft: kept } });
    expect(store.history('draft.bike-lane-k3j9x2m7qa').past).toEqual([edit.step]);
  });

  it('records no step for discarding a draft that was never stored', async () => {
    const { store } = setup();
    await store.load('draft.default');
    expect(await store.discard('draft.default')).toBeNull();
    expect(store.history('draft.default').past).toEqual([]);
  });

  it('a load that started before a discard does not bring the draft back', async () => {
    const { store, view } = setup();
    await store.load('draft.default');
    await store.edit('draft.default', (d, now) => addReason(d, reason(1), now));
    const loading = store.load('draft.default');
    await store.discard('draft.default');
    await loading;
    expect(view('draft.default').status).not.toBe('draft');
  });
});

describe('MapsStore: other tabs', () => {
  it('follows a draft another tab changed or deleted, and tells the page', async () => {
    const { store, view, persistence } = setup();
    const stop = store.watch();
    const changes: string[] = [];
    store.onExternalChange((c) => changes.push(`${c.draftId} ${c.change}`));
    await store.load('draft.default');
    await store.edit('draft.default', (d, now) => addReason(d, reason(1), now));

    const theirs = editedInAnotherTab(persistence.drafts.get('draft.default')!);
    persistence.changeElsewhere('draft.default', theirs);
    await store.refresh('draft.default'); // waits for the queued refresh
    expect(draftOf(view('draft.default'))).toEqual(theirs);

    persistence.changeElsewhere('draft.default', null);
    await store.refresh('draft.default');
    expect(view('draft.default')).toMatchObject({ status: 'draft', entry: { stored: false } });
    expect(draftOf(view('draft.default')).data.reasons).toEqual([]);
    expect(changes).toEqual(['draft.default updated', 'draft.default deleted']);
    stop();
  });

  it('ignores drafts it never loaded', async () => {
    const { store, persistence } = setup();
    store.watch();
    persistence.changeElsewhere('draft.other', null);
    await store.refresh('draft.other');
    expect(store.getSnapshot().entries['draft.other']).toBeUndefined();
  });
});

console.log(`store.test.ts: fast-check seed ${fcParams.seed}`);

describe('MapsStore: Undo and Redo (PRODUCT §7.6)', () => {
  function setupWithHistory(histories = memoryHistories()) {
    const persistence = createFakePersistence({ 'bike-lane-k3j9x2m7qa': bikeLane });
    const store = new MapsStore(persistence, clock(), histories);
    return { persistence, store, histories };
  }
  const draftId = 'draft.bike-lane-k3j9x2m7qa';
  const rename = (title: string) => (d: Draft, now: Date) =>
    updateBelief(d, { title, description: null }, now);

  it('steps back through every edit to the fresh copy, which is no longer stored, and forward again', async () => {
    const { store, persistence } = setupWithHistory();
    await store.load(draftId);
    await store.edit(draftId, rename('One'));
    await store.edit(draftId, rename('Two'));
    expect(store.history(draftId).past).toHaveLength(2);

    expect((await store.undo(draftId))?.label).toBe('changed the belief');
    expect((await persistence.fetchDraft(draftId))!.data.title).toBe('One');
    expect(await store.undo(draftId)).not.toBeNull();
    expect(await persistence.fetchDraft(draftId)).toBeNull();
    expect(draftOf(viewMap(store.getSnapshot(), draftId)).data.title).toBe(bikeLane.data.title);
    expect(await store.undo(draftId)).toBeNull();

    expect(await store.redo(draftId)).not.toBeNull();
    expect(await store.redo(draftId)).not.toBeNull();
    expect(await store.redo(draftId)).toBeNull();
    expect((await persistence.fetchDraft(draftId))!.data.title).toBe('Two');
  });

  it('stores a step as a newer edit, so other tabs follow it', async () => {
    const { store, persistence } = setupWithHistory();
    await store.load(draftId);
    const { next } = await store.edit(draftId, rename('One'));
    await store.edit(draftId, rename('Two'));
    await store.undo(draftId);
    const stored = (await persistence.fetchDraft(draftId))!;
    expect(stored.data).toEqual(next.data);
    expect(Date.parse(stored.updatedAt)).toBeGreaterThan(Date.parse(next.updatedAt));
  });

  it('records no step for an edit that changes nothing', async () => {
    const { store } = setupWithHistory();
    await store.load(draftId);
    const result = await store.edit(draftId, (d, now) => updateBelief(d, bikeLane.data, now));
    expect(result.step).toBeNull();
    expect(store.history(draftId).past).toEqual([]);
  });

  it('keeps the history for the session, and forgets it once the draft is published', async () => {
    const histories = memoryHistories();
    const first = setupWithHistory(histories);
    await first.store.load(draftId);
    await first.store.edit(draftId, rename('One'));
    const second = new MapsStore(first.persistence, clock(), histories);
    await second.load(draftId);
    expect(second.history(draftId).past).toHaveLength(1);
    await second.publish(draftId);
    expect(new MapsStore(first.persistence, clock(), histories).history(draftId).past).toEqual([]);
  });

  it('keeps 100 one-field edits of a 1,000-reason draft in under 200 KB of session storage', async () => {
    const written = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => written.get(key) ?? null,
      setItem: (key: string, value: string) => void written.set(key, value),
    });
    try {
      const reasons = Array.from({ length: 1000 }, (_, n) =>
        reason(n + 1, { title: `Reason ${n + 1} with a title of some length`, relevance: 'Because.' }),
      );
      const big: PublishedMap = { ...bikeLane, data: { ...bikeLane.data, reasons } };
      const persistence = createFakePersistence({ 'big-map-k3j9x2m7qa': big });
      const store = new MapsStore(persistence, clock(), sessionHistories);
      const id = 'draft.big-map-k3j9x2m7qa';
      await store.load(id);
      for (let n = 1; n <= 100; n++)
        await store.edit(id, (d, now) => saveReason(d, { ...reasons[n * 7]!, relevance: `Edit ${n}.` }, now));
      expect(store.history(id).past).toHaveLength(100);
      const bytes = new TextEncoder().encode(written.get(`history.${id}`)).length;
      expect(bytes).toBeLessThan(200_000);
    } finally {
      vi.unstubAllGlobals();
    }
  }, 30_000); // a cap for a slow shared machine, not a timed assertion

  it('undoing every random edit returns the first draft, and redoing every one the last', async () => {
    const editArb = fc.oneof(
      fc.constantFrom(
        ...[1, 2, 3, 4].map(
          (n) => (d: Draft, now: Date) =>
            d.data.reasons.some((r) => r.id === rid(n)) ? d : addReason(d, reason(n), now),
        ),
      ),
      fc.constantFrom(...[1, 2, 3].map((n) => (d: Draft, now: Date) => deleteReason(d, rid(n), now))),
      fc
        .tuple(
          fc.constantFrom(1, 2, 3),
          fc.constantFrom('support', 'disconfirm', null),
          fc.string({ maxLength: 8 }),
        )
        .map(([n, support, text]) => (d: Draft, now: Date) => {
          const target = d.data.reasons.find((r) => r.id === rid(n));
          return target ? saveReason(d, { ...target, support, relevance: text.trim() || null }, now) : d;
        }),
      fc
        .constantFrom('One', 'Two', 'Three')
        .map((title) => (d: Draft, now: Date) => updateBelief(d, { title, description: null }, now)),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(editArb, { minLength: 1, maxLength: 12 }), async (edits) => {
        const { store } = setupWithHistory();
        await store.load(draftId);
        const shown = () => draftOf(viewMap(store.getSnapshot(), draftId)).data;
        const first = shown();
        for (const edit of edits) await store.edit(draftId, edit);
        const last = shown();
        while (await store.undo(draftId));
        expect(shown()).toEqual(first);
        while (await store.redo(draftId));
        expect(shown()).toEqual(last);
      }),
      { ...fcParams, numRuns: 50 },
    );
  });
});
