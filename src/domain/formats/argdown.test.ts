import {
  ArgdownApplication,
  DataPlugin,
  IArgument,
  IEquivalenceClass,
  ModelPlugin,
  ParserPlugin,
} from '@argdown/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapDataSchema, type MapData } from '../belief-map';
import { fcParams, fcSeed, mapDataArb } from '../test-support/map-arbitraries';
import { toArgdown } from './argdown';
import { importMap, type ImportedMap } from './import-map';
import intro from '../../../tests/fixtures/argdown/intro.argdown?raw';
import legalisation from '../../../tests/fixtures/argdown/legalisation-softdrugs.argdown?raw';
import censorship from '../../../tests/fixtures/argdown/state-censorship.argdown?raw';
import veggie from '../../../tests/fixtures/argdown/veggie_debate.argdown?raw';

// Rules F2, F5, F6: the Argdown download as Argdown's own tools read it, and Argdown written by
// others (tests/fixtures/argdown, from the Argdown project, MIT) as a belief map.

console.log(`argdown.test.ts: fast-check seed ${fcSeed}`);

function argdownModel(input: string) {
  const app = new ArgdownApplication();
  app.addPlugin(new ParserPlugin(), 'parse-input');
  app.addPlugin(new DataPlugin(), 'build-model');
  app.addPlugin(new ModelPlugin(), 'build-model');
  return app.run({ input, process: ['parse-input', 'build-model'], logLevel: 'none' });
}

/** The relation each reason's argument has to the main statement, as Argdown reads the file. */
function relationsByReason(text: string): Map<string, string[]> {
  const model = argdownModel(text);
  const byId = new Map<string, string[]>();
  for (const argument of Object.values(model.arguments ?? {})) {
    const id = (argument.data as { id?: string } | undefined)?.id;
    if (!id) continue;
    byId.set(
      id,
      (model.relations ?? [])
        .filter((r) => r.from === argument)
        .map((r) => `${r.relationType} ${r.to?.type}`),
    );
  }
  return byId;
}

const expectedRelation = (support: string | null): string[] =>
  support === 'support' || support === 'strong-support'
    ? ['support equivalence-class']
    : support === 'disconfirm' || support === 'strong-disconfirm'
      ? ['attack equivalence-class']
      : [];

function imported(text: string, main?: number): ImportedMap {
  const result = importMap(text, main === undefined ? {} : { main });
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

const fixtures: Record<string, string> = {
  intro,
  'legalisation-softdrugs': legalisation,
  'state-censorship': censorship,
  veggie_debate: veggie,
};
const fixture = (name: string) => fixtures[name]!;

const reason = (id: string, title: string, support: MapData['reasons'][number]['support']) => ({
  id: `${id}${id}${id}${id}${id}${id}${id}${id}-${id}${id}${id}${id}-4${id}${id}${id}-8${id}${id}${id}-${id.repeat(12)}`,
  title,
  relevance: null,
  belief: 'agree' as const,
  support,
});

describe('[F2] the Argdown download', () => {
  const map = mapDataSchema.parse({
    title: 'Night buses',
    description: null,
    reasons: [
      reason('1', 'Safer way home', 'strong-support'),
      reason('2', 'Cost', 'neutral'),
      reason('3', 'Noise', 'strong-disconfirm'),
      reason('4', 'Unrated', null),
    ],
  });

  it('writes no relation for a reason of no relevance or no support rating, and says why', () => {
    const text = toArgdown(map);
    expect([...relationsByReason(text).values()]).toEqual([
      ['support equivalence-class'],
      [],
      ['attack equivalence-class'],
      [],
    ]);
    expect(text).toContain('// Has no relevance: no relation to the belief\n<Cost>');
    expect(text).toContain('// No support information: no relation to the belief\n<Unrated>');
  });

  it('keeps strong ratings and the order of reasons through a round trip', () => {
    expect(imported(toArgdown(map)).data).toEqual(map);
  });

  it('is read by Argdown with the same relations, and imports as the same map (property)', () => {
    fc.assert(
      fc.property(mapDataArb, (data) => {
        const text = toArgdown(data);
        const model = argdownModel(text);
        expect(model.parserErrors ?? []).toEqual([]);
        expect(model.lexerErrors ?? []).toEqual([]);
        const relations = relationsByReason(text);
        for (const r of data.reasons) expect(relations.get(r.id)).toEqual(expectedRelation(r.support));
        expect(imported(text).data).toEqual(data);
      }),
      fcParams,
    );
  });

  it('[F2] shows every text as the map has it in the parser of Argdown, escapes aside (property)', () => {
    // Argdown shows a line's text with its escapes removed, its links as their text and url, and
    // whitespace collapsed; the download keeps the rest as written (control characters aside).
    const shown = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
    const check = (data: MapData) => {
      const model = argdownModel(toArgdown(data));
      const belief = Object.values(model.statements ?? {}).find((ec) => ec.isUsedAsTopLevelStatement);
      expect((IEquivalenceClass.getCanonicalMemberText(belief!) ?? '').trim()).toBe(shown(data.description));
      const byId = new Map(
        Object.values(model.arguments ?? {}).map((a) => [(a.data as { id?: string }).id, a]),
      );
      for (const r of data.reasons) {
        expect((IArgument.getCanonicalMemberText(byId.get(r.id)!) ?? '').trim()).toBe(shown(r.relevance));
      }
    };
    check(
      mapDataSchema.parse({
        title: 'Links',
        description: 'See https://example.org/a_b and [the study](https://example.org/s) :?: #1 e.g. *a*',
        reasons: [
          { ...reason('1', 'A', 'support'), relevance: 'There are [archeological finds](https://x.org/f)' },
          {
            ...reason('2', 'B', 'support'),
            relevance: 'C:\\path //not a comment <!-- nor this --> @[x] {y}',
          },
          // Found by the property: a shortcode's shape around an escape, an argument's bracket.
          { ...reason('3', 'C', 'support'), relevance: '.*.' },
          { ...reason('4', 'D', 'support'), relevance: '< >' },
        ],
      }),
    );
    const printable = (text: string | null) => text === null || !/[\p{Cc}]/u.test(text.replace(/\s/g, ' '));
    fc.assert(
      fc.property(
        mapDataArb.filter((d) => printable(d.description) && d.reasons.every((r) => printable(r.relevance))),
        check,
      ),
      fcParams,
    );
  });

  it('written before this version (reasons as a tree under the belief) still imports exactly', () => {
    const old = [
      '[Night buses]: Late lines',
      '  + <Safer> {"id":"11111111-1111-4111-8111-111111111111","belief":"agree","support":"strong-support"}',
      '  + <Cost> {"id":"22222222-2222-4222-8222-222222222222","belief":null,"support":"neutral"}',
      '  - <Noise>: At night {"id":"33333333-3333-4333-8333-333333333333","belief":"disagree","support":"disconfirm"}',
      '',
    ].join('\n');
    expect(imported(old).data).toEqual({
      title: 'Night buses',
      description: 'Late lines',
      reasons: [
        {
          id: '11111111-1111-4111-8111-111111111111',
          title: 'Safer',
          relevance: null,
          belief: 'agree',
          support: 'strong-support',
        },
        {
          id: '22222222-2222-4222-8222-222222222222',
          title: 'Cost',
          relevance: null,
          belief: null,
          support: 'neutral',
        },
        {
          id: '33333333-3333-4333-8333-333333333333',
          title: 'Noise',
          relevance: 'At night',
          belief: 'disagree',
          support: 'disconfirm',
        },
      ],
    });
  });
});

describe('[F5] [F6] Argdown written by others', () => {
  it('state-censorship.argdown: the most attacked and supported statement, its reasons and their sub-trees', () => {
    const { data, format, folded, mainStatements } = imported(fixture('state-censorship'));
    expect(format).toBe('argdown');
    // `[Censorship]: Censorship is not wrong in principle.`: the text is the title.
    expect(data.title).toBe('Censorship is not wrong in principle.');
    // The front matter's `title` is the document's, so the map's description (rule F5).
    expect(data.description).toBe('Censorship from the State');
    expect(data.reasons.map((r) => [r.title, r.support])).toEqual([
      ['Argument from Freedom of Speech', 'disconfirm'],
      ['Argument from racial hatred', 'support'],
      ['Excessive sex and violence', 'support'],
    ]);
    const first = data.reasons[0]!.relevance!;
    expect(first).toMatch(/^Censorship is wrong in principle\. In a free and civilized society/);
    expect(first).toContain('\n\nPro: Absolute Freedom of Speech: Freedom of speech is an absolute right.\n');
    expect(first).toContain('\n  Con: No-Harm trumps Freedom-of-Speech: Freedom of speech ceases');
    expect(folded).toBe(7);
    expect(mainStatements[0]).toBe('Censorship: Censorship is not wrong in principle.');
    // Tags are out of the texts and titles, kept as a line of their own (rule F5).
    for (const r of data.reasons) {
      expect(r.title).not.toContain('#');
      const lines = r.relevance!.split('\n').filter((line) => /#(pro|con)\b/.test(line));
      expect(lines.every((line) => /^#\S+( #\S+)*$/.test(line))).toBe(true);
    }
    expect(first).toMatch(/\n#con\n/);
  });

  it('legalisation-softdrugs.argdown: reasons of reasons are folded into the relevance', () => {
    const { data, folded } = imported(fixture('legalisation-softdrugs'));
    expect(data.title).toBe('Soft drugs should be legal.');
    expect(data.reasons).toHaveLength(9);
    expect(data.reasons.filter((r) => r.support === 'disconfirm').map((r) => r.title)).toEqual([
      'Law must protect',
      'Minimize destructive activity',
      'Argument from addiction',
      'Slippery slope',
    ]);
    const law = data.reasons.find((r) => r.title === 'Law must protect')!;
    expect(law.relevance).toContain('\n\nPro: Soft drugs are harmful: Soft drugs are harmful:');
    // Rule F6: distinct statements, however many sub-trees reach one.
    expect(folded).toBe(8);
  });

  it('intro.argdown: offers each statement that is pointed at, the most connected first', () => {
    const text = fixture('intro');
    const first = imported(text);
    expect(first.data.description).toBe('Statement 2');
    expect(first.data.reasons.map((r) => [r.title, r.support])).toEqual([
      ['Argument title', 'support'],
      ['Another argument', 'disconfirm'],
    ]);
    expect(first.data.reasons[1]!.relevance).toContain(
      '\n\nCon: Yet another argument: Arguments can also be',
    );
    expect(first.mainStatements.slice(0, 2).map((s) => s.split(':')[0])).toEqual([
      'Statement 2',
      'Statement 1',
    ]);
    const second = imported(text, 1);
    expect(second.data.description).toBe('Statement 1');
    expect(second.data.reasons.map((r) => r.title)).toEqual(['Yet another argument', 'Argument 1']);
  });

  it('veggie_debate.argdown: HTML comments and many theses', () => {
    const { data, folded, mainStatements } = imported(fixture('veggie_debate'));
    expect(data.title).toBe('Es gibt Fleisch und Tierprodukte, die man essen darf.');
    expect(data.reasons).toHaveLength(12);
    // 58 outline lines, 30 distinct statements that are not reasons themselves (rule F6).
    expect(folded).toBe(30);
    expect(mainStatements.length).toBeGreaterThan(5);
  });

  it('a tag #strong makes a support or an attack strong', () => {
    const { data } = imported('[Belief]\n  + A #strong\n  - <B>: b #strong\n  - C\n');
    expect(data.reasons.map((r) => r.support)).toEqual(['strong-support', 'strong-disconfirm', 'disconfirm']);
  });

  it('a file of one statement and no relations is a map with no reasons', () => {
    expect(imported('[Thesis]: Censorship by the state\n').data).toEqual({
      title: 'Censorship by the state',
      description: 'Thesis',
      reasons: [],
    });
  });
  it('[F5] a reconstruction keeps its premises and conclusion, numbered; the thesis is a statement', () => {
    const text = [
      '===',
      'title: Childbed fever',
      '===',
      '',
      '[Fever]: Childbed fever is caused by cadaverous matter. #fever',
      '',
      '<Inexperienced Medical Students>',
      '',
      '(1) Students examine women after dissections.',
      '(2) Midwives do not.',
      '----',
      '(3) [Fever]',
      '',
      '<Overcrowding>: The wards are full. #(hypothesis two)',
      '  -> [Fever]',
      '',
    ].join('\n');
    const { data, mainStatements } = imported(text);
    expect(data.title).toBe('Childbed fever is caused by cadaverous matter.');
    expect(data.description).toBe('Childbed fever');
    expect(mainStatements[0]).toBe('Fever: Childbed fever is caused by cadaverous matter.');
    expect(data.reasons.map((r) => [r.title, r.support, r.relevance])).toEqual([
      [
        'Inexperienced Medical Students',
        'support',
        '(1) Students examine women after dissections.\n(2) Midwives do not.\n----\n(3) Childbed fever is caused by cadaverous matter.',
      ],
      ['Overcrowding', 'disconfirm', 'The wards are full.\n\n#(hypothesis two)'],
    ]);
  });

  it('[F5] no shortcode turns into a symbol or an emoji', () => {
    const { data } = imported('[Belief]: Is it :?: or .->. or :+1:?\n  + A reason :smile: here\n');
    expect(data.title).toBe('Is it :?: or .->. or :+1:?');
    expect(data.reasons[0]!.title).toBe('A reason :smile: here');
  });
});
