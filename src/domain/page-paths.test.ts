import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseMapId } from './map-id';
import { isEmbeddedPagePath, isRenderedPagePath } from './page-paths';

// PRODUCT §13.6: one pattern says which pages the server renders, for the server and the service
// worker alike; it must agree with what the server's map ids say a draft is.

describe('isRenderedPagePath', () => {
  it.each([
    ['/help', true],
    ['/map/default', true],
    ['/map/help-example-alice-1', true],
    ['/map/more-bike-lanes-k3j9x2m7qa1b', true],
    ['/map/draft.default', false],
    ['/map/draft.more-bike-lanes-k3j9x2m7qa1b', false],
    ['/', false],
    ['/maps', false],
    ['/compare/a/b', false],
    ['/help/more', false],
    ['/map/a/b', false],
    ['/api/map/default', false],
  ])('%s → %s', (path, rendered) => {
    expect(isRenderedPagePath(path)).toBe(rendered);
  });

  it('renders the page of every id that is not a draft’s, as the server reads ids', () => {
    const idCharacters = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-.ABC_'.split(''));
    const id = fc.oneof(
      fc.string({ unit: idCharacters, minLength: 1, maxLength: 40 }),
      fc.string({ unit: idCharacters, minLength: 1, maxLength: 40 }).map((rest) => `draft.${rest}`),
    );
    fc.assert(
      fc.property(id, (mapId) => {
        const parsed = parseMapId(mapId);
        const isDraft = parsed.ok ? parsed.value.isDraft : mapId.startsWith('draft.');
        expect(isRenderedPagePath(`/map/${mapId}`)).toBe(!isDraft);
      }),
    );
  });
});

describe('isEmbeddedPagePath', () => {
  it.each([
    ['/embed/default', true],
    ['/embed/more-bike-lanes-k3j9x2m7qa1b', true],
    ['/embed/draft.default', false],
    ['/embed/a/b', false],
    ['/embed/', false],
    ['/map/default', false],
  ])('%s → %s', (path, embedded) => {
    expect(isEmbeddedPagePath(path)).toBe(embedded);
  });
});
