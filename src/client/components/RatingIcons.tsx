import { beliefGlyphs, supportGlyphs, type Glyph } from '../../domain/rating-glyphs';
import { beliefLabel, supportLabel, type Belief, type Support } from '../../domain/ratings';
import './rating-icons.css';

// PRODUCT §3.2, §6.2: each reason shows a belief icon and a support icon whose accessible names are
// the labels. Nothing rests on colour alone: the two scales differ by shape (belief is a circle,
// support a rounded square), every value by its glyph (ticks and crosses for belief, arrows for
// support, two marks and a solid fill for "strongly", a dashed outline and "?" for no rating), and
// the colours keep 3:1 against the page in both colour modes.
//
// An icon is one element: its shape is the element's border and fill, its glyph a CSS mask drawn
// once in rating-icons.css. A map of 1,000 reasons would otherwise carry 10,000 SVG nodes and two
// sets of tooltip state per reason (PRODUCT §13.6); the one tooltip there is is drawn on demand by
// `RatingTooltip`.

interface RatingIconProps {
  scale: 'belief' | 'support';
  label: string;
  glyph: Glyph;
  /** False for an icon that only labels something else, such as a table header: no Tab stop. */
  focusable?: boolean;
}

function RatingIcon({ scale, label, glyph, focusable = true }: RatingIconProps) {
  let className = `rating-icon rating-${scale} tone-${glyph.tone} glyph-${glyph.marks}`;
  if (glyph.strong) className += ' strong';
  return <span className={className} role="img" aria-label={label} tabIndex={focusable ? 0 : undefined} />;
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
