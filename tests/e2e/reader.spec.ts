import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { gzipSync } from 'node:zlib';
import { newReason } from '../../src/domain/test-support/builders';
import { testWithPublishedMap } from './support/published-maps';
import { h1, heading, pageReady, pathOf } from './support/map-page';

// PRODUCT §13.6: a published map's page and Help fetch no script before their first paint, then
// the reader's script, which answers reading, scrolling, the colour mode, the narrow screen's menu
// and an icon's name by itself within 30 KB gzip. The app loads once the browser is idle after the
// first paint, or sooner when the reader asks for something only it does, and the click that asked
// is not lost. Tests of the reader alone hold the app's scripts back, as a slow network would.

const it = testWithPublishedMap({
  title: 'Night buses on weekdays',
  description: 'Whether the city should run them.',
  reasons: Array.from({ length: 40 }, (_, i) =>
    newReason(`Reason ${i + 1}`, { belief: 'agree', support: i % 2 ? 'support' : 'disconfirm' }),
  ),
});

const budget = 30 * 1024;

/** The scripts the page fetches from now on, by path, with each one's size gzipped. */
function scriptsOf(page: Page): Map<string, number> {
  const scripts = new Map<string, number>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const path = new URL(response.url()).pathname;
    void response.body().then(
      (body) => scripts.set(path, gzipSync(body, { level: 9 }).length),
      () => scripts.set(path, 0),
    );
  });
  return scripts;
}

/**
 * Holds back every script but the reader's own (and what it imports) until the returned function
 * is called, as a slow network would hold the app: the page runs on the reader's script alone.
 */
async function holdApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) =>
      /^\/assets\/.*\.js$/.test(url.pathname) &&
      !/^\/assets\/(reader|color-scheme|rating-tooltip)-/.test(url.pathname),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  return release;
}

/** True once the app's code has taken the page over. */
const appLoaded = (page: Page) => page.evaluate(() => 'pageReady' in document.documentElement.dataset);

/** Scrolls `page` to its end and back, by wheel and by keys, as a reader would. */
async function scrollThrough(page: Page): Promise<void> {
  await page.mouse.move(5, 300);
  for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 800);
  await page.keyboard.press('Home');
  await page.keyboard.press('PageDown');
  await page.keyboard.press('End');
  await page.waitForFunction(() => scrollY > 0);
}

/** The script paths fetched, all of the reader's: its own file and what it imports. */
function expectOnlyReader(scripts: Map<string, number>): void {
  for (const path of scripts.keys()) expect(path).toMatch(/^\/assets\/(reader|color-scheme|rating-tooltip)-/);
  const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
  expect(total).toBeLessThanOrEqual(budget);
}

describe("a reader's page", () => {
  for (const path of ['map', '/help'])
    it(`reads and scrolls ${path === 'map' ? 'a published map' : 'Help'} on the reader's script alone`, async ({
      page,
      mapId,
      errors,
    }) => {
      const scripts = scriptsOf(page);
      await holdApp(page);
      const stylesheets: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
      });
      await page.goto(path === 'map' ? `/map/${mapId}` : path);
      await heading(page).waitFor();
      await page.locator('html[data-reader]').waitFor({ state: 'attached' });
      // Styled from the page's own head (its policy allows that style alone): no stylesheet fetched.
      expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
      expect(stylesheets).toEqual([]);
      await scrollThrough(page);
      expect([...scripts.keys()].some((script) => script.startsWith('/assets/reader-'))).toBe(true);
      expectOnlyReader(scripts);
      expect(await appLoaded(page)).toBe(false);
      expect(errors).toEqual([]);
    });

  for (const path of ['map', '/help'])
    it(`fetches no script before the first paint of ${path === 'map' ? 'a published map' : 'Help'}, and the app with no input after it`, async ({
      page,
      mapId,
      errors,
    }) => {
      await page.goto(path === 'map' ? `/map/${mapId}` : path);
      // No pointer, key or focus: the app takes the page over once the browser is idle.
      await page.locator('html[data-page-ready]').waitFor({ state: 'attached' });
      const { paint, scripts } = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-paint')[0]?.startTime ?? null,
        scripts: performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
          .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
      }));
      expect(paint).not.toBeNull();
      expect(scripts.length).toBeGreaterThan(1);
      for (const script of scripts) expect(script.start, script.path).toBeGreaterThanOrEqual(paint!);
      expect(errors).toEqual([]);
    });

  it('is taken over by the app without fetching again the stylesheets its head holds', async ({
    page,
    mapId,
    errors,
  }) => {
    const stylesheets: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname);
    });
    await page.goto(`/map/${mapId}`);
    await heading(page).waitFor();
    await pageReady(page);
    expect(await appLoaded(page)).toBe(true);
    expect(stylesheets).toEqual([]);
    // Named in the head, never fetched: the style is the one the page shows.
    const named = await page.locator('head link[rel="stylesheet"][disabled]').count();
    expect(named).toBeGreaterThan(1);
    expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
    expect(errors).toEqual([]);
  });

  it('switches the colour mode, and names an icon, without the app', async ({ page, mapId, errors }) => {
    const scripts = scriptsOf(page);
    await holdApp(page);
    await page.goto(`/map/${mapId}`);
    await page.locator('html[data-reader]').waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Dark mode' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('colorscheme'))).toBe('dark');
    expect(await page.getByRole('button', { name: 'Light mode' }).isVisible()).toBe(true);
    await page.getByRole('img', { name: 'Disconfirms', exact: true }).first().hover();
    await expect.poll(() => page.locator('.rating-tooltip').textContent()).toBe('Disconfirms');
    await page.getByRole('button', { name: 'Light mode' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expectOnlyReader(scripts);
    expect(await appLoaded(page)).toBe(false);
    expect(errors).toEqual([]);
  });

  it('loads the app on the first click on "Edit a copy", and follows it in the same page', async ({
    page,
    mapId,
    errors,
  }) => {
    const scripts = scriptsOf(page);
    await page.goto(`/map/${mapId}`);
    await page.locator('html[data-reader]').waitFor({ state: 'attached' });
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    // A click with no pointer resting on the link first: the click itself asks for the app.
    await page.getByRole('link', { name: 'Edit a copy' }).dispatchEvent('click');
    // Once the app has the page, which may take a few seconds on a busy machine.
    await page.waitForURL(`**/map/draft.${mapId}`);
    await page.getByRole('button', { name: 'Add item' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    expect(await heading(page).textContent()).toBe('Night buses on weekdays');
    expect([...scripts.keys()].some((script) => !/\/(reader|color-scheme)-/.test(script))).toBe(true);
    // React reports a mismatch between the server's HTML and its first render as an error.
    expect(errors).toEqual([]);
  });

  it('loads the app on the first click on "Compare"', async ({ page, mapId, errors }) => {
    await page.goto(`/map/${mapId}`);
    await page.locator('html[data-reader]').waitFor({ state: 'attached' });
    await page.getByRole('link', { name: 'Compare', exact: true }).click();
    await h1(page, 'Compare maps').waitFor();
    expect(pathOf(page)).toBe('/compare');
    expect(errors).toEqual([]);
  });

  describe('on a 360 px screen in dark mode', () => {
    it.override('contextOptions', { colorScheme: 'dark', viewport: { width: 360, height: 740 } });

    it('holds a press on "Menu" made before the reader’s script has arrived, and makes it once it has', async ({
      page,
      errors,
    }) => {
      // The reader's script is fetched once the page has painted: here it arrives a second late.
      let release!: () => void;
      const arrived = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/reader-[^/]*\.js$/, async (route) => {
        await arrived;
        await route.continue();
      });
      await holdApp(page);
      await page.goto('/help');
      const menu = page.getByRole('button', { name: 'Menu' });
      await menu.click();
      expect(await page.locator('html[data-reader]').count()).toBe(0);
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      release();
      await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('true');
      expect(
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' }).isVisible(),
      ).toBe(true);
      expect(await appLoaded(page)).toBe(false);
      expect(errors).toEqual([]);
    });

    it('opens and closes the menu without the app, and the app takes it over open', async ({
      page,
      errors,
    }) => {
      const scripts = scriptsOf(page);
      const releaseApp = await holdApp(page);
      await page.goto('/help');
      await page.locator('html[data-reader]').waitFor({ state: 'attached' });
      const menu = page.getByRole('button', { name: 'Menu' });
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await page.getByRole('button', { name: 'Light mode' }).isVisible()).toBe(true);
      await menu.click();
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      expect(await nav.getByRole('link', { name: 'Help' }).isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expect(await menu.evaluate((button) => button === document.activeElement)).toBe(true);
      expect(await nav.getByRole('link', { name: 'Help' }).isVisible()).toBe(false);
      await menu.click();
      await heading(page).click();
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      expectOnlyReader(scripts);
      expect(await appLoaded(page)).toBe(false);

      // The menu open, the app arrives and takes the page over; its header keeps the menu open.
      await menu.click();
      releaseApp();
      await page.locator('html[data-page-ready]').waitFor({ state: 'attached' });
      expect(await menu.getAttribute('aria-expanded')).toBe('true');
      expect(await nav.getByRole('link', { name: 'Your maps' }).isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByRole('button', { name: 'Light mode' }).isVisible()).toBe(true);
      expect(errors).toEqual([]);
    });
  });
});
