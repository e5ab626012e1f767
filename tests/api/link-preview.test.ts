import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { escapeHtml, genericMeta, mapMeta, mapPreview, renderIndex } from '../../src/server/pages/page-meta';
import type { MapStore } from '../../src/server/store/map-store';
import { getMap, mapRequest, publishOk, reason, serverPerTest } from './helpers';

// Link previews (PRODUCT §6.2, §8): /map/{publishedId} answers index.html with the map's own
// title, description and reason count in <title>, the meta description, Open Graph and Twitter
// tags, all escaped. og:url is PUBLIC_URL's; the request's Host never reaches the page. A preview
// goes through the same lookup as GET /api/map/{id}: the map is read and parsed once.

const startServer = serverPerTest();

/** The app with a client folder, counting the store's reads. */
async function startWithClient(env: Record<string, string> = {}) {
  const reads: string[] = [];
  const server = await startServer({
    client: true,
    env,
    wrapStore: (inner): MapStore => ({
      ...inner,
      get: (id, now) => {
        reads.push(id);
        return inner.get(id, now);
      },
      publish: (map, newId) => inner.publish(map, newId),
    }),
  });
  return { app: server.app, reads };
}

function metaContent(html: string, attribute: 'name' | 'property', key: string): string | null {
  const match = html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`));
  return match ? match[1]! : null;
}

const elmStreet = mapRequest({
  title: 'Elm Street needs a bike lane',
  description: 'Two neighbours weigh it up.',
  reasons: [
    reason({ id: randomUUID(), title: 'Safer', relevance: null, belief: 'agree', support: 'support' }),
    reason({ id: randomUUID(), title: 'Parking', relevance: null, belief: null, support: 'disconfirm' }),
  ],
});

describe('link previews', () => {
  it('carry a published map’s title, description and reason count, and PUBLIC_URL’s address', async () => {
    const { app } = await startWithClient({ PUBLIC_URL: 'https://beliefmap.example' });
    const id = await publishOk(app, elmStreet);
    const response = await app.inject({ url: `/map/${id}`, headers: { host: 'evil.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<title>Elm Street needs a bike lane - Belief Map</title>');
    const description = 'A belief map with 2 reasons. Two neighbours weigh it up.';
    expect(metaContent(html, 'name', 'description')).toBe(description);
    expect(metaContent(html, 'property', 'og:title')).toBe('Elm Street needs a bike lane - Belief Map');
    expect(metaContent(html, 'property', 'og:description')).toBe(description);
    expect(metaContent(html, 'property', 'og:url')).toBe(`https://beliefmap.example/map/${id}`);
    // With PUBLIC_URL the card has a picture (PRODUCT §8.4): the large-image card.
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'name', 'twitter:title')).toBe('Elm Street needs a bike lane - Belief Map');
    expect(html).toContain('<script type="module" src="/assets/main-abc123.js"></script>');
    expect(html).not.toContain('evil.example');
  });

  it('never take an address from the request: without PUBLIC_URL there is no og:url', async () => {
    const { app } = await startWithClient({ TRUST_PROXY: '1' });
    const id = await publishOk(app, elmStreet);
    const html = (
      await app.inject({
        url: `/map/${id}`,
        headers: {
          host: 'evil.example',
          'x-forwarded-proto': 'javascript',
          'x-forwarded-host': 'evil.example',
        },
      })
    ).body;
    expect(metaContent(html, 'property', 'og:title')).toBe('Elm Street needs a bike lane - Belief Map');
    expect(html).not.toContain('og:url');
    expect(html).not.toMatch(/evil\.example|javascript:/);
  });

  it('read the map once, sharing the API’s lookup, however often the page and the API are asked', async () => {
    const { app, reads } = await startWithClient();
    const id = await publishOk(app, elmStreet);
    expect((await getMap(app, id)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) {
      const html = (await app.inject({ url: `/map/${id}` })).body;
      expect(html).toContain('<title>Elm Street needs a bike lane - Belief Map</title>');
    }
    expect((await getMap(app, id)).statusCode).toBe(200);
    expect(reads).toEqual([id]);
  });

  it('escape every user-typed text', async () => {
    const { app } = await startWithClient();
    const payload = `"><script>alert(1)</script><img src=x onerror=alert(2)>'&`;
    const id = await publishOk(app, mapRequest({ title: payload, description: payload, reasons: [] }));
    const html = (await app.inject({ url: `/map/${id}` })).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain(`<title>${escapeHtml(payload)} - Belief Map</title>`);
    // The only script tag is the app's own.
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('preview built-in maps too', async () => {
    const { app } = await startWithClient();
    const html = (await app.inject({ url: '/map/help-example-alice-1' })).body;
    expect(html).toMatch(/<title>[^<]+ - Belief Map<\/title>/);
    expect(metaContent(html, 'name', 'description')).toMatch(/^A belief map with \d+ reasons\./);
  });

  it('give drafts, unknown and malformed ids the generic tags, and the last two a 404 (PRODUCT §5.4)', async () => {
    const { app, reads } = await startWithClient();
    for (const [id, status] of [
      ['draft.default', 200],
      ['draft.no-such-map-abc123def456', 200],
      ['no-such-map-abc123def456', 404],
      ['Not_Valid', 404],
    ] as const) {
      const response = await app.inject({ url: `/map/${id}` });
      expect(response.statusCode, id).toBe(status);
      expect(response.headers['content-type'], id).toMatch(/^text\/html/);
      expect(response.body).toContain('<title>Belief Map</title>');
      expect(metaContent(response.body, 'property', 'og:title')).toBe('Belief Map');
    }
    // Only the well-formed published id was looked up.
    expect(reads).toEqual(['no-such-map-abc123def456']);
  });

  it('answer 404 for a published map that has expired, 200 the day before (PRODUCT §5.4)', async () => {
    const server = await startServer({ client: true });
    const id = await publishOk(server.app, elmStreet);
    server.clock.advance(89 * 24 * 60 * 60 * 1000);
    expect((await server.app.inject({ url: `/map/${id}` })).statusCode).toBe(200);
    server.clock.advance(2 * 24 * 60 * 60 * 1000);
    const expired = await server.app.inject({ url: `/map/${id}` });
    expect(expired.statusCode).toBe(404);
    expect(expired.body).toContain('<div id="root"></div>');
  });
});

describe('the preview’s text', () => {
  it('fills in the real index.html, however its tags are formatted', () => {
    // The build copies src/client/index.html; a formatter may put a tag's attributes on their own
    // lines, and the preview must still replace the page's own title and description.
    const real = readFileSync(join(import.meta.dirname, '../../src/client/index.html'), 'utf8');
    const preview = mapPreview({ title: 'Elm Street', description: 'Bikes.', reasons: [] });
    const html = renderIndex(real, mapMeta(preview, null));
    expect(html).toContain('<title>Elm Street - Belief Map</title>');
    expect(metaContent(html, 'name', 'description')).toBe('A belief map with 0 reasons. Bikes.');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain(genericMeta.description);
  });

  it('shortens a long description to at most 200 characters at a word boundary', () => {
    const preview = mapPreview({ title: 't', description: 'word '.repeat(100), reasons: [] });
    const meta = mapMeta(preview, null);
    expect(meta.description.length).toBeLessThanOrEqual(200);
    expect(meta.description).toMatch(/^A belief map with 0 reasons\. word( word)*…$/);
  });

  it('keeps at most 200 characters of a 20,000-character description, on one line', () => {
    const preview = mapPreview({ title: 't', description: ` a\n\n b ${'c'.repeat(20_000)}`, reasons: [] });
    expect(preview.description!.startsWith('a b c')).toBe(true);
    expect(preview.description!.length).toBe(200);
  });
});
