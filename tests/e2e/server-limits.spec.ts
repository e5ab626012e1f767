import { describe, expect } from 'vitest';
import { test } from './support/fixtures';
import { startApp } from './support/harness';
import { flashText } from './support/flash-bar';
import {
  addItem,
  heading,
  layOutDraft,
  openMap,
  pathOf,
  putStoredDraft,
  reasonTitles,
  storedDraft,
} from './support/map-page';

// A server may be set to other limits than the defaults (README, "Configuration"). Its forms check
// the server's own limits (PRODUCT §3.3, `GET /api/limits`). A draft made before (another server's,
// an older setting) may still be over them: the refusal reads like any failed publish (PRODUCT
// §12) and loses nothing, the draft stays as it was, ready to trim and retry.

// This file's own server, with lower limits, and each test's page opened on it. The settings are
// not given by overriding `serverSettings`: in a full run, the other files run after this one in
// its worker once got them too (layout-shift.spec.ts could publish no map of two reasons).
// eslint-disable-next-line no-empty-pattern
const it = test.extend('lowerLimits', { scope: 'file' }, async ({}, { onCleanup }) => {
  const app = await startApp({ MAX_REASONS: '1', MAX_TITLE_LENGTH: '40' });
  onCleanup(() => app.close());
  return app;
});

describe('a server with lower limits', () => {
  it('has its forms check its own limits', async ({ openSession, lowerLimits }) => {
    const { page, errors } = await openSession({ baseURL: lowerLimits.baseUrl });
    await openMap(page, 'draft.default');
    await page.getByRole('button', { name: 'Edit belief' }).click();
    const title = page.getByRole('textbox', { name: 'Title' });
    await expect.poll(() => page.getByText('Required, up to 40 characters').count()).toBe(1);
    await title.fill('A title of forty-one characters, one over');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Title must be at most 40 characters').waitFor();
    await title.fill('Forty characters at the very most here!');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Forty characters at the very most here!');

    await addItem(page, { title: 'The first reason', support: 'support' });
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('One reason too many');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('A map can have at most 1 reason').first().waitFor();
    expect(await reasonTitles(page)).toEqual(['The first reason']);
    expect(errors).toEqual([]);
  });

  it('shows "Error publishing map" and keeps a draft made before, when the server refuses it', async ({
    openSession,
    lowerLimits,
  }) => {
    const { page } = await openSession({ baseURL: lowerLimits.baseUrl });
    // Made before the limits were lowered: laid out with one reason, then given a second as stored.
    const laidOut = (await layOutDraft(page, { title: 'Two reasons, one allowed' }, [
      { title: 'The first reason', support: 'support' },
    ]))!;
    const second = {
      ...laidOut.data.reasons[0]!,
      id: crypto.randomUUID() as (typeof laidOut.data.reasons)[number]['id'],
      title: 'One reason too many',
      support: 'disconfirm' as const,
    };
    await putStoredDraft(page, 'draft.default', {
      ...laidOut,
      data: { ...laidOut.data, reasons: [...laidOut.data.reasons, second] },
    });
    await page.reload();
    await expect.poll(() => reasonTitles(page)).toEqual(['The first reason', 'One reason too many']);
    const before = await storedDraft(page, 'draft.default');

    const answer = page.waitForResponse('**/api/map/create');
    await page.getByRole('button', { name: 'Publish draft' }).click();
    expect((await answer).status()).toBe(400);
    await expect.poll(() => flashText(page)).toBe('Error publishing map');
    expect(pathOf(page)).toBe('/map/draft.default');
    expect(await storedDraft(page, 'draft.default')).toEqual(before);
    // The server's reason shows in an alert by the draft actions (PRODUCT §12), not only the flash.
    const alert = page.getByRole('region', { name: 'Draft actions' }).getByRole('alert');
    await expect
      .poll(() => alert.textContent())
      .toMatch(/^Not published\. .*reason.* Your draft is kept as it was\.Try again$/i);
    expect(await alert.textContent()).not.toContain('Error persisting belief map');

    // With one reason the same server takes it.
    await page
      .getByRole('listitem')
      .filter({ hasText: 'One reason too many' })
      .getByRole('button', { name: 'Edit item' })
      .click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => reasonTitles(page)).toEqual(['The first reason']);
    await page.getByRole('button', { name: 'Publish draft' }).click();
    await expect.poll(() => pathOf(page)).toMatch(/^\/map\/two-reasons-one-allowed-[a-z0-9]+$/);
    // The published map has loaded once it offers "Edit a copy".
    await page.getByRole('link', { name: 'Edit a copy' }).waitFor();
    expect(await reasonTitles(page)).toEqual(['The first reason']);
  });
});
