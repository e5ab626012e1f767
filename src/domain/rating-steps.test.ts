import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { beliefSteps, describeBeliefSteps, isReversal, supportDirection } from './rating-steps';
import { beliefValues, supportValues, type Belief, type Support } from './ratings';
import { fcParams } from './test-support/map-arbitraries';

describe('supportDirection and isReversal', () => {
  it.each([
    ['strong-support', 1],
    ['support', 1],
    ['neutral', 0],
    ['disconfirm', -1],
    ['strong-disconfirm', -1],
    [null, 0],
  ] as const)('[G1] %s gives direction %d', (support, direction) => {
    expect(supportDirection(support)).toBe(direction);
  });

  it.each([
    ['support', 'disconfirm', true],
    ['strong-disconfirm', 'strong-support', true],
    ['support', 'strong-support', false],
    ['disconfirm', 'strong-disconfirm', false],
    ['support', 'neutral', false],
    ['neutral', 'disconfirm', false],
    [null, 'disconfirm', false],
    ['support', null, false],
  ] as const)('[G1] %s → %s is a reversal: %s', (base, modified, reversal) => {
    expect(isReversal(base, modified)).toBe(reversal);
  });

  it('[G1] a reversal reads the same both ways and never holds for equal supports', () => {
    const support = fc.constantFrom<Support | null>(...supportValues, null);
    fc.assert(
      fc.property(support, support, (a, b) => {
        expect(isReversal(a, b)).toBe(isReversal(b, a));
        expect(isReversal(a, a)).toBe(false);
      }),
      fcParams,
    );
  });
});

describe('beliefSteps', () => {
  it.each([
    ['strong-agree', 'neutral', -2, 'Belief 2 steps lower'],
    ['agree', 'strong-agree', 1, 'Belief 1 step higher'],
    ['strong-disagree', 'strong-agree', 4, 'Belief 4 steps higher'],
    ['disagree', 'disagree', 0, null],
    [null, 'agree', null, null],
    ['agree', null, null, null],
  ] as const)('[G2] %s → %s moves %s steps: %s', (base, modified, steps, text) => {
    expect(beliefSteps(base, modified)).toBe(steps);
    expect(describeBeliefSteps(beliefSteps(base, modified))).toBe(text);
  });

  it('[G2] steps are antisymmetric and add up along a path', () => {
    const belief = fc.constantFrom<Belief>(...beliefValues);
    fc.assert(
      fc.property(belief, belief, belief, (a, b, c) => {
        expect(beliefSteps(a, b)).toBe(-beliefSteps(b, a)! || 0);
        expect(beliefSteps(a, b)! + beliefSteps(b, c)!).toBe(beliefSteps(a, c));
      }),
      fcParams,
    );
  });
});
