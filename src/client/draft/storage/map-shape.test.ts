import { describe, expect, it } from 'vitest';
import { reason } from '../../../domain/test-support/builders';
import { publishedMapShape } from './map-shape';

// PRODUCT §3.1, §13.5: a map from this site's own server, read by the stored form's shape.

const map = {
  version: '1.0',
  published: '2026-11-20T10:00:00.000Z',
  data: { title: 'Night buses', description: null, reasons: [reason(1)] },
};

describe('publishedMapShape', () => {
  it('reads a map as the server answers it, with what it answers, and drops what it does not know', () => {
    expect(publishedMapShape(map)).toEqual(map);
    const answering = { ...map, basedOn: 'bike-lane-k3j9x2m7qa1b' };
    expect(publishedMapShape(answering)).toEqual(answering);
    const extra = {
      ...map,
      status: 'ok',
      data: { ...map.data, extra: 1, reasons: [{ ...reason(1), x: 2 }] },
    };
    expect(publishedMapShape(extra)).toEqual(map);
  });

  it.each([
    ['another version', { ...map, version: '2.0' }],
    ['no publication time', { ...map, published: undefined }],
    ['a title that is not text', { ...map, data: { ...map.data, title: 3 } }],
    ['reasons that are not a list', { ...map, data: { ...map.data, reasons: {} } }],
    [
      'a rating not on the scale',
      { ...map, data: { ...map.data, reasons: [{ ...reason(1), belief: 'very' }] } },
    ],
    ['a reason without an id', { ...map, data: { ...map.data, reasons: [{ ...reason(1), id: 7 }] } }],
    ['a basedOn that is not text', { ...map, basedOn: 12 }],
    ['nothing at all', null],
  ])('is null for %s', (_, value) => {
    expect(publishedMapShape(value)).toBeNull();
  });
});
