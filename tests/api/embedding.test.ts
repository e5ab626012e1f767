import { describe, expect, it } from 'vitest';
import { embedScript, mapOfUrl } from '../../src/server/routes/embedding';
import { mapRequest, publishOk, serverPerTest } from './helpers';

// PRODUCT §11.5: any site may embed Belief Map: by /embed.js and mount(), reading maps from the
// API across origins, or by oEmbed, which answers an <iframe> of /embed/{mapId}. Publishing stays
// on Belief Map's own site.

const startServer = serverPerTest();

const elmStreet = mapRequest({ title: 'Elm Street needs a <bike> lane & more' });

describe('GET /oembed', () => {
  it('answers the rich type: an iframe of the map’s compact page on PUBLIC_URL, within maxwidth', async () => {
    const { app } = await startServer({ client: true, env: { PUBLIC_URL: 'https://beliefmap.example' } });
    const id = await publishOk(app, elmStreet);
    const url = `https://beliefmap.example/map/${id}`;
    const response = await app.inject({
      url: `/oembed?url=${encodeURIComponent(url)}&format=json&maxwidth=500`,
      headers: { host: 'evil.example' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['access-control-allow-origin']).toBeUndefined(); // not under /api/: servers ask
    const answer = response.json() as Record<string, unknown>;
    expect(answer).toMatchObject({
      version: '1.0',
      type: 'rich',
      provider_name: 'Belief Map',
      provider_url: 'https://beliefmap.example/',
      title: 'Elm Street needs a <bike> lane & more',
      width: 500,
      height: 600,
    });
    expect(answer.html).toBe(
      `<iframe src="https://beliefmap.example/embed/${id}" width="500" height="600" ` +
        `title="Belief map: Elm Street needs a &lt;bike&gt; lane &amp; more" ` +
        `style="border:1px solid #ccc;border-radius:4px" loading="lazy"></iframe>`,
    );
  });

  it('reads a page’s own discovery link, a path, against its own origin without PUBLIC_URL', async () => {
    const { app } = await startServer({ client: true });
    const id = await publishOk(app, elmStreet);
    const page = await app.inject({ url: `/map/${id}`, headers: { host: 'maps.example:8080' } });
    const link = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(page.body);
    expect(link).not.toBeNull();
    const href = link![1]!.replaceAll('&amp;', '&');
    expect(href).toBe(`/oembed?url=${encodeURIComponent(`/map/${id}`)}&format=json`);
    const answer = await app.inject({ url: href, headers: { host: 'maps.example:8080' } });
    expect(answer.statusCode).toBe(200);
    expect((answer.json() as { html: string }).html).toContain(`src="http://maps.example:8080/embed/${id}"`);
  });

  it('names the oEmbed answer on a published map’s page with PUBLIC_URL’s address', async () => {
    const { app } = await startServer({ client: true, env: { PUBLIC_URL: 'https://beliefmap.example' } });
    const id = await publishOk(app, elmStreet);
    const page = await app.inject({ url: `/map/${id}` });
    const url = encodeURIComponent(`https://beliefmap.example/map/${id}`);
    expect(page.body).toContain(
      `<link rel="alternate" type="application/json+oembed" href="https://beliefmap.example/oembed?url=${url}&amp;format=json"`,
    );
  });

  it.each([
    ['no url', '/oembed?format=json', 400],
    ['a url that is not one', '/oembed?url=%3A%2F%2F&format=json', 400],
    ['another page of the site', `/oembed?url=${encodeURIComponent('https://beliefmap.example/help')}`, 400],
    ['a malformed map id', `/oembed?url=${encodeURIComponent('https://beliefmap.example/map/%%%')}`, 400],
    [
      'an unknown map',
      `/oembed?url=${encodeURIComponent('https://beliefmap.example/map/no-such-map-aaaaaaaaaaaa')}`,
      404,
    ],
    ['a draft', `/oembed?url=${encodeURIComponent('https://beliefmap.example/map/draft.default')}`, 404],
    ['another site’s map', `/oembed?url=${encodeURIComponent('https://other.example/map/default')}`, 404],
    [
      'format=xml',
      `/oembed?url=${encodeURIComponent('https://beliefmap.example/map/default')}&format=xml`,
      501,
    ],
  ])('answers %s with %i in the API’s error shape', async (_name, url, status) => {
    const { app } = await startServer({ client: true, env: { PUBLIC_URL: 'https://beliefmap.example' } });
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ status: 'error', message: expect.any(String) });
  });

  it('answers for a built-in map too', async () => {
    const { app } = await startServer({ client: true, env: { PUBLIC_URL: 'https://beliefmap.example' } });
    const response = await app.inject({
      url: `/oembed?url=${encodeURIComponent('https://beliefmap.example/map/default')}`,
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as { html: string }).html).toContain('https://beliefmap.example/embed/default');
  });
});

describe('/embed/{mapId}', () => {
  it('may be framed by any site; every other page still refuses framing', async () => {
    const { app } = await startServer({ client: true });
    const id = await publishOk(app, elmStreet);
    const embed = await app.inject({ url: `/embed/${id}` });
    expect(embed.statusCode).toBe(200);
    expect(embed.headers['content-security-policy']).toMatch(/frame-ancestors \*/);
    expect(embed.headers['x-frame-options']).toBeUndefined();
    for (const url of [`/map/${id}`, '/help', '/maps', '/compare', `/api/map/${id}`]) {
      const other = await app.inject({ url });
      expect(other.headers['content-security-policy'], url).toMatch(/frame-ancestors 'self'/);
      expect(other.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('answers 404 for an unknown map or a draft', async () => {
    const { app } = await startServer({ client: true });
    expect((await app.inject({ url: '/embed/no-such-map-aaaaaaaaaaaa' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/embed/draft.default' })).statusCode).toBe(404);
  });
});

describe('reads across origins', () => {
  it('lets any origin read published maps and the app’s files, without credentials', async () => {
    const { app } = await startServer({ client: true });
    const id = await publishOk(app, elmStreet);
    for (const url of [
      `/api/map/${id}`,
      `/api/maps?ids=${id}`,
      `/api/map/${id}/responses`,
      '/assets/main-abc123.js',
    ]) {
      const response = await app.inject({ url, headers: { origin: 'https://blog.example' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['access-control-allow-origin'], url).toBe('*');
      expect(response.headers['access-control-allow-credentials'], url).toBeUndefined();
      expect(response.headers['cross-origin-resource-policy'], url).toBe('cross-origin');
    }
  });

  it('never lets another origin publish: the preflight is not answered with permission', async () => {
    const { app } = await startServer({ client: true });
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/map/create',
      headers: {
        origin: 'https://blog.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const publish = await app.inject({
      method: 'POST',
      url: '/api/map/create',
      headers: { origin: 'https://blog.example', 'content-type': 'application/json' },
      payload: JSON.stringify(elmStreet),
    });
    expect(publish.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('keeps pages same-origin', async () => {
    const { app } = await startServer({ client: true });
    const page = await app.inject({ url: '/map/default' });
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
    expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});

describe('/embed.js', () => {
  const manifest = JSON.stringify({
    'index.html': { file: 'assets/main-1.js', isEntry: true, imports: ['_mount-2.js'] },
    '_mount-2.js': { file: 'assets/mount-2.js', css: ['assets/mount-2.css'], imports: ['_scheme-3.js'] },
    '_scheme-3.js': { file: 'assets/scheme-3.js', css: ['assets/scheme-3.css'] },
    'pages/map/MapPage.tsx': { file: 'assets/MapPage-4.js', css: ['assets/MapPage-4.css'] },
  });

  it('names the current build’s entry and the stylesheets it links, from the script’s own address', () => {
    const script = embedScript(manifest);
    expect(script).toContain('"script":"/assets/main-1.js"');
    expect(script).toContain('"styles":["/assets/mount-2.css","/assets/scheme-3.css"]');
    expect(script).not.toContain('MapPage');
    expect(script).toContain('new URL(file, base)');
  });
});

describe('mapOfUrl', () => {
  it.each([
    ['https://beliefmap.example/map/default', { origin: 'https://beliefmap.example', mapId: 'default' }],
    ['https://beliefmap.example/embed/default/', { origin: 'https://beliefmap.example', mapId: 'default' }],
    ['/map/default', { origin: 'http://here.example', mapId: 'default' }],
    ['javascript:alert(1)//map/default', null],
    ['https://beliefmap.example/map/a/b', null],
    ['https://beliefmap.example/maps', null],
  ])('%s', (url, expected) => {
    expect(mapOfUrl(url, 'http://here.example')).toEqual(expected);
  });
});
