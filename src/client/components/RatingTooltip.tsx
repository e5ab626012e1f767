import { useEffect } from 'react';
import { showRatingTooltips } from './rating-tooltip';

/** The rating icons' tooltip (rating-tooltip.ts) for as long as this is mounted. Mount once. */
export function RatingTooltip() {
  useEffect(() => showRatingTooltips(), []);
  return null;
}
