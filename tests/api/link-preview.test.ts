import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { parseConfig } from '../../src/server/config';
import { escapeHtml, genericMeta, mapMeta, renderIndex } from '../../src/server/page-meta';
import { openSqliteStore } from '../../src/server/store/sqlite-store';
import { makeTempDir, removeDir } from './helpers';

// Link previews: /map/{publishedId} answers index.html with the map's own title, description and
// reason count in <title>, the meta description, Open Graph and Twitter tags, all escaped.

const template = `<!doctype html>
<html lang="en">
  <head>
    <title>Belief Map</title>
    <meta name="description" content="Generic" />
    <script type="module" src="/assets/main.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

let dir: string;
let app: FastifyInstance;

beforeAll(async () => {
  dir = makeTempDir();
  const clientDir = join(dir, 'client');
  mkdirSync(join(clientDir, 'assets'), { recursive: true });
  writeFileSync(join(clientDir, 'index.html'), template);
  writeFileSync(join(clientDir, 'assets', 'main.js'), 'console.log(1)');
  const parsed = parseConfig(
    { LOG_LEVEL: 'silent', CREATE_RATE_LIMIT: '0', DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}` },
    clientDir,
  );
  if (!parsed.ok) throw new Error(parsed.error);
  app = await buildApp(parsed.value, { store: openSqliteStore(join(dir, 'db.sqlite')), logger: false });
});

afterAll(async () => {
  await app.close();
  removeDir(dir);
});

async function publish(data: object): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/map/create',
    payload: { version: '1.0', data },
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.mapId;
}

function metaContent(html: string, attribute: 'name' | 'property', key: string): string | null {
  const match = html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`));
  return match ? match[1]! : null;
}

describe('link previews', () => {
  it('carries a published map’s title, description and reason count', async () => {
    const id = await publish({
      title: 'Elm Street needs a bike lane',
      description: 'Two neighbours weigh it up.',
      reasons: [
        { id: randomUUID(), title: 'Safer', relevance: null, belief: 'agree', support: 'support' },
        { id: randomUUID(), title: 'Parking', relevance: null, belief: null, support: 'disconfirm' },
      ],
    });
    const response = await app.inject({ url: `/map/${id}`, headers: { host: 'beliefmap.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const html = response.body;
    expect(html).toContain('<title>Elm Street needs a bike lane - Belief Map</title>');
    const description = 'A belief map with 2 reasons. Two neighbours weigh it up.';
    expect(metaContent(html, 'name', 'description')).toBe(description);
    expect(metaContent(html, 'property', 'og:title')).toBe('Elm Street needs a bike lane - Belief Map');
    expect(metaContent(html, 'property', 'og:description')).toBe(description);
    expect(metaContent(html, 'property', 'og:url')).toBe(`http://beliefmap.example/map/${id}`);
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary');
    expect(metaContent(html, 'name', 'twitter:title')).toBe('Elm Street needs a bike lane - Belief Map');
    expect(html).toContain('<script type="module" src="/assets/main.js"></script>');
  });

  it('escapes every user-typed text', async () => {
    const payload = `"><script>alert(1)</script><img src=x onerror=alert(2)>'&`;
    const id = await publish({ title: payload, description: payload, reasons: [] });
    const html = (await app.inject({ url: `/map/${id}` })).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain(`<title>${escapeHtml(payload)} - Belief Map</title>`);
    // The only script tag is the app's own.
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('previews built-in maps too', async () => {
    const html = (await app.inject({ url: '/map/help-example-alice-1' })).body;
    expect(html).toMatch(/<title>[^<]+ - Belief Map<\/title>/);
    expect(metaContent(html, 'name', 'description')).toMatch(/^A belief map with \d+ reasons\./);
  });

  it('gives drafts, unknown and malformed ids the generic tags', async () => {
    for (const id of ['draft.default', 'no-such-map-abc123def456', 'Not_Valid']) {
      const response = await app.inject({ url: `/map/${id}` });
      expect(response.statusCode, id).toBe(200);
      expect(response.body).toContain('<title>Belief Map</title>');
      expect(metaContent(response.body, 'property', 'og:title')).toBe('Belief Map');
    }
  });

  it('fills in the real index.html, however its tags are formatted', () => {
    // The build copies src/client/index.html; a formatter may put a tag's attributes on their own
    // lines, and the preview must still replace the page's own title and description.
    const real = readFileSync(join(import.meta.dirname, '../../src/client/index.html'), 'utf8');
    const html = renderIndex(
      real,
      mapMeta({ title: 'Elm Street', description: 'Bikes.', reasons: [] }, null),
    );
    expect(html).toContain('<title>Elm Street - Belief Map</title>');
    expect(metaContent(html, 'name', 'description')).toBe('A belief map with 0 reasons. Bikes.');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).not.toContain(genericMeta.description);
  });

  it('shortens a long description to at most 200 characters at a word boundary', () => {
    const meta = mapMeta({ title: 't', description: 'word '.repeat(100), reasons: [] }, null);
    expect(meta.description.length).toBeLessThanOrEqual(200);
    expect(meta.description).toMatch(/^A belief map with 0 reasons\. word( word)*…$/);
  });
});
