import { readFile } from 'node:fs/promises';
import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect } from 'vitest';
import { it } from './support/fixtures';
import { flashText } from './support/flash-bar';
import {
  addItem,
  editBelief,
  heading,
  pathOf,
  putStoredDraft,
  rawStoredDraft,
  reasonTitles,
  storedDraft,
} from './support/map-page';

// PRODUCT §7.1: a browser that blocks site data (reading `window.localStorage` throws) still lets
// a person write a draft, kept in the tab with a notice. PRODUCT §11: what a host's `publishMap`
// answers must be a map id before the host's draft is deleted or the app moves anywhere.

describe('drafts when the browser blocks storage', () => {
  it('opens and edits the draft in memory with a notice instead of "Error loading map"', async ({
    page,
    context,
    errors,
  }) => {
    await context.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', {
        configurable: true,
        get() {
          throw new DOMException('Access is denied for this document.', 'SecurityError');
        },
      });
    });
    await page.goto('/map/draft.default');
    await heading(page).waitFor();
    expect(await heading(page).textContent()).toBe('New belief');
    expect(await page.getByText('Error loading map').count()).toBe(0);

    await editBelief(page, 'Kept in this tab');
    await addItem(page, { title: 'Still here', support: 'support' });
    expect(await heading(page).textContent()).toBe('Kept in this tab');
    expect(await reasonTitles(page)).toEqual(['Still here']);
    expect(await flashText(page)).toContain("Drafts can't be saved in this browser");
    expect(await page.getByText('Not saved in this browser.').isVisible()).toBe(true);
    expect(await page.getByText('will be lost when you close it').first().isVisible()).toBe(true);

    // "Your maps" reads the same storage: it shows its empty lists, never an error page.
    await page.getByRole('link', { name: 'Your maps' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Your maps' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Something went wrong' }).count()).toBe(0);
    expect(errors.filter((e) => !e.includes('SecurityError') && !e.includes('Access is denied'))).toEqual([]);
  });
});

describe('an unreadable stored draft', () => {
  it('is never replaced silently by a shared draft: the page asks, and offers to download it first', async ({
    page,
    errors,
  }) => {
    await page.goto('/map/draft.default');
    await editBelief(page, 'Mine');
    const shared = {
      ...(await storedDraft(page, 'draft.default'))!,
      data: { title: 'Shared', description: '', reasons: [] },
    };
    // What an older version of the app might have kept: not a draft this version can read.
    const unreadable = '{"version":"0.9","map":{"title":"Years of work"}}';
    await putStoredDraft(page, 'draft.default', unreadable);

    const link = `/shared#${compressToEncodedURIComponent(JSON.stringify({ draftId: 'draft.default', draft: shared }))}`;
    await page.goto(link);
    await page.getByRole('button', { name: 'Save as my draft' }).click();
    await page
      .getByText('This browser keeps something as your draft of this map that Belief Map cannot read')
      .waitFor();
    expect(await rawStoredDraft(page, 'draft.default')).toBe(unreadable);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download what is kept' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('unreadable-draft.default.json');
    expect(await readFile(await download.path(), 'utf8')).toBe(unreadable);

    await page.getByRole('button', { name: 'Replace my draft' }).click();
    await page.waitForURL('**/map/draft.default');
    await expect.poll(() => heading(page).textContent()).toBe('Shared');
    expect((await storedDraft(page, 'draft.default'))?.data.title).toBe('Shared');
    expect(errors).toEqual([]);
  });
});

describe("a host's publishMap answer", () => {
  for (const answer of [undefined, '//evil.com/x', '../../compare/a/b']) {
    it(`refuses ${String(answer)}, keeping the host's draft and the page where it is`, async ({
      page,
      context,
    }) => {
      await context.addInitScript((answered) => {
        const drafts = new Map<string, unknown>();
        const calls: string[] = [];
        Object.assign(window, {
          hostCalls: calls,
          BeliefMapHost: {
            fetchDraft: (id: string) => drafts.get(id) ?? null,
            persistDraft: (id: string, draft: unknown) => void drafts.set(id, draft),
            deleteDraft: (id: string) => {
              calls.push(`deleteDraft ${id}`);
              drafts.delete(id);
            },
            publishMap: () => (calls.push('publishMap'), answered === null ? undefined : answered),
          },
        });
      }, answer ?? null);
      await page.goto('/map/draft.default');
      await heading(page).waitFor();
      await editBelief(page, 'Hosted belief');
      await page.getByRole('button', { name: 'Publish draft' }).click();
      await expect.poll(() => flashText(page)).toBe('Error publishing map');

      const calls = await page.evaluate(() => (window as unknown as { hostCalls: string[] }).hostCalls);
      expect(calls).toEqual(['publishMap']);
      expect(pathOf(page)).toBe('/map/draft.default');
      expect(await heading(page).textContent()).toBe('Hosted belief');
      await page.reload();
      // The init script runs again on reload and the host's drafts start empty: the page itself
      // was never left, which is what counts.
      await heading(page).waitFor();
      expect(pathOf(page)).toBe('/map/draft.default');
    });
  }
});
