import { describe, expect, it } from 'vitest';
import { addPublishedRecord, daysUntilDeleted, parsePublishedRecords, type PublishedRecord } from './library';

const record = (mapId: string, published: string): PublishedRecord =>
  ({ mapId, title: `Map ${mapId}`, published }) as PublishedRecord;

describe('the record of published maps', () => {
  it('[L1] keeps valid entries newest first and skips corrupt ones', () => {
    const stored = [
      record('old-aaaaaaaaaaaa', '2026-01-01T00:00:00.000Z'),
      null,
      'text',
      { mapId: 'Bad Id', title: 'x', published: '2026-02-01T00:00:00.000Z' },
      { mapId: 'no-title', title: '', published: '2026-02-01T00:00:00.000Z' },
      { mapId: 'bad-date', title: 'x', published: 'yesterday' },
      record('new-bbbbbbbbbbbb', '2026-03-01T00:00:00.000Z'),
      record('new-bbbbbbbbbbbb', '2026-03-01T00:00:00.000Z'),
    ];
    expect(parsePublishedRecords(stored).map((r) => r.mapId)).toEqual([
      'new-bbbbbbbbbbbb',
      'old-aaaaaaaaaaaa',
    ]);
  });

  it.each([null, 42, 'x', { mapId: 'a' }])(
    '[L1] a stored value that is not a list is no entries: %s',
    (value) => {
      expect(parsePublishedRecords(value)).toEqual([]);
    },
  );

  it('[L1] a new entry comes first and replaces an entry of the same map', () => {
    const a = record('a', '2026-01-01T00:00:00.000Z');
    const b = record('b', '2026-01-02T00:00:00.000Z');
    expect(addPublishedRecord([a, b], { ...a, title: 'again' })).toEqual([{ ...a, title: 'again' }, b]);
  });

  it.each([
    ['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 90],
    ['2026-01-01T00:00:00.000Z', '2026-03-31T23:00:00.000Z', 1],
    ['2026-01-01T00:00:00.000Z', '2026-03-20T12:00:00.000Z', 12],
    ['2026-01-01T00:00:00.000Z', '2026-04-01T00:00:00.000Z', null],
    ['2026-01-01T00:00:00.000Z', '2026-06-01T00:00:00.000Z', null],
  ])('[L2] published %s, now %s: %s days left', (published, now, days) => {
    expect(daysUntilDeleted(published, new Date(now))).toBe(days);
  });
});
