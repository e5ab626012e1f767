import { describe, expect, it } from 'vitest';
import { reason } from '../domain/test-support/builders';
import { pageDataText, readPageData } from './page-data';

// PRODUCT §13.6: the data block of a page rendered on the server, written by the server and read
// back by the browser before it takes the page over.

const map = {
  version: '1.0',
  published: '2026-11-20T10:00:00.000Z',
  data: {
    title: 'Night buses </script><script>alert(1)</script> <!--',
    description: null,
    reasons: [reason(1)],
  },
};

describe('the page data block', () => {
  it('cannot be ended early by what a map says, and reads back exactly', () => {
    const text = pageDataText({ 'night-buses-k3j9x2m7qa1b': JSON.stringify({ status: 'ok', ...map }) });
    expect(text).not.toContain('<');
    expect(readPageData(text).hydrateWith).toEqual({ 'night-buses-k3j9x2m7qa1b': map });
  });

  it('keeps line and paragraph separators escaped, as older JavaScript parsers need', () => {
    const text = pageDataText({
      'a-k3j9x2m7qa1b': JSON.stringify({ ...map, data: { ...map.data, title: 'a\u2028b\u2029c' } }),
    });
    expect(text).not.toMatch(/[\u2028\u2029]/);
    expect(readPageData(text).hydrateWith['a-k3j9x2m7qa1b']!.data.title).toBe('a\u2028b\u2029c');
  });

  it('holds nothing when the block is absent, broken, or holds a map the schema refuses or a bad id', () => {
    const none = { hydrateWith: {}, titles: {} };
    expect(readPageData(null)).toEqual(none);
    expect(readPageData('{"maps":')).toEqual(none);
    expect(readPageData('null')).toEqual(none);
    const bad = { ...map, data: { ...map.data, reasons: [{ ...reason(1), belief: 'very' }] } };
    expect(readPageData(JSON.stringify({ maps: { 'ok-k3j9x2m7qa1b': bad, 'Not A Map': map } }))).toEqual(
      none,
    );
    expect(readPageData('{"maps":{"__proto__":' + JSON.stringify(map) + '}}')).toEqual(none);
    expect(readPageData(JSON.stringify({ titles: { 'Not A Map': 'x', 'ok-k3j9x2m7qa1b': 3 } }))).toEqual(
      none,
    );
  });

  it('carries the titles of the maps answered, escaped like the maps', () => {
    const title = 'School at 9:30 </script>';
    const text = pageDataText({}, { 'school-k3j9x2m7qa1b': title });
    expect(text).not.toContain('<');
    expect(readPageData(text).titles).toEqual({ 'school-k3j9x2m7qa1b': title });
  });
});
