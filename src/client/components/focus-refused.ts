import { flushSync } from 'react-dom';

/**
 * A refused submit shows why beside each field and focuses the first field it names. React shows
 * the errors at once (`flushSync`) and the focus moves in the same task: a focus deferred to the
 * next frame could land after the person has already moved to another field, and take what they
 * type next into the wrong one.
 */
export function showRefusal(show: () => void, firstRefused: () => HTMLElement | null | undefined): void {
  flushSync(show);
  firstRefused()?.focus();
}
