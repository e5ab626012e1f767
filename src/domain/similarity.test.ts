import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findSimilarReasons, similarityThreshold, titleSimilarity, titleWords } from './similarity';
import { newReason, reason } from './test-support/builders';
import { fcParams, fcSeed, titleArb } from './test-support/map-arbitraries';

console.log(`similarity.test.ts: fast-check seed ${fcSeed}`);

describe('titleWords', () => {
  it.each([
    ['Bike lanes make the street safer!', ['bik', 'lan', 'mak', 'street', 'safer']],
    ['Café owners’ worries', ['caf', 'owner', 'worry']],
    ['Cycling, cycles and cycle', ['cycl']],
    ['It is what it is', ['it', 'is', 'what']],
    ['The lane is NOT safe', ['lan', 'not', 'saf']],
    ["Shops can't wait", ['shop', 'not', 'wait']],
  ])('[T1] %j gives %j', (title, words) => {
    expect([...titleWords(title)]).toEqual(words);
  });
});

// Pairs as two people wrote them independently about the same belief: the first list says the same
// reason in other words, the second gives different reasons about the same street.
const sameReason: [string, string][] = [
  [
    'A protected lane would make cycling on Elm Street safer',
    'Cycling on Elm Street would be safer with a protected lane',
  ],
  [
    'Removing the parking lane would cost the Elm Street shops trade',
    'Shops on Elm Street would lose trade without the parking lane',
  ],
  ['More children would cycle to Elm Street Primary', 'More children would cycle to the primary school'],
  ['Delivery vans would have nowhere to stop', 'Delivery vans would have nowhere to stop and unload'],
  ['Most people who shop on Elm Street walk or cycle there', 'Most Elm Street shoppers walk or cycle'],
  ['The council cannot afford it', 'The council can’t afford this'],
  ['Bike lanes reduce traffic deaths', 'Bike lanes reduce deaths in traffic.'],
  ['Costs too much', 'It costs too much'],
];
const differentReasons: [string, string][] = [
  [
    'Removing the parking lane would cost the Elm Street shops trade',
    'The parking lane is rarely full: on weekdays at most 30 of its 48 spaces are taken',
  ],
  [
    'Most people who shop on Elm Street walk or cycle there',
    'Hardly anyone cycles on Elm Street today: the council counted 40 bikes in a whole weekday',
  ],
  ['Bike lanes reduce parking', 'Bike lanes increase safety'],
  ['Delivery vans would block the traffic lane', 'A protected lane would make cycling safer'],
  ['The lane is safe', 'The lane is not safe'],
  ['More children would cycle to school', 'Older people would lose their parking'],
];

describe('titleSimilarity', () => {
  it.each(sameReason)('[T2] the same reason in other words is close: %j ~ %j', (a, b) => {
    expect(titleSimilarity(a, b)).toBeGreaterThanOrEqual(similarityThreshold);
  });

  it.each(differentReasons)('[T2] different reasons on one subject are not close: %j ≁ %j', (a, b) => {
    expect(titleSimilarity(a, b)).toBeLessThan(similarityThreshold);
  });

  it('[T2] a title that denies what the other states is never close', () => {
    expect(titleSimilarity('The lane is safe', 'The lane is not safe')).toBe(0);
    expect(titleSimilarity('Shops will not suffer', "Shops won't suffer")).toBe(1);
  });

  it('[T2] the coefficient is 2·shared / (|A| + |B|)', () => {
    // {bik, lan, reduce, park} and {bik, lan, increase, safety}: 2 of 4 + 4 words.
    expect(titleSimilarity('Bike lanes reduce parking', 'Bike lanes increase safety')).toBe(0.5);
    expect(titleSimilarity('Shops', 'Shop')).toBe(1);
  });

  it('[T2] is symmetric, between 0 and 1, and 1 for a title and itself', () => {
    fc.assert(
      fc.property(titleArb, titleArb, (a, b) => {
        const similarity = titleSimilarity(a, b);
        expect(similarity).toBe(titleSimilarity(b, a));
        expect(similarity).toBeGreaterThanOrEqual(0);
        expect(similarity).toBeLessThanOrEqual(1);
        if (titleWords(a).size > 0) expect(titleSimilarity(a, a)).toBe(1);
      }),
      fcParams,
    );
  });
});

describe('findSimilarReasons', () => {
  const added = [
    newReason('Cycling on Elm Street would be safer with a protected lane'),
    newReason('The trees would have to go'),
    newReason('Shops on Elm Street would lose trade without the parking lane'),
  ];
  const deleted = [
    newReason('Removing the parking lane would cost the Elm Street shops trade'),
    newReason('A protected lane would make cycling on Elm Street safer'),
    newReason('Buses would be slower'),
  ];

  it('[T3] pairs each added reason with the closest deleted one, and leaves out those with none', () => {
    const found = findSimilarReasons(added, deleted);
    expect([...found.keys()]).toEqual([0, 2]);
    expect(found.get(0)?.reason).toBe(deleted[1]);
    expect(found.get(2)?.reason).toBe(deleted[0]);
    expect(found.get(0)?.similarity).toBeCloseTo(titleSimilarity(added[0]!.title, deleted[1]!.title));
  });

  it('[T3] a tie goes to the earlier reason of the pool', () => {
    const pool = [reason(1, { title: 'Costs money' }), reason(2, { title: 'Costs money' })];
    expect(findSimilarReasons([reason(3, { title: 'It costs money' })], pool).get(0)?.reason).toBe(pool[0]);
  });

  it('[T3] finds what pairwise titleSimilarity finds, and no better match is missed', () => {
    const reasons = fc.array(
      titleArb.map((title) => newReason(title)),
      { maxLength: 12 },
    );
    fc.assert(
      fc.property(reasons, reasons, (candidates, pool) => {
        const found = findSimilarReasons(candidates, pool);
        candidates.forEach((candidate, at) => {
          const scores = pool.map((r) => titleSimilarity(candidate.title, r.title));
          const best = Math.max(0, ...scores);
          if (best >= similarityThreshold) {
            expect(found.get(at)?.reason).toBe(pool[scores.indexOf(best)]);
          } else expect(found.has(at)).toBe(false);
        });
      }),
      fcParams,
    );
  });

  it('[T4] two maps of 1,000 unrelated reasons are matched through the word index', () => {
    const many = (prefix: string) =>
      Array.from({ length: 1000 }, (_, n) => reason(n, { title: `${prefix}${n} ${prefix}x${n}` }));
    expect(findSimilarReasons(many('a'), many('b')).size).toBe(0);
    expect(findSimilarReasons(many('a'), many('a')).size).toBe(1000);
  });
});
