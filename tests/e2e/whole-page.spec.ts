import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { newReason } from '../../src/domain/test-support/builders';
import type { MapData } from '../../src/domain/belief-map';
import { test } from './support/fixtures';
import type { RunningApp } from './support/harness';
import { heading, putStoredDraft } from './support/map-page';
import { publishTestMap } from './support/published-maps';

// PRODUCT §13.6: a published map's page is whole with no gesture at all, on a touch phone that
// never touches it as on a desktop: the app takes the page over once the browser is idle, so
// "Responses", "See the discussion", the draft's link and "Download" are there within a moment;
// the map an answer responds to is named by its title in the server's HTML; and a press on a
// control at any moment of loading is not lost. No test here moves a pointer, taps or focuses
// anything before it checks what the page shows by itself.

const base: MapData = {
  title: 'Our school should start at 9:30',
  description: 'Instead of 8:15.',
  reasons: [
    newReason('Teenagers sleep later', { belief: 'agree', support: 'strong-support' }),
    newReason('Buses are shared with the primary school', { belief: 'agree', support: 'disconfirm' }),
  ],
};

interface Maps {
  baseId: string;
  answerId: string;
}

/** Publishes `data` as an answer to `basedOn`, listed under it, through the API as the app does. */
async function publishAnswer(app: RunningApp, basedOn: string, data: MapData): Promise<string> {
  const created = await fetch(`${app.baseUrl}/api/map/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ version: '1.0', data, basedOn, listed: true }),
  });
  const body = (await created.json()) as { data?: { mapId: string; listed: boolean } };
  if (!body.data?.listed) throw new Error(`the answer was not listed: ${JSON.stringify(body)}`);
  return body.data.mapId;
}

const it = test.extend('maps', { scope: 'file' }, async ({ app }): Promise<Maps> => {
  const baseId = (await publishTestMap(app, base)).id;
  const answerId = await publishAnswer(app, baseId, {
    title: 'Keep 8:15, move the buses',
    description: null,
    reasons: [newReason('Parents start work at 9', { belief: 'agree', support: 'disconfirm' })],
  });
  return { baseId, answerId };
});

const phone: BrowserContextOptions = {
  viewport: { width: 360, height: 740 },
  hasTouch: true,
  isMobile: true,
};
const desktop: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

/** Resolves once the app has the page: it marks <html> so, with no input from the test. */
const appReady = (page: Page) => page.locator('html[data-page-ready]').waitFor({ state: 'attached' });

/** The page's "Download" button in the map's links. */
const downloadButton = (page: Page) =>
  page.getByRole('main').getByRole('button', { name: 'Download', exact: true }).first();

/**
 * Holds every script whose path matches `pattern` until the returned function is called, so that
 * a test can press a control at that moment of loading.
 */
async function holdScripts(page: Page, pattern: RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => pattern.test(url.pathname),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

/** Runs the page's CPU `rate` times slower, as a cheap phone does (Chrome DevTools Protocol). */
async function throttleCpu(page: Page, rate: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

describe.for([
  ['a touch phone', phone],
  ['a desktop', desktop],
] as const)('on %s, with no input at all', ([, options]) => {
  it.override('contextOptions', options);

  it('shows the responses, the discussion and a ready Download', async ({ page, maps, errors }) => {
    await page.goto(`/map/${maps.baseId}`);
    const responses = page.getByRole('region', { name: 'Responses' });
    await responses.waitFor();
    expect(await responses.getByRole('link', { name: 'Keep 8:15, move the buses' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'See the discussion (2 maps)' }).waitFor();
    await appReady(page);
    expect(await downloadButton(page).isEnabled()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('names the map answered by its title, from the server’s HTML on', async ({
    page,
    app,
    maps,
    errors,
  }) => {
    const html = await (await fetch(`${app.baseUrl}/map/${maps.answerId}`)).text();
    const named = /In response to(?:<!-- -->)? <a [^>]*href="\/map\/([^"]+)"[^>]*>([^<]*)<\/a>/.exec(html);
    expect(named?.slice(1)).toEqual([maps.baseId, `“${base.title}”`]);
    await page.goto(`/map/${maps.answerId}`);
    await appReady(page);
    const line = page.locator('.map-in-response');
    expect(await line.textContent()).toContain(`In response to “${base.title}”`);
    expect(errors).toEqual([]);
  });

  it('offers to continue the draft this browser keeps of the map', async ({ page, maps, errors }) => {
    await page.goto('/help');
    await putStoredDraft(page, `draft.${maps.baseId}`, {
      version: '1.0',
      published: null,
      updatedAt: '2026-11-27T10:00:00.000Z',
      data: { ...base, title: 'Our school should start at 10' },
    });
    await page.goto(`/map/${maps.baseId}`);
    await page.getByRole('link', { name: 'Continue editing your draft' }).waitFor();
    expect(await page.getByRole('link', { name: 'Edit a copy' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});

describe.for([
  ['a touch phone', phone, 'tap'],
  ['a desktop', desktop, 'click'],
] as const)('on %s with a CPU six times slower', ([, options, press]) => {
  it.override('contextOptions', options);

  // The moments of loading at which Download is pressed: each holds back what comes next.
  it.for([
    ["before the reader's script has arrived", /^\/assets\/reader-/],
    ['before the app has arrived', /^\/assets\/main-/],
    ["before Download's own code has arrived", /^\/assets\/DownloadButtons-/],
  ] as const)('opens Download on its first press made %s', async ([, held], { page, maps, errors }) => {
    await throttleCpu(page, 6);
    const release = await holdScripts(page, held);
    await page.goto(`/map/${maps.baseId}`, { waitUntil: 'commit' });
    await heading(page).waitFor();
    const download = downloadButton(page);
    if (press === 'tap') await download.tap();
    else await download.click();
    release();
    await page.getByRole('button', { name: 'Download JSON' }).waitFor();
    expect(await downloadButton(page).getAttribute('aria-expanded')).toBe('true');
    expect(errors).toEqual([]);
  });

  it('follows "Compare" pressed before the app has arrived', async ({ page, maps, errors }) => {
    await throttleCpu(page, 6);
    const release = await holdScripts(page, /^\/assets\/main-/);
    await page.goto(`/map/${maps.baseId}`, { waitUntil: 'commit' });
    await page.locator('html[data-reader]').waitFor({ state: 'attached' });
    const compare = page.getByRole('link', { name: 'Compare', exact: true });
    if (press === 'tap') await compare.tap();
    else await compare.click();
    release();
    await page.getByRole('heading', { level: 1, name: 'Compare maps' }).waitFor();
    expect(errors).toEqual([]);
  });
});
