import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeNeither, describeSide, formatWeight, isUnrated, mapBalance, reasonWeight } from './balance';
import { getBuiltInMap } from './built-in/index';
import type { Belief, Support } from './ratings';
import { mapData, reason } from './test-support/builders';
import { beliefArb, fcParams, reasonsArb, supportArb } from './test-support/map-arbitraries';

describe('reasonWeight', () => {
  it.each([
    ['strong-support', 'strong-agree', 2],
    ['strong-support', 'agree', 1.5],
    ['support', 'neutral', 0.5],
    ['support', 'strong-disagree', 0],
    ['neutral', 'strong-agree', 0],
    ['disconfirm', 'disagree', -0.25],
    ['strong-disconfirm', 'strong-agree', -2],
    ['strong-disconfirm', 'agree', -1.5],
    ['support', null, null],
    [null, 'agree', null],
    [null, null, null],
  ] as const)('[W1] %s believed %s weighs %s', (support, belief, weight) => {
    expect(reasonWeight({ support: support as Support | null, belief: belief as Belief | null })).toBe(
      weight,
    );
  });
});

describe('mapBalance', () => {
  it('[W2] counts and sums each side, neutral support on neither, missing ratings as unrated', () => {
    const map = mapData([
      reason(1, { support: 'strong-support', belief: 'strong-agree' }),
      reason(2, { support: 'support', belief: 'agree' }),
      reason(3, { support: 'disconfirm', belief: 'agree' }),
      reason(4, { support: 'neutral', belief: 'agree' }),
      reason(5, { support: 'support', belief: null }),
      reason(6, { support: null, belief: 'agree' }),
      reason(7, { support: 'strong-disconfirm', belief: 'strong-disagree' }),
    ]);
    expect(mapBalance(map)).toEqual({
      for: { count: 2, weight: 2.75 },
      against: { count: 2, weight: 0.75 },
      unrated: 2,
      neither: 1,
    });
  });

  it('[W2] an empty map has nothing on either side', () => {
    expect(mapBalance(mapData([]))).toEqual({
      for: { count: 0, weight: 0 },
      against: { count: 0, weight: 0 },
      unrated: 0,
      neither: 0,
    });
  });

  it('[W2] Alice’s first help example: five reasons for weighing 6.5, one against weighing 0.25', () => {
    // strong-support × strong-agree twice (2 + 2), support × strong-agree (1), support × agree
    // twice (0.75 + 0.75); disconfirm × disagree (0.25).
    expect(mapBalance(getBuiltInMap('help-example-alice-1')!.data)).toEqual({
      for: { count: 5, weight: 6.5 },
      against: { count: 1, weight: 0.25 },
      unrated: 0,
      neither: 0,
    });
  });

  it('[W3] every reason is counted at most once, weights are never negative, order does not matter', () => {
    fc.assert(
      fc.property(reasonsArb(), (reasons) => {
        const balance = mapBalance({ reasons });
        const rated = reasons.filter((r) => r.belief !== null && r.support !== null);
        const neutral = rated.filter((r) => r.support === 'neutral').length;
        expect(balance.unrated).toBe(reasons.length - rated.length);
        expect(balance.for.count + balance.against.count + neutral).toBe(rated.length);
        expect(balance.neither).toBe(neutral);
        expect(balance.for.weight).toBeGreaterThanOrEqual(0);
        expect(balance.against.weight).toBeGreaterThanOrEqual(0);
        expect(balance.for.weight).toBeLessThanOrEqual(2 * balance.for.count);
        expect(balance.against.weight).toBeLessThanOrEqual(2 * balance.against.count);
        expect(mapBalance({ reasons: [...reasons].reverse() })).toEqual(balance);
      }),
      fcParams,
    );
  });
});

describe('weights and their display', () => {
  it('[W1] every weight lies from −2 to +2, and only an unrated reason has none', () => {
    fc.assert(
      fc.property(beliefArb, supportArb, (belief, support) => {
        const weight = reasonWeight({ belief, support });
        expect(weight === null).toBe(isUnrated({ belief, support }));
        expect(weight ?? 0).toBeGreaterThanOrEqual(-2);
        expect(weight ?? 0).toBeLessThanOrEqual(2);
      }),
      fcParams,
    );
  });

  it('[W5] says each side with one decimal', () => {
    expect(describeSide('For', { count: 3, weight: 2.75 })).toBe('For: 3 reasons, weight 2.8');
    expect(describeSide('Against', { count: 1, weight: 0 })).toBe('Against: 1 reason, weight 0.0');
    expect(formatWeight(0.25)).toBe('0.3');
    expect(mapBalance({ reasons: [reason(1, { belief: 'agree', support: null })] }).unrated).toBe(1);
  });
});

describe('reasons counting for neither side', () => {
  it('[W6] only rated reasons of no relevance count for neither side, whatever their belief', () => {
    const map = mapData([
      reason(1, { support: 'neutral', belief: 'strong-agree' }),
      reason(2, { support: 'neutral', belief: 'strong-disagree' }),
      reason(3, { support: 'neutral', belief: null }),
      reason(4, { support: 'support', belief: 'strong-disagree' }),
    ]);
    const balance = mapBalance(map);
    expect(balance.neither).toBe(2);
    // Unrated (3) is counted apart; a reason believed false (4) still counts on its side, weighing 0.
    expect(balance.unrated).toBe(1);
    expect(balance.for).toEqual({ count: 1, weight: 0 });
  });

  it('[W6] says how many and why', () => {
    expect(describeNeither(2)).toBe('2 reasons count for neither side: rated “Has no relevance”');
    expect(describeNeither(1)).toBe('1 reason counts for neither side: rated “Has no relevance”');
  });
});
