import { diffArrays } from 'diff';

/** One piece of a text as it reads in both versions, only in the base, or only in the modified one. */
export interface WordPart {
  value: string;
  change: 'same' | 'removed' | 'added';
}

// A 20,000-character text rewritten end to end takes the diff too long to be worth showing: past
// this many edits the whole texts are shown side by side instead.
const maxEditLength = 2000;

// Rule C10: the locale is left to the runtime, as the text's language is unknown; Unicode's word
// rules (with dictionaries for Thai, Chinese and Japanese) then serve every script.
const wordSegmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
const graphemeSegmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * `text` cut into words, spaces and punctuation as Unicode's word boundaries cut it, but never
 * inside a grapheme cluster (an emoji sequence, a letter with its marks), rule C10. Joined, the
 * pieces are `text`; none is empty. Pure.
 */
function splitWords(text: string): string[] {
  // Asking at each word boundary costs less than listing every grapheme of a long text.
  const graphemes = graphemeSegmenter.segment(text);
  const words: string[] = [];
  let start = 0;
  for (const { index } of wordSegmenter.segment(text)) {
    if (index > start && graphemes.containing(index)?.index === index) {
      words.push(text.slice(start, index));
      start = index;
    }
  }
  if (start < text.length) words.push(text.slice(start));
  return words;
}

const blank = /^\s+$/u;

/** Whether `text` has a grapheme cluster boundary at `index`. */
function isClusterBoundary(text: string, index: number): boolean {
  return index === text.length || graphemeSegmenter.segment(text).containing(index)?.index === index;
}

/**
 * The longest run of white space that both `a` and `b` end with and that starts a grapheme cluster
 * in each (rule C10): the space after a prepended mark, or the LF of a CR LF, stays with the
 * cluster it belongs to.
 */
function commonSpacesAtEnd(a: string, b: string): string {
  let length = 0;
  while (length < a.length && length < b.length) {
    const char = a[a.length - 1 - length]!;
    if (char !== b[b.length - 1 - length] || !/\s/u.test(char)) break;
    length++;
  }
  while (
    length > 0 &&
    !(isClusterBoundary(a, a.length - length) && isClusterBoundary(b, b.length - length))
  ) {
    length--;
  }
  return a.slice(a.length - length);
}

/**
 * The words that differ between `base` and `modified` (PRODUCT §9.2, rule C10), in reading order,
 * a removed part before the added part that replaces it; null when the texts differ too much to
 * highlight usefully, or when working it out takes longer than `timeoutMs` (when given: the one
 * thing that is not pure here, for a browser that must stay responsive). The same and removed parts
 * joined are `base`, the same and added ones `modified`.
 */
export function wordChanges(base: string, modified: string, timeoutMs?: number): WordPart[] | null {
  const changes = diffArrays(splitWords(base), splitWords(modified), {
    maxEditLength,
    ...(timeoutMs === undefined ? {} : { timeout: timeoutMs }),
  });
  if (!changes) return null;
  const parts: WordPart[] = [];
  let removed = '';
  let added = '';
  /**
   * Ends the change in progress. Spaces that end both of its sides are in both texts: they are
   * given back to the text that follows (answered), so "asked" → "wrote to ask" rather than
   * "asked " → "wrote to ask ".
   */
  const flush = (): string => {
    const back = removed && added ? commonSpacesAtEnd(removed, added) : '';
    if (back) {
      removed = removed.slice(0, -back.length);
      added = added.slice(0, -back.length);
    }
    if (removed) parts.push({ value: removed, change: 'removed' });
    if (added) parts.push({ value: added, change: 'added' });
    removed = added = '';
    return back;
  };
  changes.forEach((change, index) => {
    const value = change.value.join('');
    if (change.removed) removed += value;
    else if (change.added) added += value;
    else if (blank.test(value) && (removed || added) && index < changes.length - 1) {
      // Only spaces between two changes: they belong to the change on both sides, so a rewritten
      // phrase reads as one change rather than one per word.
      removed += value;
      added += value;
    } else {
      const back = flush();
      parts.push({ value: back + value, change: 'same' });
    }
  });
  const back = flush();
  if (back) parts.push({ value: back, change: 'same' });
  return parts;
}
