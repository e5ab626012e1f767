import { describe, expect, it } from 'vitest';
import type { MapData, Reason, ReasonId } from '../../../domain/belief-map';
import { compareMaps } from '../../../domain/compare';
import { listMergeActions } from '../../../domain/merge-actions';
import { listDiffEntries, neighbourKey } from './diff-entries';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}` as ReasonId;
const reason = (n: number, fields: Partial<Reason> = {}): Reason => ({
  id: id(n),
  title: `Reason ${n}`,
  relevance: null,
  belief: 'agree',
  support: 'support',
  ...fields,
});
const map = (reasons: Reason[], fields: Partial<MapData> = {}): MapData => ({
  title: 'Bike lane',
  description: null,
  reasons,
  ...fields,
});

const base = map([reason(1), reason(2), reason(3)], { title: 'Old' });
const modified = map([reason(4), reason(3, { belief: 'disagree' }), reason(1)], {
  title: 'New',
  description: 'Why',
});

describe('listDiffEntries', () => {
  it('[M7] lists title, description, added, deleted and changed rows with the merges of the diff, in order', () => {
    const diff = compareMaps(base, modified);
    const entries = listDiffEntries(diff);
    expect(entries.map((entry) => [entry.key, entry.kind])).toEqual([
      ['title', 'title'],
      ['description', 'description'],
      [`added-${id(4)}`, 'added'],
      [`deleted-${id(2)}`, 'deleted'],
      [`changed-${id(3)}`, 'changed'],
    ]);
    expect(entries.map((entry) => entry.action)).toEqual(listMergeActions(diff));
    expect(entries[2]).toMatchObject({ kind: 'added', reason: { id: id(4) }, action: { kind: 'add' } });
    expect(entries[3]).toMatchObject({ kind: 'deleted', reason: { id: id(2) }, action: { id: id(2) } });
    expect(entries[4]).toMatchObject({ kind: 'changed', change: { id: id(3) }, action: { id: id(3) } });
  });

  it('keys rows by reason id ignoring letter case (C1), so a row keeps its key after a merge', () => {
    const upper = id(4).toUpperCase() as ReasonId;
    const entries = listDiffEntries(compareMaps(map([]), map([reason(4, { id: upper })])));
    expect(entries[0]?.key).toBe(`added-${id(4)}`);
  });

  it('has no rows for maps without differences', () => {
    expect(listDiffEntries(compareMaps(base, base))).toEqual([]);
  });
});

describe('neighbourKey', () => {
  const entries = listDiffEntries(compareMaps(base, modified));
  it('is the next row, or the previous one for the last row, or null when none is left', () => {
    expect(neighbourKey(entries, 'title')).toBe('description');
    expect(neighbourKey(entries, `changed-${id(3)}`)).toBe(`deleted-${id(2)}`);
    expect(neighbourKey(entries.slice(0, 1), 'title')).toBeNull();
    expect(neighbourKey(entries, 'missing')).toBeNull();
  });
});
