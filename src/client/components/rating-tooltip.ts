import './rating-tooltip.css';

// PRODUCT §3.2: a visible tooltip names a rating icon on hover and on keyboard focus, so sighted
// readers never have to guess. One listener for the whole page draws the one tooltip that is open,
// only while it is open: an icon itself is a single element with no state (PRODUCT §13.6). The
// tooltip hangs from the body, not from its icon, so that no card it sits in can clip or cover it.
// Plain DOM, so that a reader's page (reader.ts) shows it without the app, and the app the same.

const iconSelector = '.rating-icon';
/** The gap between an icon and its tooltip, bridged by the tooltip's ::before (WCAG 1.4.13). */
const gap = 6;
/** The least distance from a tooltip to either edge of the viewport. */
const margin = 8;

/** The icon an event happened in, or null. */
function iconOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>(iconSelector) : null;
}

/**
 * Shows the name of the rating icon under the pointer, or else of the focused one, from now on,
 * starting with the icon pointed at or focused already. Returns a function that stops it. Start once.
 */
export function showRatingTooltips(): () => void {
  let hovered = document.querySelector<HTMLElement>(`${iconSelector}:hover`);
  let focused = iconOf(document.activeElement);
  // The icons whose tooltips Escape hid: each stays hidden until it is hovered or focused anew.
  let dismissed = new Set<HTMLElement>();
  const tooltip = document.createElement('span');
  tooltip.className = 'rating-tooltip';
  tooltip.setAttribute('aria-hidden', 'true');

  // Placed centred below its icon, in page coordinates so it scrolls with it, but kept inside the
  // viewport: near either edge of a narrow screen it would be cut off or widen the page.
  const update = () => {
    const icon = [hovered, focused].find((candidate) => candidate && !dismissed.has(candidate));
    if (!icon?.isConnected) {
      tooltip.remove();
      return;
    }
    tooltip.textContent = icon.getAttribute('aria-label');
    if (!tooltip.isConnected) document.body.append(tooltip);
    const anchor = icon.getBoundingClientRect();
    const width = tooltip.offsetWidth;
    const viewport = document.documentElement.clientWidth;
    const centred = anchor.left + anchor.width / 2 - width / 2;
    const left = Math.max(margin, Math.min(centred, viewport - margin - width));
    tooltip.style.setProperty('left', `${Math.round(left + window.scrollX)}px`);
    tooltip.style.setProperty('top', `${Math.round(anchor.bottom + gap + window.scrollY)}px`);
  };

  const onPointerOver = (event: PointerEvent) => {
    // The pointer may move from an icon onto its tooltip, which then stays (WCAG 1.4.13).
    if (event.target instanceof Node && tooltip.contains(event.target)) return;
    const over = iconOf(event.target);
    if (over === hovered) return;
    hovered = over;
    if (over) dismissed.delete(over);
    update();
  };
  const onPointerLeave = () => {
    hovered = null;
    update();
  };
  const onFocusIn = (event: FocusEvent) => {
    focused = iconOf(event.target);
    if (focused) dismissed.delete(focused);
    update();
  };
  // Escape hides it (WCAG 1.4.13).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !tooltip.isConnected) return;
    dismissed = new Set([hovered, focused].filter((shown) => shown !== null));
    update();
  };
  document.addEventListener('pointerover', onPointerOver);
  document.documentElement.addEventListener('pointerleave', onPointerLeave);
  document.addEventListener('focusin', onFocusIn);
  document.addEventListener('keydown', onKeyDown);
  update();
  return () => {
    document.removeEventListener('pointerover', onPointerOver);
    document.documentElement.removeEventListener('pointerleave', onPointerLeave);
    document.removeEventListener('focusin', onFocusIn);
    document.removeEventListener('keydown', onKeyDown);
    tooltip.remove();
  };
}
