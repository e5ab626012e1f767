import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { quietAnnotations } from './quiet-annotations';

// PRODUCT §2.1: a build started by `npm start` prints no warnings about the comments zod ships,
// and every other warning, including that one from the app's own code, still gets through.

const warning = (code: string, id: string): Rollup.RollupLog => ({
  code,
  id,
  message: `${code} in ${id}`,
});

describe('quietAnnotations', () => {
  it.each([
    [
      'silences an annotation warning from a package',
      warning('INVALID_ANNOTATION', '/app/node_modules/zod/v4/core/schemas.js'),
      [],
    ],
    [
      'prints an annotation warning from the app’s own code',
      warning('INVALID_ANNOTATION', '/app/src/domain/belief-map.ts'),
      ['INVALID_ANNOTATION'],
    ],
    [
      'prints any other warning from a package',
      warning('CIRCULAR_DEPENDENCY', '/app/node_modules/zod/index.js'),
      ['CIRCULAR_DEPENDENCY'],
    ],
  ])('%s', (_, log, printed) => {
    const seen: string[] = [];
    quietAnnotations(log, (passed) => seen.push(passed.code!));
    expect(seen).toEqual(printed);
  });
});
