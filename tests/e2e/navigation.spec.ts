import { describe, expect } from 'vitest';
import { it } from './support/fixtures';
import { h1, openPage } from './support/map-page';

// Routing in the browser: links navigate without reloading the page, the address bar and
// Back/Forward agree with what is shown, a link opened in a new tab is left to the browser, and an
// unknown address shows "Page not found".

const pathname = (url: string) => new URL(url).pathname;

describe('navigation', () => {
  it('follows links without reloading, and Back and Forward show the right page', async ({
    page,
    errors,
  }) => {
    await openPage(page, '/help', 'Help');
    // A marker on window survives only if no link reloads the document.
    await page.evaluate(() => Object.assign(window, { __samePage: true }));
    const nav = page.getByRole('navigation', { name: 'Main' });

    await nav.getByRole('link', { name: 'Compare maps' }).click();
    await page.getByRole('textbox', { name: 'Base map' }).waitFor();
    expect(pathname(page.url())).toBe('/compare');
    expect(await nav.getByRole('link', { name: 'Compare maps' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Help' }).getAttribute('aria-current')).toBeNull();

    await nav.getByRole('link', { name: 'Create map' }).click();
    await h1(page, 'New belief').waitFor();
    expect(pathname(page.url())).toBe('/map/draft.default');

    await page.goBack();
    await page.getByRole('textbox', { name: 'Base map' }).waitFor();
    expect(pathname(page.url())).toBe('/compare');
    await page.goBack();
    await h1(page, 'Help').waitFor();
    await page.goForward();
    await page.getByRole('textbox', { name: 'Base map' }).waitFor();
    expect(await page.title()).toBe('Compare maps - Belief Map');

    expect(await page.evaluate(() => (window as { __samePage?: boolean }).__samePage)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('redirects / and /map to the default draft', async ({ page }) => {
    for (const start of ['/', '/map', '/map/']) {
      await openPage(page, start, 'New belief');
      expect(pathname(page.url()), start).toBe('/map/draft.default');
    }
  });

  it('pre-fills the base map from ?baseMapId= (PRODUCT §6.5)', async ({ page }) => {
    await page.goto('/compare?baseMapId=help-example-alice-1');
    const base = page.getByRole('textbox', { name: 'Base map' });
    await base.waitFor();
    await expect.poll(() => base.inputValue()).toBe('help-example-alice-1');
  });

  it('leaves a Ctrl-click to the browser (a new tab), keeping this page where it is', async ({
    page,
    context,
  }) => {
    await openPage(page, '/help', 'Help');
    const opened = context.waitForEvent('page');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Compare maps' })
      .click({ modifiers: ['Control'] });
    const tab = await opened;
    await tab.waitForURL((url) => url.pathname === '/compare');
    expect(pathname(page.url())).toBe('/help');
  });

  it('shows "Page not found" for an unknown address, and the server answers 404', async ({ page }) => {
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await h1(page, 'Page not found').waitFor();
    expect(await page.title()).toBe('Page not found - Belief Map');
    await page.getByRole('main').getByRole('link', { name: 'Help' }).click();
    await h1(page, 'Help').waitFor();
  });

  it('keeps its location in memory when embedded, leaving the host page’s address alone', async ({
    page,
    errors,
  }) => {
    await page.goto('/embed-example.html');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const before = page.url();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' }).click();
    await h1(page, 'Help').waitFor();
    expect(page.url()).toBe(before);
    expect(errors).toEqual([]);
  });
});
