import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Draft, MapData, Reason, ReasonId } from './belief-map';
import { compareMaps, isEmptyDiff, type ReasonField } from './compare';
import { applyMerge, applyMerges, mergeCountError } from './merge';
import { listMergeActions, type MergeAction } from './merge-actions';
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
    case 'same':
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

describe('field by field, treat as the same, apply all', () => {
  const theirs = reason(4, {
    title: 'Vans need the lane',
    relevance: 'Deliveries every hour.',
    belief: 'strong-agree',
    support: 'strong-disconfirm',
  });

  it.each(
    ruleRows<{ rule: string; name: string; fields: ReasonField[]; expected: Partial<Reason> }>([
      {
        rule: 'M8',
        name: 'taking their title keeps the rest',
        fields: ['title'],
        expected: { title: theirs.title },
      },
      {
        rule: 'M8',
        name: 'taking their relevance keeps my ratings',
        fields: ['relevance'],
        expected: { relevance: theirs.relevance },
      },
      {
        rule: 'M8',
        name: 'taking their support re-sorts the draft',
        fields: ['support'],
        expected: { support: 'strong-disconfirm' },
      },
      {
        rule: 'M8',
        name: 'taking every field is the whole change',
        fields: ['title', 'relevance', 'belief', 'support'],
        expected: { ...theirs },
      },
    ]),
  )('%s', (_, { fields, expected }) => {
    const draft = draftWith([strong, supports, against]);
    const merged = applyMerge(draft, { kind: 'change', id: id(4), modified: theirs, fields }, mergeTime);
    expect(merged.data.reasons.find((r) => r.id === id(4))).toEqual({ ...against, ...expected });
    expect(merged.updatedAt).toBe(mergeTime.toISOString());
    expect(sortReasons(merged.data.reasons)).toEqual(merged.data.reasons);
  });

  it('[M6] [M8] taking a field the reason already has returns the same draft', () => {
    const draft = draftWith([against]);
    const action: MergeAction = { kind: 'change', id: id(4), modified: theirs, fields: ['belief'] };
    expect(applyMerge(draft, { ...action, modified: { ...theirs, belief: against.belief } }, mergeTime)).toBe(
      draft,
    );
    expect(applyMerge(draft, { ...action, id: id(9) }, mergeTime)).toBe(draft);
  });

  it('[M8] taking each field in turn gives the whole change', () => {
    fc.assert(
      fc.property(mapPairArb, ({ base, modified }) => {
        const draft = deepFreeze(draftOf(base));
        const fieldActions = compareMaps(base, modified).changed.flatMap((change) =>
          change.fields.map((f): MergeAction => ({
            kind: 'change',
            id: change.id,
            modified: change.modified,
            fields: [f.field],
          })),
        );
        const whole = compareMaps(base, modified).changed.map((change): MergeAction => ({
          kind: 'change',
          id: change.id,
          modified: change.modified,
        }));
        expect(applyMerges(draft, fieldActions, mergeTime).data).toEqual(
          applyMerges(draft, whole, mergeTime).data,
        );
      }),
      fcParams,
    );
  });

  it("[M10] treating a reason as the same gives it the other map's id, and they then compare as one", () => {
    const mine = reason(1, { title: 'Cycling on Elm Street would be safer with a protected lane' });
    const yours = reason(7, {
      title: 'A protected lane would make cycling on Elm Street safer',
      belief: 'strong-agree',
    });
    const draft = draftWith([mine, against]);
    const merged = applyMerge(draft, { kind: 'same', id: id(1), as: id(7) }, mergeTime);
    expect(merged.data.reasons).toEqual([{ ...mine, id: id(7) }, against]);
    expect(merged.updatedAt).toBe(mergeTime.toISOString());
    const diff = compareMaps(merged.data, mapData([yours, against]));
    expect(diff.added).toEqual([]);
    expect(diff.deleted).toEqual([]);
    expect(diff.changed.map((c) => [c.id, c.fields.map((f) => f.field)])).toEqual([
      [id(7), ['title', 'belief']],
    ]);
  });

  it('[M10] after treating a deleted reason as an added one, they compare as one and nothing else moves', () => {
    const arb = mapPairArb.filter(({ base, modified }) => {
      const diff = compareMaps(base, modified);
      return diff.added.length > 0 && diff.deleted.length > 0;
    });
    fc.assert(
      fc.property(arb, fc.nat(), fc.nat(), ({ base, modified }, i, j) => {
        const before = compareMaps(base, modified);
        const added = before.added[i % before.added.length]!;
        const deleted = before.deleted[j % before.deleted.length]!;
        const merged = applyMerge(
          deepFreeze(draftOf(base)),
          { kind: 'same', id: deleted.id, as: added.id },
          mergeTime,
        );
        const after = compareMaps(merged.data, modified);
        expect(after.added).toEqual(before.added.filter((r) => r !== added));
        // The draft is in S order, so its deleted reasons may come in another order than base's.
        const ids = (reasons: Reason[]) => reasons.map((r) => r.id).sort();
        expect(ids(after.deleted)).toEqual(ids(before.deleted.filter((r) => r !== deleted)));
        const shared = [...after.changed.map((c) => c.id), ...after.unchanged.map((r) => r.id)];
        expect(shared).toContain(added.id);
        expect(after.changed.length + after.unchanged.length).toBe(
          before.changed.length + before.unchanged.length + 1,
        );
      }),
      fcParams,
    );
  });

  it.each(
    ruleRows<{ rule: string; name: string; action: MergeAction }>([
      {
        rule: 'M10',
        name: 'treating a reason the draft lacks as the same does nothing',
        action: { kind: 'same', id: id(9), as: id(7) },
      },
      {
        rule: 'M10',
        name: 'treating a reason as one whose id the draft already has does nothing',
        action: { kind: 'same', id: id(1), as: id(2).toUpperCase() as ReasonId },
      },
      {
        rule: 'M10',
        name: 'treating a reason as itself does nothing',
        action: { kind: 'same', id: id(1), as: id(1) },
      },
    ]),
  )('%s', (_, { action }) => {
    const draft = draftWith([strong, supports]);
    expect(applyMerge(draft, action, mergeTime)).toBe(draft);
  });

  it('[M9] applying all of a kind is one draft with every one of them, stamped once', () => {
    fc.assert(
      fc.property(mapPairArb, fc.constantFrom('add', 'delete', 'change'), ({ base, modified }, kind) => {
        const draft = deepFreeze(draftOf(base));
        const actions = listMergeActions(compareMaps(base, modified)).filter((a) => a.kind === kind);
        const merged = applyMerges(draft, actions, mergeTime);
        if (actions.length === 0) {
          expect(merged).toBe(draft);
          return;
        }
        expect(merged.updatedAt).toBe(mergeTime.toISOString());
        expect(sortReasons(merged.data.reasons)).toEqual(merged.data.reasons);
        const left = listMergeActions(compareMaps(merged.data, modified)).map(subject);
        const others = listMergeActions(compareMaps(base, modified)).filter((a) => a.kind !== kind);
        expect(new Set(left)).toEqual(new Set(others.map(subject)));
      }),
      fcParams,
    );
  });

  it('[M9] applying all when none has anything to do returns the same draft', () => {
    const draft = draftWith([strong]);
    expect(
      applyMerges(
        draft,
        [
          { kind: 'add', reason: strong },
          { kind: 'delete', id: id(5) },
        ],
        mergeTime,
      ),
    ).toBe(draft);
  });
});

describe('mergeCountError', () => {
  it.each(
    ruleRows<{ rule: string; name: string; before: number; after: number; error: string | null }>([
      { rule: 'M11', name: 'a merge up to the limit is kept', before: 2, after: 3, error: null },
      {
        rule: 'M11',
        name: 'a merge past the limit is refused with the schema message',
        before: 2,
        after: 4,
        error: 'A map can have at most 3 reasons',
      },
      {
        rule: 'M11',
        name: 'a merge that shrinks a draft over the limit is kept',
        before: 5,
        after: 4,
        error: null,
      },
    ]),
  )('%s', (_, { before, after, error }) => {
    const draftOfSize = (n: number) => draftWith(Array.from({ length: n }, (_, i) => reason(i + 1)));
    expect(mergeCountError(draftOfSize(before), draftOfSize(after), 3)).toBe(error);
  });
});
