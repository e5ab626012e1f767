import { beliefValues, supportValues, type Belief, type Support } from '../../domain/ratings';
import type { KeyPress } from './shortcuts';

// PRODUCT §13.1: the reason form's keys for its two ratings. Loaded with the form, not the page.

/** Which rating field Alt+B or Alt+S goes to in the reason form, or null. */
export function ratingFieldFor(press: KeyPress & { code?: string }): 'belief' | 'support' | null {
  if (!press.altKey || press.ctrlKey || press.metaKey) return null;
  // On a Mac, Alt changes the character (Alt+B types "∫"): the physical key decides.
  const letter = press.code?.startsWith('Key') ? press.code.slice(3).toLowerCase() : press.key.toLowerCase();
  return letter === 'b' ? 'belief' : letter === 's' ? 'support' : null;
}

/** Each scale from its least (1) to its most (5): the order digits pick them in. */
const ascending = {
  belief: [...beliefValues].reverse(),
  support: [...supportValues].reverse(),
} as const;

/**
 * The value a digit picks on a rating select: 1–5 from the least to the most (strongly disagree …
 * strongly agree; strongly disconfirms … strongly supports), 0 for no rating (''). Undefined for
 * any other key.
 */
export function ratingForDigit(scale: 'belief', press: KeyPress): Belief | '' | undefined;
export function ratingForDigit(scale: 'support', press: KeyPress): Support | '' | undefined;
export function ratingForDigit(scale: 'belief' | 'support', press: KeyPress): string | undefined {
  if (press.ctrlKey || press.metaKey || press.altKey || !/^[0-5]$/.test(press.key)) return undefined;
  const digit = Number(press.key);
  return digit === 0 ? '' : ascending[scale][digit - 1];
}
