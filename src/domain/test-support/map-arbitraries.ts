import fc from 'fast-check';
import type { Draft, MapData, Reason, ReasonId } from '../belief-map';
import { reasonFields } from '../compare';
import { createDraft } from '../draft';
import { beliefValues, supportValues, type Belief, type Support } from '../ratings';

// Test support only (imported by *.test.ts, never by the app): fast-check arbitraries for valid
// reasons and maps, i.e. data that `mapDataSchema` accepts unchanged (V2–V5).

/**
 * Random tests are seeded and print their seed (each test file logs it, and fast-check repeats it
 * with a counterexample); rerun a failure with FC_SEED=<seed>. On a development machine each run
 * draws a new seed, so the inputs keep changing and new counterexamples turn up where they are
 * fixed; under CI=true the seed is fixed, so CI fails on a change and never on the luck of a draw.
 */
const ciSeed = 20261126;
export const fcSeed =
  Number(process.env.FC_SEED) || (process.env.CI === 'true' ? ciSeed : Date.now() % 2 ** 31);
export const fcParams = { seed: fcSeed, numRuns: 200 } as const;

/** A v4 UUID, which zod's `z.uuid()` accepts (V5). */
const reasonIdArb: fc.Arbitrary<ReasonId> = fc.uuid({ version: 4 }).map((id) => id as ReasonId);

/** A trimmed, non-empty title (V2); a few common words make equal titles in two maps likely. */
export const titleArb: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('Cost', 'Safety', 'Noise', 'Parking'),
  fc
    .string({ minLength: 1, maxLength: 30 })
    .map((text) => text.trim())
    .filter((text) => text.length > 0),
);

/** Relevance or description: null, or text that is not blank (V3). */
const optionalTextArb: fc.Arbitrary<string | null> = fc.option(
  fc.oneof(
    fc.constantFrom('Because.', 'Studies show it.'),
    fc.string({ maxLength: 40 }).filter((text) => text.trim() !== ''),
  ),
  { nil: null },
);

export const beliefArb: fc.Arbitrary<Belief | null> = fc.constantFrom<Belief | null>(...beliefValues, null);
export const supportArb: fc.Arbitrary<Support | null> = fc.constantFrom<Support | null>(
  ...supportValues,
  null,
);

export const reasonArb: fc.Arbitrary<Reason> = fc.record({
  id: reasonIdArb,
  title: titleArb,
  relevance: optionalTextArb,
  belief: beliefArb,
  support: supportArb,
});

export const reasonsArb = (maxLength = 25): fc.Arbitrary<Reason[]> =>
  fc.uniqueArray(reasonArb, { selector: (reason) => reason.id, maxLength });

export const mapDataArb: fc.Arbitrary<MapData> = fc.record({
  title: titleArb,
  description: optionalTextArb,
  reasons: reasonsArb(),
});

/** The same items in a random order. */
export function permutationArb<T>(items: readonly T[]): fc.Arbitrary<T[]> {
  return fc.shuffledSubarray([...items], { minLength: items.length, maxLength: items.length });
}

/**
 * Two versions of one map, as a user would make them: some reasons only in the base, some only in
 * the modified map, and shared ones of which some fields were edited; each map in its own order,
 * and the title and description either kept or changed.
 */
export const mapPairArb: fc.Arbitrary<{ base: MapData; modified: MapData }> = fc
  .record({
    entries: fc.uniqueArray(
      fc.record({
        reason: reasonArb,
        place: fc.constantFrom('base', 'modified', 'both', 'both'),
        fresh: reasonArb,
        edited: fc.subarray([...reasonFields]),
      }),
      { selector: (entry) => entry.reason.id, maxLength: 25 },
    ),
    base: fc.record({ title: titleArb, description: optionalTextArb }),
    modified: fc.record({
      title: fc.option(titleArb, { nil: undefined }),
      description: fc.option(optionalTextArb, { nil: undefined }),
    }),
  })
  .chain(({ entries, base, modified }) => {
    const baseReasons = entries.filter((e) => e.place !== 'modified').map((e) => e.reason);
    const modifiedReasons = entries
      .filter((e) => e.place !== 'base')
      .map((e) => {
        const edit = Object.fromEntries(e.edited.map((field) => [field, e.fresh[field]])) as Partial<Reason>;
        return { ...e.reason, ...edit };
      });
    return fc.tuple(permutationArb(baseReasons), permutationArb(modifiedReasons)).map(([b, m]) => ({
      base: { ...base, reasons: b },
      modified: {
        title: modified.title ?? base.title,
        description: modified.description === undefined ? base.description : modified.description,
        reasons: m,
      },
    }));
  });

export const draftTime = new Date('2026-03-01T09:00:00.000Z');
export const mergeTime = new Date('2026-03-02T10:30:00.000Z');

/** A draft copying `data` (D1), stamped `draftTime`, so merges can be told apart by `updatedAt`. */
export function draftOf(data: MapData): Draft {
  return createDraft({ version: '1.0', published: '2026-02-01T00:00:00.000Z', data }, draftTime);
}

/** Freezes a value and everything in it, so a test fails loudly if code under test writes to it. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * Table rows for `it.each(...)('%s', (_, row) => …)`, each named `[rule] name`. Vitest's `$name`
 * would quote the text and cut it at 40 characters, hiding the rule id the name must start with.
 */
export function ruleRows<Row extends { rule: string; name: string }>(rows: Row[]): [string, Row][] {
  return rows.map((row) => [`[${row.rule}] ${row.name}`, row]);
}
