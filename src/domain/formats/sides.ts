import type { Reason } from '../belief-map';

// PRODUCT §15.2: which side of the belief a reason is on, by its support rating.

export type ReasonSide = 'for' | 'against' | 'neutral';

/** "for" when it supports, "against" when it disconfirms, else (no relevance, unrated) "neutral". */
export function reasonSide(reason: Pick<Reason, 'support'>): ReasonSide {
  if (reason.support === 'support' || reason.support === 'strong-support') return 'for';
  if (reason.support === 'disconfirm' || reason.support === 'strong-disconfirm') return 'against';
  return 'neutral';
}
