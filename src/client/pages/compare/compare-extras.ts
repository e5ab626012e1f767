import { findSimilarReasons } from '../../../domain/similarity';
import { wordChanges, type WordPart } from '../../../domain/word-diff';
import './compare-extras.css';

// What the compare page loads after its first paint (PRODUCT §13.5): the word-level diff (with
// the `diff` library) and the similar-titles index. Until they arrive the page shows whole texts
// and no suggestions.

export { findSimilarReasons, wordChanges, type WordPart };
export { diffWhenVisible } from './diff-when-visible';
export { DuplicateWarning, MarkedText, PossibleMatch } from './SimilarReasonViews';
