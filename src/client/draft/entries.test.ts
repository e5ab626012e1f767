import { describe, expect, it } from 'vitest';
import type { Draft, PublishedMap } from '../../domain/belief-map';
import { parseMapId, type MapIdParts } from '../../domain/map-id';
import {
  absent,
  emptyMapsState,
  formatPublished,
  pathAfterDiscard,
  pathAfterEdit,
  reconcileDraft,
  setEntry,
  builtInSubtitle,
  subtitleOf,
  viewMap,
  type DraftEntry,
} from './entries';

const ids = (input: string): MapIdParts => {
  const parsed = parseMapId(input);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
};

const map: PublishedMap = {
  version: '1.0',
  published: '2026-11-20T10:00:00.000Z',
  data: { title: 'Bike lane', description: null, reasons: [] },
};
const draft = (updatedAt: string): Draft => ({ ...map, updatedAt });
const entry = (updatedAt: string, fields: Partial<DraftEntry> = {}): DraftEntry => ({
  kind: 'draft',
  draft: draft(updatedAt),
  stored: true,
  saveError: null,
  ...fields,
});

describe('viewMap (PRODUCT §7.2: each entry is a map, a failure, or an absent draft)', () => {
  it('is loading until loaded, and fails at once for a malformed id', () => {
    expect(viewMap(emptyMapsState, 'bike-lane')).toEqual({ status: 'loading' });
    expect(viewMap(emptyMapsState, 'draft.default')).toEqual({ status: 'loading' });
    expect(viewMap(emptyMapsState, 'Bike Lane')).toEqual({
      status: 'failed',
      message: 'Map id Bike Lane does not match expected format',
    });
  });

  it('shows a published map with its draft only when the user has one', () => {
    let state = setEntry(emptyMapsState, 'bike-lane', { kind: 'published', map });
    state = setEntry(state, 'draft.bike-lane', absent);
    expect(viewMap(state, 'bike-lane')).toMatchObject({ status: 'published', draft: null });
    state = setEntry(state, 'draft.bike-lane', entry('2026-11-21T00:00:00.000Z', { stored: false }));
    expect(viewMap(state, 'bike-lane')).toMatchObject({ draft: null }); // a fresh copy is no draft
    state = setEntry(
      state,
      'draft.bike-lane',
      entry('2026-11-21T00:00:00.000Z', { stored: false, saveError: 'full' }),
    );
    expect(viewMap(state, 'bike-lane')).toMatchObject({ draft: { saveError: 'full' } });
  });

  it('shows a draft, or the failure of its base map', () => {
    let state = setEntry(emptyMapsState, 'gone', { kind: 'failed', message: 'Map gone does not exist' });
    expect(viewMap(state, 'gone')).toEqual({ status: 'failed', message: 'Map gone does not exist' });
    expect(viewMap(state, 'draft.gone')).toEqual({ status: 'failed', message: 'Map gone does not exist' });
    state = setEntry(state, 'draft.bike-lane', entry('2026-11-21T00:00:00.000Z'));
    expect(viewMap(state, 'draft.bike-lane')).toMatchObject({ status: 'draft', id: { baseId: 'bike-lane' } });
  });

  it('is loading for a draft id whose draft is absent, until a load copies its base again', () => {
    let state = setEntry(emptyMapsState, 'bike-lane', { kind: 'published', map });
    state = setEntry(state, 'draft.bike-lane', absent);
    expect(viewMap(state, 'draft.bike-lane')).toEqual({ status: 'loading' });
    expect(viewMap(setEntry(state, 'draft.bike-lane', undefined), 'draft.bike-lane')).toEqual({
      status: 'loading',
    });
  });
});

describe('reconcileDraft', () => {
  const older = entry('2026-11-21T00:00:00.000Z');
  const newer = entry('2026-11-22T00:00:00.000Z');

  it('never replaces a draft held only in memory by an older stored one (nothing typed is lost)', () => {
    const unsaved = entry('2026-11-22T00:00:00.000Z', { saveError: 'full' });
    expect(reconcileDraft(unsaved, older)).toBe(unsaved);
    expect(reconcileDraft(unsaved, absent)).toBe(unsaved);
    const newest = entry('2026-11-23T00:00:00.000Z');
    expect(reconcileDraft(unsaved, newest)).toBe(newest);
  });

  it('keeps the same object for an unchanged draft, and takes a changed or deleted one', () => {
    expect(reconcileDraft(older, entry('2026-11-21T00:00:00.000Z'))).toBe(older);
    expect(reconcileDraft(older, newer)).toBe(newer);
    expect(reconcileDraft(older, absent)).toBe(absent);
    expect(reconcileDraft(undefined, newer)).toBe(newer);
  });
});

describe('paths and texts', () => {
  it('[PRODUCT §7.3] an edit on the published URL moves to the draft URL; elsewhere it stays', () => {
    expect(pathAfterEdit('/map/bike-lane', ids('draft.bike-lane'))).toBe('/map/draft.bike-lane');
    expect(pathAfterEdit('/map/draft.bike-lane', ids('draft.bike-lane'))).toBeNull();
    expect(pathAfterEdit('/compare/draft.bike-lane/other', ids('draft.bike-lane'))).toBeNull();
  });

  it('[PRODUCT §7.4] discarding goes to the base map, or to a fresh draft.default', () => {
    expect(pathAfterDiscard(ids('draft.bike-lane'))).toBe('/map/bike-lane');
    expect(pathAfterDiscard(ids('draft.default'))).toBe('/map/draft.default');
  });

  it('[PRODUCT §6.2] subtitles: "New draft", "Draft of {base id}", "Published {date}"', () => {
    const d = entry('2026-11-21T00:00:00.000Z');
    expect(subtitleOf({ status: 'draft', id: ids('draft.default'), entry: d })).toBe('New draft');
    expect(subtitleOf({ status: 'draft', id: ids('draft.bike-lane'), entry: d })).toBe('Draft of bike-lane');
    expect(subtitleOf({ status: 'published', id: ids('bike-lane'), map, draft: null })).toBe(
      'Published November 20, 2026',
    );
    expect(formatPublished('2026-01-01T00:30:00.000Z')).toBe('January 1, 2026'); // UTC, whatever the zone
  });

  it('[PRODUCT §6.2, rule B3] a built-in map says it never expires instead of its fixed publication date', () => {
    for (const id of ['default', 'help-example-alice-1', 'help-example-icons']) {
      expect(subtitleOf({ status: 'published', id: ids(id), map, draft: null }), id).toBe(builtInSubtitle);
    }
    // An id that only looks like one is a published map like any other.
    expect(subtitleOf({ status: 'published', id: ids('help-example-alice-9'), map, draft: null })).toBe(
      'Published November 20, 2026',
    );
  });
});
