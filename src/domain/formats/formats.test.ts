import { ArgdownApplication, DataPlugin, ModelPlugin, ParserPlugin } from '@argdown/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapDataSchema, type MapData, type PublishedMap } from '../belief-map';
import { helpExampleMaps } from '../built-in/help-examples';
import { defaultMap, helpExampleIds } from '../built-in/index';
import { beliefValues, supportValues } from '../ratings';
import { toArgdown } from './argdown';
import { exportMap } from './export-map';
import { importMap } from './import-map';
import { toMarkdown } from './markdown';

// Rules F1–F3: every built-in map (the worked example of PRODUCT §10.2 is real-looking data) goes
// out through every format and, for JSON and Argdown, comes back unchanged.

const builtIns: [string, PublishedMap][] = [
  ['default', defaultMap],
  ...helpExampleIds.map((id) => [id, helpExampleMaps[id]] as [string, PublishedMap]),
];

/** Parses with the Argdown project's own parser and model builder. */
function argdownModel(input: string) {
  const app = new ArgdownApplication();
  app.addPlugin(new ParserPlugin(), 'parse-input');
  app.addPlugin(new DataPlugin(), 'build-model');
  app.addPlugin(new ModelPlugin(), 'build-model');
  return app.run({ input, process: ['parse-input', 'build-model'] });
}

function imported(text: string): MapData {
  const result = importMap(text);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

const tricky: MapData = mapDataSchema.parse({
  title: 'Is <b>[this]</b> {fine} #yes @me *really* _ok_ \\ ?',
  description: 'Line one\n\nLine two with <script>alert(1)</script> and [brackets]',
  reasons: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      title: 'Same <b>x</b> > y',
      relevance: null,
      belief: null,
      support: null,
    },
    {
      id: '22222222-2222-4222-8222-222222222222',
      title: 'Same <b>x</b> > y',
      relevance: 'a\nb',
      belief: 'agree',
      support: 'disconfirm',
    },
    {
      id: '33333333-3333-4333-8333-333333333333',
      title: 'Ünïcode 漢字 — “quotes” >',
      relevance: '  spaced  ',
      belief: 'neutral',
      support: 'neutral',
    },
  ],
});

describe('export and import', () => {
  it.each(builtIns)('[F1] %s: the JSON file is the stored form and imports unchanged', (_, map) => {
    const file = exportMap(map, 'json');
    expect(file.text).toBe(JSON.stringify(map));
    expect(imported(file.text)).toEqual(map.data);
  });

  it.each(builtIns)('[F2] %s: Argdown parses without error and round-trips every field', (_, map) => {
    const text = exportMap(map, 'argdown').text;
    const model = argdownModel(text);
    expect(model.parserErrors ?? []).toEqual([]);
    expect(model.lexerErrors ?? []).toEqual([]);
    expect(Object.keys(model.arguments ?? {})).toHaveLength(map.data.reasons.length);
    expect(imported(text)).toEqual(map.data);
  });

  it.each(builtIns)('[F1] %s: Markdown lists every title, text and rating in words', (_, map) => {
    const markdown = toMarkdown(map.data);
    const unescaped = markdown.replace(/\\(.)/g, '$1');
    expect(markdown.startsWith(`# ${map.data.title}`)).toBe(true);
    for (const reason of map.data.reasons) {
      expect(unescaped).toContain(reason.title);
      if (reason.relevance)
        expect(unescaped.replace(/\s+/g, ' ')).toContain(reason.relevance.replace(/\s+/g, ' '));
    }
    if (map.data.reasons.some((r) => r.support === 'strong-support'))
      expect(markdown).toContain('Strongly supports');
  });

  it('[F2] titles and texts Argdown treats as syntax, repeated titles and line breaks come back exactly', () => {
    const text = toArgdown(tricky);
    const model = argdownModel(text);
    expect(model.parserErrors ?? []).toEqual([]);
    expect(Object.keys(model.arguments ?? {})).toHaveLength(3);
    expect(imported(text)).toEqual(tricky);
  });

  it('[F2] the Argdown parser reads our ratings as data and our relations as support and attack', () => {
    const map = helpExampleMaps['help-example-alice-1'];
    const model = argdownModel(toArgdown(map.data));
    for (const reason of map.data.reasons) {
      const argument = model.arguments![reason.title]!;
      expect(argument.data).toMatchObject({ belief: reason.belief, support: reason.support });
    }
    const attacks = model.relations!.filter((r) => r.relationType === 'attack').length;
    expect(attacks).toBe(map.data.reasons.filter((r) => r.support?.endsWith('disconfirm')).length);
  });

  it('[F2] any valid map is read by the Argdown parser and round-trips through Argdown (property)', () => {
    const text = fc
      .string({ minLength: 1, maxLength: 40 })
      .filter((s) => mapDataSchema.shape.title.safeParse(s).success);
    const reason = fc.record({
      id: fc.uuid({ version: 4 }),
      title: text,
      relevance: fc.option(fc.string({ maxLength: 60 })),
      belief: fc.constantFrom(null, ...beliefValues),
      support: fc.constantFrom(null, ...supportValues),
    });
    fc.assert(
      fc.property(
        text,
        fc.option(fc.string({ maxLength: 60 })),
        fc.uniqueArray(reason, { selector: (r) => r.id, maxLength: 6 }),
        (title, description, reasons) => {
          const data = mapDataSchema.parse({ title, description, reasons });
          const text = toArgdown(data);
          expect(argdownModel(text).parserErrors ?? []).toEqual([]);
          expect(imported(text)).toEqual(data);
        },
      ),
      { seed: 1414, numRuns: 200 },
    );
  });
});

describe('[F3] import of hand-written Argdown', () => {
  it('reads plain pro and con statements under one main statement', () => {
    const data = imported(
      [
        '// my notes',
        '# Bike lane',
        '[Elm Street needs a bike lane]: The council asks.',
        '  + Safer cycling',
        '  - <Shops>: Less parking',
        '    for delivery vans',
        '',
      ].join('\n'),
    );
    expect(data.title).toBe('Elm Street needs a bike lane');
    expect(data.description).toBe('The council asks.');
    expect(data.reasons.map((r) => [r.title, r.relevance, r.support, r.belief])).toEqual([
      ['Safer cycling', null, 'support', null],
      ['Shops', 'Less parking for delivery vans', 'disconfirm', null],
    ]);
  });

  it('reads ratings written as YAML data', () => {
    const data = imported('[Belief]\n  + <A> {belief: strong-agree, support: "strong-support"}\n');
    expect(data.reasons[0]).toMatchObject({ belief: 'strong-agree', support: 'strong-support' });
  });
});

describe('[F3] import refuses what is not a map, with the problem and line', () => {
  const refusals: [string, string, RegExp][] = [
    ['empty', '   ', /empty/],
    ['HTML', '<!doctype html><html><script>alert(1)</script></html>', /HTML/],
    ['a script tag', '<script>alert(1)</script>', /HTML/],
    ['broken JSON', '{\n  "version": "1.0",\n  "data": {\n}}}', /not valid JSON: line 4/],
    ['wrong types', '{"version":"1.0","data":{"title":42,"description":null,"reasons":[]}}', /data\.title/],
    [
      'another version',
      '{"version":"2.0","data":{"title":"x","description":null,"reasons":[]}}',
      /Version must be "1.0"/,
    ],
    [
      'a bad rating on line 3',
      '[Belief]\n  + A\n  + <B> {"belief": "maybe"}\n',
      /^Line 3: Belief must be one of/,
    ],
    [
      'a too long reason title',
      `[Belief]\n\n  - ${'x'.repeat(501)}\n`,
      /^Line 3: Reason title must be at most 500/,
    ],
    ['a second main statement', '[One]\n[Two]\n', /^Line 2: .*second/],
    ['an unclosed title', '[One\n', /^Line 1: .*never closed/],
    ['nested reasons', '[One]\n  + A\n    + B\n', /^Line 3: reasons of a reason/],
    ['no main statement', '// only a comment\n', /No main statement/],
    ['too many reasons', `[B]\n${'  + r\n'.repeat(1001)}`, /at most 1,000 reasons/],
  ];
  it.each(refusals)('%s', (_, input, message) => {
    const result = importMap(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(message);
  });

  it('a huge file is refused before it is read', () => {
    const result = importMap(`{"x":"${'a'.repeat(3 * 1024 * 1024)}"}`);
    expect(result).toEqual({ ok: false, error: expect.stringMatching(/too large/) });
  });

  it('deeply nested JSON is refused, not a crash', () => {
    const result = importMap(`{"version":"1.0","data":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    expect(result.ok).toBe(false);
  });
});

describe('[F1] file names', () => {
  it('come from the slug of the title, or belief-map when it has none', () => {
    expect(exportMap(helpExampleMaps['help-example-alice-1'], 'markdown').name).toBe(
      'our-town-should-turn-elm-street-s.md',
    );
    const unnamed = { ...defaultMap, data: { ...defaultMap.data, title: '漢字' } };
    expect(exportMap(unnamed, 'argdown').name).toBe('belief-map.argdown');
  });
});
