import { diffWords } from 'diff';
import { findSimilarReasons } from '../../../domain/similarity';
import './compare-extras.css';

// What the compare page loads after its first paint (PRODUCT §13.5): the word-level diff library
// and the similar-titles index. Until they arrive the page shows whole texts and no suggestions.

export { findSimilarReasons };
export { DuplicateWarning, MarkedText, PossibleMatch } from './SimilarReasonViews';

/** One piece of a text as it reads in both versions, only in the base, or only in the modified one. */
export interface WordPart {
  value: string;
  change: 'same' | 'removed' | 'added';
}

// A 20,000-character text rewritten end to end takes the diff too long to be worth showing: past
// this many edits the whole texts are shown side by side instead.
const maxEditLength = 2000;

/**
 * The words that differ between `base` and `modified` (PRODUCT §9.2), in reading order; null when
 * the texts differ too much to highlight usefully. Pure.
 */
export function wordChanges(base: string, modified: string): WordPart[] | null {
  const parts = diffWords(base, modified, { maxEditLength });
  if (!parts) return null;
  return parts.map((part) => ({
    value: part.value,
    change: part.added ? 'added' : part.removed ? 'removed' : 'same',
  }));
}
