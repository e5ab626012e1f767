import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import './rating-tooltip.css';

// PRODUCT §3.2: a visible tooltip names a rating icon on hover and on keyboard focus, so sighted
// readers never have to guess. One listener for the whole page draws the one tooltip that is open,
// only while it is open: an icon itself is a single element with no state (PRODUCT §13.6). The
// tooltip hangs from the body, not from its icon, so that no card it sits in can clip or cover it.

const iconSelector = '.rating-icon';
/** The gap between an icon and its tooltip, bridged by the tooltip's ::before (WCAG 1.4.13). */
const gap = 6;
/** The least distance from a tooltip to either edge of the viewport. */
const margin = 8;

/** The icon an event happened in, or null. */
function iconOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>(iconSelector) : null;
}

/** `icons` less `icon`, or `icons` itself when it does not hold it. */
function without(icons: ReadonlySet<HTMLElement>, icon: HTMLElement): ReadonlySet<HTMLElement> {
  if (!icons.has(icon)) return icons;
  const rest = new Set(icons);
  rest.delete(icon);
  return rest;
}

/** Shows the name of the rating icon under the pointer, or else of the focused one. Mount once. */
export function RatingTooltip() {
  const [hovered, setHovered] = useState<HTMLElement | null>(null);
  const [focused, setFocused] = useState<HTMLElement | null>(null);
  // The icons whose tooltips Escape hid: each stays hidden until it is hovered or focused anew.
  const [dismissed, setDismissed] = useState<ReadonlySet<HTMLElement>>(new Set());
  const tooltip = useRef<HTMLSpanElement>(null);
  const hoveredNow = useRef<HTMLElement | null>(null);
  const icon = [hovered, focused].find((candidate) => candidate && !dismissed.has(candidate)) ?? null;

  useEffect(() => {
    const onPointerOver = (event: PointerEvent) => {
      // The pointer may move from an icon onto its tooltip, which then stays (WCAG 1.4.13).
      if (event.target instanceof Node && tooltip.current?.contains(event.target)) return;
      const over = iconOf(event.target);
      if (over === hoveredNow.current) return;
      hoveredNow.current = over;
      setHovered(over);
      if (over) setDismissed((hidden) => without(hidden, over));
    };
    const onPointerLeave = () => {
      hoveredNow.current = null;
      setHovered(null);
    };
    const onFocusIn = (event: FocusEvent) => {
      const into = iconOf(event.target);
      if (into) setDismissed((hidden) => without(hidden, into));
      setFocused(into);
    };
    document.addEventListener('pointerover', onPointerOver);
    document.documentElement.addEventListener('pointerleave', onPointerLeave);
    document.addEventListener('focusin', onFocusIn);
    // This component loads after the page: an icon may have been pointed at or focused already.
    hoveredNow.current = document.querySelector<HTMLElement>(`${iconSelector}:hover`);
    setHovered(hoveredNow.current);
    setFocused(iconOf(document.activeElement));
    return () => {
      document.removeEventListener('pointerover', onPointerOver);
      document.documentElement.removeEventListener('pointerleave', onPointerLeave);
      document.removeEventListener('focusin', onFocusIn);
    };
  }, []);

  // Place the tooltip centred below its icon, in page coordinates so it scrolls with it, but kept
  // inside the viewport: near either edge of a narrow screen it would be cut off or widen the page.
  // Escape hides it (WCAG 1.4.13).
  useLayoutEffect(() => {
    const element = tooltip.current;
    if (!icon || !element) return;
    const anchor = icon.getBoundingClientRect();
    const width = element.offsetWidth;
    const viewport = document.documentElement.clientWidth;
    const centred = anchor.left + anchor.width / 2 - width / 2;
    const left = Math.max(margin, Math.min(centred, viewport - margin - width));
    element.style.setProperty('left', `${Math.round(left + window.scrollX)}px`);
    element.style.setProperty('top', `${Math.round(anchor.bottom + gap + window.scrollY)}px`);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(new Set([hovered, focused].filter((shown) => shown !== null)));
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [icon, hovered, focused]);

  if (!icon?.isConnected) return null;
  return createPortal(
    <span ref={tooltip} className="rating-tooltip" aria-hidden="true">
      {icon.getAttribute('aria-label')}
    </span>,
    document.body,
  );
}
