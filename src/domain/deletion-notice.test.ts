import { describe, expect, it } from 'vitest';
import { deletionNotice } from './deletion-notice';

describe('the deletion notice of a published map', () => {
  it.each([
    ['2026-11-26T17:50:00.000Z', null, 'This one will be deleted on February 24, 2027.'],
    [
      '2026-11-26T17:50:00.000Z',
      '2026-11-26T17:50:00.000Z',
      'This one will be deleted on February 24, 2027, in 90 days.',
    ],
    [
      '2026-11-26T17:50:00.000Z',
      '2026-11-27T18:00:00.000Z',
      'This one will be deleted on February 24, 2027, in 89 days.',
    ],
    [
      '2026-11-26T17:50:00.000Z',
      '2027-02-24T17:00:00.000Z',
      'This one will be deleted on February 24, 2027, in 1 day.',
    ],
    ['2026-11-26T17:50:00.000Z', '2027-02-24T17:50:00.000Z', 'This one was deleted on February 24, 2027.'],
    // The date is the UTC one, whatever the reader's time zone: 23:30 UTC plus 90 days.
    ['2026-12-31T23:30:00.000Z', null, 'This one will be deleted on March 31, 2027.'],
  ])('published %s, now %s: %s', (published, now, text) => {
    expect(deletionNotice(published, now === null ? null : new Date(now))).toBe(text);
  });
});
