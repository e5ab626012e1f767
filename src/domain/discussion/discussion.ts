import { mapBalance, reasonWeight, type MapBalance } from '../balance';
import type { MapId } from '../map-id';
import { supportDirection } from '../rating-steps';
import { beliefValues, supportValues, type Belief, type Support } from '../ratings';
import type { ReasonBrief } from './map-brief';
import { discussionMaps, matchReasons, type DiscussionMap } from './match-reasons';
import { findOpinionGroups, type OpinionGroups } from './opinion-groups';

// What a group's maps on one belief say together (rules N1–N7): the reasons they share and how
// they rate them, where they agree and where they split, and where each map stands. The opinion
// groups (rules N8–N10) are found from the same figures.

/** Where the group agrees: present in at least this share of the maps (rule N5)… */
const agreementPresence = 0.6;
/** …and in at least this many… */
const agreementMinimumMaps = 3;
/** …with a spread below this (rule N5): two steps of belief on a supporting reason. */
const agreementSpread = 0.5;

/** How many maps gave each rating, and how many left it unrated (`none`). */
type RatingCounts<Value extends string> = Record<Value | 'none', number>;

/** A matched reason in one map. */
interface DiscussionEntry {
  mapId: MapId;
  reason: ReasonBrief;
  /** Its weight in this map (rule W1), null when unrated. */
  weight: number | null;
  /** True when it joined by its title, not its id (rule N2). */
  byTitle: boolean;
}

/** A reason as the group's maps hold it (rules N2–N4). */
export interface DiscussionReason {
  /** Its first reason's id, lower-cased: unique within the discussion. */
  key: string;
  title: string;
  /** True when some map's reason joined by its title (rule N2), which the page says. */
  matchedByTitle: boolean;
  /** One per map that holds it, in order of map id. */
  entries: DiscussionEntry[];
  /** In how many maps it appears: k of the discussion's n. */
  presence: number;
  support: RatingCounts<Support>;
  belief: RatingCounts<Belief>;
  /** Over the maps that rated it (rule N3); null when none did. */
  medianWeight: number | null;
  medianSupport: Support | null;
  medianBelief: Belief | null;
  /** The mean absolute deviation of its weights (rule N4); null when fewer than 2 rated it. */
  spread: number | null;
  /** Rated for in some maps and against in others (rules N4, G1). */
  split: boolean;
}

/** Where one map stands (rule N7). */
interface MapStance {
  mapId: MapId;
  /** Its balance's weight for minus its weight against (rule W2). */
  net: number;
  balance: MapBalance;
}

export interface Discussion {
  /** The maps taken, in order of id (rule N1): n is their number. */
  mapIds: MapId[];
  /** Every matched reason, in order of its first map, then id (rule N2). */
  reasons: DiscussionReason[];
  /** Where the group agrees (rule N5), in its order. */
  agrees: DiscussionReason[];
  /** Where the group splits (rule N6), in its order. */
  splits: DiscussionReason[];
  /** Each map's stance (rule N7), in order of map id. */
  stances: MapStance[];
  /** The plot's points and the opinion groups, or why there are none (rules N8–N10). */
  opinion: OpinionGroups;
}

/**
 * The discussion of `maps` less those whose ids are in `leftOut` (rules N1–N10). The result
 * depends only on the set of maps given, never their order (rule N1); nothing given is changed.
 * Its lists' orders are those of the rules named on each field.
 */
export function summariseDiscussion(
  maps: readonly DiscussionMap[],
  leftOut: readonly MapId[] = [],
): Discussion {
  const taken = discussionMaps(maps, leftOut);
  const mapIds = taken.map((map) => map.id);
  const reasons = matchReasons(taken).map((match): DiscussionReason => {
    const entries = match.entries.map(({ map, reason, byTitle }) => ({
      mapId: mapIds[map]!,
      reason,
      weight: reasonWeight(reason),
      byTitle,
    }));
    return {
      key: match.key,
      title: match.title,
      matchedByTitle: match.byTitle,
      entries,
      ...figures(entries),
    };
  });
  const stances = taken.map((map) => {
    const balance = mapBalance(map.data);
    return { mapId: map.id, net: balance.for.weight - balance.against.weight, balance };
  });
  return {
    mapIds,
    reasons,
    agrees: whereTheGroupAgrees(reasons, mapIds.length),
    splits: whereTheGroupSplits(reasons),
    stances,
    opinion: findOpinionGroups(mapIds, reasons),
  };
}

type Figures = Omit<DiscussionReason, 'key' | 'title' | 'matchedByTitle' | 'entries'>;

/** Rules N3 and N4: presence, counts, medians, spread and split of one matched reason. */
function figures(entries: readonly DiscussionEntry[]): Figures {
  // One pass, no lists but the weights: this runs once per matched reason, thousands of times.
  const support = emptyCounts(supportValues);
  const belief = emptyCounts(beliefValues);
  const weights: number[] = [];
  let forIt = false;
  let against = false;
  for (const { reason, weight } of entries) {
    support[reason.support ?? 'none'] += 1;
    belief[reason.belief ?? 'none'] += 1;
    if (weight !== null) weights.push(weight);
    const direction = supportDirection(reason.support);
    if (direction > 0) forIt = true;
    else if (direction < 0) against = true;
  }
  return {
    presence: entries.length,
    support,
    belief,
    medianWeight: median(weights),
    medianSupport: medianRating(supportValues, support),
    medianBelief: medianRating(beliefValues, belief),
    spread: meanAbsoluteDeviation(weights),
    split: forIt && against,
  };
}

/** Zero for each value, in the scale's order, then `none`. */
function emptyCounts<Value extends string>(values: readonly Value[]): RatingCounts<Value> {
  const counts = {} as RatingCounts<Value>;
  for (const value of values) counts[value] = 0;
  counts.none = 0;
  return counts;
}

/** The middle weight, or the mean of the two middle ones; null for none (rule N3). */
function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * The middle rating in the scale's order, the first of the two middle ones for an even count
 * (rule N3): a rating has no value between two steps. Null when nothing was rated.
 */
function medianRating<Value extends string>(
  values: readonly Value[],
  counts: RatingCounts<Value>,
): Value | null {
  const rated = values.reduce((sum, value) => sum + counts[value], 0);
  if (rated === 0) return null;
  let seen = 0;
  for (const value of values) {
    seen += counts[value];
    if (seen >= Math.ceil(rated / 2)) return value;
  }
  return null;
}

/** Rule N4: the mean absolute deviation from the mean; null for fewer than two values. */
function meanAbsoluteDeviation(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const mean = values.reduce((sum, x) => sum + x, 0) / values.length;
  return values.reduce((sum, x) => sum + Math.abs(x - mean), 0) / values.length;
}

/** Spread × presence, by which splits and the "Most contested" order rank (rules N6, N11). */
function contestScore(reason: Pick<DiscussionReason, 'spread' | 'presence'>): number {
  return (reason.spread ?? 0) * reason.presence;
}

/** Title, then key: the last tie-break of every list of matched reasons. */
export function compareTitles(a: DiscussionReason, b: DiscussionReason): number {
  if (a.title !== b.title) return a.title < b.title ? -1 : 1;
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/**
 * Rule N5: the reasons present in at least 60% of the `mapCount` maps and at least 3, of spread
 * below 0.5, not split; most present first, then least spread, then title and id. Pure.
 */
function whereTheGroupAgrees(reasons: readonly DiscussionReason[], mapCount: number): DiscussionReason[] {
  // The margin keeps 0.6 × 5 = 3 at 3 should rounding make it 3.0000000000000004.
  const least = Math.max(agreementMinimumMaps, Math.ceil(agreementPresence * mapCount - 1e-9));
  return reasons
    .filter((r) => r.presence >= least && r.spread !== null && r.spread < agreementSpread && !r.split)
    .sort((a, b) => b.presence - a.presence || a.spread! - b.spread! || compareTitles(a, b));
}

/**
 * Rule N6: the reasons present in at least 2 maps with a spread above 0, by spread × presence,
 * largest first; split reasons first on a tie, then title and id. Pure.
 */
function whereTheGroupSplits(reasons: readonly DiscussionReason[]): DiscussionReason[] {
  return reasons
    .filter((r) => r.presence >= 2 && (r.spread ?? 0) > 0)
    .sort((a, b) => compareContested(a, b) || compareTitles(a, b));
}

/**
 * Most contested first (rules N6, N11): spread × presence, then split reasons; 0 on a tie of both,
 * for the caller to break.
 */
export function compareContested(a: DiscussionReason, b: DiscussionReason): number {
  return contestScore(b) - contestScore(a) || Number(b.split) - Number(a.split);
}
