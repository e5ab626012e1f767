import { describe, expect } from 'vitest';
import { builtInMapIds } from '../../src/domain/built-in/index';
import { newReason } from '../../src/domain/test-support/builders';
import { testWithPublishedMap } from './support/published-maps';

// PRODUCT §8.4: a shared link previews with its own picture. The page of a published or built-in
// map names the picture in og:image and twitter:image under PUBLIC_URL; a chat app that follows
// that address gets a PNG of 1200 × 630. The site's public address is routed to this test's
// server, as a load balancer in front of it would.

const publicUrl = 'https://beliefmap.example';

const it = testWithPublishedMap({
  title: 'Elm Street needs a protected bike lane',
  description: null,
  reasons: [
    newReason('Fewer cars pass the school', { belief: 'strong-agree', support: 'strong-support' }),
    newReason('Shops lose parking', { belief: 'agree', support: 'disconfirm' }),
  ],
});
it.override('serverSettings', { scope: 'file' }, { PUBLIC_URL: publicUrl });

describe('link-preview pictures', () => {
  const helpId = builtInMapIds.find((id) => id.startsWith('help-'))!;

  it.for(['published', 'built-in'])(
    'the picture named by a %s map’s page loads as a 1200 × 630 PNG',
    async (kind, { page, context, app, mapId, errors }) => {
      await context.route(`${publicUrl}/**`, async (route) => {
        const { pathname, search } = new URL(route.request().url());
        await route.fulfill({ response: await route.fetch({ url: `${app.baseUrl}${pathname}${search}` }) });
      });
      const id = kind === 'published' ? mapId : helpId;
      await page.goto(`/map/${id}`);
      const meta = (key: string) =>
        page.locator(`meta[property="${key}"], meta[name="${key}"]`).getAttribute('content');
      const image = await meta('og:image');
      expect(image).toBe(`${publicUrl}/api/map/${id}/preview.png`);
      expect(await meta('twitter:image')).toBe(image);
      expect(await meta('twitter:card')).toBe('summary_large_image');
      expect(await meta('og:image:width')).toBe('1200');
      expect(await meta('og:image:height')).toBe('630');
      expect(errors).toEqual([]);

      // Opened as a chat app's crawler would: a document that is just the picture. (Chromium's
      // own image viewer styles that document inline, which the app's CSP refuses; the picture
      // shows all the same.)
      const response = await page.goto(image!);
      expect(response!.status()).toBe(200);
      expect(response!.headers()['content-type']).toBe('image/png');
      const size = await page
        .locator('img')
        .evaluate((img: HTMLImageElement) =>
          img.decode().then(() => ({ width: img.naturalWidth, height: img.naturalHeight })),
        );
      expect(size).toEqual({ width: 1200, height: 630 });
    },
  );
});
