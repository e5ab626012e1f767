import type { Reason } from './belief-map';
import { beliefRank, supportRank } from './ratings';

/**
 * The order of reasons in a saved draft (PRODUCT §3.4; rules S1–S3): by support
 * (strong-support, support, strong-disconfirm, disconfirm, neutral, none), then by belief from
 * strongest agreement down, then as they were. Returns a new array; the input is not changed.
 */
export function sortReasons<R extends Pick<Reason, 'belief' | 'support'>>(reasons: readonly R[]): R[] {
  return reasons
    .map((reason, index) => ({ reason, index }))
    .sort(
      (a, b) =>
        supportRank[a.reason.support ?? 'none'] - supportRank[b.reason.support ?? 'none'] ||
        beliefRank[a.reason.belief ?? 'none'] - beliefRank[b.reason.belief ?? 'none'] ||
        a.index - b.index,
    )
    .map(({ reason }) => reason);
}
