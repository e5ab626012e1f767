import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { axeViolations, colourModesAndWidths, installAxe } from './support/axe';
import { it } from './support/fixtures';
import { addItem, layOutDraft, openMap, pathOf } from './support/map-page';

// PRODUCT §6.2, §8.1: a map published from a draft of a published map answers it. Its author
// chooses whether it is listed under that map; anyone who opens that map sees its responses, with
// a link to compare; the map it answers says so under its title; the author of the answered map,
// in the browser it was published from, can hide a response from the list.

const idOf = (page: Page) => pathOf(page).replace(/^\/map\//, '');

/** Publishes the draft on the page and answers the new map's id once its page shows. */
async function publish(page: Page): Promise<string> {
  await page
    .getByRole('region', { name: 'Draft actions' })
    .getByRole('button', { name: 'Publish draft' })
    .click();
  await expect.poll(() => pathOf(page), { timeout: 10_000 }).toMatch(/^\/map\/[a-z0-9-]+$/);
  await page.getByRole('region', { name: 'Published' }).waitFor();
  return idOf(page);
}

/** Alice's map, published from `page` (her browser keeps its author key). */
async function publishAlicesMap(page: Page): Promise<string> {
  await layOutDraft(page, { title: 'Elm Street needs a bike lane' }, [
    { title: 'Safer cycling', belief: 'agree', support: 'strong-support' },
  ]);
  return publish(page);
}

/** Bob's answer to `aliceId`, from a browser of his own; `listed` as he leaves the checkbox. */
async function publishBobsAnswer(page: Page, aliceId: string, listed = true): Promise<string> {
  await openMap(page, aliceId);
  await page.getByRole('link', { name: 'Edit a copy' }).click();
  await page.getByRole('button', { name: 'Add item' }).waitFor();
  await addItem(page, { title: 'Parking for the shops', belief: 'agree', support: 'disconfirm' });
  const actions = page.getByRole('region', { name: 'Draft actions' });
  const checkbox = actions.getByRole('checkbox', {
    name: 'List my map under “Elm Street needs a bike lane”',
  });
  await expect.poll(() => checkbox.isChecked()).toBe(true);
  expect(await checkbox.getAttribute('aria-describedby')).toBeTruthy();
  await expect
    .poll(() => actions.textContent())
    .toContain('Anyone who opens “Elm Street needs a bike lane” will see a link to your map.');
  if (!listed) await checkbox.uncheck();
  return publish(page);
}

describe('responses to a published map', () => {
  it('lists a published answer under the map it answers, with a link to compare them', async ({
    page,
    openSession,
    errors,
  }) => {
    const aliceId = await publishAlicesMap(page);
    const bob = await openSession();
    const bobId = await publishBobsAnswer(bob.page, aliceId);

    // Bob's map says what it answers, under its title.
    const answered = bob.page.locator('.map-in-response');
    await expect
      .poll(() => answered.textContent())
      .toContain('In response to “Elm Street needs a bike lane”');
    expect(
      await answered.getByRole('link', { name: '“Elm Street needs a bike lane”' }).getAttribute('href'),
    ).toBe(`/map/${aliceId}`);
    expect(await answered.getByRole('link', { name: 'Compare with it' }).getAttribute('href')).toBe(
      `/compare/${aliceId}/${bobId}`,
    );

    // Anyone who opens Alice's map sees it.
    const carol = await openSession();
    await openMap(carol.page, aliceId);
    const responses = carol.page.getByRole('region', { name: 'Responses' });
    const title = responses.getByRole('heading', { level: 3, name: 'Elm Street needs a bike lane' });
    await title.waitFor();
    expect(await responses.textContent()).toContain('1 reason');
    expect(await responses.textContent()).toContain('Against: 1 reason, weight 0.8');
    expect(await title.getByRole('link').getAttribute('href')).toBe(`/map/${bobId}`);
    expect(await responses.getByRole('link', { name: 'Compare' }).getAttribute('href')).toBe(
      `/compare/${aliceId}/${bobId}`,
    );
    expect(
      await responses.getByRole('link', { name: 'See the discussion (2 maps)' }).getAttribute('href'),
    ).toBe(`/discussion/${aliceId}`);
    // Only the browser Alice published from may hide it.
    expect(await responses.getByRole('button', { name: 'Hide from this list' }).count()).toBe(0);
    expect([...errors, ...bob.errors, ...carol.errors]).toEqual([]);
  });

  it('lets the author of the answered map hide a response, for everyone', async ({ page, openSession }) => {
    const aliceId = await publishAlicesMap(page);
    const bob = await openSession();
    await publishBobsAnswer(bob.page, aliceId);

    await openMap(page, aliceId);
    const responses = page.getByRole('region', { name: 'Responses' });
    const hide = responses.getByRole('button', { name: 'Hide from this list' });
    await hide.waitFor();
    expect(await hide.getAttribute('aria-describedby')).toBeTruthy();
    await hide.click();
    await responses.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByRole('status').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining('is no longer listed under this map')]));

    const carol = await openSession();
    await openMap(carol.page, aliceId);
    await carol.page.getByRole('link', { name: 'Edit a copy' }).waitFor();
    await carol.page.waitForLoadState('networkidle');
    expect(await carol.page.getByRole('region', { name: 'Responses' }).count()).toBe(0);
  });

  it('does not list an answer whose author unticked the box, and shows no Responses region then', async ({
    page,
    openSession,
  }) => {
    const aliceId = await publishAlicesMap(page);
    const bob = await openSession();
    await publishBobsAnswer(bob.page, aliceId, false);
    // It still says what it answers.
    await expect
      .poll(() => bob.page.locator('.map-in-response').textContent())
      .toContain('In response to “Elm Street needs a bike lane”');

    const carol = await openSession();
    await openMap(carol.page, aliceId);
    await carol.page.waitForLoadState('networkidle');
    expect(await carol.page.getByRole('region', { name: 'Responses' }).count()).toBe(0);
  });

  it('says when the map it answers has been deleted', async ({ page, openSession }) => {
    const aliceId = await publishAlicesMap(page);
    const bob = await openSession();
    const bobId = await publishBobsAnswer(bob.page, aliceId);

    const carol = await openSession();
    // As the server answers a map that expired (PRODUCT §8.3).
    await carol.context.route(`**/api/map/${aliceId}`, (route) =>
      route.fulfill({ status: 404, json: { status: 'error', message: `Map ${aliceId} does not exist` } }),
    );
    await openMap(carol.page, bobId);
    await expect
      .poll(() => carol.page.locator('.map-in-response').textContent())
      .toBe('In response to a map that has been deleted');
  });

  it('offers no listing for a draft of a built-in map or of nothing', async ({ page }) => {
    await openMap(page, 'draft.default');
    await page.getByRole('region', { name: 'Draft actions' }).waitFor();
    expect(await page.getByRole('checkbox', { name: /List my map under/ }).count()).toBe(0);
    await openMap(page, 'draft.help-example-alice-1');
    await page.getByRole('region', { name: 'Draft actions' }).waitFor();
    expect(await page.getByRole('checkbox', { name: /List my map under/ }).count()).toBe(0);
  });

  it('shows, in the worked example, that Bob’s first map answers Alice’s, and Help explains it', async ({
    page,
    errors,
  }) => {
    await openMap(page, 'help-example-bob-1');
    const answered = page.locator('.map-in-response');
    await expect
      .poll(() => answered.textContent())
      .toContain(
        "In response to “Our town should turn Elm Street's parking lane into a protected bike lane”",
      );
    expect(await answered.getByRole('link', { name: 'Compare with it' }).getAttribute('href')).toBe(
      '/compare/help-example-alice-1/help-example-bob-1',
    );
    await page.goto('/help');
    const comparing = page.getByRole('region', { name: 'Comparing and merging' });
    expect(await comparing.textContent()).toContain('says “In response to” theirs under its title');
    expect(errors).toEqual([]);
  });
});

describe('a map with responses, for everyone', () => {
  // One test per mode and width: the four in one test (8 pages, each checked by axe) outlasted the
  // test timeout on a loaded machine.
  describe.for(colourModesAndWidths)('in %s mode at %i px', ([colorScheme, width]) => {
    it('passes axe-core, with no horizontal scroll', async ({ page, openSession }) => {
      const aliceId = await publishAlicesMap(page);
      const bob = await openSession();
      const bobId = await publishBobsAnswer(bob.page, aliceId);
      const reader = await openSession({ colorScheme, viewport: { width, height: 800 } });
      await installAxe(reader.context);
      for (const mapId of [aliceId, bobId]) {
        await openMap(reader.page, mapId);
        if (mapId === aliceId) await reader.page.getByRole('region', { name: 'Responses' }).waitFor();
        else await expect.poll(() => reader.page.locator('.map-in-response').textContent()).toContain('“');
        expect(await axeViolations(reader.page), `${mapId} in ${colorScheme} at ${width}`).toEqual([]);
        const scrolls = await reader.page.evaluate(
          () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
        );
        expect(scrolls, `${mapId} scrolls sideways at ${width}`).toBe(false);
      }
    });
  });
});
