import type { Reason } from './belief-map';
import { beliefValues, supportValues } from './ratings';

// The support × belief grid of a map page's balance (rule W4). Apart from balance.ts, so that its
// code loads with the grid, after the page (PRODUCT §13.5).

/** The grid's rows and columns (rule W4): each scale's five values, then no rating. */
export const gridSupports = [...supportValues, null] as const;
export const gridBeliefs = [...beliefValues, null] as const;

/**
 * The support × belief grid (rule W4): `cells[row][column]` lists the reasons, in map order, whose
 * support is `gridSupports[row]` and belief `gridBeliefs[column]`. Pure and linear.
 */
export function balanceGrid<R extends Pick<Reason, 'belief' | 'support'>>(reasons: readonly R[]): R[][][] {
  const cells = gridSupports.map(() => gridBeliefs.map((): R[] => []));
  for (const reason of reasons) {
    cells[gridSupports.indexOf(reason.support)]![gridBeliefs.indexOf(reason.belief)]!.push(reason);
  }
  return cells;
}
