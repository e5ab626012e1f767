import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { formatPublished } from '../../src/client/draft/entries';
import { newReason } from '../../src/domain/test-support/builders';
import { test } from './support/fixtures';
import { publishTestMap } from './support/published-maps';

// PRODUCT §6.5, §6.6 and §9: choosing two maps, and comparing two published maps, which shows every
// difference but offers no merge (the base is not a draft).

// Two versions of one map: "kept" and "cost" are in both unchanged, "injuries" only in the base,
// "parking" only in the modified map, and "children" is rated and explained differently.
const kept = newReason('A protected lane would make cycling safer', { belief: 'agree', support: 'support' });
const cost = newReason('The lane costs less than a year of road repairs', {
  belief: 'agree',
  support: 'support',
});
const injuries = newReason('Five cyclists were injured on Elm Street in three years', {
  belief: 'strong-agree',
  support: 'strong-support',
  relevance: 'Police figures.',
});
const parking = newReason('The parking lane is rarely full', {
  belief: 'strong-agree',
  support: 'support',
  relevance: 'Counted every hour for two weeks in March.',
});
const childrenBase = newReason('More children would cycle to school', {
  belief: 'agree',
  support: 'support',
  relevance: 'Two schools are on the route.',
});
const childrenModified = {
  ...childrenBase,
  belief: 'strong-agree' as const,
  support: null,
  relevance: 'Two schools are on the route, and the head teacher asked for the lane.',
};

const it = test.extend('maps', { scope: 'file' }, async ({ app }) => {
  const [base, modified] = await Promise.all([
    publishTestMap(app, {
      title: 'Elm Street should get a bike lane',
      description: 'What the residents said at the first meeting.',
      reasons: [kept, injuries, childrenBase, cost],
    }),
    publishTestMap(app, {
      title: 'Elm Street should get a protected bike lane',
      description: 'What the residents said at the first meeting.',
      reasons: [childrenModified, kept, parking, cost],
    }),
  ]);
  return { baseId: base.id, modifiedId: modified.id };
});

const path = (page: Page) => new URL(page.url()).pathname;

/** The list item of the difference whose heading is `name`. */
const item = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** The item's text as it reads on screen, one space between its parts. */
const text = async (page: Page, name: string) =>
  (await item(page, name).innerText()).replace(/\s+/g, ' ').trim();

describe('choose-compare page', () => {
  it('pre-fills the base from ?baseMapId and compares the ids of two pasted URLs', async ({
    page,
    errors,
    maps,
    app,
  }) => {
    await page.goto(`/compare?baseMapId=${maps.baseId}`);
    await expect.poll(() => page.title()).toBe('Compare maps - Belief Map');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Compare maps');
    const base = page.getByLabel('Base map');
    const modified = page.getByLabel('Modified map');
    expect(await base.inputValue()).toBe(maps.baseId);
    expect(await modified.inputValue()).toBe('');
    // The base is filled in, so typing goes straight to the other field.
    expect(await modified.evaluate((input) => input === document.activeElement)).toBe(true);

    await base.fill(`${app.baseUrl}/map/help-example-alice-1`);
    await modified.fill(`  https://belief-map.example/map/${maps.modifiedId}?utm_source=mail#reasons `);
    await page.getByRole('button', { name: 'Compare' }).click();
    await expect.poll(() => path(page)).toBe(`/compare/help-example-alice-1/${maps.modifiedId}`);
    await page.getByRole('heading', { name: 'Differences' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('does nothing but write an error to the console while a field is empty', async ({ page, errors }) => {
    await page.goto('/compare');
    const base = page.getByLabel('Base map');
    const modified = page.getByLabel('Modified map');
    const compare = page.getByRole('button', { name: 'Compare' });
    expect(await base.getAttribute('required')).not.toBeNull();
    expect(await modified.getAttribute('required')).not.toBeNull();

    await compare.click(); // both empty
    await expect.poll(() => errors.length).toBe(1);
    await base.fill('help-example-alice-1');
    await compare.click(); // modified empty
    await expect.poll(() => errors.length).toBe(2);
    await modified.fill('   ');
    await page.keyboard.press('Enter'); // blank is empty too, and Enter submits like the button
    await expect.poll(() => errors.length).toBe(3);
    await base.fill('https://belief-map.example/map/');
    await modified.fill('help-example-bob-1');
    await compare.click(); // a URL with nothing after /map/
    await expect.poll(() => errors.length).toBe(4);

    expect(path(page)).toBe('/compare');
    expect(await modified.inputValue()).toBe('help-example-bob-1'); // nothing typed is lost
    expect(errors.every((error) => error.includes('Compare needs two map ids'))).toBe(true);
  });
});

describe('compare page with two published maps', () => {
  it('marks each reason Added, Deleted or Changed, lists unchanged ones collapsed, offers no merge', async ({
    page,
    errors,
    maps,
  }) => {
    await page.goto(`/compare/${maps.baseId}/${maps.modifiedId}`);
    await page.getByRole('heading', { name: 'Differences' }).waitFor();
    expect(await page.title()).toBe('Compare maps - Belief Map');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Compare maps');

    expect(await text(page, 'Map title')).toBe(
      'Changed Map title Elm Street should get a bike lane → Elm Street should get a protected bike lane',
    );
    expect(await item(page, 'Map description').count()).toBe(0); // the same in both

    const added = item(page, parking.title);
    expect(await text(page, parking.title)).toMatch(/^Added /);
    expect(await text(page, parking.title)).toContain('Counted every hour for two weeks in March.');
    expect(await added.getByRole('img', { name: 'Strongly agree' }).count()).toBe(1);
    expect(await added.getByRole('img', { name: 'Supports' }).count()).toBe(1);

    const deleted = item(page, injuries.title);
    expect(await text(page, injuries.title)).toMatch(/^Deleted /);
    expect(await deleted.getByRole('img', { name: 'Strongly supports' }).count()).toBe(1);

    // Changed fields read base → modified, in the order relevance, belief, support.
    const changed = await text(page, childrenBase.title);
    expect(changed).toMatch(/^Changed /);
    expect(changed).toContain(
      'Relevance Two schools are on the route. → Two schools are on the route, and the head teacher asked for the lane.',
    );
    expect(changed).toContain('Belief Agree → Strongly agree');
    expect(changed).toContain('Support Supports → No support information');
    expect(changed).not.toContain('Title');
    const changedItem = item(page, childrenBase.title);
    expect(await changedItem.getByRole('img', { name: 'No support information' }).count()).toBe(1);

    // The base is published: nothing to merge into, and a way to compare one's draft instead.
    for (const name of ['Add to draft', 'Delete from draft', 'Apply changes'])
      expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    expect(await page.getByRole('link', { name: 'compare your draft instead' }).getAttribute('href')).toBe(
      `/compare/draft.${maps.baseId}/${maps.modifiedId}`,
    );

    // Unchanged reasons come after the differences, collapsed behind their count.
    const toggle = page.getByRole('button', { name: '2 reasons unchanged' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('heading', { name: kept.title }).isVisible()).toBe(false);
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('heading', { name: kept.title }).isVisible()).toBe(true);
    const headings = await page.getByRole('heading', { level: 3 }).allTextContents();
    expect(headings).toEqual([
      'Map title',
      parking.title,
      injuries.title,
      childrenBase.title,
      kept.title,
      cost.title,
    ]);
    await toggle.click();
    expect(await page.getByRole('heading', { name: kept.title }).isVisible()).toBe(false);

    expect(errors).toEqual([]);
  });

  it('says when a single reason is unchanged, and when two maps do not differ', async ({
    page,
    maps,
    app,
  }) => {
    await page.goto(`/compare/${maps.modifiedId}/${maps.modifiedId}`);
    await page.getByText('No differences: the maps have the same title, description and reasons.').waitFor();
    expect(await page.getByRole('button', { name: '4 reasons unchanged' }).count()).toBe(1);

    const { id: oneReason } = await publishTestMap(app, {
      title: 'Elm Street should get a bike lane',
      description: null,
      reasons: [kept],
    });
    await page.goto(`/compare/${oneReason}/${maps.baseId}`);
    await page.getByRole('button', { name: '1 reason unchanged' }).waitFor();
  });

  it('shows "Loading maps..." until both maps have arrived', async ({ page, maps }) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/map/*', async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`/compare/${maps.baseId}/${maps.modifiedId}`);
    await page.getByText('Loading maps...').waitFor();
    expect(await page.getByRole('heading', { name: 'Differences' }).count()).toBe(0);
    release();
    await page.getByRole('heading', { name: 'Differences' }).waitFor();
    expect(await page.getByText('Loading maps...').count()).toBe(0);
  });
});

describe('compare page errors and links', () => {
  it('shows "Error loading maps" when either map cannot be loaded', async ({ page, maps }) => {
    await page.goto(`/compare/${maps.baseId}/no-such-map-k3j9x2m7qa`);
    await page.getByRole('heading', { name: 'Error loading maps' }).waitFor();
    expect(await page.title()).toBe('Compare maps - Belief Map');
    expect(await page.getByText('Modified map: Map no-such-map-k3j9x2m7qa does not exist').count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Differences' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Choose other maps' }).getAttribute('href')).toBe(
      `/compare?baseMapId=${maps.baseId}`,
    );

    await page.goto('/compare/Not.A.Map/help-example-bob-1');
    await page.getByRole('heading', { name: 'Error loading maps' }).waitFor();
    expect(await page.getByText('Base map: Map id Not.A.Map does not match expected format').count()).toBe(1);
  });

  it('labels the links to both maps with their ids cut to 10 characters, the full id in the title', async ({
    page,
    maps,
  }) => {
    await page.goto(`/compare/default/${maps.modifiedId}`);
    await page.getByRole('heading', { name: 'Differences' }).waitFor();
    const short = page.getByRole('link', { name: 'default', exact: true });
    expect(await short.getAttribute('href')).toBe('/map/default');
    expect(await short.getAttribute('title')).toBe('default');
    const long = page.getByRole('link', { name: `${maps.modifiedId.slice(0, 10)}...`, exact: true });
    expect(await long.getAttribute('href')).toBe(`/map/${maps.modifiedId}`);
    expect(await long.getAttribute('title')).toBe(maps.modifiedId);

    await page.goto(`/compare/draft.${maps.baseId}/help-example-bob-1`);
    await page.getByRole('heading', { name: 'Differences' }).waitFor();
    const draft = page.getByRole('link', { name: `draft.${maps.baseId.slice(0, 4)}...`, exact: true });
    expect(await draft.getAttribute('href')).toBe(`/map/draft.${maps.baseId}`);
    expect(await draft.getAttribute('title')).toBe(`draft.${maps.baseId}`);
    expect(await page.getByRole('link', { name: 'help-examp...', exact: true }).getAttribute('title')).toBe(
      'help-example-bob-1',
    );
    await page.getByRole('link', { name: 'help-examp...', exact: true }).click();
    await expect.poll(() => path(page)).toBe('/map/help-example-bob-1');
  });

  it('leads from a draft of a published map to the comparison of the draft with its base', async ({
    page,
    maps,
  }) => {
    await page.goto(`/map/${maps.baseId}`);
    await page.getByRole('link', { name: 'Edit a copy' }).click();
    await page.getByRole('button', { name: 'Edit belief' }).click();
    await page.getByLabel('Title').fill('Elm Street should get a bike lane soon');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('link', { name: 'Compare with published map' }).click();
    await expect.poll(() => path(page)).toBe(`/compare/${maps.baseId}/draft.${maps.baseId}`);
    await page.getByRole('heading', { name: 'Differences' }).waitFor();
    expect(await page.getByText('Elm Street should get a bike lane soon').count()).toBeGreaterThan(0);
    // The published map is the base: nothing can be merged into it.
    expect(await page.getByRole('button', { name: 'Apply changes' }).count()).toBe(0);

    await page.goto('/map/draft.default');
    await page.getByRole('button', { name: 'Publish draft' }).waitFor();
    expect(await page.getByRole('link', { name: 'Compare with published map' }).count()).toBe(0);
  });

  it('lists every difference of a long comparison, put on the page a slice at a time', async ({
    page,
    app,
    errors,
  }) => {
    // 300 reasons, each in one map only: 300 rows, more than the first slice (PRODUCT §13.6).
    const reasons = (prefix: string) =>
      Array.from({ length: 150 }, (_, i) => newReason(`${prefix} reason ${String(i).padStart(3, '0')}`));
    const [base, modified] = await Promise.all([
      publishTestMap(app, { title: 'Long', description: '', reasons: reasons('Base') }),
      publishTestMap(app, { title: 'Long', description: '', reasons: reasons('Modified') }),
    ]);
    await page.goto(`/compare/${base.id}/${modified.id}`);
    await page.getByRole('heading', { name: 'Differences' }).waitFor();
    const rows = page.locator('.diff-list > li');
    await expect.poll(() => rows.count()).toBe(300);
    await item(page, 'Modified reason 149').waitFor();
    await item(page, 'Base reason 149').waitFor();
    expect(errors).toEqual([]);
  });
});

describe('on a 360 px screen', () => {
  it.override('contextOptions', { viewport: { width: 360, height: 740 } });

  it('tells apart two maps whose ids begin alike by their titles and publication dates', async ({
    page,
    app,
    maps,
    errors,
  }) => {
    // Two versions of one map: their ids begin with the same 10 characters, the slug of a title.
    expect(maps.baseId.slice(0, 10)).toBe(maps.modifiedId.slice(0, 10));
    const published = async (id: string) =>
      ((await (await fetch(`${app.baseUrl}/api/map/${id}`)).json()) as { published: string }).published;
    await page.goto(`/compare/${maps.baseId}/${maps.modifiedId}`);
    await page.getByRole('heading', { name: 'Differences' }).waitFor();
    const compared = page
      .locator('dl')
      .filter({ has: page.getByRole('term').filter({ hasText: 'Base map' }) });
    const shown = await compared
      .getByRole('definition')
      .evaluateAll((entries) =>
        entries.map((dd) => (dd as HTMLElement).innerText.replace(/\s+/g, ' ').trim()),
      );
    const label = `${maps.baseId.slice(0, 10)}...`;
    expect(shown).toEqual([
      `${label} Elm Street should get a bike lane Published ${formatPublished(await published(maps.baseId))}`,
      `${label} Elm Street should get a protected bike lane Published ${formatPublished(await published(maps.modifiedId))}`,
    ]);
    // All of it on screen: nothing cut off at the right edge, no sideways scrolling.
    for (const part of await compared.locator('dd > *').all())
      expect((await part.boundingBox())!.x + (await part.boundingBox())!.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
  });
});
