import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Reason } from './belief-map';
import { beliefValues, supportValues, type Belief, type Support } from './ratings';
import { sortReasons } from './sort-reasons';
import { reason as builtReason } from './test-support/builders';
import { fcSeed as seed } from './test-support/map-arbitraries';

const numRuns = 300;
// Random tests are seeded (FC_SEED=<seed> repeats a run) and print their seed.
console.log(`sort-reasons.test.ts: fast-check seed ${seed}`);

// The orders as PRODUCT §3.4 writes them, spelled out here rather than read from ratings.ts
// so that a wrong rank table fails these tests.
const supportOrder: (Support | null)[] = [
  'strong-support',
  'support',
  'strong-disconfirm',
  'disconfirm',
  'neutral',
  null,
];
const beliefOrder: (Belief | null)[] = [
  'strong-agree',
  'agree',
  'neutral',
  'disagree',
  'strong-disagree',
  null,
];

let counter = 0;
function reason(support: Support | null, belief: Belief | null, title = `reason ${++counter}`): Reason {
  return builtReason(++counter, { title, belief, support });
}

function keys(r: Pick<Reason, 'belief' | 'support'>): [number, number] {
  return [supportOrder.indexOf(r.support), beliefOrder.indexOf(r.belief)];
}

const supportArb = fc.constantFrom<Support | null>(...supportValues, null);
const beliefArb = fc.constantFrom<Belief | null>(...beliefValues, null);
const reasonArb = fc.record({ support: supportArb, belief: beliefArb, title: fc.string({ maxLength: 5 }) });
// Each generated reason gets a distinct tag (its input position) so that stability is observable.
const reasonsArb = fc.array(reasonArb, { maxLength: 40 }).map((rs) => rs.map((r, i) => ({ ...r, tag: i })));
type TaggedReasons = typeof reasonsArb extends fc.Arbitrary<infer T> ? T : never;

/** Checks `check` on many generated lists of tagged reasons, with the seed printed above. */
function forAnyReasons(check: (input: TaggedReasons) => void): void {
  fc.assert(fc.property(reasonsArb, check), { seed, numRuns });
}

/** Each item of `list` with the one after it. */
function neighbours<T>(list: readonly T[]): [T, T][] {
  return list.slice(1).map((next, i) => [list[i]!, next]);
}

describe('sortReasons', () => {
  it('[S1] orders by support: strong-support, support, strong-disconfirm, disconfirm, neutral, none', () => {
    const input = [...supportOrder].reverse().map((s) => reason(s, 'agree'));
    expect(sortReasons(input).map((r) => r.support)).toEqual(supportOrder);
  });

  it.each(supportOrder.flatMap((a, i) => supportOrder.slice(i + 1).map((b) => [a, b] as const)))(
    '[S1] support %s comes before %s whatever the beliefs',
    (first, second) => {
      // The later support value carries the strongest belief, so belief must not win.
      const input = [reason(second, 'strong-agree'), reason(first, null)];
      expect(sortReasons(input).map((r) => r.support)).toEqual([first, second]);
    },
  );

  it('[S2] orders by belief within one support value: strong-agree, agree, neutral, disagree, strong-disagree, none', () => {
    for (const support of supportOrder) {
      const input = [...beliefOrder].reverse().map((b) => reason(support, b));
      expect(sortReasons(input).map((r) => r.belief)).toEqual(beliefOrder);
    }
  });

  it('[S1][S2] sorts a mixed list by support first, then belief', () => {
    const a = reason('neutral', 'strong-agree', 'a');
    const b = reason('support', 'disagree', 'b');
    const c = reason(null, 'strong-agree', 'c');
    const d = reason('strong-disconfirm', 'agree', 'd');
    const e = reason('support', 'strong-agree', 'e');
    const f = reason('strong-support', null, 'f');
    const g = reason('disconfirm', 'strong-agree', 'g');
    expect(sortReasons([a, b, c, d, e, f, g]).map((r) => r.title)).toEqual([
      'f',
      'e',
      'b',
      'd',
      'g',
      'a',
      'c',
    ]);
  });

  it('[S3] reasons equal in support and belief keep their input order', () => {
    const first = reason('support', 'agree', 'first');
    const second = reason('support', 'agree', 'second');
    const third = reason('support', 'agree', 'third');
    const other = reason('strong-support', 'agree', 'other');
    expect(sortReasons([first, second, other, third]).map((r) => r.title)).toEqual([
      'other',
      'first',
      'second',
      'third',
    ]);
    expect(sortReasons([third, first, second]).map((r) => r.title)).toEqual(['third', 'first', 'second']);
  });

  it('[S3] an empty list stays empty and a new array is returned', () => {
    const input: Reason[] = [];
    const output = sortReasons(input);
    expect(output).toEqual([]);
    expect(output).not.toBe(input);
  });

  it('[S3] returns a new array even when the input is already sorted, and leaves the input alone', () => {
    const input = Object.freeze([reason('support', 'agree'), reason('neutral', null)]);
    const output = sortReasons(input);
    expect(output).not.toBe(input);
    expect(output).toEqual(input);
  });

  it('[S3] the output is a permutation of the input: the same reason objects, none added or dropped', () => {
    forAnyReasons((input) => {
      const output = sortReasons(input);
      expect(output).toHaveLength(input.length);
      for (const r of input) expect(output.filter((o) => o === r)).toHaveLength(1);
      expect([...output.map((r) => r.tag)].sort((x, y) => x - y)).toEqual(input.map((r) => r.tag));
    });
  });

  it('[S1][S2] the output is ordered by support rank, then belief rank', () => {
    forAnyReasons((input) => {
      for (const [prev, next] of neighbours(sortReasons(input))) {
        const [s0, b0] = keys(prev);
        const [s1, b1] = keys(next);
        expect(s0 < s1 || (s0 === s1 && b0 <= b1)).toBe(true);
      }
    });
  });

  it('[S3] the sort is stable: reasons with equal keys keep their input order', () => {
    forAnyReasons((input) => {
      for (const [prev, next] of neighbours(sortReasons(input))) {
        if (keys(prev).join() === keys(next).join()) expect(prev.tag).toBeLessThan(next.tag);
      }
    });
  });

  it('[S3] sorting agrees with a reference stable sort on (support rank, belief rank, input index)', () => {
    forAnyReasons((input) => {
      const expected = input
        .map((r, i) => ({ r, k: [...keys(r), i] }))
        .sort((x, y) => x.k[0]! - y.k[0]! || x.k[1]! - y.k[1]! || x.k[2]! - y.k[2]!)
        .map(({ r }) => r.tag);
      expect(sortReasons(input).map((r) => r.tag)).toEqual(expected);
    });
  });

  it('[S3] sorting twice changes nothing (idempotent)', () => {
    forAnyReasons((input) => {
      const once = sortReasons(input);
      const twice = sortReasons(once);
      expect(twice).toEqual(once);
      twice.forEach((r, i) => expect(r).toBe(once[i]));
    });
  });

  it('[S3] the input array and its reasons are not mutated', () => {
    forAnyReasons((input) => {
      const before = structuredClone(input);
      const frozen = Object.freeze(input.map((r) => Object.freeze(r)));
      sortReasons(frozen);
      expect(input).toEqual(before);
    });
  });
});
