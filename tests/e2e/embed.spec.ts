import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { it } from './support/fixtures';
import { flashBar, flashHistory, recordFlashes } from './support/flash-bar';
import { addItem, editBelief, heading, pathOf, reasonTitles, type StoredDraft } from './support/map-page';

// PRODUCT §11: the app runs inside a host page. The example host page served at /embed-example.html
// mounts it with host functions that keep drafts in sessionStorage, so local storage stays
// untouched; a standalone page picks the functions up from window.BeliefMapHost.

const localMapKeys = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('map.')));

const hostDraft = (page: Page, draftId: string) =>
  page.evaluate((key) => {
    const raw = sessionStorage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as StoredDraft);
  }, `host-draft.${draftId}`);

describe('embedding', () => {
  it('runs in the example host page, keeping drafts with the host and the page URL its own', async ({
    page,
    context,
    errors,
  }) => {
    await recordFlashes(context);
    await page.goto('/embed-example.html');
    await heading(page).waitFor();
    expect(await heading(page).textContent()).toBe('New belief');
    expect(await page.getByText('None yet. Edit the map above to make one.').isVisible()).toBe(true);

    await editBelief(page, 'Embedded belief');
    await addItem(page, { title: 'Kept by the host', support: 'support', belief: 'agree' });
    expect(await hostDraft(page, 'draft.default')).toMatchObject({
      version: '1.0',
      data: {
        title: 'Embedded belief',
        reasons: [{ title: 'Kept by the host', belief: 'agree', support: 'support' }],
      },
    });
    expect(await localMapKeys(page)).toEqual([]);
    const hostList = page.getByRole('complementary', { name: 'Example host page' }).getByRole('listitem');
    expect(await hostList.allTextContents()).toEqual(['draft.default: Embedded belief (1 reason)']);
    expect(pathOf(page)).toBe('/embed-example.html');

    // The host's storage outlives a reload, as local storage would.
    await page.reload();
    await heading(page).waitFor();
    expect(await heading(page).textContent()).toBe('Embedded belief');
    expect(await reasonTitles(page)).toEqual(['Kept by the host']);

    // Discard and Undo go through the host's functions too.
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('New belief');
    expect(await hostDraft(page, 'draft.default')).toBeNull();
    await flashBar(page).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Embedded belief');
    expect(await hostDraft(page, 'draft.default')).not.toBeNull();

    // Publishing still goes to the server; the app moves in its own history, not the page's.
    await page.getByRole('button', { name: 'Publish draft' }).click();
    await page.getByRole('link', { name: 'Edit a copy' }).waitFor({ timeout: 10_000 });
    // Shown until the confirmation of the publish takes its place (PRODUCT §8.5).
    expect(await flashHistory(page)).toContain('Redirecting to published map');
    expect(pathOf(page)).toBe('/embed-example.html');
    expect(await hostDraft(page, 'draft.default')).toBeNull();
    expect(await hostList.count()).toBe(0);
    expect(await localMapKeys(page)).toEqual([]);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' }).click();
    await expect.poll(() => page.title()).toBe('Help - Belief Map');
    expect(pathOf(page)).toBe('/embed-example.html');
    expect(errors).toEqual([]);
  });

  it('opens another route first with ?path=, and treats what the host answers like local storage', async ({
    page,
  }) => {
    await page.goto('/embed-example.html');
    await heading(page).waitFor();
    await page.evaluate(() => sessionStorage.setItem('host-draft.draft.default', '{"version":"2.0"}'));
    await page.goto('/embed-example.html?path=/map/draft.default');
    await heading(page).waitFor();
    expect(await heading(page).textContent()).toBe('New belief');
    await page.goto('/embed-example.html?path=/map/help-example-icons');
    await page.getByRole('link', { name: 'Edit a copy' }).waitFor();
  });

  it('uses window.BeliefMapHost on the standalone page, and exposes the mount function', async ({
    page,
    context,
  }) => {
    await context.addInitScript(() => {
      const drafts = new Map<string, unknown>();
      const calls: string[] = [];
      Object.assign(window, {
        hostCalls: calls,
        BeliefMapHost: {
          fetchDraft: (id: string) => (calls.push(`fetchDraft ${id}`), drafts.get(id) ?? null),
          persistDraft: async (id: string, draft: unknown) => {
            calls.push(`persistDraft ${id}`);
            drafts.set(id, draft);
          },
          deleteDraft: (id: string) => {
            calls.push(`deleteDraft ${id}`);
            drafts.delete(id);
          },
        },
      });
    });
    await page.goto('/map/draft.default');
    await heading(page).waitFor();
    expect(
      await page.evaluate(() => typeof (window as { BeliefMap?: { mount?: unknown } }).BeliefMap?.mount),
    ).toBe('function');
    await editBelief(page, 'Kept by window.BeliefMapHost');
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('New belief');
    const calls = await page.evaluate(() => (window as unknown as { hostCalls: string[] }).hostCalls);
    expect(calls).toContain('persistDraft draft.default');
    expect(calls).toContain('deleteDraft draft.default');
    expect(calls.indexOf('persistDraft draft.default')).toBeLessThan(
      calls.indexOf('deleteDraft draft.default'),
    );
    expect(await localMapKeys(page)).toEqual([]);
  });
});
