import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Draft, MapData, Reason, ReasonId } from './belief-map';
import { compareMaps, isEmptyDiff } from './compare';
import { applyMerge, listMergeActions, type MergeAction } from './merge';
import { sortReasons } from './sort-reasons';
import { mapData, reason, reasonId as id } from './test-support/builders';
import {
  deepFreeze,
  draftOf,
  draftTime,
  fcParams,
  fcSeed,
  mapPairArb,
  mergeTime,
  permutationArb,
  ruleRows,
} from './test-support/map-arbitraries';

console.log(`merge.test.ts: fast-check seed ${fcSeed}`);

// A draft in S order: strong support first, then support (agree before disagree), then disconfirm.
const strong = reason(1, { support: 'strong-support' });
const supports = reason(2, { support: 'support', belief: 'agree' });
const doubted = reason(3, { support: 'support', belief: 'disagree' });
const against = reason(4, { support: 'disconfirm', relevance: 'Deliveries need the lane.' });

/** Applies `actions` one after another, as a user pressing each merge button in turn would. */
function applyMerges(draft: Draft, actions: readonly MergeAction[], now: Date): Draft {
  return actions.reduce((current, action) => applyMerge(current, action, now), draft);
}

function draftWith(reasons: Reason[], fields: Partial<MapData> = {}): Draft {
  return deepFreeze(draftOf(mapData(reasons, { description: 'Between 1st and 5th.', ...fields })));
}

const ids = (draft: Draft) => draft.data.reasons.map((r) => r.id);

describe('applyMerge: each kind', () => {
  it.each(
    ruleRows<{ rule: string; name: string; action: MergeAction; order: ReasonId[] }>([
      {
        rule: 'M2',
        name: 'adding a reason puts it in S order',
        action: { kind: 'add', reason: reason(5, { support: 'strong-disconfirm' }) },
        order: [id(1), id(2), id(3), id(5), id(4)],
      },
      {
        rule: 'M2',
        name: 'an added reason with the same ratings as another goes after it',
        action: { kind: 'add', reason: reason(5, { support: 'support', belief: 'agree' }) },
        order: [id(1), id(2), id(5), id(3), id(4)],
      },
      {
        rule: 'M3',
        name: 'deleting a reason keeps the others in order',
        action: { kind: 'delete', id: id(2) },
        order: [id(1), id(3), id(4)],
      },
      {
        rule: 'M4',
        name: 'a changed support moves the reason to its new place',
        action: {
          kind: 'change',
          id: id(1),
          modified: reason(1, { support: 'disconfirm', belief: 'strong-agree' }),
        },
        order: [id(2), id(3), id(1), id(4)],
      },
      {
        rule: 'M4',
        name: 'a changed belief reorders within the same support',
        action: { kind: 'change', id: id(3), modified: reason(3, { belief: 'strong-agree' }) },
        order: [id(1), id(3), id(2), id(4)],
      },
      {
        rule: 'M4',
        name: 'a changed title leaves the order alone',
        action: { kind: 'change', id: id(2), modified: reason(2, { title: 'Safer for children' }) },
        order: [id(1), id(2), id(3), id(4)],
      },
    ]),
  )('%s', (_, { action, order }) => {
    const draft = draftWith([strong, supports, doubted, against]);
    const merged = applyMerge(draft, action, mergeTime);
    expect(ids(merged)).toEqual(order);
    expect(merged.updatedAt).toBe(mergeTime.toISOString());
  });

  it('[M2] an added reason keeps its id and every field', () => {
    const added = reason(9, { title: 'Shops lose parking', relevance: 'Survey of 40 shops', belief: null });
    const merged = applyMerge(draftWith([strong]), { kind: 'add', reason: added }, mergeTime);
    expect(merged.data.reasons).toContainEqual(added);
  });

  it("[M4] a change takes all four fields of the modified reason and keeps the draft's id", () => {
    const modified = { ...reason(7, { title: 'New', relevance: 'Why', belief: 'neutral', support: null }) };
    const merged = applyMerge(draftWith([against]), { kind: 'change', id: id(4), modified }, mergeTime);
    expect(merged.data.reasons).toEqual([{ ...modified, id: id(4) }]);
  });

  it.each(
    ruleRows<{ rule: string; name: string; action: MergeAction; data: Partial<MapData> }>([
      {
        rule: 'M5',
        name: 'merging the title leaves the description',
        action: { kind: 'title', title: 'Protected bike lane' },
        data: { title: 'Protected bike lane', description: 'Between 1st and 5th.' },
      },
      {
        rule: 'M5',
        name: 'merging the description leaves the title',
        action: { kind: 'description', description: 'From 1st to 9th.' },
        data: { title: 'Bike lane on Main Street', description: 'From 1st to 9th.' },
      },
      {
        rule: 'M5',
        name: 'merging a removed description makes it null',
        action: { kind: 'description', description: null },
        data: { title: 'Bike lane on Main Street', description: null },
      },
    ]),
  )('%s', (_, { action, data }) => {
    const draft = draftWith([strong, against]);
    const merged = applyMerge(draft, action, mergeTime);
    expect(merged.data).toEqual({ ...data, reasons: draft.data.reasons });
    expect(merged.updatedAt).toBe(mergeTime.toISOString());
  });

  const upper = id(2).toUpperCase() as ReasonId;
  it.each(
    ruleRows<{ rule: string; name: string; action: MergeAction; reasons: Reason[] }>([
      {
        rule: 'M4',
        name: 'a delete finds the reason by id in any letter case',
        action: { kind: 'delete', id: upper },
        reasons: [strong],
      },
      {
        rule: 'M4',
        name: "a change finds the reason by id in any letter case and keeps the draft's spelling",
        action: { kind: 'change', id: upper, modified: { ...supports, id: upper, title: 'Shaded' } },
        reasons: [strong, { ...supports, title: 'Shaded' }],
      },
    ]),
  )('%s', (_, { action, reasons }) => {
    expect(applyMerge(draftWith([strong, supports]), action, mergeTime).data.reasons).toEqual(reasons);
  });

  it('[M1] a merge keeps the version and publication time and never writes to the draft', () => {
    const draft = draftWith([strong, supports]);
    const snapshot = structuredClone(draft);
    const merged = applyMerge(draft, { kind: 'delete', id: id(1) }, mergeTime);
    expect(draft).toEqual(snapshot);
    expect(merged).not.toBe(draft);
    expect({ version: merged.version, published: merged.published }).toEqual({
      version: draft.version,
      published: draft.published,
    });
  });
});

describe('applyMerge: nothing to do', () => {
  it.each(
    ruleRows<{ rule: string; name: string; action: MergeAction }>([
      {
        rule: 'M6',
        name: 'adding a reason the draft already has returns the same draft',
        action: { kind: 'add', reason: supports },
      },
      {
        rule: 'M6',
        name: 'adding a reason whose id the draft has, with other fields, returns the same draft',
        action: { kind: 'add', reason: { ...supports, title: 'Other' } },
      },
      {
        rule: 'M6',
        name: 'adding a reason whose id the draft has in another letter case returns the same draft',
        action: { kind: 'add', reason: { ...supports, id: id(2).toUpperCase() as ReasonId } },
      },
      {
        rule: 'M6',
        name: 'deleting a reason the draft does not have returns the same draft',
        action: { kind: 'delete', id: id(8) },
      },
      {
        rule: 'M6',
        name: 'changing a reason the draft does not have returns the same draft',
        action: { kind: 'change', id: id(8), modified: reason(8) },
      },
      {
        rule: 'M6',
        name: 'a change the reason already has returns the same draft',
        action: { kind: 'change', id: id(2), modified: { ...supports } },
      },
      {
        rule: 'M6',
        name: 'the title the draft already has returns the same draft',
        action: { kind: 'title', title: 'Bike lane on Main Street' },
      },
      {
        rule: 'M6',
        name: 'the description the draft already has returns the same draft',
        action: { kind: 'description', description: 'Between 1st and 5th.' },
      },
    ]),
  )('%s', (_, { action }) => {
    const draft = draftWith([strong, supports]);
    const merged = applyMerge(draft, action, mergeTime);
    expect(merged).toBe(draft);
    expect(merged.updatedAt).toBe(draftTime.toISOString());
  });

  it('[M6] a null description merged into a draft without one returns the same draft', () => {
    const draft = draftWith([], { description: null });
    expect(applyMerge(draft, { kind: 'description', description: null }, mergeTime)).toBe(draft);
  });
});

describe('listMergeActions', () => {
  it('[M7] lists title, description, then added, deleted and changed reasons', () => {
    const base: MapData = { title: 'Old', description: null, reasons: [strong, supports] };
    const modified: MapData = {
      title: 'New',
      description: 'Why',
      reasons: [reason(2, { belief: 'neutral' }), reason(6), reason(5)],
    };
    expect(listMergeActions(compareMaps(base, modified))).toEqual([
      { kind: 'title', title: 'New' },
      { kind: 'description', description: 'Why' },
      { kind: 'add', reason: reason(6) },
      { kind: 'add', reason: reason(5) },
      { kind: 'delete', id: id(1) },
      { kind: 'change', id: id(2), modified: reason(2, { belief: 'neutral' }) },
    ]);
  });

  it('[M7] an empty diff offers nothing', () => {
    const data: MapData = { title: 'Same', description: null, reasons: [strong] };
    expect(listMergeActions(compareMaps(data, structuredClone(data)))).toEqual([]);
  });
});

/** What a merge action is about, so actions and a later diff can be matched. */
function subject(action: MergeAction): string {
  switch (action.kind) {
    case 'add':
      return `add ${action.reason.id}`;
    case 'delete':
    case 'change':
      return `${action.kind} ${action.id}`;
    default:
      return action.kind;
  }
}

function expectSameAs(draft: Draft, target: MapData) {
  expect(draft.data.title).toBe(target.title);
  expect(draft.data.description).toBe(target.description);
  const byId = (reasons: Reason[]) => new Map(reasons.map((r) => [r.id, { ...r }]));
  expect(byId(draft.data.reasons)).toEqual(byId(target.reasons));
  expect(sortReasons(draft.data.reasons)).toEqual(draft.data.reasons);
}

describe('applyMerge: properties', () => {
  it("[M7] applying every merge of compareMaps(a, b) to a draft of a gives b's title, description and reasons", () => {
    fc.assert(
      fc.property(mapPairArb, ({ base, modified }) => {
        const draft = deepFreeze(draftOf(base));
        const merged = applyMerges(draft, listMergeActions(compareMaps(base, modified)), mergeTime);
        expectSameAs(merged, modified);
        expect(isEmptyDiff(compareMaps(merged.data, modified))).toBe(true);
      }),
      fcParams,
    );
  });

  it('[M7] the merges of one diff give the same result in any order', () => {
    const arb = mapPairArb.chain(({ base, modified }) =>
      fc.tuple(
        fc.constant({ base, modified }),
        permutationArb(listMergeActions(compareMaps(base, modified))),
      ),
    );
    fc.assert(
      fc.property(arb, ([{ base, modified }, actions]) => {
        expectSameAs(applyMerges(deepFreeze(draftOf(base)), actions, mergeTime), modified);
      }),
      fcParams,
    );
  });

  it('[M7] applying some merges leaves exactly the others in a new compare', () => {
    const arb = mapPairArb.chain(({ base, modified }) =>
      fc.tuple(fc.constant({ base, modified }), fc.subarray(listMergeActions(compareMaps(base, modified)))),
    );
    fc.assert(
      fc.property(arb, ([{ base, modified }, applied]) => {
        const all = listMergeActions(compareMaps(base, modified)).map(subject);
        const merged = applyMerges(deepFreeze(draftOf(base)), applied, mergeTime);
        const left = listMergeActions(compareMaps(merged.data, modified)).map(subject);
        const done = new Set(applied.map(subject));
        expect(new Set(left)).toEqual(new Set(all.filter((s) => !done.has(s))));
      }),
      fcParams,
    );
  });

  it('[M1] [M6] a merge stamps and sorts the draft, or returns it untouched; a second time is a no-op', () => {
    const arb = mapPairArb.chain(({ base, modified }) => {
      const actions = listMergeActions(compareMaps(base, modified));
      return fc.tuple(fc.constant(base), actions.length ? fc.constantFrom(...actions) : fc.constant(null));
    });
    fc.assert(
      fc.property(arb, ([base, action]) => {
        if (!action) return;
        const draft = deepFreeze(draftOf(base));
        const snapshot = structuredClone(draft);
        const once = deepFreeze(applyMerge(draft, action, mergeTime));
        expect(draft).toEqual(snapshot);
        expect(once).not.toBe(draft);
        expect(once.updatedAt).toBe(mergeTime.toISOString());
        expect(sortReasons(once.data.reasons)).toEqual(once.data.reasons);
        expect(applyMerge(once, action, new Date('2026-04-01T00:00:00.000Z'))).toBe(once);
      }),
      fcParams,
    );
  });
});
