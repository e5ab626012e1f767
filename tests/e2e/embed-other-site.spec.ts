import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { mapData, newReason } from '../../src/domain/test-support/builders';
import { testWithPublishedMap } from './support/published-maps';

// PRODUCT §11.5: a page on another site (another origin: another port) embeds Belief Map, by
// /embed.js and mount(), and by oEmbed's <iframe>. The app reads maps from its own server, and
// publishing happens on Belief Map's site.

const it = testWithPublishedMap(
  mapData([newReason('Fewer cars on the school run', { support: 'support', belief: 'agree' })], {
    title: 'Our town should ban cars from the centre',
  }),
);

/** The other site: answers every path with the page `pageFor` makes for it. */
let other: Server;
let otherOrigin = '';
const pages = new Map<string, string>();

beforeAll(async () => {
  other = createServer((request, response) => {
    if (request.url === '/favicon.ico') return void response.writeHead(204).end();
    const html = pages.get(request.url ?? '');
    response.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => other.close(() => resolve())));

describe('a page on another site', () => {
  it('embeds the app by /embed.js and mount(), which reads the map from Belief Map’s server', async ({
    app,
    mapId,
    page,
    context,
    errors,
  }) => {
    pages.set(
      '/blog/post',
      `<!doctype html><html lang="en"><head><title>A blog</title></head><body>
      <h1>My post</h1><div id="belief-map"></div>
      <script src="${app.baseUrl}/embed.js"></script>
      <script>
        function place() {
          BeliefMap.mount(document.getElementById('belief-map'), undefined, { initialPath: '/map/${mapId}' });
        }
        if (window.BeliefMap) place(); else window.addEventListener('beliefmap:ready', place);
      </script></body></html>`,
    );
    const apiOrigins = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) apiOrigins.add(url.origin);
    });
    await page.goto(`${otherOrigin}/blog/post`);
    const title = page.getByRole('heading', { level: 1, name: 'Our town should ban cars from the centre' });
    await title.waitFor();
    expect(await page.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Fewer cars on the school run',
    ]);
    expect([...apiOrigins]).toEqual([app.baseUrl]);
    // The host page's own address and heading stay its own.
    expect(page.url()).toBe(`${otherOrigin}/blog/post`);
    expect(await page.getByRole('heading', { name: 'My post' }).isVisible()).toBe(true);

    // Publishing is on Belief Map's site: "Publish draft" opens the draft there, by its share link.
    await page.getByRole('link', { name: 'Edit a copy' }).click();
    await page.getByRole('button', { name: 'Publish draft' }).waitFor();
    const opened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Publish draft' }).click();
    const site = await opened;
    await site.waitForLoadState();
    expect(site.url().startsWith(`${app.baseUrl}/shared#`)).toBe(true);
    await site.getByRole('heading', { level: 1, name: 'Our town should ban cars from the centre' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('embeds the map by oEmbed: a framed, read-only compact page with a link to Belief Map', async ({
    app,
    mapId,
    page,
    errors,
  }) => {
    const discovered = await fetch(`${app.baseUrl}/map/${mapId}`).then((response) => response.text());
    const href = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/
      .exec(discovered)![1]!
      .replaceAll('&amp;', '&');
    const oembed = (await fetch(new URL(href, app.baseUrl)).then((response) => response.json())) as {
      type: string;
      html: string;
    };
    expect(oembed.type).toBe('rich');
    pages.set(
      '/blog/oembed',
      `<!doctype html><html lang="en"><head><title>A blog</title></head><body><h1>My post</h1>${oembed.html}</body></html>`,
    );
    await page.goto(`${otherOrigin}/blog/oembed`);
    const framed = page.frameLocator('iframe');
    await framed
      .getByRole('heading', { level: 1, name: 'Our town should ban cars from the centre' })
      .waitFor();
    expect(await framed.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      'Fewer cars on the school run',
    ]);
    const open = framed.getByRole('link', { name: 'Open in Belief Map' });
    expect(await open.getAttribute('target')).toBe('_blank');
    expect(new URL((await open.getAttribute('href'))!, app.baseUrl).href).toBe(`${app.baseUrl}/map/${mapId}`);
    // Read-only: no editing, no app header.
    expect(await framed.getByRole('button', { name: 'Publish draft' }).count()).toBe(0);
    expect(await framed.getByRole('banner').count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
