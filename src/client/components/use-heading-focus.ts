import { useEffect, useRef, type RefObject } from 'react';
import { useVisit } from '../lib/visits';

/**
 * PRODUCT §13: after a navigation inside the app, focus goes to the new page's heading, so a
 * keyboard or screen reader user starts reading where the page starts. Only when the focus was
 * lost to the body (the control that navigated is gone); focus that is still on the page (a
 * header link, a field the page focused itself) is left alone, and the first load moves nothing.
 * `ready` is false while the heading is not shown yet (a map still loading).
 */
export function useHeadingFocus(heading: RefObject<HTMLElement | null>, ready = true): void {
  const visit = useVisit();
  // Visit 0 is the first load: a page mounted on it never takes the focus.
  const handledVisit = useRef(0);
  useEffect(() => {
    if (!ready || handledVisit.current === visit) return;
    handledVisit.current = visit;
    const active = document.activeElement;
    if (!active || active === document.body) heading.current?.focus();
  }, [visit, ready, heading]);
}
