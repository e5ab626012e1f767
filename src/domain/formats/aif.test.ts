import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapDataSchema, type PublishedMap } from '../belief-map';
import { fcParams, fcSeed, mapDataArb } from '../test-support/map-arbitraries';
import { describeImport } from './describe-import';
import { exportMap } from './export-map';
import { importMap, type ImportedMap } from './import-map';
import aifdb from '../../../tests/fixtures/aif/bike-lane-aifdb.json?raw';

// Rule F10: AIF-JSON out and in (tests/fixtures/aif: a file in AIFdb's structure, see its README).

console.log(`aif.test.ts: fast-check seed ${fcSeed}`);

function imported(text: string): ImportedMap {
  const result = importMap(text);
  if (!result.ok) throw new Error(result.error);
  return result.value;
}

const published = (data: PublishedMap['data']): PublishedMap => ({
  version: '1.0',
  published: '2026-11-26T12:34:56.000Z',
  data,
});

describe('[F10] AIF-JSON', () => {
  it('is written as AIFdb writes it: I-nodes, RA for a support, CA for a disconfirm', () => {
    const map = mapDataSchema.parse({
      title: 'Night buses',
      description: 'Late lines',
      reasons: [
        {
          id: '11111111-1111-4111-8111-111111111111',
          title: 'Safer',
          relevance: 'Lit streets',
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
          relevance: null,
          belief: 'disagree',
          support: 'disconfirm',
        },
      ],
    });
    const file = exportMap(published(map), 'aif');
    expect(file.name).toBe('night-buses-2026-11-26.aif.json');
    const aif = JSON.parse(file.text) as {
      nodes: { nodeID: string; type: string; text: string; timestamp: string }[];
      edges: { fromID: string; toID: string }[];
      locutions: unknown[];
    };
    expect(aif.nodes.map((n) => [n.nodeID, n.type, n.text])).toEqual([
      ['1', 'I', 'Night buses'],
      ['2', 'I', 'Safer'],
      ['3', 'RA', 'Default Inference'],
      ['4', 'I', 'Cost'],
      ['5', 'I', 'Noise'],
      ['6', 'CA', 'Default Conflict'],
    ]);
    expect(aif.edges.map((e) => `${e.fromID}>${e.toID}`)).toEqual(['2>3', '3>1', '5>6', '6>1']);
    expect(aif.nodes[0]!.timestamp).toBe('2026-11-26 12:34:56');
    expect(aif.locutions).toEqual([]);
    expect(imported(file.text)).toMatchObject({ format: 'aif', data: map });
  });

  it('round-trips any valid map, ids and both ratings included (property)', () => {
    fc.assert(
      fc.property(mapDataArb, (data) => {
        expect(imported(exportMap(published(data), 'aif').text).data).toEqual(data);
      }),
      fcParams,
    );
  });

  it('reads a file of AIFdb: the I-node most supported or attacked is the belief, deeper ones folded', () => {
    const { data, format, folded, mainStatements } = imported(aifdb);
    expect(format).toBe('aif');
    expect(data.title).toBe('Elm Street should get a protected bike lane');
    expect(data.reasons.map((r) => [r.title, r.support, r.relevance])).toEqual([
      [
        'Most cycling injuries on Elm Street happen where car doors open',
        'support',
        'Pro: A lane on Oak Street cut injuries by half',
      ],
      [
        'The shops need the parking lane for deliveries',
        'disconfirm',
        'Con: Deliveries could use the side streets before 10 am',
      ],
    ]);
    expect(folded).toBe(2);
    expect(mainStatements[0]).toBe('Elm Street should get a protected bike lane');
  });

  const refusals: [string, string, string][] = [
    [
      'a node without a type',
      '{"nodes":[{"nodeID":"1","text":"x"}],"edges":[]}',
      'This looks like AIF-JSON, but nodes.0 needs a nodeID, a text and a type.',
    ],
    [
      'an edge without its ends',
      '{"nodes":[{"nodeID":"1","text":"x","type":"I"}],"edges":[{"edgeID":"1"}]}',
      'This looks like AIF-JSON, but edges.0 needs a fromID and a toID.',
    ],
    [
      'no I-node',
      '{"nodes":[],"edges":[]}',
      'This looks like AIF-JSON, but it has no I-node, so no statement.',
    ],
  ];
  it.each(refusals)('refuses %s, naming the place', (_, input, message) => {
    expect(importMap(input)).toEqual({ ok: false, error: message });
  });
  /** AIF-JSON of I-nodes (id: text) and of RA/CA/MA nodes with their premises and conclusions. */
  const aif = (
    statements: Record<string, string>,
    links: [type: string, id: string, from: string[], to: string][],
  ): string =>
    JSON.stringify({
      nodes: [
        ...Object.entries(statements).map(([nodeID, text]) => ({ nodeID, text, type: 'I' })),
        ...links.map(([type, nodeID]) => ({ nodeID, text: type, type })),
      ],
      edges: links.flatMap(([, id, from, to]) => [
        ...from.map((fromID) => ({ fromID, toID: id })),
        { fromID: id, toID: to },
      ]),
      locutions: [],
    });

  const dialogue = aif({ 1: 'Lanes', 2: 'Safer', 3: 'Costly', 4: 'Oak St', 10: 'Weather', 11: 'Rain' }, [
    ['RA', '5', ['2'], '1'],
    ['CA', '6', ['3'], '1'],
    ['RA', '7', ['4'], '2'],
    ['RA', '12', ['11'], '10'],
  ]);

  it('[F10] honours the main statement chosen in the preview', () => {
    const first = imported(dialogue);
    expect(first.data.title).toBe('Lanes');
    const index = first.mainStatements.indexOf('Safer');
    const chosen = importMap(dialogue, { main: index });
    if (!chosen.ok) throw new Error(chosen.error);
    expect(chosen.value.data.title).toBe('Safer');
    expect(chosen.value.data.reasons.map((r) => [r.title, r.support])).toEqual([['Oak St', 'support']]);
  });

  it('[F6] counts the statements not linked to the belief, and imports them as unrated reasons when asked', () => {
    const left = imported(dialogue);
    expect(left.unlinked).toBe(2);
    expect(describeImport(left)).toBe(
      "Imported from AIF-JSON. 1 deeper statement is kept in the reasons' relevance. 2 statements were left out: not linked to the belief.",
    );
    const asked = importMap(dialogue, { unlinkedAsReasons: true });
    if (!asked.ok) throw new Error(asked.error);
    expect(asked.value.unlinked).toBe(0);
    expect(asked.value.data.reasons.map((r) => [r.title, r.support, r.relevance])).toEqual([
      ['Safer', 'support', 'Pro: Oak St'],
      ['Costly', 'disconfirm', null],
      ['Weather', null, 'Pro: Rain'],
    ]);
  });

  it('[F10] a belief longer than a title is shortened, its whole text the description', () => {
    const long = `${'word '.repeat(100)}end`;
    const { data } = imported(aif({ 1: long, 2: 'Reason' }, [['RA', '3', ['2'], '1']]));
    expect(data.title.length).toBeLessThanOrEqual(300);
    expect(data.title).toMatch(/^word word .*…$/);
    expect(data.description).toBe(long);
  });
  it('[F10] merges rephrases, keeps linked premises as one reason and undercuts in its relevance', () => {
    const file = aif(
      {
        1: 'Elm Street needs a bike lane',
        2: 'Elm Street should get a lane for bikes',
        3: 'Injuries happen where car doors open',
        4: 'A lane keeps bikes away from the doors',
        5: 'The lane on Oak Street did not cut injuries',
        6: 'It is too expensive',
      },
      [
        ['MA', '10', ['2'], '1'],
        ['RA', '11', ['3', '4'], '1'],
        ['CA', '12', ['5'], '11'],
        ['CA', '13', ['6'], '2'],
      ],
    );
    const { data, folded, unlinked } = imported(file);
    expect(data.title).toBe('Elm Street needs a bike lane');
    expect(data.reasons.map((r) => [r.title, r.support, r.relevance])).toEqual([
      [
        'Injuries happen where car doors open + A lane keeps bikes away from the doors',
        'support',
        'Premise: Injuries happen where car doors open\nPremise: A lane keeps bikes away from the doors\nUndercut: The lane on Oak Street did not cut injuries',
      ],
      ['It is too expensive', 'disconfirm', null],
    ]);
    expect([folded, unlinked]).toEqual([3, 0]);
  });
});
