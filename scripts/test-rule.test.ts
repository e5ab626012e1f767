import { describe, expect, it } from 'vitest';
import { ruleTestArguments } from './test-rule';

const files = new Map([
  [
    'src/domain/compare.test.ts',
    "it('[C1] pairs reasons by id', () => {});\nit('[C10] compares word by word', () => {});",
  ],
  ['src/domain/merge.test.ts', "it('[M1] applies a merge', () => {});"],
  ['tests/api/get-map.test.ts', "it('answers [C1] too', () => {});"],
]);

describe('npm run test:rule', () => {
  it('runs only the files that hold the tag, and only the tests named by it', () => {
    const chosen = ruleTestArguments(['C1'], files);
    expect(chosen.files).toEqual(['src/domain/compare.test.ts', 'tests/api/get-map.test.ts']);
    const name = new RegExp(chosen.namePattern);
    expect(name.test('[C1] pairs reasons by id')).toBe(true);
    expect(name.test('[C10] compares word by word')).toBe(false);
  });

  it('takes several rules at once', () => {
    const chosen = ruleTestArguments(['C1', 'M1'], files);
    expect(chosen.files).toHaveLength(3);
    expect(new RegExp(chosen.namePattern).test('[M1] applies a merge')).toBe(true);
  });

  it.each([[[]], [['c3']], [['C3', 'merge']]])('refuses %j, which names no rule', (ids) => {
    expect(() => ruleTestArguments(ids, files)).toThrow(/Name rules by their ids/);
  });
});
