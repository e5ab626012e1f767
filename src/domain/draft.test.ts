import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createSchemas,
  draftSchema,
  validate,
  type Draft,
  type MapData,
  type PublishedMap,
  type Reason,
} from './belief-map';
import {
  addReason,
  createDraft,
  deleteReason,
  newReasonId,
  reasonCountError,
  saveReason,
  toPublishRequest,
  updateBelief,
  updateReason,
  withData,
} from './draft';
import { defaultLimits } from './limits';
import { beliefValues, supportValues, type Belief, type Support } from './ratings';
import { sortReasons } from './sort-reasons';
import { reason as builtReason, reasonId as id } from './test-support/builders';
import { fcSeed as seed } from './test-support/map-arbitraries';

const numRuns = 200;
// Random tests are seeded (FC_SEED=<seed> repeats a run) and print their seed.
console.log(`draft.test.ts: fast-check seed ${seed}`);

const basePublished = '2026-11-20T10:00:00.000Z';
const created = '2026-11-21T08:00:00.000Z';
const now = new Date('2026-11-22T12:34:56.789Z');

/** Reason n with these ratings; the odd ones say why they matter. */
function reason(n: number, support: Support | null, belief: Belief | null): Reason {
  return builtReason(n, { relevance: n % 2 ? `Why ${n} matters` : null, belief, support });
}

// Deliberately out of S order, so that sorting is observable.
const unsorted: Reason[] = [
  reason(1, null, 'agree'),
  reason(2, 'neutral', 'strong-agree'),
  reason(3, 'strong-support', 'disagree'),
  reason(4, 'strong-support', 'strong-agree'),
  reason(5, 'disconfirm', null),
  reason(6, 'support', 'neutral'),
];
const sortedIds = [4, 3, 6, 5, 2, 1].map(id);

function publishedMap(reasons: Reason[] = unsorted): PublishedMap {
  return {
    version: '1.0',
    published: basePublished,
    data: { title: 'Main Street should get a bike lane', description: 'Council vote in March.', reasons },
  };
}

function draft(reasons: Reason[] = sortReasons(unsorted)): Draft {
  return {
    version: '1.0',
    published: basePublished,
    updatedAt: created,
    data: { ...publishedMap(reasons).data },
  };
}

/** Deep-freezes a value so that any mutation throws (all these modules are ES modules, so strict mode). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

const ids = (d: Draft) => d.data.reasons.map((r) => r.id);

describe('createDraft', () => {
  it('[D1] copies the base data with the base published time and updatedAt now', () => {
    const base = publishedMap();
    const result = createDraft(base, now);
    expect(result).toEqual({
      version: '1.0',
      published: basePublished,
      updatedAt: '2026-11-22T12:34:56.789Z',
      data: { title: base.data.title, description: base.data.description, reasons: sortReasons(unsorted) },
    });
  });

  it('[D1][D3] sorts the copied reasons into S order', () => {
    expect(ids(createDraft(publishedMap(), now))).toEqual(sortedIds);
  });

  it('[D1] the draft passes the draft schema', () => {
    const result = createDraft(publishedMap(), now);
    expect(draftSchema.parse(result)).toEqual(result);
  });

  it('[D4] leaves the base map unchanged, and the draft does not share its reasons array', () => {
    const base = deepFreeze(publishedMap());
    const before = structuredClone(base);
    const result = createDraft(base, now);
    expect(base).toEqual(before);
    expect(result.data).not.toBe(base.data);
    expect(result.data.reasons).not.toBe(base.data.reasons);
  });

  it('[D1] a base with no reasons gives an empty draft', () => {
    expect(createDraft(publishedMap([]), now).data.reasons).toEqual([]);
  });
});

describe('edits', () => {
  const added = reason(7, 'strong-support', 'agree');
  const edits: [string, (d: Draft) => Draft][] = [
    ['withData', (d) => withData(d, { title: 'New', description: null, reasons: [...unsorted] }, now)],
    ['updateBelief', (d) => updateBelief(d, { title: 'Revised title', description: null }, now)],
    ['addReason', (d) => addReason(d, added, now)],
    ['updateReason', (d) => updateReason(d, { ...reason(6, null, null), title: 'Changed' }, now)],
    ['deleteReason', (d) => deleteReason(d, id(3), now)],
  ];

  it.each(edits)('[D2] %s sets updatedAt to the given now and keeps version and published', (_name, edit) => {
    const result = edit(draft());
    expect(result.updatedAt).toBe(now.toISOString());
    expect(result.version).toBe('1.0');
    expect(result.published).toBe(basePublished);
  });

  it.each(edits)('[D2] %s keeps a draft of nothing published at published null', (_name, edit) => {
    const result = edit({ ...draft(), published: null });
    expect(result.published).toBeNull();
  });

  it.each(edits)('[D3] %s leaves the reasons in S order', (_name, edit) => {
    const result = edit(draft());
    expect(result.data.reasons).toEqual(sortReasons(result.data.reasons));
  });

  it.each(edits)(
    '[D4] %s never changes the draft given (deep-frozen, compared with a clone)',
    (_name, edit) => {
      const input = deepFreeze(draft());
      const before = structuredClone(input);
      const result = edit(input);
      expect(input).toEqual(before);
      expect(result).not.toBe(input);
      expect(result.data).not.toBe(input.data);
    },
  );

  it.each(edits)('[D1] %s gives a draft that still passes the draft schema', (_name, edit) => {
    const result = edit(draft());
    expect(draftSchema.parse(result)).toEqual(result);
  });

  it('[D3] withData sorts the reasons it is given and replaces title and description', () => {
    const data: MapData = { title: 'Other', description: 'Other text', reasons: [...unsorted] };
    const result = withData(draft([]), data, now);
    expect(result.data.title).toBe('Other');
    expect(result.data.description).toBe('Other text');
    expect(ids(result)).toEqual(sortedIds);
  });

  it('[D4] withData does not reorder the reasons array it is given', () => {
    const reasons = Object.freeze([...unsorted]);
    const data = { title: 'T', description: null, reasons } as unknown as MapData;
    withData(draft(), data, now);
    expect(reasons.map((r) => r.id)).toEqual(unsorted.map((r) => r.id));
  });

  it('[D2] updateBelief sets title and description and keeps the reasons', () => {
    const input = draft();
    const result = updateBelief(input, { title: 'Revised', description: null }, now);
    expect(result.data).toEqual({ title: 'Revised', description: null, reasons: input.data.reasons });
  });

  it('[D3] addReason puts the new reason at its S position, not at the end', () => {
    const result = addReason(draft(), added, now);
    // strong-support + agree goes after strong-support + strong-agree (4) and before strong-support + disagree (3).
    expect(ids(result)).toEqual([id(4), id(7), ...sortedIds.slice(1)]);
    expect(result.data.reasons[1]).toEqual(added);
  });

  it('[D3] addReason places a reason with the same ratings as others after them (stable)', () => {
    const twin = { ...reason(8, 'support', 'neutral'), title: 'Twin of 6' };
    const result = addReason(draft(), twin, now);
    const at6 = ids(result).indexOf(id(6));
    expect(ids(result)[at6 + 1]).toBe(id(8));
  });

  it('[D2] updateReason replaces the reason with the same id, field by field', () => {
    const changed: Reason = {
      id: id(2),
      title: 'New title',
      relevance: 'New relevance',
      belief: 'disagree',
      support: 'neutral',
    };
    const result = updateReason(draft(), changed, now);
    expect(result.data.reasons.find((r) => r.id === id(2))).toEqual(changed);
    expect(result.data.reasons).toHaveLength(unsorted.length);
  });

  it('[D3] updateReason re-sorts when the ratings change, after an equal reason already ahead of it', () => {
    // Reason 1 moves from last (no support) to the top group; reason 4 has the same ratings and
    // was ahead of it, so it stays ahead (S3).
    const result = updateReason(
      draft(),
      { ...reason(1, 'strong-support', 'strong-agree'), title: 'Moved up' },
      now,
    );
    expect(ids(result)).toEqual([id(4), id(1), id(3), id(6), id(5), id(2)]);
  });

  it('[D2] updateReason with an unknown id changes only updatedAt', () => {
    const input = draft();
    const result = updateReason(input, reason(99, 'support', 'agree'), now);
    expect(result).toEqual({ ...input, updatedAt: now.toISOString() });
  });

  it('[D2] deleteReason removes only the reason with that id, and the others keep their order', () => {
    const result = deleteReason(draft(), id(6), now);
    expect(ids(result)).toEqual(sortedIds.filter((x) => x !== id(6)));
  });

  it('[D2] deleteReason with an unknown id changes only updatedAt', () => {
    const input = draft();
    expect(deleteReason(input, id(99), now)).toEqual({ ...input, updatedAt: now.toISOString() });
  });

  it('[D2] each edit stamps its own now, even going back in time', () => {
    const later = new Date('2027-01-01T00:00:00.000Z');
    const earlier = new Date('2020-01-01T00:00:00.000Z');
    const first = addReason(draft(), added, later);
    const second = deleteReason(first, id(7), earlier);
    expect(first.updatedAt).toBe('2027-01-01T00:00:00.000Z');
    expect(second.updatedAt).toBe('2020-01-01T00:00:00.000Z');
  });
});

describe('edits: properties', () => {
  const reasonArb = (n: number) =>
    fc
      .record({
        support: fc.constantFrom<Support | null>(...supportValues, null),
        belief: fc.constantFrom<Belief | null>(...beliefValues, null),
      })
      .map(({ support, belief }) => reason(n, support, belief));
  const reasonsArb = fc
    .array(fc.constant(null), { maxLength: 15 })
    .chain((slots) => fc.tuple(...slots.map((_, i) => reasonArb(i + 1))));
  const timeArb = fc.date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2100-01-01T00:00:00Z'),
    noInvalidDate: true,
  });

  type Op =
    | { kind: 'add'; reason: Reason }
    | { kind: 'update'; index: number; support: Support | null; belief: Belief | null }
    | { kind: 'delete'; index: number }
    | { kind: 'belief'; title: string };
  const opArb: fc.Arbitrary<Op> = fc.oneof(
    reasonArb(1000).map((r) => ({ kind: 'add' as const, reason: r })),
    fc.record({
      kind: fc.constant('update' as const),
      index: fc.nat(20),
      support: fc.constantFrom<Support | null>(...supportValues, null),
      belief: fc.constantFrom<Belief | null>(...beliefValues, null),
    }),
    fc.record({ kind: fc.constant('delete' as const), index: fc.nat(20) }),
    fc.record({ kind: fc.constant('belief' as const), title: fc.string({ minLength: 1, maxLength: 10 }) }),
  );

  function apply(d: Draft, op: Op, at: Date, step: number): Draft {
    const existing = d.data.reasons;
    switch (op.kind) {
      case 'add':
        return addReason(d, { ...op.reason, id: id(1000 + step) }, at);
      case 'update': {
        const target = existing[op.index % Math.max(existing.length, 1)];
        return target ? updateReason(d, { ...target, support: op.support, belief: op.belief }, at) : d;
      }
      case 'delete': {
        const target = existing[op.index % Math.max(existing.length, 1)];
        return target ? deleteReason(d, target.id, at) : d;
      }
      case 'belief':
        return updateBelief(d, { title: op.title, description: null }, at);
    }
  }

  it('[D1][D2][D3][D4] any sequence of edits keeps S order, stamps the last now and never mutates an earlier draft', () => {
    fc.assert(
      fc.property(reasonsArb, fc.array(fc.tuple(opArb, timeArb), { maxLength: 12 }), (reasons, steps) => {
        let current = createDraft(publishedMap(reasons), now);
        expect(current.data.reasons).toEqual(sortReasons(reasons));
        steps.forEach(([op, at], step) => {
          const frozen = deepFreeze(current);
          const before = structuredClone(frozen);
          const next = apply(frozen, op, at, step);
          expect(frozen).toEqual(before);
          if (next !== frozen) {
            expect(next.updatedAt).toBe(at.toISOString());
            expect(next.data.reasons).toEqual(sortReasons(next.data.reasons));
            expect(new Set(next.data.reasons.map((r) => r.id)).size).toBe(next.data.reasons.length);
          }
          current = next;
        });
      }),
      { seed, numRuns },
    );
  });
});

describe('newReasonId', () => {
  it('makes a new version 4 UUID each time', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    const ids = Array.from({ length: 100 }, newReasonId);
    for (const id of ids) expect(id).toMatch(uuid);
    expect(new Set(ids).size).toBe(100);
  });
});

describe('saveReason', () => {
  const saved = reason(1, 'support', 'agree');

  it('[D5] replaces the reason with its id, stamped and sorted like every edit', () => {
    const input = draft([reason(2, 'support', null), saved]);
    const renamed = { ...saved, title: 'Renamed', support: 'strong-support' as const };
    const next = saveReason(input, renamed, now);
    expect(next.data.reasons).toEqual([renamed, reason(2, 'support', null)]);
    expect(next.updatedAt).toBe(now.toISOString());
  });

  it('[D5] adds the reason back when another tab deleted it while its form was open', () => {
    const next = saveReason(draft([]), saved, now);
    expect(next.data.reasons).toEqual([saved]);
  });

  it('[D4] leaves the draft unchanged', () => {
    const input = deepFreeze(draft([saved]));
    const before = structuredClone(input);
    saveReason(input, { ...saved, title: 'Other' }, now);
    expect(input).toEqual(before);
  });
});

describe('reasonCountError', () => {
  it('[D6] refuses one more reason at the limit, with the message the schema gives a map over it', () => {
    const atLimit = draft([reason(1, null, null), reason(2, null, null)]);
    expect(reasonCountError(atLimit, 3)).toBeNull();
    expect(reasonCountError(atLimit, 2)).toBe('A map can have at most 2 reasons');
    const over = validate(createSchemas({ ...defaultLimits, reasonCount: 2 }).draft, {
      ...atLimit,
      data: { ...atLimit.data, reasons: [...atLimit.data.reasons, reason(3, null, null)] },
    });
    expect(over.ok ? null : over.error).toBe(`data.reasons: ${reasonCountError(atLimit, 2)}`);
  });

  it('[D6] uses the default limit of 1,000 reasons, written as PRODUCT §3 writes it', () => {
    const reasons = Array.from({ length: 1000 }, (_, n) => reason(n + 1, null, null));
    expect(reasonCountError(draft(reasons.slice(1)))).toBeNull();
    expect(reasonCountError(draft(reasons))).toBe('A map can have at most 1,000 reasons');
  });
});

describe('toPublishRequest', () => {
  it('[V7] is the stored form without updatedAt and published (the server sets published)', () => {
    const input = draft();
    const request = toPublishRequest(input);
    expect(request).toEqual({ version: '1.0', data: input.data });
    expect(Object.keys(request).sort()).toEqual(['data', 'version']);
  });

  it('[D4] leaves the draft unchanged', () => {
    const input = deepFreeze(draft());
    const before = structuredClone(input);
    toPublishRequest(input);
    expect(input).toEqual(before);
  });
});
