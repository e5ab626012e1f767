// Rules R1 and R2: the direction a text reads in, decided as a browser decides `dir="auto"` (step
// P2 of the Unicode bidirectional algorithm), for the places that draw or write text without a
// browser: the link preview picture (PRODUCT §8.4) and the Markdown download (PRODUCT §15.2).

// Letters of these blocks are strong right-to-left (bidi class R or AL): Hebrew, Arabic, Syriac,
// Thaana, NKo, Samaritan, Mandaic and their supplements, the Hebrew and Arabic presentation
// forms, and the right-to-left scripts of the supplementary planes (Old Turkic, Hanifi Rohingya,
// Mende Kikakui, Adlam, Arabic mathematical letters...). Marks and digits there are not letters,
// so they decide nothing, as in the algorithm.
const rightToLeftLetter = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc\u{10800}-\u{10fff}\u{1e800}-\u{1efff}]/u;
const letter = /\p{L}/u;
const rightToLeftMark = /[\u200f\u061c]/u; // RLM, ALM
const leftToRightMark = '\u200e';
const isolateStart = /[\u2066-\u2068]/u; // LRI, RLI, FSI
const isolateEnd = '\u2069'; // PDI

/**
 * Rule R2: `text` isolated (FSI … PDI) when it holds a right-to-left letter, so that inside a line
 * of other words it takes its own direction, as `<bdi>` does, and the line keeps its own; any other
 * text as it is. Pure.
 */
export function isolateRightToLeft(text: string): string {
  return rightToLeftLetter.test(text) ? `\u2068${text}\u2069` : text;
}

/**
 * Rule R2: a user's `text` quoted inside one of the app's own sentences (“…”), isolated when it
 * reads right to left, so that a Hebrew or Arabic title never reorders the English around it.
 * Pure.
 */
export function quoted(text: string): string {
  return `“${isolateRightToLeft(text)}”`;
}

/**
 * `rtl` when the first strong character of `text` (a letter, or a direction mark) is right to
 * left, `ltr` when it is left to right or there is none. Text inside an isolate (LRI, RLI or FSI
 * up to its PDI) is skipped, as the algorithm does. Pure.
 */
export function textDirection(text: string): 'ltr' | 'rtl' {
  let isolates = 0;
  for (const character of text) {
    if (isolateStart.test(character)) isolates += 1;
    else if (character === isolateEnd) isolates = Math.max(0, isolates - 1);
    else if (isolates > 0) continue;
    else if (rightToLeftMark.test(character)) return 'rtl';
    else if (character === leftToRightMark) return 'ltr';
    else if (letter.test(character)) return rightToLeftLetter.test(character) ? 'rtl' : 'ltr';
  }
  return 'ltr';
}
