import { describe, expect, it } from 'vitest';
import { formatCount, formatLongDate } from './format';

describe('formatCount', () => {
  it.for([0, 7, 999, 1000, 8000, 12_345, 100_000, 1_000_000, 9_007_199_254_740_991, -1234])(
    'writes %d as toLocaleString("en") does',
    (count) => {
      expect(formatCount(count)).toBe(count.toLocaleString('en'));
    },
  );

  it('writes a fraction as its whole part', () => {
    expect(formatCount(1234.9)).toBe('1,234');
  });
});

describe('formatLongDate', () => {
  it.for([
    '2026-11-20T10:00:00.000Z',
    '2026-01-01T00:00:00.000Z',
    '2025-12-31T23:59:59.999Z',
    '2024-02-29T12:00:00Z',
    '2027-07-04T05:06:07.000Z',
  ])('writes %s as toLocaleDateString("en", long, UTC) does', (iso) => {
    expect(formatLongDate(iso)).toBe(
      new Date(iso).toLocaleDateString('en', { dateStyle: 'long', timeZone: 'UTC' }),
    );
  });

  it('writes each month by its name', () => {
    expect(
      Array.from({ length: 12 }, (_, month) =>
        formatLongDate(new Date(Date.UTC(2026, month, 5)).toISOString()),
      ),
    ).toEqual(
      Array.from({ length: 12 }, (_, month) =>
        new Date(Date.UTC(2026, month, 5)).toLocaleDateString('en', { dateStyle: 'long', timeZone: 'UTC' }),
      ),
    );
  });
});
