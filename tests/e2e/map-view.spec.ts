import { describe, expect } from 'vitest';
import { beliefLabels, beliefValues, supportLabels, supportValues } from '../../src/domain/ratings';
import type { Reason } from '../../src/domain/belief-map';
import { newReason } from '../../src/domain/test-support/builders';
import { axeViolations, colourModesAndWidths, installAxe } from './support/axe';
import { test } from './support/fixtures';
import { addItem, heading, openMap, pathOf, reasonTitles } from './support/map-page';
import { publishTestMap } from './support/published-maps';

// PRODUCT §6.2: "Loading map..." while loading, the error page of PRODUCT §12.1 for a bad id, an unknown
// map or a failed network; a published map read-only with its reasons in their saved order and
// icons named by the labels of PRODUCT §3.2; axe-core finds nothing, in both colour modes, at 1280 and
// 360 px.

// Every belief and support value, and none, in an order that is not the draft order (PRODUCT §3.4).
const reasons: Reason[] = [
  ...beliefValues.map((belief, i) => newReason(`Belief ${belief}`, { belief, support: supportValues[i]! })),
  newReason('No ratings', { relevance: 'Because <b>markup</b> stays text.' }),
].reverse();

const it = test.extend('map', { scope: 'file' }, ({ app }) =>
  publishTestMap(app, {
    title: 'Every rating <script>alert(1)</script>',
    description: 'What each icon looks like.\nSecond line.',
    reasons,
  }),
);

const errorText = 'You might have mispasted the URL, or it might have been deleted.';

describe('viewing a map', () => {
  it('shows "Loading map..." until the map arrives', async ({ page, map }) => {
    // A draft's page loads in the browser (a published map's page arrives with its map inside).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/map/${map.id}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/map/draft.${map.id}`);
    await page.getByText('Loading map...', { exact: true }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(0);
    release();
    await heading(page).waitFor();
    expect(await page.getByText('Loading map...').count()).toBe(0);
  });

  it('shows a published map read-only, in its saved order, with named icons and user text as text', async ({
    page,
    errors,
    map,
  }) => {
    await openMap(page, map.id);
    expect(await heading(page).textContent()).toBe('Every rating <script>alert(1)</script>');
    expect(await page.title()).toBe('Every rating <script>alert(1)</script> - Belief Map');
    const date = new Date(map.published).toLocaleDateString('en', { dateStyle: 'long', timeZone: 'UTC' });
    expect(await page.getByText(`Published ${date}`, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('What each icon looks like.').textContent()).toBe(
      'What each icon looks like.\nSecond line.',
    );
    expect(await page.getByText('Because <b>markup</b> stays text.').isVisible()).toBe(true);
    expect(await reasonTitles(page)).toEqual(reasons.map((r) => r.title));
    expect(await page.getByText('Published maps are deleted automatically after 90 days.').isVisible()).toBe(
      true,
    );
    expect(await page.getByRole('button', { name: /Edit|Add item|Publish|Discard/ }).count()).toBe(0);

    // Each reason: a belief icon and a support icon named by the labels of PRODUCT §3.2, each label's
    // drawing different from every other's (shape, not colour alone).
    for (const reason of reasons) {
      const item = page.getByRole('listitem').filter({ hasText: reason.title });
      const belief = beliefLabels[reason.belief ?? 'none'];
      const support = supportLabels[reason.support ?? 'none'];
      expect(await item.getByRole('img', { name: belief, exact: true }).count(), belief).toBe(1);
      expect(await item.getByRole('img', { name: support, exact: true }).count(), support).toBe(1);
    }
    // A drawing is the icon's outline, fill and glyph, leaving out its colour.
    const drawings = await page.evaluate(() => {
      const byLabel = new Map<string, string>();
      for (const icon of document.querySelectorAll('main [role="img"]')) {
        const box = getComputedStyle(icon);
        const glyph = getComputedStyle(icon, '::after').maskImage;
        const filled = box.backgroundColor !== 'rgba(0, 0, 0, 0)';
        byLabel.set(
          icon.getAttribute('aria-label')!,
          [box.borderRadius, box.borderStyle, filled, glyph].join(' '),
        );
      }
      return [...byLabel.entries()];
    });
    expect(drawings).toHaveLength(12);
    expect(new Set(drawings.map(([, drawing]) => drawing)).size).toBe(12);

    // Its draft copies it, re-sorted as every saved draft is (PRODUCT §7.2).
    await page.getByRole('link', { name: 'Edit a copy' }).click();
    await expect.poll(() => pathOf(page)).toBe(`/map/draft.${map.id}`);
    await page.getByText('Draft of Every rating <script>alert(1)</script>', { exact: true }).waitFor();
    expect(await reasonTitles(page)).toEqual([
      'Belief strong-agree',
      'Belief agree',
      'Belief strong-disagree',
      'Belief disagree',
      'Belief neutral',
      'No ratings',
    ]);
    expect(errors).toEqual([]);
  });

  it('shows "Error loading map" for a bad id, an unknown map, an unknown base and a network failure', async ({
    page,
    context,
    app,
  }) => {
    // A map no browser of this file has fetched, so no answer for it can be at hand anywhere: its
    // requests fail as with the network gone, from the page's first request on. Routed for the
    // whole context: a failing run showed the request answered 200 "from the service worker",
    // which a page's own routes never see (a context's do).
    const unseen = await publishTestMap(app, { title: 'Never fetched', description: null, reasons: [] });
    await context.route(`**/api/map/${unseen.id}`, (route) => route.abort('internetdisconnected'));
    for (const id of ['Not_A_Map', 'no-such-map-0000000000', 'draft.no-such-map-0000000000']) {
      await openMap(page, id);
      expect(await heading(page).textContent(), id).toBe('Error loading map');
      expect(await page.getByText(errorText).isVisible(), id).toBe(true);
      expect(await page.title()).toBe('Error loading map - Belief Map');
    }
    expect(await page.getByText('Map id Not_A_Map does not match expected format').count()).toBe(0);
    await openMap(page, 'Not_A_Map');
    expect(await page.getByText('Map id Not_A_Map does not match expected format').isVisible()).toBe(true);

    // A draft's page loads its base map in the browser: with the network gone, it cannot. (The
    // published map's own page comes with the map inside it, rendered by the server.)
    await openMap(page, `draft.${unseen.id}`);
    expect(await heading(page).textContent()).toBe('Error loading map');
    expect(await page.getByText(errorText).isVisible()).toBe(true);
    await openMap(page, unseen.id);
    expect(await heading(page).textContent()).toBe('Never fetched');
  });

  describe.for(colourModesAndWidths)('in %s mode at %i px', ([colorScheme, width]) => {
    it.override('contextOptions', { colorScheme, viewport: { width, height: 800 } });

    it('passes axe-core, with a form open', async ({ page, context, map }) => {
      await installAxe(context);
      const where = `${colorScheme} ${width}px`;
      await openMap(page, map.id);
      expect(await axeViolations(page), `published, ${where}`).toEqual([]);
      await openMap(page, 'draft.default');
      await addItem(page, {
        title: 'A reason',
        relevance: 'Why it matters',
        belief: 'agree',
        support: 'support',
      });
      expect(await axeViolations(page), `draft, ${where}`).toEqual([]);
      await page.getByRole('button', { name: 'Edit item' }).click();
      await page.getByLabel('Title', { exact: true }).fill('');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Reason title is required').waitFor();
      expect(await axeViolations(page), `reason form with an error, ${where}`).toEqual([]);
      await openMap(page, 'Not_A_Map');
      expect(await axeViolations(page), `error page, ${where}`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), where).toBeLessThanOrEqual(
        width,
      );
    });
  });
});
