import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { MapData } from '../../src/domain/belief-map';
import { newReason } from '../../src/domain/test-support/builders';
import { axeViolations, colourModesAndWidths, installAxe } from './support/axe';
import { diffItem, testWithComparedMaps } from './support/compared-maps';
import { h1, openPage, putStoredDraft } from './support/map-page';

// PRODUCT §13.2: every text a user wrote takes its direction from its own content, so Hebrew and
// Arabic read right to left wherever they show (map page, its forms, the compare page, Your maps),
// an English text left to right, and the app's own words and controls stay left to right.

const longRoad = newReason('الطريق طويل جدا', {
  relevance: 'يمر الطريق أمام مدرستين.\nالأطفال يعبرونه كل صباح.',
  belief: 'agree',
  support: 'support',
});
// Arabic with English words inside: its first letter is Arabic, so it reads right to left.
const mainStreet = newReason('شارع Main Street مزدحم في الصباح', {
  relevance: 'السيارات تقف على الرصيف.',
  belief: 'strong-agree',
  support: 'strong-support',
});
const schools = newReason('Two schools are on the route', {
  relevance: 'Counted by the council in May.',
  belief: 'agree',
  support: 'support',
});
const narrow = newReason('הרחוב צר מאוד לרכב', { belief: 'disagree', support: 'disconfirm' });

const alice: MapData = {
  title: 'נתיב אופניים ברחוב הרצל',
  description:
    'המועצה מציעה להחליף את נתיב החניה בנתיב אופניים.\n\nالسكان منقسمون حول الخطة.\n\nResidents met on 3 May.',
  reasons: [longRoad, mainStreet, schools, narrow],
};
const shortRoad = { ...longRoad, title: 'الطريق قصير جدا', belief: 'strong-agree' as const };
const narrower = newReason('הרחוב צר מאוד לרכבים', { belief: 'agree', support: 'disconfirm' });
const bob: MapData = {
  title: 'נתיב אופניים ברחוב ויצמן',
  description: alice.description,
  reasons: [shortRoad, mainStreet, schools, narrower],
};

const it = testWithComparedMaps(alice, bob);

/** The direction `element` lays its text out in: from its `dir` (auto: its content) or its parent. */
const direction = (element: Locator) =>
  element.evaluate((el) => (el.matches(':dir(rtl)') ? 'rtl' : el.matches(':dir(ltr)') ? 'ltr' : '?'));

async function expectDirections(entries: [Locator, 'rtl' | 'ltr'][]): Promise<void> {
  const found = await Promise.all(entries.map(async ([element]) => direction(element)));
  expect(found).toEqual(entries.map(([, dir]) => dir));
}

/** The app's own header and page's level-1 heading, which stay left to right. */
const chrome = (page: Page): [Locator, 'ltr'][] => [
  [page.getByRole('banner'), 'ltr'],
  [page.getByRole('link', { name: 'Belief Map v0.1' }), 'ltr'],
  [page.getByRole('button', { name: /^(Dark|Light) mode$/ }), 'ltr'],
];

const reasonTitle = (page: Page, title: string) =>
  page.getByRole('heading', { level: 3, name: title, exact: true });
const reasonItem = (page: Page, title: string) =>
  page.getByRole('listitem').filter({ has: reasonTitle(page, title) });

/** Stores Alice's draft of her map, as "Edit a copy" would, and records one map published here. */
async function seedDraftAndRecord(page: Page, aliceId: string, published: string): Promise<void> {
  await page.goto('/help');
  await putStoredDraft(page, `draft.${aliceId}`, {
    version: '1.0',
    published,
    updatedAt: '2026-01-02T00:00:00.000Z',
    data: alice,
  });
  await page.evaluate((record) => localStorage.setItem('publishedMaps', JSON.stringify([record])), {
    mapId: aliceId,
    title: alice.title,
    published,
  });
}

describe('right-to-left text', () => {
  it('a published map shows Hebrew and Arabic right to left, English left to right', async ({
    page,
    maps,
  }) => {
    await openPage(page, `/map/${maps.aliceId}`, alice.title);
    await expectDirections([
      [h1(page, alice.title), 'rtl'],
      [page.getByText(/^המועצה מציעה/), 'rtl'],
      [reasonTitle(page, longRoad.title), 'rtl'],
      [reasonItem(page, longRoad.title).getByText(/^يمر الطريق/), 'rtl'],
      [reasonTitle(page, mainStreet.title), 'rtl'],
      [reasonTitle(page, narrow.title), 'rtl'],
      [reasonTitle(page, schools.title), 'ltr'],
      [reasonItem(page, schools.title).getByText(schools.relevance!), 'ltr'],
      ...chrome(page),
      [page.getByRole('heading', { name: 'Reasons' }), 'ltr'],
      [page.getByRole('link', { name: 'Edit a copy' }), 'ltr'],
      [page.getByRole('region', { name: 'Balance' }), 'ltr'],
    ]);
    // A description of several paragraphs gives each paragraph its own direction.
    expect(await page.getByText(/^המועצה מציעה/).evaluate((el) => getComputedStyle(el).unicodeBidi)).toBe(
      'plaintext',
    );
  });

  it('a draft and its forms take each field’s direction from what is typed in it', async ({ page, maps }) => {
    await seedDraftAndRecord(page, maps.aliceId, maps.alicePublished);
    await openPage(page, `/map/draft.${maps.aliceId}`, alice.title);
    await expectDirections([
      [h1(page, alice.title), 'rtl'],
      [page.getByText(/^המועצה מציעה/), 'rtl'],
      [reasonTitle(page, longRoad.title), 'rtl'],
      [reasonTitle(page, schools.title), 'ltr'],
      // "Draft of {title}": the sentence is the app's, the title the user's.
      [page.getByText(/^Draft of/), 'ltr'],
      [page.getByRole('main').getByRole('link', { name: alice.title }), 'rtl'],
      ...chrome(page),
      [page.getByRole('button', { name: 'Edit belief' }), 'ltr'],
      [page.getByRole('button', { name: 'Publish draft' }), 'ltr'],
    ]);
    // [R2] The base's title inside "List my map under “…”" keeps its own direction, the sentence its.
    const listUnder = page.locator('label', { hasText: 'List my map under' });
    await expectDirections([
      [listUnder, 'ltr'],
      [listUnder.locator('bdi'), 'rtl'],
    ]);
    expect(await listUnder.locator('bdi').textContent()).toBe(alice.title);

    await page.getByRole('button', { name: 'Edit belief' }).click();
    const belief = page.getByRole('form', { name: 'Edit belief' });
    await expectDirections([
      [belief.getByRole('textbox', { name: 'Title' }), 'rtl'],
      [belief.getByRole('textbox', { name: 'Description' }), 'rtl'],
      [belief.getByRole('button', { name: 'Save' }), 'ltr'],
      [belief.getByText('Required, up to 300 characters'), 'ltr'],
    ]);
    await belief.getByRole('button', { name: 'Cancel' }).click();

    await reasonItem(page, schools.title).getByRole('button', { name: 'Edit item' }).click();
    const form = page.getByRole('form', { name: 'Edit item' });
    const title = form.getByRole('textbox', { name: 'Title' });
    await expectDirections([
      [title, 'ltr'],
      [form.getByRole('textbox', { name: 'Relevance' }), 'ltr'],
    ]);
    await title.fill('שני בתי ספר על המסלול');
    await expectDirections([
      [title, 'rtl'],
      [form.getByRole('button', { name: 'Cancel' }), 'ltr'],
    ]);
    await form.getByRole('button', { name: 'Cancel' }).click();

    await reasonItem(page, longRoad.title).getByRole('button', { name: 'Edit item' }).click();
    await expectDirections([
      [form.getByRole('textbox', { name: 'Title' }), 'rtl'],
      [form.getByRole('textbox', { name: 'Relevance' }), 'rtl'],
      [form.getByRole('combobox', { name: 'Belief' }), 'ltr'],
    ]);
  });

  it('the compare page shows titles and changed words in their own direction', async ({ page, maps }) => {
    await page.goto(`/compare/${maps.aliceId}/${maps.bobId}`);
    await page.getByRole('heading', { name: 'Differences' }).waitFor();
    const changed = diffItem(page, shortRoad.title);
    // Changed words are marked whole (rule C10), then each side reads in its own direction.
    await expect.poll(() => changed.locator('del').allTextContents()).toEqual(['طويل']);
    expect(await changed.locator('ins').allTextContents()).toEqual(['قصير']);
    const mapTitle = diffItem(page, 'Map title');
    expect(await mapTitle.locator('del').allTextContents()).toEqual(['הרצל']);
    await page.getByRole('button', { name: '2 reasons unchanged' }).click();
    const disagreements = page.getByRole('region', { name: 'Where you disagree' });
    await expectDirections([
      [changed.getByRole('heading', { name: shortRoad.title }), 'rtl'],
      [changed.locator('del').locator('..'), 'rtl'],
      [changed.locator('ins').locator('..'), 'rtl'],
      [mapTitle.locator('del').locator('..'), 'rtl'],
      [mapTitle.locator('ins').locator('..'), 'rtl'],
      [mapTitle.getByRole('heading', { name: 'Map title' }), 'ltr'],
      [diffItem(page, narrower.title).getByRole('heading', { name: narrower.title }), 'rtl'],
      [diffItem(page, narrow.title).getByRole('heading', { name: narrow.title }), 'rtl'],
      // "Possibly the same as “{title}”": the sentence is the app's, the quoted title the user's.
      [page.getByText(/^Possibly the same as/), 'ltr'],
      [page.getByText(/^Possibly the same as/).getByText(narrow.title, { exact: true }), 'rtl'],
      [disagreements.getByText(shortRoad.title, { exact: true }), 'rtl'],
      [page.getByRole('definition').getByText(alice.title, { exact: true }), 'rtl'],
      [page.getByRole('definition').getByText(bob.title, { exact: true }), 'rtl'],
      [reasonTitle(page, mainStreet.title), 'rtl'],
      [reasonTitle(page, schools.title), 'ltr'],
      [reasonItem(page, mainStreet.title).getByText(mainStreet.relevance!), 'rtl'],
      [reasonItem(page, schools.title).getByText(schools.relevance!), 'ltr'],
      ...chrome(page),
      [h1(page, 'Compare maps'), 'ltr'],
      [page.getByRole('heading', { name: 'Differences' }), 'ltr'],
    ]);
  });

  it('Your maps lists Hebrew titles right to left', async ({ page, maps }) => {
    await seedDraftAndRecord(page, maps.aliceId, maps.alicePublished);
    await openPage(page, '/maps', 'Your maps');
    const drafts = page.getByRole('region', { name: 'Drafts' });
    const published = page.getByRole('region', { name: 'Published from this browser' });
    await expectDirections([
      [drafts.getByRole('link', { name: alice.title }), 'rtl'],
      [published.getByRole('link', { name: alice.title }), 'rtl'],
      [drafts.getByRole('button', { name: 'Discard' }), 'ltr'],
      [h1(page, 'Your maps'), 'ltr'],
      ...chrome(page),
    ]);

    await drafts.getByRole('button', { name: 'Discard' }).click();
    const discarded = page.getByRole('region', { name: 'Recently discarded' });
    const title = discarded.getByRole('heading', { level: 3, name: alice.title });
    await title.waitFor();
    await expectDirections([
      [title, 'rtl'],
      [discarded.getByRole('button', { name: 'Restore' }), 'ltr'],
    ]);
  });

  describe.each(colourModesAndWidths)('in %s mode at %i px', (colorScheme, width) => {
    it.override('contextOptions', { colorScheme, viewport: { width, height: 900 } });

    it('axe finds nothing on the map page, the compare page and Your maps', async ({
      page,
      context,
      maps,
    }) => {
      await installAxe(context);
      const shot = (name: string) =>
        page.screenshot({ path: `test-results/e2e/rtl-${name}-${colorScheme}-${width}.png`, fullPage: true });
      await openPage(page, `/map/${maps.aliceId}`, alice.title);
      expect(await axeViolations(page)).toEqual([]);
      await shot('map');

      await seedDraftAndRecord(page, maps.aliceId, maps.alicePublished);
      await openPage(page, `/map/draft.${maps.aliceId}`, alice.title);
      await reasonItem(page, longRoad.title).getByRole('button', { name: 'Edit item' }).click();
      await page.getByRole('form', { name: 'Edit item' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await shot('draft-form');

      await page.goto(`/compare/${maps.aliceId}/${maps.bobId}`);
      // Words are diffed as their item nears the screen: at 360 px this one may start further down.
      await diffItem(page, shortRoad.title).scrollIntoViewIfNeeded();
      await diffItem(page, shortRoad.title).locator('ins').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await shot('compare');

      await openPage(page, '/maps', 'Your maps');
      expect(await axeViolations(page)).toEqual([]);
      await shot('maps');
      // And with the Hebrew draft in "Recently discarded".
      await page.getByRole('region', { name: 'Drafts' }).getByRole('button', { name: 'Discard' }).click();
      await page
        .getByRole('region', { name: 'Recently discarded' })
        .getByRole('heading', { level: 3, name: alice.title })
        .waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});
