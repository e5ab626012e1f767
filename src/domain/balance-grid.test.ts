import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { balanceGrid, gridBeliefs, gridSupports } from './balance-grid';
import { reason } from './test-support/builders';
import { fcParams, reasonsArb } from './test-support/map-arbitraries';

describe('balanceGrid', () => {
  it('[W4] places each reason in the cell of its support row and belief column, no rating last', () => {
    const a = reason(1, { belief: 'agree', support: 'strong-support' });
    const b = reason(2, { belief: null, support: 'disconfirm' });
    const c = reason(3, { belief: 'agree', support: 'strong-support' });
    const d = reason(4, { belief: null, support: null });
    const cells = balanceGrid([a, b, c, d]);
    expect(cells).toHaveLength(6);
    expect(cells[0]![1]).toEqual([a, c]);
    expect(cells[3]![5]).toEqual([b]);
    expect(cells[5]![5]).toEqual([d]);
    expect(gridSupports[5]).toBeNull();
    expect(gridBeliefs[5]).toBeNull();
  });

  it('[W4] the cells hold every reason exactly once', () => {
    fc.assert(
      fc.property(reasonsArb(), (reasons) => {
        const placed = balanceGrid(reasons).flat(2);
        expect(placed).toHaveLength(reasons.length);
        expect(new Set(placed)).toEqual(new Set(reasons));
      }),
      fcParams,
    );
  });
});
