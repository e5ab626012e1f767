import type { MapData, Reason } from './belief-map';
import { reasonWeight } from './balance';
import { reasonIdKey, type MapDiff } from './compare';
import { isReversal } from './rating-steps';

// PRODUCT §9.5: where two people disagree (rules X1–X3). For every reason in both maps, how far
// apart its weights are; the cruxes are those apart at all, largest first.

export interface Crux {
  base: Reason;
  modified: Reason;
  /** |weight in base − weight in modified|, from 0 (exclusive) to 4 (rule X1). */
  disagreement: number;
  /** For in one map and against in the other (rule G1): "Counts the other way". */
  reversal: boolean;
}

/** The title a crux is sorted by (rule X2): the smaller of its two titles, so order is symmetric. */
function sortTitle(crux: Crux): string {
  return crux.base.title < crux.modified.title ? crux.base.title : crux.modified.title;
}

/** Largest disagreement first; ties: reversals first, then by title, then by id (rule X2). */
function compareCruxes(a: Crux, b: Crux): number {
  if (a.disagreement !== b.disagreement) return b.disagreement - a.disagreement;
  if (a.reversal !== b.reversal) return a.reversal ? -1 : 1;
  const titleA = sortTitle(a);
  const titleB = sortTitle(b);
  if (titleA !== titleB) return titleA < titleB ? -1 : 1;
  const idA = reasonIdKey(a.base.id);
  const idB = reasonIdKey(b.base.id);
  return idA < idB ? -1 : idA > idB ? 1 : 0;
}

/**
 * The cruxes between two maps (rules X1–X3): the reasons in both (matched by id as compare does,
 * rule C1) whose weights differ, ranked by `compareCruxes`. Pure; one pass with a hash table plus
 * a sort of the cruxes alone (rule X3).
 */
export function findCruxes(base: Pick<MapData, 'reasons'>, modified: Pick<MapData, 'reasons'>): Crux[] {
  const baseById = new Map<string, Reason>();
  for (const reason of base.reasons) baseById.set(reasonIdKey(reason.id), reason);
  const cruxes: Crux[] = [];
  for (const reason of modified.reasons) {
    const before = baseById.get(reasonIdKey(reason.id));
    if (!before) continue;
    const disagreement = Math.abs((reasonWeight(before) ?? 0) - (reasonWeight(reason) ?? 0));
    if (disagreement > 0) {
      cruxes.push({
        base: before,
        modified: reason,
        disagreement,
        reversal: isReversal(before.support, reason.support),
      });
    }
  }
  return cruxes.sort(compareCruxes);
}

/**
 * The same cruxes from a diff already made (rule X3): only changed reasons can weigh apart, since
 * an unchanged one has the same ratings in both maps. The compare page has the diff, so this
 * costs one pass over the changed reasons and a sort of the cruxes. Pure.
 */
export function cruxesOfDiff(diff: Pick<MapDiff, 'changed'>): Crux[] {
  const cruxes: Crux[] = [];
  for (const { base, modified } of diff.changed) {
    const disagreement = Math.abs((reasonWeight(base) ?? 0) - (reasonWeight(modified) ?? 0));
    if (disagreement > 0)
      cruxes.push({ base, modified, disagreement, reversal: isReversal(base.support, modified.support) });
  }
  return cruxes.sort(compareCruxes);
}
