import { describe, expect, it } from 'vitest';
import { parseMapSetIds, parsePastedMaps } from './map-set';

describe('the ids of GET /api/maps', () => {
  it.each([
    ['b,a,c', ['a', 'b', 'c']],
    [' b , a ,b,,a ', ['a', 'b']],
    ['Bad_Id!,a', ['Bad_Id!', 'a']],
  ])('[N13] reads %j as the set %j, in order of id', (query, ids) => {
    expect(parseMapSetIds(query)).toEqual({ ok: true, value: ids });
  });

  it.each([[undefined], [''], [', ,'], [['a', 'b']]])('[N13] refuses %j: no ids', (query) => {
    expect(parseMapSetIds(query)).toEqual({
      ok: false,
      error: 'ids must name the maps to read, e.g. ids=a,b,c',
    });
  });

  it('[N13] takes 100 ids and refuses 101', () => {
    const ids = (count: number) => Array.from({ length: count }, (_, i) => `map-${i}`).join(',');
    expect(parseMapSetIds(ids(100)).ok).toBe(true);
    expect(parseMapSetIds(ids(101))).toEqual({
      ok: false,
      error: 'ids names 101 maps; at most 100 can be read at once',
    });
  });
});

describe('the maps pasted for a discussion', () => {
  it('[N14] takes links and ids, one a line, each once, and names the bad lines', () => {
    const text = [
      'https://belief.example/map/alpha-1?x=1',
      '',
      '  beta-2  ',
      '/map/draft.gamma-3/',
      'alpha-1',
      'Not an id!',
      'https://belief.example/map/',
    ].join('\n');
    expect(parsePastedMaps(text)).toEqual({
      ids: ['alpha-1', 'beta-2', 'gamma-3'],
      bad: ['Not an id!', 'https://belief.example/map/'],
    });
  });

  it('[N14] finds nothing in blank text', () => {
    expect(parsePastedMaps(' \n\r\n')).toEqual({ ids: [], bad: [] });
  });
});
