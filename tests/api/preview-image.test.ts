import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it, vi } from 'vitest';
import { BusyError } from '../../src/server/http/errors';
import {
  previewElement,
  renderPreviewPng,
  renderPreviewSvg,
  shortenTitle,
  type PreviewImageContent,
} from '../../src/server/pages/preview-image';
import { loadEmoji, twemojiName } from '../../src/server/pages/preview-emoji';
import { firstRenderTimeoutMs, previewImages, renderTimeoutMs } from '../../src/server/pages/preview-images';
import { dayMs, lifetimeMs, mapRequest, publishOk, reason, serverPerTest } from './helpers';

// Link-preview pictures (PRODUCT §8.4): GET /api/map/{id}/preview.png answers a 1200 × 630 PNG of
// a published or built-in map's title, reason count and balance (rule W2), cached as the map is
// (PRODUCT §5.2) and drawn once per map, however many ask at once. The page's og:image and
// twitter:image point at it when PUBLIC_URL is set, and are left out otherwise.

const startServer = serverPerTest();

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from a PNG's IHDR chunk, which always comes first. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8).equals(pngSignature)).toBe(true);
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The real renderer, counting its renders. */
function countingRenderer() {
  const rendered: string[] = [];
  return {
    rendered,
    render: async (content: PreviewImageContent) => {
      rendered.push(content.title);
      return renderPreviewPng(content);
    },
  };
}

function metaContent(html: string, attribute: 'name' | 'property', key: string): string | null {
  const match = html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`));
  return match ? match[1]! : null;
}

const elmStreet = mapRequest({
  title: 'Elm Street needs a bike lane',
  reasons: [
    reason({ title: 'Safer', belief: 'strong-agree', support: 'strong-support' }),
    reason({ title: 'Parking', belief: 'agree', support: 'disconfirm' }),
    reason({ title: 'Noise', belief: null, support: null }),
  ],
});

describe('GET /api/map/{id}/preview.png', () => {
  it('answers a 1200 × 630 PNG, cached as immutably as the map, and 304 to a matching ETag', async () => {
    const counter = countingRenderer();
    const { app } = await startServer({ renderPreview: counter.render });
    const id = await publishOk(app, elmStreet);
    const response = await app.inject({ url: `/api/map/${id}/preview.png` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(pngSize(response.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(response.headers['cache-control']).toBe(`public, max-age=${lifetimeMs / 1000}, immutable`);
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^"[^"]+"$/);
    // The page's own CSP and headers apply to the picture too.
    expect(response.headers['x-content-type-options']).toBe('nosniff');

    const again = await app.inject({ url: `/api/map/${id}/preview.png`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(counter.rendered).toEqual(['Elm Street needs a bike lane']);
  });

  it('draws a map once however many ask at once, and never again while it is cached', async () => {
    const counter = countingRenderer();
    const { app } = await startServer({ renderPreview: counter.render });
    const id = await publishOk(app, elmStreet);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => app.inject({ url: `/api/map/${id}/preview.png` })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => answer.rawPayload.toString('base64'))).size).toBe(1);
    await app.inject({ url: `/api/map/${id}/preview.png` });
    expect(counter.rendered).toHaveLength(1);
  });

  it('answers 404 in the API’s error shape for an unknown id and an expired map; 400 for a draft or bad id', async () => {
    const counter = countingRenderer();
    const { app, clock } = await startServer({ renderPreview: counter.render });
    const id = await publishOk(app, elmStreet);
    const unknown = await app.inject({ url: '/api/map/no-such-map-k3j9x2m7qa1b/preview.png' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      status: 'error',
      message: 'Map no-such-map-k3j9x2m7qa1b does not exist or has expired',
    });
    // As GET /api/map/{id} (PRODUCT §5.2): a draft never reaches the server, and its id is refused.
    for (const bad of [`draft.${id}`, '%3Cscript%3E']) {
      const response = await app.inject({ url: `/api/map/${bad}/preview.png` });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({ status: 'error' });
    }

    clock.advance(lifetimeMs + dayMs);
    const expired = await app.inject({ url: `/api/map/${id}/preview.png` });
    expect(expired.statusCode).toBe(404);
    expect(counter.rendered).toEqual([]);
  });

  it('draws the built-in maps too, revalidated like their API answers', async () => {
    const { app } = await startServer();
    const response = await app.inject({ url: '/api/map/help-example-alice-1/preview.png' });
    expect(response.statusCode).toBe(200);
    expect(pngSize(response.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const again = await app.inject({
      url: '/api/map/help-example-alice-1/preview.png',
      headers: { 'if-none-match': response.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('draws hostile, right-to-left, emoji and overlong titles as text, at full size', async () => {
    const counter = countingRenderer();
    const { app } = await startServer({ renderPreview: counter.render });
    const titles = [
      '<script>alert(1)</script><svg onload="x()">&amp;',
      'مدينتنا تحتاج ممرًا للدراجات',
      '🚲 Bike lanes 👍🏽 for Elm Street',
      `${'Very long title '.repeat(18)}end`.slice(0, 300),
    ];
    for (const title of titles) {
      const id = await publishOk(app, mapRequest({ title }));
      const response = await app.inject({ url: `/api/map/${id}/preview.png` });
      expect(response.statusCode, title).toBe(200);
      expect(pngSize(response.rawPayload)).toEqual({ width: 1200, height: 630 });
    }
    expect(counter.rendered).toEqual(titles);
  });
});

const noReasons = { for: { count: 0, weight: 0 }, against: { count: 0, weight: 0 }, unrated: 0, neither: 0 };

describe('the picture’s content', () => {
  it('keeps a title as one text node, never markup', () => {
    const title = '<script>alert(1)</script>';
    const tree = JSON.stringify(
      previewElement({
        title,
        reasonCount: 1,
        balance: { for: { count: 0, weight: 0 }, against: { count: 0, weight: 0 }, unrated: 1, neither: 0 },
      }),
    );
    expect(tree).toContain(JSON.stringify(title));
  });

  it('cuts a long title at a word with an ellipsis, never inside a surrogate pair', () => {
    expect(shortenTitle('  Short   title ')).toBe('Short title');
    const long = shortenTitle('word '.repeat(60));
    expect(long.endsWith('word…')).toBe(true);
    expect(Array.from(long).length).toBeLessThanOrEqual(140);
    const emoji = shortenTitle('😀'.repeat(200));
    expect(emoji).toBe(`${'😀'.repeat(139)}…`);
  });

  it.each([
    ['Elm Street needs a bike lane', 'ltr'],
    ['מדינתנו צריכה נתיב אופניים', 'rtl'],
    ['مدينتنا تحتاج ممرًا للدراجات', 'rtl'],
    ['42 — مدينتنا', 'rtl'],
    ['«Elm» مدينتنا', 'ltr'],
    ['🚲 123', 'ltr'],
    ['\u200fBike lane', 'rtl'],
    ['\u2067Elm\u2069 مدينتنا', 'rtl'],
    ['𞤀𞤣𞤤𞤢𞤥 Elm', 'rtl'],
  ] as const)('[R1] draws “%s” from the %s', (title, direction) => {
    const tree = previewElement({
      title,
      reasonCount: 0,
      balance: { for: { count: 0, weight: 0 }, against: { count: 0, weight: 0 }, unrated: 0, neither: 0 },
    });
    expect(JSON.stringify(tree)).toContain(`"direction":"${direction}"`);
  });

  it.each([
    ['נתיב אופניים ברחוב הרצל', 'right'],
    ['شارع Main Street مزدحم', 'right'],
    ['\u200fBike lane on Elm Street', 'right'],
    ['Elm Street bike lane', 'left'],
    ['«Elm» مدينتنا', 'left'],
  ] as const)('[R1] draws the title “%s” from the %s edge', async (title, edge) => {
    const svg = await renderPreviewSvg({ title, reasonCount: 0, balance: noReasons });
    const { width, pixels } = new Resvg(svg, { font: { loadSystemFonts: false } }).render();
    // The title's ink: dark pixels between the header and the balance boxes, where only it is.
    let left = width;
    let right = -1;
    for (let y = 120; y < 460; y++) {
      for (let x = 0; x < width; x++) {
        const at = (y * width + x) * 4;
        if (pixels[at]! < 100 && pixels[at + 1]! < 100 && pixels[at + 2]! < 100) {
          left = Math.min(left, x);
          right = Math.max(right, x);
        }
      }
    }
    // The picture's padding is 72 px on either side; these titles take less than half its width.
    if (edge === 'right') expect([right > 1110, left > 250]).toEqual([true, true]);
    else expect([left < 90, right < 950]).toEqual([true, true]);
  });

  it.each([
    ['❤️', '2764'],
    ['❤', '2764'],
    ['👍🏽', '1f44d-1f3fd'],
    ['🏳️‍🌈', '1f3f3-fe0f-200d-1f308'],
    ['1️⃣', '31-20e3'],
    ['👩‍👩‍👧', '1f469-200d-1f469-200d-1f467'],
    ['🇮🇱', '1f1ee-1f1f1'],
  ])('names the Twemoji file of %s %s', (emoji, name) => {
    const directory = dirname(createRequire(import.meta.url).resolve('@twemoji/svg/package.json'));
    const available = new Set(readdirSync(directory).map((file) => file.replace(/\.svg$/, '')));
    expect(twemojiName(emoji, available)).toBe(name);
  });

  it('loads an emoji as a picture, and nothing for what Twemoji lacks or is not an emoji', async () => {
    expect(await loadEmoji('emoji', '👍')).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(await loadEmoji('emoji', 'x')).toEqual([]);
    expect(await loadEmoji('ja-JP', '漢')).toEqual([]);
  });

  it('draws an emoji in its colours, not as an empty box', async () => {
    /** How many pixels of the title's area have the yellow of Twemoji's thumbs up (#FFDB5E). */
    const yellowPixels = async (title: string) => {
      const svg = await renderPreviewSvg({ title, reasonCount: 0, balance: noReasons });
      const { width, pixels } = new Resvg(svg, { font: { loadSystemFonts: false } }).render();
      let count = 0;
      for (let y = 120; y < 460; y++) {
        for (let x = 0; x < width; x++) {
          const at = (y * width + x) * 4;
          if (pixels[at]! > 235 && pixels[at + 1]! > 200 && pixels[at + 1]! < 235 && pixels[at + 2]! < 130)
            count++;
        }
      }
      return count;
    };
    expect(await yellowPixels('Bike lanes')).toBe(0);
    expect(await yellowPixels('Bike lanes 👍')).toBeGreaterThan(500);
  });

  it('[W5] writes the weights as the page does, with one decimal', () => {
    const tree = JSON.stringify(
      previewElement({
        title: 'Elm Street',
        reasonCount: 5,
        balance: {
          for: { count: 3, weight: 5.25 },
          against: { count: 1, weight: 1 },
          unrated: 1,
          neither: 0,
        },
      }),
    );
    expect(tree).toContain('"3 reasons, weight 5.3"');
    expect(tree).toContain('"1 reason, weight 1.0"');
  });
});

describe('previewImages', () => {
  it('gives up on a render that never ends, answering 503, and draws the next picture', async () => {
    vi.useFakeTimers();
    try {
      const images = previewImages(async (content) =>
        content.title === 'hangs' ? new Promise<Buffer>(() => {}) : Buffer.from('png'),
      );
      const content = (title: string): PreviewImageContent => ({
        title,
        reasonCount: 0,
        balance: { for: { count: 0, weight: 0 }, against: { count: 0, weight: 0 }, unrated: 0, neither: 0 },
      });
      await expect(images.get('first', content('fine'))).resolves.toEqual(Buffer.from('png'));
      const hanging = images.get('a', content('hangs'));
      const next = images.get('b', content('fine'));
      const refused = expect(hanging).rejects.toBeInstanceOf(BusyError);
      await vi.advanceTimersByTimeAsync(renderTimeoutMs);
      await refused;
      await expect(next).resolves.toEqual(Buffer.from('png'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives the first render, which loads the renderer and its fonts, longer before answering 503', async () => {
    vi.useFakeTimers();
    try {
      const images = previewImages(
        (content) =>
          new Promise<Buffer>((resolve) => {
            setTimeout(() => resolve(Buffer.from(content.title)), renderTimeoutMs * 2);
          }),
      );
      const content = (title: string): PreviewImageContent => ({
        title,
        reasonCount: 0,
        balance: { for: { count: 0, weight: 0 }, against: { count: 0, weight: 0 }, unrated: 0, neither: 0 },
      });
      const first = images.get('a', content('cold'));
      await vi.advanceTimersByTimeAsync(renderTimeoutMs * 2);
      await expect(first).resolves.toEqual(Buffer.from('cold'));
      expect(renderTimeoutMs * 2).toBeLessThan(firstRenderTimeoutMs);
      // Once warm, as slow a render is given up.
      const second = images.get('b', content('warm'));
      const refused = expect(second).rejects.toBeInstanceOf(BusyError);
      await vi.advanceTimersByTimeAsync(renderTimeoutMs);
      await refused;
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets a few renders wait their turn and answers 503 (BusyError) beyond them', async () => {
    let release = () => {};
    const blocked = new Promise<void>((resolve) => {
      release = resolve;
    });
    let renders = 0;
    const images = previewImages(
      async () => {
        renders += 1;
        await blocked;
        return Buffer.from('png');
      },
      1024 * 1024,
      3,
    );
    const content: PreviewImageContent = {
      title: 'x',
      reasonCount: 0,
      balance: { for: { count: 0, weight: 0 }, against: { count: 0, weight: 0 }, unrated: 0, neither: 0 },
    };
    const waiting = ['a', 'b', 'c'].map((id) => images.get(id, content));
    await expect(images.get('d', content)).rejects.toBeInstanceOf(BusyError);
    // One id asked again joins its render instead of queueing a second one.
    const sameAsA = images.get('a', content);
    release();
    await Promise.all([...waiting, sameAsA]);
    expect(renders).toBe(3);
    // Once the turn is free, the next picture is drawn.
    await expect(images.get('d', content)).resolves.toEqual(Buffer.from('png'));
  });
});

describe('link preview tags with a picture', () => {
  it('point og:image and twitter:image at the picture under PUBLIC_URL, with its size, type and alt', async () => {
    const { app } = await startServer({ client: true, env: { PUBLIC_URL: 'https://beliefmap.example' } });
    const id = await publishOk(app, elmStreet);
    const html = (await app.inject({ url: `/map/${id}`, headers: { host: 'evil.example' } })).body;
    const image = `https://beliefmap.example/api/map/${id}/preview.png`;
    expect(metaContent(html, 'property', 'og:image')).toBe(image);
    expect(metaContent(html, 'property', 'og:image:type')).toBe('image/png');
    expect(metaContent(html, 'property', 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'property', 'og:image:height')).toBe('630');
    const alt = 'Belief map “Elm Street needs a bike lane”: 1 reason for, 1 reason against.';
    expect(metaContent(html, 'property', 'og:image:alt')).toBe(alt);
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'name', 'twitter:image')).toBe(image);
    expect(metaContent(html, 'name', 'twitter:image:alt')).toBe(alt);
    expect(html).not.toContain('evil.example');

    const picture = await app.inject({ url: new URL(image).pathname });
    expect(picture.statusCode).toBe(200);
    expect(pngSize(picture.rawPayload)).toEqual({ width: 1200, height: 630 });
  });

  it('are on built-in maps too, and escape a hostile title in the alt text', async () => {
    const { app } = await startServer({ client: true, env: { PUBLIC_URL: 'https://beliefmap.example' } });
    const builtIn = (await app.inject({ url: '/map/help-example-alice-1' })).body;
    expect(metaContent(builtIn, 'property', 'og:image')).toBe(
      'https://beliefmap.example/api/map/help-example-alice-1/preview.png',
    );
    const id = await publishOk(app, mapRequest({ title: '"><script>alert(1)</script>' }));
    const html = (await app.inject({ url: `/map/${id}` })).body;
    expect(html).not.toContain('<script>alert(1)');
    expect(metaContent(html, 'property', 'og:image:alt')).toContain('&quot;&gt;&lt;script&gt;');
  });

  it('are left out without PUBLIC_URL: the request’s Host never makes an address', async () => {
    const { app } = await startServer({ client: true, env: { TRUST_PROXY: '1' } });
    const id = await publishOk(app, elmStreet);
    const html = (
      await app.inject({
        url: `/map/${id}`,
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      })
    ).body;
    for (const key of ['og:image', 'og:image:width', 'og:image:height', 'og:image:type', 'og:image:alt']) {
      expect(metaContent(html, 'property', key), key).toBeNull();
    }
    expect(metaContent(html, 'name', 'twitter:image')).toBeNull();
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary');
    expect(html).not.toContain('preview.png');
  });

  it('are not on a draft’s page', async () => {
    const { app } = await startServer({ client: true, env: { PUBLIC_URL: 'https://beliefmap.example' } });
    const html = (await app.inject({ url: '/map/draft.anything' })).body;
    expect(metaContent(html, 'property', 'og:image')).toBeNull();
  });
});
