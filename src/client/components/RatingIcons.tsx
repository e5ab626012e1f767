import { useLayoutEffect, useRef, useState, type ReactElement } from 'react';
import {
  beliefLabel,
  beliefValues,
  supportLabel,
  supportValues,
  type Belief,
  type Support,
} from '../../domain/ratings';
import './rating-icons.css';

// PRODUCT §3.2, §6.2: each reason shows a belief icon and a support icon whose accessible names are
// the labels. Nothing rests on colour alone: the two scales differ by shape (belief is a circle,
// support a rounded square), every value by its glyph (ticks and crosses for belief, arrows for
// support, two marks and a solid fill for "strongly", a dashed outline and "?" for no rating), and
// the colours keep 3:1 against the page in both colour modes. A visible tooltip names the icon on
// hover and on keyboard focus, so sighted readers never have to guess.

type Tone = 'agree' | 'disagree' | 'support' | 'disconfirm' | 'neutral' | 'none';

interface Glyph {
  tone: Tone;
  strong: boolean;
  marks: ReactElement;
}

// Glyphs on a 24 × 24 grid. "Strongly" doubles the mark: two stacked ticks, two crosses or two
// arrows side by side, each drawn on a filled shape.
const tick = <path d="M7.8 12.6l2.8 2.8 5.6-6.2" />;
const ticks = <path d="M7.4 9.8l2.6 2.6 6.6-6.2M7.4 15.1l2.6 2.6 6.6-6.2" />;
const cross = <path d="M8.2 8.2l7.6 7.6M15.8 8.2l-7.6 7.6" />;
const crosses = <path d="M5.8 9.6l4.8 4.8M10.6 9.6l-4.8 4.8M13.4 9.6l4.8 4.8M18.2 9.6l-4.8 4.8" />;
const arrowUp = <path d="M12 17.5v-11M9 9.5l3-3 3 3" />;
const arrowsUp = <path d="M8.3 17.5v-11M5.5 9.3l2.8-2.8 2.8 2.8M15.7 17.5v-11M12.9 9.3l2.8-2.8 2.8 2.8" />;
const arrowDown = <path d="M12 6.5v11M9 14.5l3 3 3-3" />;
const arrowsDown = <path d="M8.3 6.5v11M5.5 14.7l2.8 2.8 2.8-2.8M15.7 6.5v11M12.9 14.7l2.8 2.8 2.8-2.8" />;
const equals = <path d="M7 9.5h10M7 14.5h10" />;
const dash = <path d="M7 12h10" />;
const question = <path d="M9.4 9.6a2.7 2.7 0 1 1 3.9 2.4c-.8.4-1.3 1-1.3 1.8v.6M12 17.2v.1" />;

/**
 * The glyphs of a five-step scale listed from strongly for to strongly against (as `beliefValues`
 * and `supportValues` are): the two steps on each side take that side's tone, the outer ones are
 * "strongly", the middle is neutral; no rating is a question mark.
 */
function scaleGlyphs<V extends string>(
  values: readonly V[],
  [forTone, againstTone]: [Tone, Tone],
  marks: readonly ReactElement[],
): Record<V | 'none', Glyph> {
  const glyphs = { none: { tone: 'none', strong: false, marks: question } } as Record<V | 'none', Glyph>;
  values.forEach((value, step) => {
    const tone = step < 2 ? forTone : step > 2 ? againstTone : 'neutral';
    glyphs[value] = { tone, strong: step === 0 || step === 4, marks: marks[step]! };
  });
  return glyphs;
}

const beliefGlyphs = scaleGlyphs(beliefValues, ['agree', 'disagree'], [ticks, tick, dash, cross, crosses]);
const supportGlyphs = scaleGlyphs(
  supportValues,
  ['support', 'disconfirm'],
  [arrowsUp, arrowUp, equals, arrowDown, arrowsDown],
);

interface RatingIconProps {
  scale: 'belief' | 'support';
  label: string;
  glyph: Glyph;
  /** False for an icon that only labels something else, such as a table header: no Tab stop. */
  focusable?: boolean;
}

function RatingIcon({ scale, label, glyph, focusable = true }: RatingIconProps) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const tooltip = useRef<HTMLSpanElement>(null);
  const open = (hovered || focused) && !dismissed;

  // Keep the tooltip inside the viewport: near either edge of a narrow screen, a tooltip centred
  // on its icon would be cut off or widen the page. Escape hides it (WCAG 1.4.13).
  useLayoutEffect(() => {
    const element = tooltip.current;
    if (!open || !element) return;
    element.style.setProperty('--tooltip-shift', '0px');
    const rect = element.getBoundingClientRect();
    const margin = 8;
    const right = document.documentElement.clientWidth - margin;
    const shift = rect.left < margin ? margin - rect.left : rect.right > right ? right - rect.right : 0;
    element.style.setProperty('--tooltip-shift', `${Math.round(shift)}px`);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setDismissed(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  const shape =
    scale === 'belief' ? (
      <circle cx="12" cy="12" r="10.5" className="rating-shape" />
    ) : (
      <rect x="1.75" y="1.75" width="20.5" height="20.5" rx="5" className="rating-shape" />
    );
  const classes = ['rating-icon', `rating-${scale}`, `tone-${glyph.tone}`];
  if (glyph.strong) classes.push('strong');

  return (
    <span
      className={classes.join(' ')}
      role="img"
      aria-label={label}
      tabIndex={focusable ? 0 : undefined}
      onMouseEnter={() => {
        setHovered(true);
        setDismissed(false);
      }}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => {
        setFocused(true);
        setDismissed(false);
      }}
      onBlur={() => setFocused(false)}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        {shape}
        <g className="rating-marks">{glyph.marks}</g>
      </svg>
      {open && (
        <span ref={tooltip} className="rating-tooltip" aria-hidden="true">
          {label}
        </span>
      )}
    </span>
  );
}

/** How strongly the map's author believes a reason is true; `null` is "not rated". */
export function BeliefIcon({ value, focusable }: { value: Belief | null; focusable?: boolean }) {
  return (
    <RatingIcon
      scale="belief"
      label={beliefLabel(value)}
      glyph={beliefGlyphs[value ?? 'none']}
      focusable={focusable}
    />
  );
}

/** How strongly a reason would support or disconfirm the belief if true; `null` is "not rated". */
export function SupportIcon({ value, focusable }: { value: Support | null; focusable?: boolean }) {
  return (
    <RatingIcon
      scale="support"
      label={supportLabel(value)}
      glyph={supportGlyphs[value ?? 'none']}
      focusable={focusable}
    />
  );
}
