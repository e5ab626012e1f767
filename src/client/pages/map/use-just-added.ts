import { useEffect, useState, type RefObject } from 'react';
import type { Reason } from '../../../domain/belief-map';
import { quoted } from '../../../domain/text-direction';

/** How long a new reason stays marked, in milliseconds. */
export const justAddedMs = 4000;

export interface JustAdded {
  /** The id of the reason to mark, or null. */
  highlight: string | null;
  /** What a screen reader hears: the new reason's title and its place in the list. */
  announcement: string;
  /** Marks `reason` as just added, once it is in the draft. */
  mark(reason: Reason): void;
}

/**
 * PRODUCT §7.3: a reason added to a draft goes to its sorted place, which may be far from "Add
 * item". So that the person sees where it went, the page scrolls it into view (without motion when
 * the system asks for reduced motion), marks it for a few seconds and tells a screen reader its
 * place, until the mark goes. The focus stays on "Add item", ready for the next reason.
 */
export function useJustAdded(section: RefObject<HTMLElement | null>, reasons: readonly Reason[]): JustAdded {
  const [added, setAdded] = useState<Reason | null>(null);
  useEffect(() => {
    if (added === null) return;
    // After this render's other effects, one of which gives "Add item" the focus (and scrolls to it).
    const frame = requestAnimationFrame(() => {
      const item = section.current?.querySelector('[data-just-added]');
      const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      item?.scrollIntoView({ block: 'nearest', behavior: reduceMotion ? 'auto' : 'smooth' });
    });
    const timer = setTimeout(() => setAdded(null), justAddedMs);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [added, section]);

  const at = added === null ? -1 : reasons.findIndex((reason) => reason.id === added.id);
  // The live region is emptied once the mark goes, and at once when the reason is renamed: it
  // never keeps a title the draft no longer has.
  const told = at !== -1 && reasons[at]!.title === added!.title;
  return {
    highlight: at === -1 ? null : added!.id,
    announcement: told ? `Added ${quoted(added!.title)}, reason ${at + 1} of ${reasons.length}.` : '',
    mark: setAdded,
  };
}
