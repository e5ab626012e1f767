import type { MapData, Reason } from './belief-map';
import { supportDirection } from './rating-steps';
import { supportLabel, type Belief, type Support } from './ratings';

// A map's balance for and against its belief (rules W1–W3): how many reasons count each way and
// how much they weigh, never a single verdict. The link-preview image shows it (PRODUCT §8.4).

/** A reason's strength and direction (rule W1): strong-support +2 … strong-disconfirm −2. */
const supportStrength: Record<Support, number> = {
  'strong-support': 2,
  support: 1,
  neutral: 0,
  disconfirm: -1,
  'strong-disconfirm': -2,
};

/** How far its author believes a reason (rule W1): strong-agree 1 … strong-disagree 0. */
const beliefCredence: Record<Belief, number> = {
  'strong-agree': 1,
  agree: 0.75,
  neutral: 0.5,
  disagree: 0.25,
  'strong-disagree': 0,
};

/**
 * A reason's weight, strength × credence, from −2 to +2 (rule W1); null when either rating is
 * missing: an unrated reason weighs nothing and is counted apart. Pure.
 */
export function reasonWeight(reason: Pick<Reason, 'belief' | 'support'>): number | null {
  if (reason.belief === null || reason.support === null) return null;
  return supportStrength[reason.support] * beliefCredence[reason.belief];
}

export interface BalanceSide {
  /** Reasons counting this way. */
  count: number;
  /** The sum of their weights' sizes (never negative: the side tells the sign). */
  weight: number;
}

export interface MapBalance {
  for: BalanceSide;
  against: BalanceSide;
  /** Reasons missing a belief or a support rating. */
  unrated: number;
  /** Rated reasons of neutral support ("Has no relevance"): they count for neither side (rule W6). */
  neither: number;
}

/**
 * The balance of a map (rules W2, W3): rated reasons whose support is for (rule G1) count for,
 * against count against, each side summing its weights; neutral support counts neither way;
 * reasons missing a rating are only counted as unrated. Pure, linear, and the order of the
 * reasons does not change it. Rated reasons of neutral support are counted as `neither` (rule W6).
 */
export function mapBalance(map: {
  reasons: readonly Pick<MapData['reasons'][number], 'belief' | 'support'>[];
}): MapBalance {
  const balance: MapBalance = {
    for: { count: 0, weight: 0 },
    against: { count: 0, weight: 0 },
    unrated: 0,
    neither: 0,
  };
  // Weights are multiples of 0.25, so these sums are exact in floating point.
  for (const reason of map.reasons) {
    const weight = reasonWeight(reason);
    const direction = supportDirection(reason.support);
    if (weight === null) balance.unrated += 1;
    else if (direction > 0) add(balance.for, weight);
    else if (direction < 0) add(balance.against, -weight);
    else balance.neither += 1;
  }
  return balance;
}

function add(side: BalanceSide, weight: number): void {
  side.count += 1;
  side.weight += weight;
}

/** True when a reason lacks either rating (rule W1): it weighs nothing and is counted apart. */
export function isUnrated(reason: Pick<Reason, 'belief' | 'support'>): boolean {
  return reason.belief === null || reason.support === null;
}

/** A weight with one decimal, as the pages show it (rule W5): "1.5", "0.0". */
export function formatWeight(weight: number): string {
  return (Math.round(weight * 10) / 10).toFixed(1);
}

/** "3 reasons", "1 reason". */
export function countReasons(count: number): string {
  return `${count} ${count === 1 ? 'reason' : 'reasons'}`;
}

/** "For: 3 reasons, weight 4.5" (rule W5). */
export function describeSide(name: 'For' | 'Against', side: BalanceSide): string {
  return `${name}: ${countReasons(side.count)}, weight ${formatWeight(side.weight)}`;
}

/**
 * "2 reasons count for neither side: rated “Has no relevance”" (rule W6), so a reason that weighs
 * nothing on purpose is not silently missing from both sides.
 */
export function describeNeither(count: number): string {
  return `${countReasons(count)} ${count === 1 ? 'counts' : 'count'} for neither side: rated “${supportLabel('neutral')}”`;
}
