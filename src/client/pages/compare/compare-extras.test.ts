import { describe, expect, it } from 'vitest';
import { wordChanges } from './compare-extras';

// PRODUCT §9.2: the word parts the compare page marks. Each side reads back exactly as written.
const side = (parts: NonNullable<ReturnType<typeof wordChanges>>, hidden: 'added' | 'removed') =>
  parts
    .filter((part) => part.change !== hidden)
    .map((part) => part.value)
    .join('');

describe('wordChanges', () => {
  it('marks only the words that differ, and each side reads back as written', () => {
    const base = 'Two schools are on the route.';
    const modified = 'Two schools are on the road.';
    const parts = wordChanges(base, modified)!;
    expect(parts.filter((part) => part.change !== 'same').map((part) => [part.change, part.value])).toEqual([
      ['removed', 'route'],
      ['added', 'road'],
    ]);
    expect(side(parts, 'added')).toBe(base);
    expect(side(parts, 'removed')).toBe(modified);
  });

  it('finds one changed word in a 5,000-character text', () => {
    const text = 'Counts taken by the council on weekdays. '.repeat(125);
    const parts = wordChanges(`${text}Asked.`, `${text}Wrote.`)!;
    expect(parts.filter((part) => part.change !== 'same').map((part) => part.value)).toEqual([
      'Asked',
      'Wrote',
    ]);
  });

  it('gives up on two 20,000-character texts with nothing in common, so the page shows them whole', () => {
    const words = (prefix: string) => Array.from({ length: 3000 }, (_, n) => `${prefix}${n}`).join(' ');
    expect(wordChanges(words('a'), words('b'))).toBeNull();
  });
});
