import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { mapData, reason } from '../../src/domain/test-support/builders';
import { axeViolations, installAxe } from './support/axe';
import { expectShownFor, flashBar, flashText, pauseClock, timeFlashes } from './support/flash-bar';
import { it } from './support/fixtures';
import {
  editBelief,
  heading,
  isFocused,
  layOutDraft,
  openMap,
  openPage,
  putStoredDraft,
  storedDraft,
  type StoredDraft,
} from './support/map-page';

// PRODUCT §7.4, §15.1: a discarded draft outlives its 5 s “Undo”: it is kept for 30 days under
// “Recently discarded” on Your maps, with “Restore” and “Delete for good”, and gives up its room to
// drafts when storage is full, oldest first (rules K1, K2).

const day = 24 * 60 * 60 * 1000;

const bigDraft: StoredDraft = {
  version: '1.0',
  published: null,
  updatedAt: '2026-11-01T10:00:00.000Z',
  data: mapData(
    Array.from({ length: 300 }, (_, i) => reason(i + 1)),
    { title: 'Three hundred reasons' },
  ),
};

const discardedRegion = (page: Page) => page.getByRole('region', { name: 'Recently discarded' });
const draftsRegion = (page: Page) => page.getByRole('region', { name: 'Drafts' });
const titlesIn = (region: ReturnType<typeof discardedRegion>) =>
  region.getByRole('listitem').getByRole('heading', { level: 3 }).allTextContents();

/** Keeps `draft` as discarded `daysAgo` days ago (rule K1), as an earlier discard here would have. */
function putDiscarded(page: Page, draftId: string, draft: StoredDraft, daysAgo: number): Promise<string> {
  return page.evaluate(
    ([id, value, ago]) => {
      const key = `discarded.${Date.now() - ago}.${id}`;
      localStorage.setItem(key, value);
      return key;
    },
    [draftId, JSON.stringify(draft), daysAgo * day] as const,
  );
}

const discardedKeys = (page: Page) =>
  page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('discarded.')));

/** The text an element's aria-describedby points to. */
const descriptionOf = (locator: ReturnType<Page['getByRole']>) =>
  locator.evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent);

/**
 * Makes local storage of `context` refuse, with a QuotaExceededError, a write that would take it past
 * `window.quotaChars` characters (keys and values), once the page sets that.
 */
async function limitStorage(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      const quota = (window as unknown as { quotaChars?: number }).quotaChars;
      if (quota !== undefined && this === window.localStorage) {
        let used = key.length + value.length;
        for (let i = 0; i < this.length; i++) {
          const other = this.key(i)!;
          if (other !== key) used += other.length + this.getItem(other)!.length;
        }
        if (used > quota) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      return setItem.call(this, key, value);
    };
  });
}

describe('recently discarded drafts', () => {
  it('keeps a discarded 300-reason draft after its 5 s Undo, and Restore brings it back', async ({
    page,
    context,
    errors,
  }) => {
    await timeFlashes(context);
    await openPage(page, '/maps', 'Your maps');
    await discardedRegion(page).getByText('Nothing discarded.').waitFor();
    await putStoredDraft(page, 'draft.default', bigDraft);
    await openMap(page, 'draft.default');
    await pauseClock(page);
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await expectShownFor(page, 'Draft deleted', 5000);
    await page.clock.resume();
    expect(await storedDraft(page, 'draft.default')).toBeNull();

    await openPage(page, '/maps', 'Your maps');
    await draftsRegion(page).getByText('No drafts in this browser.').waitFor();
    const discarded = discardedRegion(page);
    expect(await discarded.getByRole('heading', { level: 2 }).textContent()).toBe('Recently discarded');
    await discarded.getByRole('listitem').first().waitFor();
    expect(await discarded.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^Three hundred reasons\n+New draft · Discarded .* · 300 reasons\n/),
    ]);
    const restore = discarded.getByRole('button', { name: 'Restore', exact: true });
    expect(await descriptionOf(restore)).toBe('Three hundred reasons');
    expect(await descriptionOf(discarded.getByRole('button', { name: 'Delete for good' }))).toBe(
      'Three hundred reasons',
    );

    await restore.click();
    await expect.poll(() => flashText(page)).toBe('Draft restored');
    await draftsRegion(page).getByRole('link', { name: 'Three hundred reasons' }).waitFor();
    await discarded.getByText('Nothing discarded.').waitFor();
    expect(await storedDraft(page, 'draft.default')).toEqual(bigDraft);
    expect(await discardedKeys(page)).toEqual([]);
    expect(await isFocused(discarded.getByRole('heading', { level: 2 }))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('asks "Replace" or "Keep both" when a newer draft has taken the id: Keep both', async ({
    page,
    context,
  }) => {
    await installAxe(context);
    const older = await layOutDraft(page, { title: 'Longer library hours' });
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('New belief');
    await editBelief(page, 'Shorter library hours');
    const newer = await storedDraft(page, 'draft.default');

    await openPage(page, '/maps', 'Your maps');
    const discarded = discardedRegion(page);
    await discarded.getByRole('button', { name: 'Restore', exact: true }).click();
    const question = discarded.getByRole('group');
    expect(await question.textContent()).toContain('A newer draft of this map is kept in this browser.');
    const keepBoth = question.getByRole('button', { name: 'Keep both' });
    await expect.poll(() => isFocused(keepBoth)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await keepBoth.click();

    await expect.poll(() => flashText(page)).toBe('Draft restored');
    await discarded.getByText('Nothing discarded.').waitFor();
    expect(await titlesIn(draftsRegion(page))).toEqual(['Shorter library hours', 'Longer library hours']);
    expect(await storedDraft(page, 'draft.default')).toEqual(newer);
    const copies = await page.evaluate(() =>
      Object.keys(localStorage).filter((key) => /^map\.draft\.local--[a-z0-9]{12}$/.test(key)),
    );
    expect(copies).toHaveLength(1);
    expect(await storedDraft(page, copies[0]!.slice('map.'.length))).toEqual(older);
  });

  it('asks "Replace" or "Keep both" when a newer draft has taken the id: Replace discards the newer', async ({
    page,
  }) => {
    const older = await layOutDraft(page, { title: 'Longer library hours' });
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('New belief');
    await editBelief(page, 'Shorter library hours');

    await openPage(page, '/maps', 'Your maps');
    const discarded = discardedRegion(page);
    await discarded.getByRole('button', { name: 'Restore', exact: true }).click();
    await discarded.getByRole('group').getByRole('button', { name: 'Replace' }).click();

    await expect.poll(() => flashText(page)).toBe('Draft restored');
    await expect.poll(() => titlesIn(discarded)).toEqual(['Shorter library hours']);
    expect(await titlesIn(draftsRegion(page))).toEqual(['Longer library hours']);
    expect(await storedDraft(page, 'draft.default')).toEqual(older);
  });

  it('lists the last 30 days newest first, and "Delete for good" has its Undo', async ({ page }) => {
    await openPage(page, '/maps', 'Your maps');
    const draft = (title: string): StoredDraft => ({ ...bigDraft, data: mapData([], { title }) });
    const expired = await putDiscarded(page, 'draft.default', draft('A month and a day ago'), 31);
    await putDiscarded(page, 'draft.default', draft('Four weeks ago'), 28);
    await putDiscarded(page, 'draft.local--abcdefghijkl', draft('Yesterday'), 1);
    await page.reload();
    const discarded = discardedRegion(page);
    await expect.poll(() => titlesIn(discarded)).toEqual(['Yesterday', 'Four weeks ago']);
    expect(await discardedKeys(page)).not.toContain(expired);

    await discarded.getByRole('button', { name: 'Delete for good' }).first().click();
    await expect.poll(() => flashText(page)).toBe('Draft deleted for good');
    expect(await titlesIn(discarded)).toEqual(['Four weeks ago']);
    await flashBar(page).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => titlesIn(discarded)).toEqual(['Yesterday', 'Four weeks ago']);
    await expect.poll(() => flashText(page)).toBe('Undone: deleted “Yesterday” for good');

    await discarded.getByRole('button', { name: 'Delete for good' }).first().click();
    await expect.poll(() => titlesIn(discarded)).toEqual(['Four weeks ago']);
    await page.reload();
    await expect.poll(() => titlesIn(discarded)).toEqual(['Four weeks ago']);
  });

  it('gives the room of the oldest discarded drafts to a draft when storage is full', async ({
    page,
    context,
  }) => {
    await limitStorage(context);
    await openMap(page, 'draft.default');
    const filler = (title: string): StoredDraft => ({
      ...bigDraft,
      data: mapData([], { title, description: 'x'.repeat(20_000) }),
    });
    const oldest = await putDiscarded(page, 'draft.default', filler('Oldest'), 9);
    await putDiscarded(page, 'draft.default', filler('Newer'), 2);
    // Full: no more than a hundred characters left.
    await page.evaluate(() => {
      const used = Object.keys(localStorage).reduce(
        (sum, key) => sum + key.length + localStorage.getItem(key)!.length,
        0,
      );
      (window as unknown as { quotaChars: number }).quotaChars = used + 100;
    });

    await editBelief(page, 'Kept, in the room of a discarded draft');
    await expect
      .poll(async () => (await storedDraft(page, 'draft.default'))?.data.title)
      .toBe('Kept, in the room of a discarded draft');
    expect(await page.getByText('Not saved in this browser.').count()).toBe(0);
    const keys = await discardedKeys(page);
    expect(keys).toHaveLength(1);
    expect(keys).not.toContain(oldest);
  });

  it('keeps nothing in this browser when a host keeps the drafts (PRODUCT §11.2)', async ({
    page,
    context,
  }) => {
    await context.addInitScript(() => {
      const drafts = new Map<string, unknown>();
      Object.assign(window, {
        BeliefMapHost: {
          fetchDraft: (id: string) => drafts.get(id) ?? null,
          persistDraft: (id: string, draft: unknown) => void drafts.set(id, draft),
          deleteDraft: (id: string) => void drafts.delete(id),
        },
      });
    });
    await openMap(page, 'draft.default');
    await editBelief(page, 'Kept by the host');
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await expect.poll(() => flashText(page)).toBe('Draft deleted');
    expect(await discardedKeys(page)).toEqual([]);

    // In the app, not by a reload: this host keeps its drafts in the page's memory.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your maps' }).click();
    await draftsRegion(page).getByText('No drafts in this browser.').waitFor();
    expect(await discardedRegion(page).count()).toBe(0);
  });

  it('shows a discard made in another tab', async ({ page, context }) => {
    await openPage(page, '/maps', 'Your maps');
    await discardedRegion(page).getByText('Nothing discarded.').waitFor();
    const other = await context.newPage();
    await layOutDraft(other, { title: 'Discarded elsewhere' });
    await other.getByRole('button', { name: 'Discard draft' }).click();
    await expect.poll(() => titlesIn(discardedRegion(page))).toEqual(['Discarded elsewhere']);
  });
});
