import type { MapData, Reason } from '../belief-map';
import { beliefGlyphs, supportGlyphs, type Glyph, type Marks, type Tone } from '../rating-glyphs';
import {
  beliefLabel,
  beliefValues,
  supportLabel,
  supportValues,
  type Belief,
  type Support,
} from '../ratings';
import { textDirection } from '../text-direction';

// PRODUCT §15.2: the map as a picture, an SVG laid out here, without a browser, so that a draft's
// picture is made where the draft is (no server sees it) and the layout is tested in Node. The
// caller measures text (a canvas in the browser, a fake in tests); everything else is pure.

/** The width of the picture in CSS pixels: a phone's screen shows it at about its own size. */
export const pictureWidth = 480;

/** The font of every text of the picture: the page's own, which the measurer must use too. */
export const pictureFontFamily = 'system-ui, sans-serif';

interface PictureFont {
  size: number;
  weight: 400 | 600 | 700;
}

/** The width `text` takes in `font`, in CSS pixels. */
export type MeasureText = (text: string, font: PictureFont) => number;

export interface PictureOptions {
  scheme: 'light' | 'dark';
  measure: MeasureText;
  /** The address of the published map, printed under its title; null for a draft. */
  link: string | null;
}

export interface MapPicture {
  svg: string;
  width: number;
  height: number;
}

/** The most lines a description or a relevance keeps; the last one ends with "…" when cut. */
const maxDescriptionLines = 12;
export const maxRelevanceLines = 8;

/** Colours of the page (styles.css) and of the icons (rating-icons.css) in each colour mode. */
const palettes = {
  light: {
    bg: '#f7f7f5',
    surface: '#ffffff',
    text: '#1b1f24',
    muted: '#4f5965',
    border: '#d6dae0',
    onFill: '#ffffff',
    tones: {
      agree: '#1d6fb8',
      disagree: '#b45309',
      support: '#047857',
      disconfirm: '#a21caf',
      neutral: '#5b6470',
      none: '#5b6470',
    },
  },
  dark: {
    bg: '#111418',
    surface: '#1a1f25',
    text: '#e8ebef',
    muted: '#a8b1bc',
    border: '#353e49',
    onFill: '#111418',
    tones: {
      agree: '#7cb8f0',
      disagree: '#f5a55a',
      support: '#5fd38a',
      disconfirm: '#e879f9',
      neutral: '#aab3be',
      none: '#aab3be',
    },
  },
} satisfies Record<'light' | 'dark', { tones: Record<Tone, string> } & Record<string, unknown>>;

type Palette = (typeof palettes)['light'];

/** The glyphs of rating-icons.css, on the same 24 × 24 grid that spans the whole icon. */
export const glyphPaths: Record<Marks, string> = {
  tick: 'M7.8 12.6l2.8 2.8 5.6-6.2',
  ticks: 'M7.4 9.8l2.6 2.6 6.6-6.2M7.4 15.1l2.6 2.6 6.6-6.2',
  cross: 'M8.2 8.2l7.6 7.6M15.8 8.2l-7.6 7.6',
  crosses: 'M5.8 9.6l4.8 4.8M10.6 9.6l-4.8 4.8M13.4 9.6l4.8 4.8M18.2 9.6l-4.8 4.8',
  'arrow-up': 'M12 17.5v-11M9 9.5l3-3 3 3',
  'arrows-up': 'M8.3 17.5v-11M5.5 9.3l2.8-2.8 2.8 2.8M15.7 17.5v-11M12.9 9.3l2.8-2.8 2.8 2.8',
  'arrow-down': 'M12 6.5v11M9 14.5l3 3 3-3',
  'arrows-down': 'M8.3 6.5v11M5.5 14.7l2.8 2.8 2.8-2.8M15.7 6.5v11M12.9 14.7l2.8 2.8 2.8-2.8',
  equals: 'M7 9.5h10M7 14.5h10',
  dash: 'M7 12h10',
  question: 'M9.4 9.6a2.7 2.7 0 1 1 3.9 2.4c-.8.4-1.3 1-1.3 1.8v.6M12 17.2v.1',
};

const padding = 20;
const iconSize = 28;
const cardPadding = 12;
const fonts = {
  title: { size: 24, weight: 700, lineHeight: 30 },
  subtitle: { size: 13, weight: 400, lineHeight: 18 },
  description: { size: 15, weight: 400, lineHeight: 21 },
  heading: { size: 17, weight: 700, lineHeight: 24 },
  reasonTitle: { size: 16, weight: 600, lineHeight: 22 },
  ratings: { size: 14, weight: 400, lineHeight: 19 },
  relevance: { size: 14, weight: 400, lineHeight: 20 },
  legend: { size: 14, weight: 400, lineHeight: 20 },
} as const satisfies Record<string, PictureFont & { lineHeight: number }>;
type FontName = keyof typeof fonts;

// Characters XML 1.0 does not allow at all (controls, lone surrogates, U+FFFE and U+FFFF): a title
// may hold them, and one of them would make the whole file unreadable.
const notXml = /(?![\t\n\r])\p{Cc}|\p{Cs}|[\ufffe\uffff]/gu;

/** `text` safe as the content or an attribute value of an XML element. Pure. */
export function escapeXml(text: string): string {
  return text
    .replace(notXml, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/**
 * `measure` remembering the width of every text it has measured, per font: a map's words repeat,
 * and a canvas's measureText is the picture's main cost (a 1,000-reason map measured every
 * growing line whole: 2.2 s).
 */
function cachedMeasure(measure: MeasureText): MeasureText {
  const widths = new Map<string, number>();
  return (text, font) => {
    const key = `${font.weight} ${font.size} ${text}`;
    let width = widths.get(key);
    if (width === undefined) {
      width = measure(text, font);
      widths.set(key, width);
    }
    return width;
  };
}

/** Widths of text in one font, a line's width the sum of its words' and spaces'. */
interface LineMeasure {
  width: (text: string) => number;
  maxWidth: number;
}

/** `line` cut short enough that "…" fits after it, and the "…". */
function withEllipsis(line: string, { width, maxWidth }: LineMeasure): string {
  const characters = [...line.trimEnd()];
  const widths = characters.map(width);
  let total = widths.reduce((sum, next) => sum + next, 0) + width('…');
  while (characters.length > 0 && total > maxWidth) {
    characters.pop();
    total -= widths.pop()!;
  }
  return `${characters.join('').trimEnd()}…`;
}

/**
 * The lines of one paragraph `text` within `measure.maxWidth`: broken between words, and inside a
 * word longer than a line; at most `maxLines`. `cut` tells whether text was left over. Each word
 * is measured once; a line is as wide as its words and the spaces between them.
 */
function wrapParagraph(
  text: string,
  measure: LineMeasure,
  maxLines: number,
): { lines: string[]; cut: boolean } {
  const { width, maxWidth } = measure;
  const space = width(' ');
  const lines: string[] = [];
  let line = '';
  let lineWidth = 0;
  let cut = false;
  const push = (next: string) => {
    if (lines.length === maxLines) cut = true;
    else lines.push(next);
  };
  // Words are found as they are needed: a long text cut after a few lines is never split whole.
  for (const [word] of text.matchAll(/\S+/g)) {
    if (cut) break;
    const wordWidth = width(word);
    const joinedWidth = line ? lineWidth + space + wordWidth : wordWidth;
    if (joinedWidth <= maxWidth) {
      line = line ? `${line} ${word}` : word;
      lineWidth = joinedWidth;
      continue;
    }
    if (line) push(line);
    line = '';
    lineWidth = 0;
    // A word wider than a line is broken between characters.
    for (const character of word) {
      if (cut) break;
      const characterWidth = width(character);
      if (line && lineWidth + characterWidth > maxWidth) {
        push(line);
        line = '';
        lineWidth = 0;
      }
      line += character;
      lineWidth += characterWidth;
    }
  }
  if (line && !cut) push(line);
  return { lines, cut };
}

/**
 * The lines of `text` within `maxWidth` in `font`, each paragraph (line break) wrapped on its own
 * and marked right to left when its first letter is; at most `maxLines` in all, the last one
 * ending in "…" when text is left over.
 */
function wrapText(text: string, font: PictureFont, maxWidth: number, maxLines: number, measure: MeasureText) {
  const lineMeasure: LineMeasure = { width: (part) => measure(part, font), maxWidth };
  const lines: { text: string; rtl: boolean }[] = [];
  const paragraphs = text.split(/\r\n|\r|\n/).filter((paragraph) => paragraph.trim());
  let cut = false;
  for (const [index, paragraph] of paragraphs.entries()) {
    if (lines.length === maxLines) {
      cut = true;
      break;
    }
    const wrapped = wrapParagraph(paragraph, lineMeasure, maxLines - lines.length);
    const rtl = textDirection(paragraph) === 'rtl';
    lines.push(...wrapped.lines.map((line) => ({ text: line, rtl })));
    cut = wrapped.cut || (lines.length === maxLines && index < paragraphs.length - 1);
    if (cut) break;
  }
  const last = lines[lines.length - 1];
  if (cut && last) last.text = withEllipsis(last.text, lineMeasure);
  return lines;
}

/** Draws SVG elements from the top down, tracking how far it has come. */
class Canvas {
  readonly parts: string[] = [];
  y = padding;

  constructor(
    readonly palette: Palette,
    readonly measure: MeasureText,
  ) {}

  /**
   * Draws `text` wrapped between `left` and `right`, each paragraph from the side its direction
   * starts on. Answers the lines drawn.
   */
  text(
    text: string,
    fontName: FontName,
    {
      left,
      right,
      colour,
      maxLines = Infinity,
    }: { left: number; right: number; colour: string; maxLines?: number },
  ): number {
    const font = fonts[fontName];
    const lines = wrapText(text, font, right - left, maxLines, this.measure);
    for (const line of lines) {
      // The baseline sits about a quarter of the line height above its bottom.
      const baseline =
        this.y + font.lineHeight - Math.round((font.lineHeight - font.size) / 2) - font.size * 0.22;
      const anchor = line.rtl ? ` x="${right}" direction="rtl" text-anchor="start"` : ` x="${left}"`;
      this.parts.push(
        `<text${anchor} y="${round(baseline)}" font-size="${font.size}" font-weight="${font.weight}" fill="${colour}">${escapeXml(line.text)}</text>`,
      );
      this.y += font.lineHeight;
    }
    return lines.length;
  }

  /** A rating icon of `scale` with its top left corner at (`x`, `y`). */
  icon(scale: 'belief' | 'support', glyph: Glyph, x: number, y: number) {
    const colour = this.palette.tones[glyph.tone];
    const fill = glyph.strong ? colour : 'none';
    const dash = glyph.tone === 'none' ? ' stroke-dasharray="4 3"' : '';
    const shape =
      scale === 'belief'
        ? `<circle cx="14" cy="14" r="13" fill="${fill}" stroke="${colour}" stroke-width="2"${dash}/>`
        : `<rect x="1" y="1" width="26" height="26" rx="6" fill="${fill}" stroke="${colour}" stroke-width="2"${dash}/>`;
    const marks = glyph.strong ? this.palette.onFill : colour;
    // The glyph's 24 units span the whole 28 px icon, as the CSS mask does.
    this.parts.push(
      `<g transform="translate(${x} ${y})">${shape}<path transform="scale(${round(iconSize / 24)})" d="${glyphPaths[glyph.marks]}" fill="none" stroke="${marks}" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"/></g>`,
    );
  }
}

const round = (value: number) => Math.round(value * 100) / 100;

/** The two ratings of a reason in words, as its icons name them: "Agree · Strongly supports". */
function ratingsLine(reason: Reason): string {
  return `${beliefLabel(reason.belief)} · ${supportLabel(reason.support)}`;
}

/** Draws one reason as a card: its icons, title, ratings in words and relevance. */
function drawReason(canvas: Canvas, reason: Reason) {
  const { palette } = canvas;
  const top = canvas.y;
  const cardIndex = canvas.parts.length;
  const left = padding + cardPadding;
  const textLeft = left + 2 * iconSize + 4 + 10;
  const right = pictureWidth - padding - cardPadding;
  canvas.icon('belief', beliefGlyphs[reason.belief ?? 'none'], left, top + cardPadding);
  canvas.icon('support', supportGlyphs[reason.support ?? 'none'], left + iconSize + 4, top + cardPadding);
  canvas.y = top + cardPadding + 2;
  canvas.text(reason.title, 'reasonTitle', { left: textLeft, right, colour: palette.text });
  canvas.text(ratingsLine(reason), 'ratings', { left: textLeft, right, colour: palette.muted });
  if (reason.relevance) {
    canvas.y += 4;
    canvas.text(reason.relevance, 'relevance', {
      left: textLeft,
      right,
      colour: palette.muted,
      maxLines: maxRelevanceLines,
    });
  }
  const bottom = Math.max(canvas.y, top + cardPadding + iconSize) + cardPadding;
  canvas.parts.splice(
    cardIndex,
    0,
    `<rect x="${padding + 0.5}" y="${round(top + 0.5)}" width="${pictureWidth - 2 * padding - 1}" height="${round(bottom - top - 1)}" rx="8" fill="${palette.surface}" stroke="${palette.border}"/>`,
  );
  canvas.y = bottom + 10;
}

/** The legend: every rating the map uses, its icon and its name, belief first, in scale order. */
function drawLegend(canvas: Canvas, reasons: readonly Reason[]) {
  const { palette } = canvas;
  const usedBeliefs = new Set(reasons.map((reason) => reason.belief));
  const usedSupports = new Set(reasons.map((reason) => reason.support));
  const scales: { heading: string; scale: 'belief' | 'support'; rows: { glyph: Glyph; label: string }[] }[] =
    [
      {
        heading: 'Belief: is it true?',
        scale: 'belief',
        rows: [...beliefValues, null]
          .filter((value: Belief | null) => usedBeliefs.has(value))
          .map((value) => ({ glyph: beliefGlyphs[value ?? 'none'], label: beliefLabel(value) })),
      },
      {
        heading: 'Support: would it matter?',
        scale: 'support',
        rows: [...supportValues, null]
          .filter((value: Support | null) => usedSupports.has(value))
          .map((value) => ({ glyph: supportGlyphs[value ?? 'none'], label: supportLabel(value) })),
      },
    ];
  canvas.y += 6;
  canvas.text('What the icons mean', 'heading', {
    left: padding,
    right: pictureWidth - padding,
    colour: palette.text,
  });
  for (const { heading, scale, rows } of scales) {
    canvas.y += 6;
    canvas.text(heading, 'legend', { left: padding, right: pictureWidth - padding, colour: palette.muted });
    for (const row of rows) {
      canvas.y += 4;
      const top = canvas.y;
      canvas.icon(scale, row.glyph, padding, top);
      canvas.y = top + (iconSize - fonts.legend.lineHeight) / 2;
      canvas.text(row.label, 'legend', {
        left: padding + iconSize + 10,
        right: pictureWidth - padding,
        colour: palette.text,
      });
      canvas.y = top + iconSize;
    }
  }
}

/** The least height a reason's card takes, its gap below included: its icons and padding. */
const leastReasonHeight = 2 * cardPadding + iconSize + 10;

/**
 * A height the picture of `data` is sure to reach, found without laying it out: each reason's card
 * at its least. The PNG of a map too long for a canvas is refused with it before anything is laid
 * out or drawn. Pure.
 */
export function leastPictureHeight(data: MapData): number {
  return padding + data.reasons.length * leastReasonHeight;
}

/**
 * The map `data` as an SVG picture `pictureWidth` wide, as tall as it needs (PRODUCT §15.2): the
 * title, the link (or that it is a draft), the description, each reason in the map's order with
 * its two icons, title, ratings in words and relevance, then a legend of the icons it uses. Text
 * is wrapped to the width as `options.measure` measures it; each paragraph of the user's text runs
 * in the direction of its first letter (rules R1, R2); descriptions and relevance texts longer
 * than a few lines end in "…". All user text is escaped. Pure.
 */
export function mapPicture(data: MapData, options: PictureOptions): MapPicture {
  const steps = layOutPicture(data, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `mapPicture`, a reason at a time: the generator pauses after each reason, so a caller on a
 * page's main thread can give the browser its turn between slices (a 1,000-reason map is laid out
 * in about a second on a slow machine), and answers the picture when done.
 */
export function* layOutPicture(data: MapData, options: PictureOptions): Generator<void, MapPicture> {
  const palette = palettes[options.scheme];
  const canvas = new Canvas(palette, cachedMeasure(options.measure));
  const left = padding;
  const right = pictureWidth - padding;
  canvas.text(data.title, 'title', { left, right, colour: palette.text });
  canvas.y += 2;
  canvas.text(options.link ?? 'A draft, not published', 'subtitle', { left, right, colour: palette.muted });
  if (data.description) {
    canvas.y += 10;
    canvas.text(data.description, 'description', {
      left,
      right,
      colour: palette.text,
      maxLines: maxDescriptionLines,
    });
  }
  canvas.y += 14;
  const count = data.reasons.length;
  canvas.text(count === 0 ? 'No reasons' : count === 1 ? '1 reason' : `${count} reasons`, 'heading', {
    left,
    right,
    colour: palette.text,
  });
  canvas.y += 8;
  for (const reason of data.reasons) {
    drawReason(canvas, reason);
    yield;
  }
  if (count > 0) drawLegend(canvas, data.reasons);
  const height = Math.ceil(canvas.y + padding);
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${pictureWidth}" height="${height}" viewBox="0 0 ${pictureWidth} ${height}" font-family="${pictureFontFamily}">`,
    `<title>${escapeXml(data.title)}</title>`,
    `<rect width="${pictureWidth}" height="${height}" fill="${palette.bg}"/>`,
    ...canvas.parts,
    '</svg>',
  ].join('\n');
  return { svg, width: pictureWidth, height };
}
