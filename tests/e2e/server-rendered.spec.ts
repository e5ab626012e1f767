import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { formatPublished } from '../../src/client/draft/entries';
import { newReason } from '../../src/domain/test-support/builders';
import { publishTestMap, testWithPublishedMap } from './support/published-maps';
import { clientDir } from './support/harness';
import { heading, pageReady, pathOf, reasonTitles } from './support/map-page';

// PRODUCT §13.6: a published map, a built-in map and Help arrive as HTML that holds the page,
// rendered by the server with the app's own components; the browser takes the page over without
// fetching the map again and without a mismatch; without JavaScript the page reads in full.

const title = 'Night buses </script><script>alert(1)</script> $& on weekdays';
const reasons = [
  newReason('Shift workers need them', {
    belief: 'strong-agree',
    support: 'strong-support',
    relevance: 'Nurses.',
  }),
  newReason('They run nearly empty', { belief: 'agree', support: 'disconfirm' }),
];
const it = testWithPublishedMap({ title, description: 'Two lines.\nOf <b>text</b>.', reasons });
const noticeText = 'Published maps are deleted automatically after 90 days.';

/** The UTC date, 90 days after `published`, on which the server deletes the map (PRODUCT §8.3). */
const deletedOn = (published: string) =>
  new Date(Date.parse(published) + 90 * 24 * 60 * 60 * 1000).toLocaleDateString('en', {
    dateStyle: 'long',
    timeZone: 'UTC',
  });

describe('a page rendered on the server', () => {
  it('holds a published map that reads in full without JavaScript', async ({ openSession, mapId, app }) => {
    const { page, errors } = await openSession({ javaScriptEnabled: false });
    await page.goto(`/map/${mapId}`);
    expect(await heading(page).textContent()).toBe(title);
    const published = await (await fetch(`${app.baseUrl}/api/map/${mapId}`)).json();
    expect(await page.locator('.subtitle').textContent()).toBe(
      `Published ${formatPublished((published as { published: string }).published)}`,
    );
    expect(await page.getByText('Two lines.').textContent()).toBe('Two lines.\nOf <b>text</b>.');
    expect(await reasonTitles(page)).toEqual(['Shift workers need them', 'They run nearly empty']);
    expect(await page.getByText('Nurses.').isVisible()).toBe(true);
    const first = page.getByRole('listitem').filter({ hasText: 'Shift workers need them' });
    expect(await first.getByRole('img', { name: 'Strongly agree', exact: true }).count()).toBe(1);
    expect(await first.getByRole('img', { name: 'Strongly supports', exact: true }).count()).toBe(1);
    // The deletion date, without a day count, which would depend on when the page was rendered.
    expect(await page.getByText(noticeText).textContent()).toBe(
      `${noticeText} This one will be deleted on ${deletedOn((published as { published: string }).published)}.`,
    );
    expect(await page.getByRole('region', { name: 'Balance' }).isVisible()).toBe(true);
    expect(await page.getByText('For: 1 reason').isVisible()).toBe(true);
    expect(await page.getByText('Loading').count()).toBe(0);
    // What needs the page's code is not shown: nothing looks ready and is not.
    expect(await page.getByRole('button', { name: 'Download' }).isVisible()).toBe(false);
    expect(await page.getByRole('table').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('draws each reason in at most six elements, its icons by CSS alone', async ({ openSession, mapId }) => {
    for (const javaScriptEnabled of [false, true]) {
      const { page } = await openSession({ javaScriptEnabled });
      await page.goto(`/map/${mapId}`);
      if (javaScriptEnabled) await pageReady(page);
      const items = await page.locator('.map-reason').evaluateAll((lis) =>
        lis.map((li) => ({
          elements: 1 + li.querySelectorAll('*').length,
          // An icon with no glyph or outline drawn would be a blank box.
          glyphs: [...li.querySelectorAll('[role="img"]')].map(
            (icon) =>
              getComputedStyle(icon, '::after').maskImage.startsWith('url(') &&
              getComputedStyle(icon).borderTopWidth,
          ),
        })),
      );
      expect(items, `with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`).toEqual(
        reasons.map((reason) => ({ elements: reason.relevance ? 5 : 4, glyphs: ['2px', '2px'] })),
      );
    }
  });

  it('holds Help and a built-in map, which read without JavaScript', async ({ openSession }) => {
    const { page } = await openSession({ javaScriptEnabled: false });
    await page.goto('/help');
    expect(await heading(page).textContent()).toBe('Help');
    expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(3);
    expect(await page.getByText('Published maps are deleted after 90 days').isVisible()).toBe(true);

    await page.goto('/map/help-example-alice-1');
    expect(await page.locator('.subtitle').textContent()).toBe('Built into Belief Map: never expires');
    expect((await reasonTitles(page)).length).toBe(6);
  });

  describe('without JavaScript, on a 360 px screen in dark mode', () => {
    for (const path of ['map', '/help'])
      it(`lays out ${path === 'map' ? 'a published map' : 'Help'} as the page: no control that needs the code, no empty slot, the system's colours`, async ({
        openSession,
        mapId,
      }) => {
        const { page } = await openSession({
          javaScriptEnabled: false,
          colorScheme: 'dark',
          viewport: { width: 360, height: 740 },
        });
        await page.goto(path === 'map' ? `/map/${mapId}` : path);
        await heading(page).waitFor();
        // The system's dark mode, with no script to set it.
        expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
          'rgb(17, 20, 24)',
        );
        // No button that nothing would answer (colour mode, Menu, Download); the links show instead.
        const buttons = await page
          .getByRole('button')
          .evaluateAll((all) => all.filter((b) => b.checkVisibility()).length);
        expect(buttons).toBe(0);
        expect(
          await page
            .getByRole('navigation', { name: 'Main' })
            .getByRole('link', { name: 'Help' })
            .isVisible(),
        ).toBe(true);
        // The note that the rest needs JavaScript reads like the page's notices, in its column.
        const note = page.locator('body > noscript');
        expect(await note.textContent()).toBe('Editing and comparing maps need JavaScript.');
        expect(await note.isVisible()).toBe(true);
        // The muted colour of the dark mode (--muted), and the notices' size.
        expect(
          await note.evaluate((el) => [getComputedStyle(el).color, getComputedStyle(el).fontSize]),
        ).toEqual(['rgb(168, 177, 188)', '14.4px']);
        const textLeft = await note.evaluate(
          (el) => el.getBoundingClientRect().left + parseFloat(getComputedStyle(el).paddingLeft),
        );
        expect(textLeft).toBe((await heading(page).boundingBox())!.x);
        if (path !== 'map') return;
        // No empty room where the balance grid would be: the notice follows the balance's lines.
        const balance = (await page.getByRole('region', { name: 'Balance' }).boundingBox())!;
        const notice = (await page.getByText(noticeText).boundingBox())!;
        expect(notice.y - (balance.y + balance.height)).toBeLessThan(64);
      });
  });

  it('is taken over by the browser without fetching the map again and without a mismatch', async ({
    page,
    mapId,
    app,
    errors,
  }) => {
    const { published } = (await (await fetch(`${app.baseUrl}/api/map/${mapId}`)).json()) as {
      published: string;
    };
    const mapRequests: string[] = [];
    page.on('request', (request) => {
      // The map itself; its responses (PRODUCT §6.2) load after the page, as they change and it does not.
      if (
        new URL(request.url()).pathname.startsWith('/api/map/') &&
        !/\/(responses|thread)$/.test(request.url())
      )
        mapRequests.push(request.url());
    });
    const answer = await page.goto(`/map/${mapId}`);
    const html = await answer!.text();
    // The page as sent holds the map, its text escaped, and its data in a block no title can end.
    expect(html).toContain(
      'Night buses &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; on weekdays',
    );
    expect(html).toContain('<script type="application/json" id="page-data">');
    expect(html).not.toContain('</script><script>alert(1)');
    const sentSubtitle = /<p class="subtitle">([^<]*)<\/p>/.exec(html)![1];
    // The deletion date is sent; the day count, which depends on the clock, comes once taken over
    // (the app loads when the reader asks for it: pageReady points at a link into the app).
    expect(html).toContain(`This one will be deleted on ${deletedOn(published)}.`);
    await pageReady(page);
    // The notice's code is loaded once the page is taken over.
    await page.getByText(', in 90 days.').waitFor();
    expect(await page.getByText(noticeText).textContent()).toBe(
      `${noticeText} This one will be deleted on ${deletedOn(published)}, in 90 days.`,
    );

    // Taken over: a link moves inside the page (no new document), to the draft made from the
    // map the page holds.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole('link', { name: 'Edit a copy' }).click();
    await expect.poll(() => pathOf(page)).toBe(`/map/draft.${mapId}`);
    await page.getByRole('button', { name: 'Add item' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    expect(await heading(page).textContent()).toBe(title);
    expect(await reasonTitles(page)).toEqual(['Shift workers need them', 'They run nearly empty']);
    await page.goBack();
    await expect.poll(() => page.locator('.subtitle').textContent()).toBe(sentSubtitle);

    expect(mapRequests).toEqual([]);
    // React reports a mismatch between the server's HTML and the browser's first render as an error.
    expect(errors).toEqual([]);
  });

  describe('in dark mode, at 360 px', () => {
    it.override('contextOptions', { colorScheme: 'dark', viewport: { width: 360, height: 740 } });

    it('is taken over without a mismatch', async ({ page, mapId, errors }) => {
      await page.goto(`/map/${mapId}`);
      await page.getByRole('button', { name: 'Light mode' }).waitFor();
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('link', { name: 'Help' }).waitFor();
      expect(errors).toEqual([]);
    });
  });

  it('answers the same bytes with an ETag, and 304 to a client that holds them', async ({ app, mapId }) => {
    const first = await fetch(`${app.baseUrl}/map/${mapId}`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const body = await first.text();
    const again = await fetch(`${app.baseUrl}/map/${mapId}`);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe(body);
    const notModified = await fetch(`${app.baseUrl}/map/${mapId}`, { headers: { 'if-none-match': etag } });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');

    // Help is the page the build rendered (scripts/prerender.ts), byte for byte.
    const help = await fetch(`${app.baseUrl}/help`);
    const helpTag = help.headers.get('etag')!;
    const helpHtml = await help.text();
    expect(helpHtml).toContain('<h1 tabindex="-1">Help</h1>');
    expect(helpHtml).toBe(readFileSync(join(clientDir, '../server/help.html'), 'utf8'));
    expect((await fetch(`${app.baseUrl}/help`, { headers: { 'if-none-match': helpTag } })).status).toBe(304);
  });

  it('leaves drafts and unknown or malformed ids to the browser', async ({ app, mapId }) => {
    for (const [path, status] of [
      [`/map/draft.${mapId}`, 200],
      ['/map/no-such-map-0000000000', 404],
      ['/map/Not_A_Map', 404],
    ] as const) {
      const response = await fetch(`${app.baseUrl}${path}`);
      // PRODUCT §5.4: a map that does not exist is a 404; a draft's page is the app.
      expect(response.status, path).toBe(status);
      const html = await response.text();
      expect(html, path).toContain('<div id="root"></div>');
      expect(html, path).not.toContain('page-data');
    }
    const other = await publishTestMap(app, { title: 'Another', description: null, reasons: [] });
    expect(await (await fetch(`${app.baseUrl}/map/${other.id}`)).text()).toContain(
      '<h1 tabindex="-1" dir="auto">Another</h1>',
    );
  });
});
