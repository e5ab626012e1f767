import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { glyphPaths } from '../../src/domain/formats/map-picture';
import type { Marks } from '../../src/domain/rating-glyphs';

// Rule F11: the map's picture draws the same glyphs as the pages' icons. The pages draw them from
// rating-icons.css (a mask per glyph), the picture from `glyphPaths`; this keeps the two equal.
// (Vitest empties CSS imported as `?raw`, so the file is read as the server reads files.)

const css = readFileSync(new URL('../../src/client/components/rating-icons.css', import.meta.url), 'utf8');

/** The path of the glyph `marks` in rating-icons.css, decoded from its data URL. */
function cssPath(marks: Marks): string | undefined {
  const rule = new RegExp(`\\.glyph-${marks} \\{\\s*--glyph: url\\("data:image/svg\\+xml,([^"]*)"\\)`).exec(
    css,
  );
  return rule ? /d='([^']*)'/.exec(decodeURIComponent(rule[1]!))?.[1] : undefined;
}

describe('rating icon glyphs', () => {
  it.each(Object.keys(glyphPaths) as Marks[])('[F11] the picture draws %s as the page does', (marks) => {
    expect(glyphPaths[marks]).toBe(cssPath(marks));
  });
});
