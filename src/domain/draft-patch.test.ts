import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Draft } from './belief-map';
import { addReason, deleteReason, saveReason, updateBelief } from './draft';
import { applyDraftPatch, changesMap, diffDrafts } from './draft-patch';
import { reason } from './test-support/builders';
import {
  deepFreeze,
  draftOf,
  fcParams,
  mapDataArb,
  mapPairArb,
  reasonArb,
} from './test-support/map-arbitraries';

console.log(`draft-patch.test.ts: fast-check seed ${fcParams.seed}`);

const later = new Date('2026-03-05T12:00:00.000Z');

describe('draft patches', () => {
  it('[P1] a patch of two random drafts takes each to the other', () => {
    fc.assert(
      fc.property(mapPairArb, ({ base, modified }) => {
        const before = deepFreeze(draftOf(base));
        const after = deepFreeze({ ...draftOf(modified), updatedAt: later.toISOString() });
        const patch = diffDrafts(before, after);
        expect(applyDraftPatch(before, patch, 'forward')).toEqual(after);
        expect(applyDraftPatch(after, patch, 'back')).toEqual(before);
      }),
      fcParams,
    );
  });

  it('[P1] applying random edits, then every patch back returns the first draft, and forward the last', () => {
    const editArb = fc.oneof(
      reasonArb.map((r) => (d: Draft) => addReason(d, r, later)),
      fc.nat().map((n) => (d: Draft) => {
        const target = d.data.reasons[n % Math.max(1, d.data.reasons.length)];
        return target ? deleteReason(d, target.id, later) : d;
      }),
      fc.tuple(fc.nat(), reasonArb).map(([n, fields]) => (d: Draft) => {
        const target = d.data.reasons[n % Math.max(1, d.data.reasons.length)];
        return target ? saveReason(d, { ...fields, id: target.id }, later) : d;
      }),
      fc
        .string({ minLength: 1, maxLength: 20 })
        .map(
          (title) => (d: Draft) =>
            title.trim()
              ? updateBelief(d, { title: title.trim(), description: d.data.description }, later)
              : d,
        ),
    );
    fc.assert(
      fc.property(mapDataArb, fc.array(editArb, { maxLength: 15 }), (data, edits) => {
        const first = deepFreeze(draftOf(data));
        const drafts = [first];
        for (const edit of edits) drafts.push(deepFreeze(edit(drafts.at(-1)!)));
        const patches = drafts.slice(1).map((next, i) => diffDrafts(drafts[i]!, next));
        const last = drafts.at(-1)!;
        const undone = patches.reduceRight((draft, patch) => applyDraftPatch(draft, patch, 'back'), last);
        expect(undone).toEqual(first);
        const redone = patches.reduce((draft, patch) => applyDraftPatch(draft, patch, 'forward'), undone);
        expect(redone).toEqual(last);
      }),
      fcParams,
    );
  });

  it('[P2] a patch of one changed field holds that reason alone, and equal drafts give an empty one', () => {
    const draft = draftOf({ title: 'Rent', description: null, reasons: [reason(1), reason(2), reason(3)] });
    const edited = saveReason(draft, { ...reason(2), relevance: 'Since May.' }, later);
    const patch = diffDrafts(draft, edited);
    expect(patch.reasons.map((change) => change.id)).toEqual([reason(2).id]);
    expect(patch.title).toBeUndefined();
    expect(changesMap(patch)).toBe(true);
    expect(diffDrafts(draft, draft)).toEqual({ reasons: [] });
    expect(changesMap(diffDrafts(draft, { ...draft, updatedAt: later.toISOString() }))).toBe(false);
  });

  it('[P3] applying a patch keeps a reason it does not name, and puts one past the end last', () => {
    const draft = draftOf({ title: 'Rent', description: null, reasons: [reason(1), reason(2)] });
    const patch = diffDrafts(draft, deleteReason(draft, reason(2).id, later));
    const elsewhere = { ...draft, data: { ...draft.data, reasons: [reason(3)] } };
    expect(applyDraftPatch(elsewhere, patch, 'back').data.reasons).toEqual([reason(3), reason(2)]);
    expect(applyDraftPatch(draft, patch, 'forward').data.reasons).toEqual([reason(1)]);
  });
});
