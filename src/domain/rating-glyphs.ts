import { beliefValues, supportValues, type Belief, type Support } from './ratings';

// PRODUCT §3.2: how each rating is drawn, shared by the icons of the pages (RatingIcons.tsx, in
// CSS) and the map as a picture (formats/map-picture.ts, in SVG), so the two cannot disagree.

export type Tone = 'agree' | 'disagree' | 'support' | 'disconfirm' | 'neutral' | 'none';

/** The marks inside an icon, each a path on a 24 × 24 grid (`glyphPaths`). */
export type Marks =
  | 'ticks'
  | 'tick'
  | 'dash'
  | 'cross'
  | 'crosses'
  | 'arrows-up'
  | 'arrow-up'
  | 'equals'
  | 'arrow-down'
  | 'arrows-down'
  | 'question';

export interface Glyph {
  tone: Tone;
  /** Drawn filled, the marks in the page's colour: the outer steps of a scale. */
  strong: boolean;
  marks: Marks;
}

/**
 * The glyphs of a five-step scale listed from strongly for to strongly against (as `beliefValues`
 * and `supportValues` are): the two steps on each side take that side's tone, the outer ones are
 * "strongly", the middle is neutral; no rating is a question mark. Pure.
 */
function scaleGlyphs<V extends string>(
  values: readonly V[],
  [forTone, againstTone]: [Tone, Tone],
  marks: readonly Marks[],
): Record<V | 'none', Glyph> {
  const glyphs = { none: { tone: 'none', strong: false, marks: 'question' } } as Record<V | 'none', Glyph>;
  values.forEach((value, step) => {
    const tone = step < 2 ? forTone : step > 2 ? againstTone : 'neutral';
    glyphs[value] = { tone, strong: step === 0 || step === 4, marks: marks[step]! };
  });
  return glyphs;
}

export const beliefGlyphs: Record<Belief | 'none', Glyph> = scaleGlyphs(
  beliefValues,
  ['agree', 'disagree'],
  ['ticks', 'tick', 'dash', 'cross', 'crosses'],
);

export const supportGlyphs: Record<Support | 'none', Glyph> = scaleGlyphs(
  supportValues,
  ['support', 'disconfirm'],
  ['arrows-up', 'arrow-up', 'equals', 'arrow-down', 'arrows-down'],
);
