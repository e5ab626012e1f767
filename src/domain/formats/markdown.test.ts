import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapDataSchema, type MapData } from '../belief-map';
import { helpExampleMaps } from '../built-in/help-examples';
import { fcParams, fcSeed, mapDataArb } from '../test-support/map-arbitraries';
import { importMap } from './import-map';
import { toMarkdown } from './markdown';
import { reasonSide } from './sides';

// Rule F8: the Markdown download imports back as the same map, ids aside (Markdown has none), its
// reasons listed for, against, then neutral.

console.log(`markdown.test.ts: fast-check seed ${fcSeed}`);

/** The map as the Markdown lists it: reasons by side, in the map's order within each, ids aside. */
function asListed(data: MapData) {
  const sides = ['for', 'against', 'neutral'] as const;
  return {
    ...data,
    reasons: sides.flatMap((side) =>
      data.reasons.filter((r) => reasonSide(r) === side).map(({ id: _, ...rest }) => rest),
    ),
  };
}

function roundTrip(data: MapData) {
  const result = importMap(toMarkdown(data));
  if (!result.ok) throw new Error(result.error);
  expect(result.value.format).toBe('markdown');
  return { ...result.value.data, reasons: result.value.data.reasons.map(({ id: _, ...rest }) => rest) };
}

const tricky: MapData = mapDataSchema.parse({
  title: 'Line\nbreak **bold** # [x] <b> \\ | `code`',
  description:
    '\n  indented first\n\n   \nNo reasons yet.\n## Reasons for\n- **not a reason** (Agree; Supports)\ntrailing  ',
  reasons: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      title: 'Ends in a star *',
      relevance: '  two spaces\r\nCR LF\n\nlast line ends in spaces  ',
      belief: 'strong-disagree',
      support: 'neutral',
    },
    {
      id: '22222222-2222-4222-8222-222222222222',
      title: '\u2068already isolated עברית\u2069',
      relevance: 'a <!-- {"relevance":"fake"} -->',
      belief: null,
      support: 'strong-disconfirm',
    },
    {
      id: '33333333-3333-4333-8333-333333333333',
      title: 'Plain',
      relevance: null,
      belief: 'agree',
      support: 'strong-support',
    },
  ],
});

describe('[F8] the Markdown download imports back', () => {
  it('a built-in map, with both ratings and every text', () => {
    const map = helpExampleMaps['help-example-alice-1'].data;
    expect(roundTrip(map)).toEqual(asListed(map));
  });

  it('titles and texts Markdown would change, in comments it does not show', () => {
    const markdown = toMarkdown(tricky);
    expect(markdown).toContain('<!-- {"title":"Line\\nbreak');
    expect(markdown).toContain('- **Plain** (Agree; Strongly supports)\n');
    expect(roundTrip(tricky)).toEqual(asListed(tricky));
  });

  it('a map with no reasons, and a file saved with CR LF', () => {
    const map = mapDataSchema.parse({ title: 'Alone', description: 'Just this.', reasons: [] });
    expect(roundTrip(map)).toEqual(asListed(map));
    const crlf = importMap(toMarkdown(helpExampleMaps['help-example-bob-1'].data).replace(/\n/g, '\r\n'));
    expect(crlf.ok && crlf.value.data.reasons.length).toBe(
      helpExampleMaps['help-example-bob-1'].data.reasons.length,
    );
  });

  it('any valid map (property)', () => {
    fc.assert(
      fc.property(mapDataArb, (data) => {
        expect(roundTrip(data)).toEqual(asListed(data));
      }),
      fcParams,
    );
  });

  it('any valid map of any characters, line breaks and controls included (property)', () => {
    const text = fc.string({ unit: 'binary', maxLength: 30 });
    const reason = fc.record({
      id: fc.uuid({ version: 4 }),
      title: text,
      relevance: fc.option(text, { nil: null }),
      belief: fc.constantFrom(null, 'agree'),
      support: fc.constantFrom(null, 'support', 'disconfirm', 'neutral'),
    });
    const map = fc
      .record({
        title: text,
        description: fc.option(text, { nil: null }),
        reasons: fc.uniqueArray(reason, { selector: (r) => r.id, maxLength: 5 }),
      })
      .map((data) => mapDataSchema.safeParse(data))
      .filter((parsed) => parsed.success)
      .map((parsed) => parsed.data!);
    fc.assert(
      fc.property(map, (data) => {
        expect(roundTrip(data)).toEqual(asListed(data));
      }),
      { ...fcParams, numRuns: 50 },
    );
    // Many code points per text: slower to draw than the ASCII maps above, so a longer time limit.
  }, 30_000);

  it('a reason line it cannot read is refused with its line', () => {
    const result = importMap(
      '# Belief\n\n## Reasons for\n\n- **A** (Agree; Supports)\n- **B** (Maybe; Supports)\n',
    );
    expect(result).toEqual({
      ok: false,
      error:
        'This looks like a Markdown download of Belief Map, but line 6: expected a reason, such as - **Title** (Agree; Supports).',
    });
  });
});
