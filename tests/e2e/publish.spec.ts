import type { Request, Route } from 'playwright-core';
import { describe, expect } from 'vitest';
import { it } from './support/fixtures';
import {
  expectShownFor,
  flashHistory,
  flashLog,
  flashText,
  pauseClock,
  timeFlashes,
} from './support/flash-bar';
import {
  addItem,
  heading,
  layOutDraft,
  openMap,
  pathOf,
  reasonTitles,
  storedDraft,
} from './support/map-page';

// PRODUCT §8: publishing a draft sends exactly the draft to the API, shows "Publishing map..." then
// "Redirecting to published map" until the new page shows, clears the draft and moves to /map/{new id}; the link
// opens read-only in a fresh browser, with "Edit a copy" and "Compare". A failed publish shows
// "Error publishing map" for 3 s and keeps the draft as it was.

const idPattern = /^\/map\/(main-street-bike-lane-[a-z0-9]{10,})$/;

describe('publishing a draft', () => {
  it('publishes, redirects to the new map, and the link opens read-only in a fresh browser', async ({
    page,
    context,
    errors,
    openSession,
  }) => {
    await timeFlashes(context);
    const draft = (await layOutDraft(
      page,
      { title: 'Main Street bike lane', description: 'A protected lane instead of parking.' },
      [
        {
          title: 'Safer cycling',
          relevance: 'Crash figures.',
          belief: 'agree',
          support: 'strong-support',
        },
        { title: 'Fewer parking places', belief: 'strong-agree', support: 'disconfirm' },
      ],
    ))!;

    const requests: Request[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/map/create')) requests.push(request);
    });
    await pauseClock(page);
    await page
      .getByRole('region', { name: 'Draft actions' })
      .getByRole('button', { name: 'Publish draft' })
      .click();
    await expect.poll(() => pathOf(page), { timeout: 10_000 }).toMatch(idPattern);
    const id = idPattern.exec(pathOf(page))![1]!;

    // The API received exactly the draft, in the stored form without updatedAt (PRODUCT §8.1).
    expect(requests).toHaveLength(1);
    expect(requests[0]!.method()).toBe('POST');
    expect(requests[0]!.postDataJSON()).toEqual({ version: '1.0', data: draft.data });
    expect(await storedDraft(page, 'draft.default')).toBeNull();

    await expect.poll(() => heading(page).textContent()).toBe('Main Street bike lane');
    // The published page confirms the publish (PRODUCT §8.5); the redirect message, done, is cleared.
    // Well before the message's own 2 s are up (the clock is still paused; React shows the lazily
    // loaded region after its short reveal delay, so the clock moves 1 s).
    await page.clock.runFor(1000);
    await page.getByRole('region', { name: 'Published' }).waitFor();
    expect(await flashText(page)).toBe('');
    const log = await flashLog(page);
    expect(log.at(-1)!.at - log.at(-2)!.at).toBeLessThan(2000);
    await page.clock.resume();
    expect(await flashHistory(page)).toEqual(['Publishing map...', 'Redirecting to published map', '']);

    // Read-only, with the links of PRODUCT §6.2.
    const date = new Date().toLocaleDateString('en', { dateStyle: 'long', timeZone: 'UTC' });
    expect(await page.getByText(`Published ${date}`, { exact: true }).isVisible()).toBe(true);
    expect(await page.title()).toBe('Main Street bike lane - Belief Map');
    for (const name of ['Edit belief', 'Add item', 'Edit item', 'Publish draft', 'Discard draft']) {
      expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    }
    expect(await page.getByRole('region', { name: 'Draft actions' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Edit a copy' }).getAttribute('href')).toBe(
      `/map/draft.${id}`,
    );
    expect(await page.getByRole('link', { name: 'Compare', exact: true }).getAttribute('href')).toBe(
      `/compare?baseMapId=${id}`,
    );
    expect(errors).toEqual([]);

    // A fresh browser (no local storage) shows the same map.
    const fresh = await openSession();
    await openMap(fresh.page, id);
    expect(await heading(fresh.page).textContent()).toBe('Main Street bike lane');
    expect(await fresh.page.getByText('A protected lane instead of parking.').isVisible()).toBe(true);
    expect(await reasonTitles(fresh.page)).toEqual(['Safer cycling', 'Fewer parking places']);
    expect(await fresh.page.getByText('Crash figures.').isVisible()).toBe(true);
    const safer = fresh.page.getByRole('listitem').filter({ hasText: 'Safer cycling' });
    expect(await safer.getByRole('img', { name: 'Agree', exact: true }).count()).toBe(1);
    expect(await safer.getByRole('img', { name: 'Strongly supports', exact: true }).count()).toBe(1);

    // "Edit a copy" makes a draft titled like the base, "Draft of {base title}" linking to the base,
    // stored from its first edit.
    await fresh.page.getByRole('link', { name: 'Edit a copy' }).click();
    await expect.poll(() => pathOf(fresh.page)).toBe(`/map/draft.${id}`);
    await fresh.page.getByText('Draft of Main Street bike lane', { exact: true }).waitFor();
    expect(await fresh.page.getByRole('link', { name: 'Main Street bike lane' }).getAttribute('href')).toBe(
      `/map/${id}`,
    );
    expect(await heading(fresh.page).textContent()).toBe('Main Street bike lane');
    expect(await storedDraft(fresh.page, `draft.${id}`)).toBeNull();
    await addItem(fresh.page, { title: 'Buses would be slower', support: 'disconfirm', belief: 'disagree' });
    expect(await storedDraft(fresh.page, `draft.${id}`)).toMatchObject({
      version: '1.0',
      data: { title: 'Main Street bike lane', reasons: [{}, {}, {}] },
    });
    await openMap(fresh.page, id);
    expect(
      await fresh.page.getByRole('link', { name: 'Continue editing your draft' }).getAttribute('href'),
    ).toBe(`/map/draft.${id}`);
    expect(await fresh.page.getByRole('link', { name: 'Edit a copy' }).count()).toBe(0);
  });

  it('shows "Publishing map..." while the request is out', async ({ page }) => {
    await layOutDraft(page, { title: 'Slow publish' });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/map/create', async (route: Route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Publish draft' }).click();
    await expect.poll(() => flashText(page)).toBe('Publishing map...');
    expect(pathOf(page)).toBe('/map/draft.default');
    release();
    await expect.poll(() => pathOf(page)).toMatch(/^\/map\/slow-publish-[a-z0-9]+$/);
  });

  it('on failure shows "Error publishing map" for 3 s and keeps the draft exactly as it was, ready to retry', async ({
    page,
    context,
  }) => {
    await timeFlashes(context);
    const before = await layOutDraft(page, { title: 'Main Street bike lane' }, [
      { title: 'Safer cycling', support: 'support' },
    ]);
    await page.route('**/api/map/create', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: '{"status":"error","message":"down"}',
      }),
    );
    await pauseClock(page);
    await page.getByRole('button', { name: 'Publish draft' }).click();
    await expect.poll(() => flashText(page)).toBe('Error publishing map');
    expect(pathOf(page)).toBe('/map/draft.default');
    expect(await storedDraft(page, 'draft.default')).toEqual(before);
    expect(await reasonTitles(page)).toEqual(['Safer cycling']);
    expect(await heading(page).textContent()).toBe('Main Street bike lane');
    await expectShownFor(page, 'Error publishing map', 3000);
    await page.clock.resume();
    expect(await flashHistory(page)).toEqual(['Publishing map...', 'Error publishing map', '']);

    // The network failing outright is the same error.
    await page.unroute('**/api/map/create');
    await page.route('**/api/map/create', (route) => route.abort('failed'));
    await page.getByRole('button', { name: 'Publish draft' }).click();
    await expect.poll(() => flashText(page)).toBe('Error publishing map');
    expect(await storedDraft(page, 'draft.default')).toEqual(before);

    // Retry once the server answers again.
    await page.unroute('**/api/map/create');
    await page.getByRole('button', { name: 'Publish draft' }).click();
    await expect.poll(() => pathOf(page), { timeout: 10_000 }).toMatch(idPattern);
    expect(await storedDraft(page, 'draft.default')).toBeNull();
  });
});
