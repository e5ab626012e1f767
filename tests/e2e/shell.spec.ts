import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openSession, startApp, type RunningApp } from './support/harness';

// The client shell (Foundation issue, item 7): redirects, the header and its links, the colour
// mode and the narrow-screen menu.

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('shell', () => {
  it('redirects / to the default draft and shows the header links', async () => {
    const { page, context } = await openSession(browser, app);
    await page.goto('/');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/map/draft.default');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await page.getByRole('link', { name: 'Belief Map v0.1' }).getAttribute('href')).toBe('/');
    expect(await nav.getByRole('link', { name: 'Create map' }).getAttribute('href')).toBe(
      '/map/draft.default',
    );
    expect(await nav.getByRole('link', { name: 'Compare maps' }).getAttribute('href')).toBe('/compare');
    expect(await nav.getByRole('link', { name: 'Help' }).getAttribute('href')).toBe('/help');
    await nav.getByRole('link', { name: 'Help' }).click();
    await expect.poll(() => page.title()).toBe('Help - Belief Map');
    await context.close();
  });

  it('follows the system colour scheme first, then keeps the choice under "colorscheme"', async () => {
    const { page, context } = await openSession(browser, app, { colorScheme: 'dark' });
    await page.goto('/help');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.getByRole('button', { name: 'Light mode' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('colorscheme'))).toBe('light');
    await page.reload();
    expect(await page.getByRole('button', { name: 'Dark mode' }).isVisible()).toBe(true);
    await context.close();
  });

  it('folds the links behind a Menu button on a 360 px screen', async () => {
    const { page, context } = await openSession(browser, app, { viewport: { width: 360, height: 740 } });
    await page.goto('/help');
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    // Title, colour-mode button and Menu share one row.
    const rows = await Promise.all(
      [
        page.getByRole('link', { name: 'Belief Map v0.1' }),
        page.getByRole('button', { name: 'Dark mode' }),
        menu,
      ].map(async (element) => {
        const box = (await element.boundingBox())!;
        return box.y + box.height / 2;
      }),
    );
    for (const middle of rows) expect(Math.abs(middle - rows[0]!)).toBeLessThan(4);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Compare maps' }).isVisible()).toBe(false);
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    await nav.getByRole('link', { name: 'Compare maps' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/compare');
    // The menu closes once the (lazily loaded) page has rendered.
    await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await context.close();
  });

  it('serves index.html for client routes and a JSON 404 for unknown API paths', async () => {
    for (const path of ['/map/draft.default', '/compare', '/compare/a/b', '/help']) {
      const response = await fetch(app.baseUrl + path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
    const api = await fetch(`${app.baseUrl}/api/nothing`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ status: 'error' });
  });
});
