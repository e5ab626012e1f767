import { describe, expect } from 'vitest';
import { it } from './support/fixtures';

// The client shell (PRODUCT §6.1): redirects, the header and its links, the colour mode and the
// narrow-screen menu.

describe('shell', () => {
  it('redirects / to the default draft and shows the header links', async ({ page }) => {
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
  });

  describe('on a system in dark mode', () => {
    it.override('contextOptions', { colorScheme: 'dark' });

    it('follows the system colour scheme first, then keeps the choice under "colorscheme"', async ({
      page,
    }) => {
      await page.goto('/help');
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      // A press before the reader's script has arrived is made once it has (PRODUCT §13.6).
      await page.getByRole('button', { name: 'Light mode' }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
      expect(await page.evaluate(() => localStorage.getItem('colorscheme'))).toBe('light');
      await page.reload();
      expect(await page.getByRole('button', { name: 'Dark mode' }).isVisible()).toBe(true);
    });
  });

  describe('on a 360 px screen', () => {
    it.override('contextOptions', { viewport: { width: 360, height: 740 } });

    it('folds the links behind a Menu button', async ({ page }) => {
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
      // The menu closes within the click itself, before the (lazily loaded) page has rendered: a
      // key pressed meanwhile must not move focus onto links about to vanish.
      expect(
        await nav.getByRole('link', { name: 'Compare maps' }).evaluate((link: HTMLElement) => {
          link.click();
          return document.querySelector('.menu-button')!.getAttribute('aria-expanded');
        }),
      ).toBe('false');
      // Help runs the reader's script (PRODUCT §13.6): the link loads the app, then is followed.
      await page.waitForURL('**/compare');
      expect(await menu.getAttribute('aria-expanded')).toBe('false');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
    });

    it('closes the menu on Escape, with the focus back on "Menu", and on a click outside it', async ({
      page,
      errors,
    }) => {
      await page.goto('/help');
      const menu = page.getByRole('button', { name: 'Menu' });
      const compare = page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Compare maps' });
      await menu.click();
      await compare.focus();
      await page.keyboard.press('Escape');
      await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
      expect(await compare.isVisible()).toBe(false);
      expect(await menu.evaluate((element) => element === document.activeElement)).toBe(true);

      await menu.click();
      expect(await compare.isVisible()).toBe(true);
      // A click on the page outside the menu closes it, and does what it would do anyway.
      await page.getByRole('heading', { level: 1 }).click();
      await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
      expect(new URL(page.url()).pathname).toBe('/help');
      expect(errors).toEqual([]);
    });
  });

  it('serves index.html for client routes and a JSON 404 for unknown API paths', async ({ app }) => {
    for (const path of ['/map/draft.default', '/compare', '/compare/a/b', '/help', '/maps', '/shared']) {
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
