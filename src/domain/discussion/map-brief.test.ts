import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapBalance } from '../balance';
import type { MapData } from '../belief-map';
import type { MapId } from '../map-id';
import { mapData, reason } from '../test-support/builders';
import { fcParams, mapDataArb } from '../test-support/map-arbitraries';
import { summariseDiscussion } from './discussion';
import { briefOfMap, mapBriefSchema, mapSetBriefItemSchema } from './map-brief';
import { mapLabels } from './map-labels';

const withDescription = (description: string | null): MapData => ({
  ...mapData([reason(1)]),
  title: 'Elm Street',
  description,
});

describe('briefOfMap', () => {
  it('[N16] keeps each reason’s id, title and ratings in order, and no relevance text', () => {
    const data = mapData([reason(1, { relevance: 'a long text'.repeat(100) }), reason(2)]);
    const brief = briefOfMap(data);
    expect(brief.reasons).toEqual(
      data.reasons.map(({ id, title, belief, support }) => ({ id, title, belief, support })),
    );
    expect(JSON.stringify(brief)).not.toContain('a long text');
  });

  it('[N16] keeps only the first line of the description, trimmed and cut at 100 characters', () => {
    expect(briefOfMap(withDescription('  First line. \nSecond line')).description).toBe('First line.');
    expect(briefOfMap(withDescription(`${'é'.repeat(150)}`)).description).toBe('é'.repeat(100));
    expect(briefOfMap(withDescription('   ')).description).toBeNull();
    expect(briefOfMap(withDescription(null)).description).toBeNull();
  });

  it('[N16] its JSON reads back through the schema as it was', () => {
    fc.assert(
      fc.property(mapDataArb, (data) => {
        const brief = briefOfMap(data);
        expect(mapBriefSchema.parse(JSON.parse(JSON.stringify(brief)))).toEqual(brief);
      }),
      fcParams,
    );
  });

  it('[N16] a set’s item without its brief, or with a rating no scale has, is refused', () => {
    const item = { mapId: 'a', version: '1.0', published: '2026-01-01T00:00:00.000Z' };
    expect(mapSetBriefItemSchema.safeParse(item).success).toBe(false);
    const brief = briefOfMap(mapData([reason(1)]));
    expect(mapSetBriefItemSchema.safeParse({ ...item, brief }).success).toBe(true);
    const wrong = { ...brief, reasons: [{ ...brief.reasons[0], belief: 'maybe' }] };
    expect(mapSetBriefItemSchema.safeParse({ ...item, brief: wrong }).success).toBe(false);
  });

  it('[N16] a discussion worked out from briefs is the one worked out from whole maps', () => {
    fc.assert(
      fc.property(fc.array(mapDataArb, { minLength: 2, maxLength: 4 }), (datas) => {
        const whole = datas.map((data, n) => ({ id: `map-${n}` as MapId, data }));
        const briefs = whole.map(({ id, data }) => ({ id, data: briefOfMap(data) }));
        expect(mapLabels(briefs)).toEqual(mapLabels(whole));
        for (const [n, { data }] of briefs.entries()) expect(mapBalance(data)).toEqual(mapBalance(datas[n]!));
        const strip = (d: ReturnType<typeof summariseDiscussion>) =>
          JSON.parse(JSON.stringify(d, (key, value: unknown) => (key === 'relevance' ? undefined : value)));
        expect(strip(summariseDiscussion(briefs, []))).toEqual(strip(summariseDiscussion(whole, [])));
      }),
      { ...fcParams, numRuns: 50 },
    );
  });

  it('[N16] rule N15 names maps from briefs as from their whole descriptions', () => {
    const long = `${'word '.repeat(30)}end. More.`;
    const maps = [long, `${long} other`, 'Same start. A', 'Same start. B', 'x'.repeat(99) + '. y'].map(
      (description, n) => ({ id: `m${n}` as MapId, data: withDescription(description) }),
    );
    const briefs = maps.map(({ id, data }) => ({ id, data: briefOfMap(data) }));
    expect(mapLabels(briefs)).toEqual(mapLabels(maps));
  });
});
