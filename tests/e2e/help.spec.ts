import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { helpExampleIds } from '../../src/domain/built-in';
import { beliefLabels, supportLabels } from '../../src/domain/ratings';
import { axeViolations, colourModesAndWidths, installAxe } from './support/axe';
import { it } from './support/fixtures';
import { isFocused, openMap, openPage } from './support/map-page';

// The Help page (PRODUCT §6.7 and §10): a newcomer reads what a map is, how to read the two
// ratings' icons, and the story of Alice and Bob, with a link to every example map and to the
// comparisons that tell the story; the page passes axe-core in both colour modes and at 360 px.

const storyComparisons = [
  '/compare/help-example-initial/help-example-alice-1',
  '/compare/help-example-initial/help-example-bob-1',
  '/compare/help-example-alice-1/help-example-bob-1',
  '/compare/help-example-alice-1/help-example-combined-reasons',
  '/compare/help-example-combined-reasons/help-example-alice-2',
  '/compare/help-example-combined-reasons/help-example-bob-2',
  '/compare/help-example-alice-2/help-example-bob-2',
];

const allLabels = [...Object.values(supportLabels), ...Object.values(beliefLabels)];

const openHelp = (page: Page) => openPage(page, '/help', 'Help');

/** Every href in the page's main region, as the browser resolved it (path only). */
function mainLinks(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('main a[href]')].map((a) => new URL(a.href).pathname),
  );
}

describe('help page', () => {
  it('has its window title, headings, and a link to every example map and story comparison', async ({
    page,
    errors,
  }) => {
    await openHelp(page);
    expect(await page.title()).toBe('Help - Belief Map');
    for (const name of [
      'What a belief map is',
      'The two ratings',
      'Drafts and published maps',
      'Comparing and merging',
      'The story of Alice and Bob',
      'Start your own map',
    ]) {
      expect(await page.getByRole('heading', { level: 2, name, exact: true }).count(), name).toBe(1);
    }

    const links = await mainLinks(page);
    for (const id of helpExampleIds) expect(links, id).toContain(`/map/${id}`);
    for (const path of storyComparisons) expect(links, path).toContain(path);
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'Create map', exact: true }).getAttribute('href')).toBe(
      '/map/draft.default',
    );
    expect(await main.getByRole('link', { name: 'Compare maps', exact: true }).getAttribute('href')).toBe(
      '/compare',
    );

    // The links are descriptive: a reader knows where each goes before following it.
    const alice1 = main.getByRole('link', { name: 'Alice’s first map', exact: true });
    expect(await alice1.getAttribute('href')).toBe('/map/help-example-alice-1');
    const crux = main.getByRole('link', { name: 'Compare Alice’s second map with Bob’s' });
    expect(await crux.getAttribute('href')).toBe('/compare/help-example-alice-2/help-example-bob-2');

    // Drafts versus published maps, in the page's own words.
    const text = await main.innerText();
    expect(text).toContain('A draft is kept only in this browser.');
    expect(text).toContain('A published map is public to anyone with the link.');
    expect(text).toContain('A published map never changes.');
    expect(text).toContain('Published maps are deleted after 90 days');
    for (const button of ['Add to draft', 'Delete from draft', 'Apply changes', 'Undo']) {
      expect(text, button).toContain(`“${button}”`);
    }

    expect(errors).toEqual([]);
    await alice1.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/map/help-example-alice-1');
  });

  it('leads “What the icons mean” to the section on ratings, which explains weights', async ({
    page,
    errors,
  }) => {
    await openMap(page, 'help-example-alice-2');
    await page.getByRole('link', { name: 'What the icons mean', exact: true }).click();
    const heading = page.getByRole('heading', { level: 2, name: 'The two ratings', exact: true });
    await heading.waitFor();
    expect(new URL(page.url()).hash).toBe('#ratings');
    // The section is where the reader lands: its heading has the focus and is in view.
    await expect.poll(() => isFocused(heading)).toBe(true);
    const top = await heading.evaluate((element) => element.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(await page.evaluate(() => window.innerHeight));
    const section = page.getByRole('region', { name: 'The two ratings', exact: true });
    const text = await section.textContent();
    expect(text).toContain('how strongly it would count × how much you believe it');
    expect(text).toContain('A reason rated “Has no relevance” counts for neither side');
    expect(errors).toEqual([]);
  });

  it('mentions and links Your maps, downloads, import, share links, offline use and shortcuts', async ({
    page,
    errors,
  }) => {
    await openHelp(page);
    const section = page.getByRole('region', { name: 'Your maps, files and links', exact: true });
    expect(await section.getByRole('link', { name: 'Your maps', exact: true }).getAttribute('href')).toBe(
      '/maps',
    );
    const text = await section.textContent();
    for (const name of ['Download', 'Import map', 'Copy link', 'Copy share link', 'Save as my draft']) {
      expect(text, name).toContain(`“${name}”`);
    }
    expect(text).toContain('opens with no network');
    const shortcuts = section.getByRole('link', { name: 'Keyboard shortcuts', exact: true });
    expect(await shortcuts.getAttribute('href')).toBe('#shortcuts');
    await shortcuts.click();
    await expect.poll(() => new URL(page.url()).hash).toBe('#shortcuts');
    const target = page.getByRole('heading', { level: 2, name: 'Keyboard shortcuts', exact: true });
    const height = await page.evaluate(() => window.innerHeight);
    await expect
      .poll(() => target.evaluate((element) => element.getBoundingClientRect().top))
      .toBeLessThan(height);
    expect(errors).toEqual([]);
  });

  it('draws a legend whose icons are named with every rating label', async ({ page }) => {
    await openHelp(page);
    const legend = page.getByRole('region', { name: 'Icon legend' });
    for (const label of allLabels) {
      const icon = legend.getByRole('img', { name: label, exact: true });
      expect(await icon.count(), label).toBe(1);
      expect(await icon.isVisible(), label).toBe(true);
    }
    expect(await legend.getByRole('img').count()).toBe(12);
  });

  it('shows an icon’s name in a tooltip on keyboard focus and on hover, and Escape hides it', async ({
    page,
  }) => {
    await openHelp(page);
    const legend = page.getByRole('region', { name: 'Icon legend' });
    const icon = legend.getByRole('img', { name: 'Strongly disconfirms', exact: true });
    const tooltip = page.locator('.rating-tooltip');
    expect(await tooltip.count()).toBe(0);

    // Tab from the icon before it, as a keyboard user would.
    await legend.getByRole('img', { name: 'Disconfirms', exact: true }).focus();
    await expect.poll(() => tooltip.textContent()).toBe('Disconfirms');
    await page.keyboard.press('Tab');
    expect(await icon.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => tooltip.textContent()).toBe('Strongly disconfirms');
    expect(await tooltip.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await tooltip.count()).toBe(0);

    // Hover shows it under the pointer's icon, and the pointer can move onto it (WCAG 1.4.13).
    const agree = legend.getByRole('img', { name: 'Agree', exact: true });
    await agree.hover();
    await expect.poll(() => tooltip.textContent()).toBe('Agree');
    const iconBox = (await agree.boundingBox())!;
    const tipBox = (await tooltip.boundingBox())!;
    expect(tipBox.y).toBeGreaterThanOrEqual(iconBox.y + iconBox.height);
    await page.mouse.move(iconBox.x + iconBox.width / 2, iconBox.y + iconBox.height + 3, { steps: 3 });
    await page.mouse.move(tipBox.x + tipBox.width / 2, tipBox.y + tipBox.height / 2, { steps: 3 });
    expect(await tooltip.textContent()).toBe('Agree');
    await page.mouse.move(0, 0);
    await expect.poll(() => tooltip.count()).toBe(0);
  });

  it('draws one tooltip at most, created only when asked for', async ({ page }) => {
    await openHelp(page);
    expect(await page.getByRole('main').getByRole('img').count()).toBeGreaterThan(12);
    expect(await page.locator('.rating-tooltip').count()).toBe(0);
    await page.getByRole('img', { name: 'Agree', exact: true }).first().hover();
    await page.getByRole('img', { name: 'Supports', exact: true }).first().focus();
    // The hovered icon is named while the pointer rests on it, whatever has the focus. The
    // tooltip's code arrives on first hover, so its one tooltip may come a moment later.
    await expect.poll(() => page.locator('.rating-tooltip').allTextContents()).toEqual(['Agree']);
  });

  it('names an icon focused before the tooltip’s code arrived, once it does', async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/assets/RatingTooltip-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await openHelp(page);
    await page.getByRole('img', { name: 'Agree', exact: true }).first().focus();
    expect(await page.locator('.rating-tooltip').count()).toBe(0);
    release();
    await expect.poll(() => page.locator('.rating-tooltip').textContent()).toBe('Agree');
  });

  describe('on a 360 px screen', () => {
    it.override('contextOptions', { viewport: { width: 360, height: 740 } });

    it('keeps every tooltip on screen', async ({ page }) => {
      await openHelp(page);
      const icons = page.getByRole('main').getByRole('img');
      const count = await icons.count();
      expect(count).toBeGreaterThanOrEqual(12);
      const tooltip = page.locator('.rating-tooltip');
      for (let i = 0; i < count; i++) {
        const icon = icons.nth(i);
        await icon.focus();
        const name = await icon.getAttribute('aria-label');
        expect(await tooltip.textContent(), `tooltip of ${name}`).toBe(name);
        const box = await tooltip.boundingBox();
        expect(box, `tooltip of ${name}`).not.toBeNull();
        expect(box!.x, `left edge of ${name}`).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, `right edge of ${name}`).toBeLessThanOrEqual(360);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    });
  });

  describe.for(colourModesAndWidths)('in %s mode at %i px', ([colorScheme, width]) => {
    it.override('contextOptions', { colorScheme, viewport: { width, height: 900 } });

    it('passes axe-core, with a tooltip open', async ({ page, context }) => {
      await installAxe(context);
      await openHelp(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('img', { name: 'Strongly supports', exact: true }).first().focus();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});
