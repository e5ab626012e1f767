import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapDataSchema, type MapData, type Reason, type ReasonId } from './belief-map';
import { compareMaps, isEmptyDiff, reasonFields, type FieldChange, type MapDiff } from './compare';
import { mapData, reason, reasonId as id } from './test-support/builders';
import {
  deepFreeze,
  fcParams,
  fcSeed,
  mapDataArb,
  mapPairArb,
  permutationArb,
  ruleRows,
} from './test-support/map-arbitraries';
import { generateMapPair } from './test-support/map-pair-generator';

console.log(`compare.test.ts: fast-check seed ${fcSeed}`);

/** The diff reduced to ids and field pairs, which is what the table rows state. */
function summarize(diff: MapDiff) {
  return {
    added: diff.added.map((r) => r.id),
    deleted: diff.deleted.map((r) => r.id),
    changed: diff.changed.map((c) => ({ id: c.id, fields: c.fields })),
    unchanged: diff.unchanged.map((r) => r.id),
  };
}

const nothing = { added: [], deleted: [], changed: [], unchanged: [] };

describe('compareMaps: reasons', () => {
  it.each(
    ruleRows([
      {
        rule: 'C1',
        name: 'reasons are matched by id, so a reason that moved is unchanged',
        base: [reason(1), reason(2, { support: 'strong-support' })],
        modified: [reason(2, { support: 'strong-support' }), reason(1)],
        expected: { ...nothing, unchanged: [id(2), id(1)] },
      },
      {
        rule: 'C1',
        name: 'a reason with the same title but another id is one added and one deleted, not changed',
        base: [reason(1)],
        modified: [reason(2, { title: 'Reason 1' })],
        expected: { ...nothing, added: [id(2)], deleted: [id(1)] },
      },
      {
        rule: 'C1',
        name: 'ids differing only in letter case name the same reason',
        base: [reason(1, { id: 'AAAAAAAA-0000-4000-8000-00000000000A' as ReasonId })],
        modified: [reason(1, { id: 'aaaaaaaa-0000-4000-8000-00000000000a' as ReasonId })],
        expected: { ...nothing, unchanged: ['aaaaaaaa-0000-4000-8000-00000000000a'] },
      },
      {
        rule: 'C2',
        name: 'a reason only in the modified map is added',
        base: [reason(1)],
        modified: [reason(1), reason(2)],
        expected: { ...nothing, added: [id(2)], unchanged: [id(1)] },
      },
      {
        rule: 'C2',
        name: 'a reason only in the base map is deleted',
        base: [reason(1), reason(2)],
        modified: [reason(2)],
        expected: { ...nothing, deleted: [id(1)], unchanged: [id(2)] },
      },
      {
        rule: 'C2',
        name: "added reasons keep the modified map's order and deleted ones the base map's",
        base: [reason(5), reason(3), reason(4)],
        modified: [reason(2), reason(4), reason(1)],
        expected: { ...nothing, added: [id(2), id(1)], deleted: [id(5), id(3)], unchanged: [id(4)] },
      },
      {
        rule: 'C2',
        name: 'against an empty base every reason is added',
        base: [],
        modified: [reason(1), reason(2)],
        expected: { ...nothing, added: [id(1), id(2)] },
      },
      {
        rule: 'C2',
        name: 'against an empty modified map every reason is deleted',
        base: [reason(1), reason(2)],
        modified: [],
        expected: { ...nothing, deleted: [id(1), id(2)] },
      },
      {
        rule: 'C3',
        name: 'a reason in both maps with a different support is changed',
        base: [reason(1, { support: 'support' })],
        modified: [reason(1, { support: 'strong-disconfirm' })],
        expected: {
          ...nothing,
          changed: [
            { id: id(1), fields: [{ field: 'support', base: 'support', modified: 'strong-disconfirm' }] },
          ],
        },
      },
      {
        rule: 'C3',
        name: 'a reason in both maps with a different title is changed',
        base: [reason(1, { title: 'Fewer cars' })],
        modified: [reason(1, { title: 'Fewer cars downtown' })],
        expected: {
          ...nothing,
          changed: [
            { id: id(1), fields: [{ field: 'title', base: 'Fewer cars', modified: 'Fewer cars downtown' }] },
          ],
        },
      },
      {
        rule: 'C3',
        name: 'a relevance added where there was none is a change from null',
        base: [reason(1, { relevance: null })],
        modified: [reason(1, { relevance: 'Counted in 2025.' })],
        expected: {
          ...nothing,
          changed: [
            { id: id(1), fields: [{ field: 'relevance', base: null, modified: 'Counted in 2025.' }] },
          ],
        },
      },
      {
        rule: 'C3',
        name: 'a belief rating removed is a change to null',
        base: [reason(1, { belief: 'strong-agree' })],
        modified: [reason(1, { belief: null })],
        expected: {
          ...nothing,
          changed: [{ id: id(1), fields: [{ field: 'belief', base: 'strong-agree', modified: null }] }],
        },
      },
      {
        rule: 'C3',
        name: 'all four fields differing are listed in the order title, relevance, belief, support',
        base: [reason(1, { title: 'A', relevance: 'x', belief: 'agree', support: 'support' })],
        modified: [reason(1, { title: 'B', relevance: 'y', belief: 'disagree', support: null })],
        expected: {
          ...nothing,
          changed: [
            {
              id: id(1),
              fields: [
                { field: 'title', base: 'A', modified: 'B' },
                { field: 'relevance', base: 'x', modified: 'y' },
                { field: 'belief', base: 'agree', modified: 'disagree' },
                { field: 'support', base: 'support', modified: null },
              ] satisfies FieldChange[],
            },
          ],
        },
      },
      {
        rule: 'C3',
        name: "changed reasons are listed in the modified map's order",
        base: [reason(1, { title: 'One' }), reason(2, { title: 'Two' })],
        modified: [reason(2), reason(1)],
        expected: {
          ...nothing,
          changed: [
            { id: id(2), fields: [{ field: 'title', base: 'Two', modified: 'Reason 2' }] },
            { id: id(1), fields: [{ field: 'title', base: 'One', modified: 'Reason 1' }] },
          ],
        },
      },
      {
        rule: 'C3',
        name: 'a title differing only in case is a change',
        base: [reason(1, { title: 'bike lane' })],
        modified: [reason(1, { title: 'Bike lane' })],
        expected: {
          ...nothing,
          changed: [{ id: id(1), fields: [{ field: 'title', base: 'bike lane', modified: 'Bike lane' }] }],
        },
      },
      {
        rule: 'C4',
        name: 'a reason equal in all four fields is unchanged, including null ratings',
        base: [reason(1, { belief: null, support: null, relevance: 'Same' })],
        modified: [reason(1, { belief: null, support: null, relevance: 'Same' })],
        expected: { ...nothing, unchanged: [id(1)] },
      },
      {
        rule: 'C4',
        name: "unchanged reasons are listed in the modified map's order",
        base: [reason(1), reason(2), reason(3)],
        modified: [reason(3), reason(1), reason(2)],
        expected: { ...nothing, unchanged: [id(3), id(1), id(2)] },
      },
    ]),
  )('%s', (_, { base, modified, expected }) => {
    expect(summarize(compareMaps(mapData(base), mapData(modified)))).toEqual(expected);
  });

  it('[C3] a changed reason carries both versions in full', () => {
    const before = reason(1, { belief: 'agree' });
    const after = reason(1, { belief: 'neutral' });
    const [changed] = compareMaps(mapData([before]), mapData([after])).changed;
    expect(changed).toEqual({
      id: id(1),
      base: before,
      modified: after,
      fields: [{ field: 'belief', base: 'agree', modified: 'neutral' }],
    });
  });
});

describe('compareMaps: the map itself', () => {
  it.each(
    ruleRows([
      {
        rule: 'C5',
        name: 'equal titles give a null title difference',
        base: { title: 'Same' },
        modified: { title: 'Same' },
        title: null,
      },
      {
        rule: 'C5',
        name: 'different titles give [base, modified]',
        base: { title: 'Bike lane' },
        modified: { title: 'Protected bike lane' },
        title: ['Bike lane', 'Protected bike lane'],
      },
      {
        rule: 'C5',
        name: 'map titles differing only in case are different',
        base: { title: 'bike lane' },
        modified: { title: 'Bike lane' },
        title: ['bike lane', 'Bike lane'],
      },
    ]),
  )('%s', (_, { base, modified, title }) => {
    expect(compareMaps(mapData([], base), mapData([], modified)).title).toEqual(title);
  });

  it.each(
    ruleRows([
      {
        rule: 'C5',
        name: 'two null descriptions give a null description difference',
        base: null,
        modified: null,
        description: null,
      },
      {
        rule: 'C5',
        name: 'equal descriptions give null',
        base: 'Main St.',
        modified: 'Main St.',
        description: null,
      },
      {
        rule: 'C5',
        name: 'a description added is [null, text]',
        base: null,
        modified: 'New',
        description: [null, 'New'],
      },
      {
        rule: 'C5',
        name: 'a description removed is [text, null]',
        base: 'Old',
        modified: null,
        description: ['Old', null],
      },
      {
        rule: 'C5',
        name: 'a description edited is [old, new]',
        base: 'Old',
        modified: 'New',
        description: ['Old', 'New'],
      },
    ]),
  )('%s', (_, { base, modified, description }) => {
    const diff = compareMaps(mapData([], { description: base }), mapData([], { description: modified }));
    expect(diff.description).toEqual(description);
  });
});

describe('isEmptyDiff', () => {
  it.each(
    ruleRows([
      { rule: 'C6', name: 'two empty maps: empty', base: mapData([]), modified: mapData([]), empty: true },
      {
        rule: 'C6',
        name: 'only unchanged reasons: empty',
        base: mapData([reason(1)]),
        modified: mapData([reason(1)]),
        empty: true,
      },
      {
        rule: 'C6',
        name: 'an added reason: not empty',
        base: mapData([]),
        modified: mapData([reason(1)]),
        empty: false,
      },
      {
        rule: 'C6',
        name: 'a deleted reason: not empty',
        base: mapData([reason(1)]),
        modified: mapData([]),
        empty: false,
      },
      {
        rule: 'C6',
        name: 'a changed reason: not empty',
        base: mapData([reason(1)]),
        modified: mapData([reason(1, { belief: 'neutral' })]),
        empty: false,
      },
      {
        rule: 'C6',
        name: 'another title: not empty',
        base: mapData([]),
        modified: mapData([], { title: 'Other' }),
        empty: false,
      },
      {
        rule: 'C6',
        name: 'another description: not empty',
        base: mapData([]),
        modified: mapData([], { description: 'Why' }),
        empty: false,
      },
    ]),
  )('%s', (_, { base, modified, empty }) => {
    expect(isEmptyDiff(compareMaps(base, modified))).toBe(empty);
  });
});

describe('compareMaps: properties', () => {
  it('[V5] the arbitraries make maps the schema accepts unchanged', () => {
    fc.assert(
      fc.property(mapPairArb, ({ base, modified }) => {
        expect(mapDataSchema.parse(base)).toEqual(base);
        expect(mapDataSchema.parse(modified)).toEqual(modified);
      }),
      fcParams,
    );
  });

  it('[C6] comparing a map with itself finds nothing, even reordered and copied', () => {
    fc.assert(
      fc.property(
        mapDataArb.chain((data) => fc.tuple(fc.constant(data), permutationArb(data.reasons))),
        ([data, reordered]) => {
          expect(isEmptyDiff(compareMaps(data, data))).toBe(true);
          const copy = structuredClone({ ...data, reasons: reordered });
          const diff = compareMaps(data, copy);
          expect(isEmptyDiff(diff)).toBe(true);
          expect(diff.unchanged).toEqual(copy.reasons);
        },
      ),
      fcParams,
    );
  });

  it('[C1] every reason of either map is in exactly one list, in the order C2–C4 give', () => {
    fc.assert(
      fc.property(mapPairArb, ({ base, modified }) => {
        const diff = compareMaps(base, modified);
        const modifiedIds = new Set(modified.reasons.map((r) => r.id));
        const baseIds = new Set(base.reasons.map((r) => r.id));
        const inModified = new Set([
          ...diff.added,
          ...diff.changed.map((c) => c.modified),
          ...diff.unchanged,
        ]);
        // Each list is a subsequence of its map's reasons, and together they cover the map.
        const isSubsequence = (part: Reason[], whole: Reason[]) => {
          const order = whole.filter((r) => part.includes(r));
          return order.length === part.length && order.every((r, i) => r === part[i]);
        };
        expect(isSubsequence(diff.added, modified.reasons)).toBe(true);
        expect(isSubsequence(diff.unchanged, modified.reasons)).toBe(true);
        expect(
          isSubsequence(
            diff.changed.map((c) => c.modified),
            modified.reasons,
          ),
        ).toBe(true);
        expect(isSubsequence(diff.deleted, base.reasons)).toBe(true);
        expect(inModified.size).toBe(modified.reasons.length);
        expect(diff.added.length + diff.changed.length + diff.unchanged.length).toBe(modified.reasons.length);
        expect(diff.added.every((r) => !baseIds.has(r.id))).toBe(true);
        expect(diff.deleted.every((r) => !modifiedIds.has(r.id))).toBe(true);
        expect(diff.deleted.length + diff.changed.length + diff.unchanged.length).toBe(base.reasons.length);
      }),
      fcParams,
    );
  });

  it('[C3] a changed reason lists exactly its differing fields, as pairs, in field order', () => {
    fc.assert(
      fc.property(mapPairArb, ({ base, modified }) => {
        const diff = compareMaps(base, modified);
        for (const change of diff.changed) {
          expect(change.base.id).toBe(change.id);
          expect(change.modified.id).toBe(change.id);
          const differing = reasonFields.filter((field) => change.base[field] !== change.modified[field]);
          expect(change.fields.map((f) => f.field)).toEqual(differing);
          expect(differing.length).toBeGreaterThan(0);
          for (const f of change.fields) {
            expect(f.base).toBe(change.base[f.field]);
            expect(f.modified).toBe(change.modified[f.field]);
          }
        }
        const baseById = new Map(base.reasons.map((r) => [r.id, r]));
        for (const same of diff.unchanged) expect({ ...baseById.get(same.id) }).toEqual(same);
      }),
      fcParams,
    );
  });

  it('[C2] swapping the maps swaps added and deleted and turns every pair around', () => {
    fc.assert(
      fc.property(mapPairArb, ({ base, modified }) => {
        const forward = compareMaps(base, modified);
        const backward = compareMaps(modified, base);
        expect(new Set(backward.added)).toEqual(new Set(forward.deleted));
        expect(new Set(backward.deleted)).toEqual(new Set(forward.added));
        expect(backward.title).toEqual(forward.title && [forward.title[1], forward.title[0]]);
        expect(backward.description).toEqual(
          forward.description && [forward.description[1], forward.description[0]],
        );
        const turned = forward.changed.map((c) => ({
          id: c.id,
          fields: c.fields.map((f) => ({ field: f.field, base: f.modified, modified: f.base })),
        }));
        const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
        expect(backward.changed.map((c) => ({ id: c.id, fields: c.fields })).sort(byId)).toEqual(
          turned.sort(byId),
        );
      }),
      fcParams,
    );
  });

  it('[C7] comparing is pure: neither map is written to', () => {
    fc.assert(
      fc.property(mapPairArb, ({ base, modified }) => {
        const snapshot = structuredClone({ base, modified });
        compareMaps(deepFreeze(base), deepFreeze(modified));
        expect({ base, modified }).toEqual(snapshot);
      }),
      fcParams,
    );
  });
});

describe('compareMaps: linear time', () => {
  /**
   * Counts every property read on the maps' reason lists and reasons. Reads stand in for time: a
   * search by id (find, indexOf, includes, a nested loop) reads the other list once per reason,
   * which makes the count grow with the square of the size.
   */
  function countReads(base: MapData, modified: MapData): number {
    let reads = 0;
    const track = <T extends object>(target: T): T =>
      new Proxy(target, {
        get(object, key, receiver) {
          reads++;
          return Reflect.get(object, key, receiver) as unknown;
        },
      });
    const tracked = (data: MapData): MapData => ({
      ...data,
      reasons: track(data.reasons.map((r) => track({ ...r }))),
    });
    compareMaps(tracked(base), tracked(modified));
    return reads;
  }

  it('[C7] reads a bounded number of properties per reason, whatever the maps', () => {
    fc.assert(
      fc.property(mapPairArb, ({ base, modified }) => {
        const reasons = base.reasons.length + modified.reasons.length;
        expect(countReads(base, modified)).toBeLessThanOrEqual(30 * reasons + 50);
      }),
      fcParams,
    );
  });

  it('[C7] ten times the reasons cost about ten times the reads, not a hundred', () => {
    const small = generateMapPair(500, 7);
    const large = generateMapPair(5_000, 7);
    const ratio = countReads(large.base, large.modified) / countReads(small.base, small.modified);
    expect(ratio).toBeGreaterThan(9);
    expect(ratio).toBeLessThan(11);
  });
});
