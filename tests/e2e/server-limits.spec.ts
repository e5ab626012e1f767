import { describe, expect } from 'vitest';
import { it } from './support/fixtures';
import { flashText } from './support/flash-bar';
import { layOutDraft, pathOf, reasonTitles, storedDraft } from './support/map-page';

// A server may be set to lower limits than the client's defaults (README, "Configuration"): the
// client lets a person make a map the server then refuses. The refusal reads like any failed
// publish (PRODUCT §12) and loses nothing: the draft stays as it was, ready to trim and retry.

it.override('serverSettings', { scope: 'file' }, { MAX_REASONS: '1' });

describe('publishing to a server with lower limits', () => {
  it('shows "Error publishing map" and keeps the draft when the server refuses it', async ({ page }) => {
    const before = await layOutDraft(page, { title: 'Two reasons, one allowed' }, [
      { title: 'The first reason', support: 'support' },
      { title: 'One reason too many', support: 'disconfirm' },
    ]);

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
