import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { MapData, Reason } from '../../src/domain/belief-map';
import { elmStreetReasons } from '../../src/domain/built-in/help-example-reasons';
import { beliefValues, beliefLabel, supportLabel, supportValues } from '../../src/domain/ratings';
import { newReason } from '../../src/domain/test-support/builders';
import { test } from './support/fixtures';
import { addItem, editBelief, isFocused, openMap, openPage, pageReady } from './support/map-page';
import { publishTestMap } from './support/published-maps';

// PRODUCT §6.2, §9.5, §10.1: the balance of every map page, "Where you disagree" on the compare
// page, and the Help section that walks through both on the maps of Alice and Bob.

/** Seven shared reasons, each rated apart in the two maps: more cruxes than are shown at first. */
const shared: Reason[] = Array.from({ length: 7 }, (_, at) =>
  newReason(`Shared reason number ${at + 1}`, { belief: 'strong-agree', support: 'strong-support' }),
);
const sevenApart: [MapData, MapData] = [
  { title: 'Seven apart', description: null, reasons: shared },
  {
    title: 'Seven apart',
    description: null,
    reasons: shared.map((reason, at) => ({ ...reason, belief: at % 2 ? 'disagree' : 'neutral' })),
  },
];

const it = test.extend('sevenApart', { scope: 'file' }, async ({ app }) => {
  const [base, modified] = await Promise.all(sevenApart.map((data) => publishTestMap(app, data)));
  return { base: base!.id, modified: modified!.id };
});

function balanceOf(page: Page) {
  return page.getByRole('region', { name: 'Balance', exact: true });
}

function disagreements(page: Page) {
  return page.getByRole('region', { name: 'Where you disagree', exact: true });
}

describe('the balance of a map', () => {
  it('shows for and against with their weights, and a grid whose cells lead to their reasons', async ({
    page,
    errors,
  }) => {
    await openMap(page, 'help-example-alice-2');
    const balance = balanceOf(page);
    expect(await balance.getByRole('listitem').allTextContents()).toEqual([
      'For: 6 reasons, weight 7.5',
      'Against: 3 reasons, weight 3.3',
    ]);
    // A real table: each cell is read with its support row and belief column.
    const table = balance.getByRole('table', { name: 'Reasons by support (rows) and belief (columns)' });
    await table.waitFor();
    expect(await table.getByRole('columnheader').count()).toBe(6);
    expect(await table.getByRole('rowheader').count()).toBe(6);
    expect(await table.getByRole('rowheader', { name: 'No support information' }).count()).toBe(1);
    expect(await table.getByRole('columnheader', { name: 'No agreement information' }).count()).toBe(1);

    // Both reasons that strongly support and that Alice strongly agrees with: choose the cell.
    const cell = table.getByRole('button', { name: '2 reasons: Strongly supports, Strongly agree' });
    await cell.focus();
    await page.keyboard.press('Enter');
    const first = page.getByRole('heading', { level: 3, name: elmStreetReasons.saferCycling.title });
    expect(await isFocused(first)).toBe(true);
    const chosen = page.locator('li[data-chosen]').getByRole('heading', { level: 3 });
    expect(await chosen.allTextContents()).toEqual([
      elmStreetReasons.saferCycling.title,
      elmStreetReasons.cyclistsInjured.title,
    ]);
    expect(errors).toEqual([]);
  });

  it('explains weight once, beside the balance, opened from the keyboard', async ({ page, errors }) => {
    await openMap(page, 'help-example-alice-2');
    const balance = balanceOf(page);
    const explanation = balance.getByText(
      /^Weight = how strongly it would count × how much you believe it\./,
    );
    expect(await explanation.isVisible()).toBe(false);
    // One question for the region, not one per reason.
    expect(await page.getByText('What is weight?', { exact: true }).count()).toBe(1);

    // Tab from the last rating icon of the reasons: the next stop is the question.
    await page.getByRole('region', { name: 'Reasons', exact: true }).getByRole('img').last().focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('What is weight?');
    await page.keyboard.press('Enter');
    await expect.poll(() => explanation.isVisible()).toBe(true);
    expect(await explanation.textContent()).toContain('0 for “Has no relevance”');
    expect(errors).toEqual([]);
  });

  it('says how many reasons count for neither side, and why', async ({ page, app, errors }) => {
    const { id } = await publishTestMap(app, {
      title: 'Night buses',
      description: null,
      reasons: [
        newReason('Drivers want the shifts', { belief: 'agree', support: 'support' }),
        newReason('The buses are blue', { belief: 'strong-agree', support: 'neutral' }),
        newReason('The depot is old', { belief: 'disagree', support: 'neutral' }),
        newReason('Not rated yet'),
      ],
    });
    await openMap(page, id);
    expect(await balanceOf(page).getByRole('listitem').allTextContents()).toEqual([
      'For: 1 reason, weight 0.8',
      'Against: 0 reasons, weight 0.0',
      '2 reasons count for neither side: rated “Has no relevance”',
      '1 reason not rated',
    ]);
    expect(errors).toEqual([]);
  });

  it('names every row and column of the grid in words beside its icon', async ({ page }) => {
    await openMap(page, 'help-example-alice-2');
    const table = balanceOf(page).getByRole('table');
    await table.waitFor();
    const headers = [
      ...[...beliefValues, null].map((value) => ['columnheader', beliefLabel(value)] as const),
      ...[...supportValues, null].map((value) => ['rowheader', supportLabel(value)] as const),
    ];
    for (const [role, label] of headers) {
      const header = table.getByRole(role, { name: label, exact: true });
      // Shown, not only read out: the words take room on screen.
      const box = await header.getByText(label, { exact: true }).boundingBox();
      expect(box!.width * box!.height, label).toBeGreaterThan(100);
      expect(await header.getByRole('img', { includeHidden: true }).count(), label).toBe(1);
    }
  });

  it('updates as a draft is edited and counts unrated reasons apart', async ({ page, errors }) => {
    await openMap(page, 'draft.default');
    const balance = balanceOf(page);
    expect(await balance.getByRole('listitem').allTextContents()).toEqual([
      'For: 0 reasons, weight 0.0',
      'Against: 0 reasons, weight 0.0',
    ]);
    expect(await balance.getByRole('table').count()).toBe(0);
    await editBelief(page, 'Elm Street should get a bike lane');
    await addItem(page, { title: 'Safer cycling', belief: 'agree', support: 'strong-support' });
    await addItem(page, { title: 'Shops lose trade', belief: 'disagree', support: 'disconfirm' });
    await addItem(page, { title: 'Not rated yet' });
    expect(await balance.getByRole('listitem').allTextContents()).toEqual([
      'For: 1 reason, weight 1.5',
      'Against: 1 reason, weight 0.3',
      '1 reason not rated',
    ]);
    const unrated = balance.getByRole('button', {
      name: '1 reason: No support information, No agreement information',
    });
    await unrated.click();
    expect(await isFocused(page.getByRole('heading', { level: 3, name: 'Not rated yet' }))).toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('where two maps disagree', () => {
  it('opens the comparison of Alice’s and Bob’s second maps with their cruxes, reversal first', async ({
    page,
    errors,
  }) => {
    await openPage(page, '/compare/help-example-alice-2/help-example-bob-2', 'Compare maps');
    const region = disagreements(page);
    await region.waitFor();
    const cruxes = region.getByRole('list').first().getByRole('listitem');
    const texts = await cruxes.allTextContents();
    expect(texts).toHaveLength(3);
    [
      elmStreetReasons.fewCyclistsToday,
      elmStreetReasons.shopsLoseTrade,
      elmStreetReasons.shoppersWalkOrCycle,
    ].forEach((reason, at) => expect(texts[at]!.startsWith(reason.title), reason.title).toBe(true));
    expect(await cruxes.nth(0).textContent()).toContain('Counts the other way');
    expect(await cruxes.nth(0).textContent()).toContain('Disagreement 2.0');
    expect(await cruxes.nth(1).textContent()).not.toContain('Counts the other way');
    expect(await cruxes.nth(1).textContent()).toContain('Disagreement 1.0');
    // Both people's icons side by side: Alice supports, Bob disconfirms.
    expect(
      await cruxes
        .nth(0)
        .getByRole('img')
        .evaluateAll((icons) => icons.map((icon) => icon.getAttribute('aria-label'))),
    ).toEqual(['Strongly agree', 'Supports', 'Strongly agree', 'Disconfirms']);
    // Both balances, side by side.
    expect(await region.getByRole('region', { name: 'Balance of the base map' }).textContent()).toContain(
      'For: 6 reasons, weight 7.5',
    );
    expect(await region.getByRole('region', { name: 'Balance of the modified map' }).textContent()).toContain(
      'Against: 4 reasons, weight 5.3',
    );
    // At the top: before the list of differences.
    const above = await page.evaluate(() => {
      const cruxHeading = document.getElementById('disagreements-heading')!;
      const differences = document.getElementById('differences-heading')!;
      return Boolean(cruxHeading.compareDocumentPosition(differences) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(above).toBe(true);
    expect(errors).toEqual([]);
  });

  it('explains disagreement and weight once, on demand', async ({ page, errors }) => {
    await openPage(page, '/compare/help-example-alice-2/help-example-bob-2', 'Compare maps');
    const region = disagreements(page);
    await region.waitFor();
    const question = region.getByText('What are disagreement and weight?', { exact: true });
    expect(await question.count()).toBe(1);
    const disagreement = region.getByText(/^Disagreement = how far apart the two maps’ weights/);
    const weight = region.getByText(/^Weight = how strongly it would count × how much you believe it\./);
    expect(await disagreement.isVisible()).toBe(false);
    await question.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => disagreement.isVisible()).toBe(true);
    expect(await disagreement.textContent()).toContain('from 0 to 4');
    expect(await weight.isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('says so when the shared reasons weigh the same', async ({ page }) => {
    await openPage(page, '/compare/help-example-alice-2/help-example-alice-2', 'Compare maps');
    await disagreements(page).waitFor();
    expect(await disagreements(page).getByText('No disagreement on the reasons you share').isVisible()).toBe(
      true,
    );
  });

  it('shows five cruxes at first, and all of them after "Show all N"', async ({ page, sevenApart: ids }) => {
    await openPage(page, `/compare/${ids.base}/${ids.modified}`, 'Compare maps');
    const region = disagreements(page);
    await region.waitFor();
    const titles = region.getByRole('list').first().getByRole('listitem');
    expect(await titles.count()).toBe(5);
    const showAll = region.getByRole('button', { name: 'Show all 7' });
    await showAll.focus();
    await page.keyboard.press('Enter');
    expect(await titles.count()).toBe(7);
    expect(await region.getByRole('button', { name: 'Show all 7' }).count()).toBe(0);
    // Ties by title: strong-agree → neutral weighs 1 apart, → disagree 1.5; the larger first.
    expect(await titles.first().textContent()).toMatch(/^Shared reason number 2Base/);
  });
});

describe('at 360 px', () => {
  it.override('contextOptions', { viewport: { width: 360, height: 800 } });

  it('the grid and the crux list fit with no horizontal scroll', async ({ page }) => {
    for (const [path, region] of [
      ['/map/help-example-bob-2', 'Balance'],
      ['/compare/help-example-alice-2/help-example-bob-2', 'Where you disagree'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('region', { name: region, exact: true }).waitFor();
      // The grid's cells are buttons, drawn once the app has the page (on a published map, when
      // the reader shows intent, PRODUCT §13.6), from a chunk of their own; the crux list comes
      // with the maps.
      await pageReady(page);
      if (region === 'Balance') await page.getByRole('table').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
  });
});

describe('Help', () => {
  it('walks through the balance and cruxes of Alice and Bob, with links to the comparisons', async ({
    page,
    errors,
  }) => {
    await openPage(page, '/help', 'Help');
    const section = page.getByRole('region', { name: 'Finding where you disagree' });
    const text = await section.textContent();
    expect(text).toContain('For: 6 reasons, weight 7.5');
    expect(text).toContain('Counts the other way');
    await section.getByRole('link', { name: 'See where Alice’s and Bob’s second maps disagree' }).click();
    await disagreements(page).waitFor();
    expect(new URL(page.url()).pathname).toBe('/compare/help-example-alice-2/help-example-bob-2');
    expect(await disagreements(page).getByText('Counts the other way').count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
