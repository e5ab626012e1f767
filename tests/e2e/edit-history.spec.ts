import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { newReason } from '../../src/domain/test-support/builders';
import { test } from './support/fixtures';
import { flashText } from './support/flash-bar';
import { heading, isFocused, openMap, reasonTitles, storedDraft, tabTo } from './support/map-page';
import { publishTestMap } from './support/published-maps';

// PRODUCT §7.6: Undo and Redo walk the draft's history, every edit and merge a step, by the buttons
// "Undo" and "Redo" and by Ctrl+Z / Shift+Ctrl+Z, for the tab's session (a reload keeps it). All by
// keyboard.

interface Maps {
  mapId: string;
  otherId: string;
}

const it = test.extend('maps', { scope: 'file' }, async ({ app }): Promise<Maps> => {
  const [base, other] = await Promise.all([
    publishTestMap(app, {
      title: 'Night buses on weekdays',
      description: null,
      reasons: [newReason('Shift workers need them', { belief: 'agree', support: 'support' })],
    }),
    publishTestMap(app, {
      title: 'Night buses every night',
      description: null,
      reasons: [newReason('Shift workers need them', { belief: 'agree', support: 'support' })],
    }),
  ]);
  return { mapId: base.id, otherId: other.id };
});

const title = (page: Page) => heading(page).textContent();
const undoButton = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Undo', exact: true });
const redoButton = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Redo', exact: true });

/** Opens a form with the button `name` (by Tab and Enter), types `text` over its title and saves. */
async function editByKeyboard(page: Page, button: string, text: string): Promise<void> {
  await tabTo(page, page.getByRole('button', { name: button }).first());
  await page.keyboard.press('Enter');
  const field = page.getByRole('form').getByLabel('Title', { exact: true });
  await field.waitFor();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
  await field.waitFor({ state: 'detached' });
}

/** Presses `keys` with the focus on the page's heading, outside every text field. */
async function pressOnPage(page: Page, keys: string, expected: string): Promise<void> {
  await heading(page).focus();
  await page.keyboard.press(keys);
  await expect.poll(() => flashText(page)).toBe(expected);
}

describe('the history of a draft', () => {
  it('undoes and redoes several edits and a merge, by keys and buttons, after a reload too', async ({
    page,
    errors,
    maps,
  }) => {
    const draftId = `draft.${maps.mapId}`;
    await openMap(page, draftId);
    expect(await undoButton(page).getAttribute('aria-disabled')).toBe('true');
    await editByKeyboard(page, 'Edit belief', 'Night buses, first step');
    await editByKeyboard(page, 'Add item', 'Second step: fewer taxis');

    // A merge on the compare page is one more step.
    await page.goto(`/compare/${draftId}/${maps.otherId}`);
    const apply = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Map title', exact: true }) })
      .getByRole('button', { name: 'Apply changes' });
    await tabTo(page, apply);
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Draft updated' }).waitFor();

    await openMap(page, draftId);
    expect(await title(page)).toBe('Night buses every night');
    expect(await reasonTitles(page)).toContain('Second step: fewer taxis');

    await pressOnPage(page, 'ControlOrMeta+Z', 'Edit undone');
    await expect.poll(() => title(page)).toBe('Night buses, first step');
    expect((await storedDraft(page, draftId))!.data.title).toBe('Night buses, first step');
    await pressOnPage(page, 'ControlOrMeta+Z', 'Edit undone');
    await expect.poll(() => reasonTitles(page)).toEqual(['Shift workers need them']);
    expect(await title(page)).toBe('Night buses, first step');

    // The last step back, by the button: the fresh copy of the published map, no draft stored.
    await tabTo(page, undoButton(page));
    await page.keyboard.press('Enter');
    await expect.poll(() => title(page)).toBe('Night buses on weekdays');
    expect(await storedDraft(page, draftId)).toBeNull();
    expect(await undoButton(page).getAttribute('aria-disabled')).toBe('true');
    expect(await isFocused(undoButton(page))).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => flashText(page)).toBe('Nothing to undo');

    await pressOnPage(page, 'Shift+ControlOrMeta+Z', 'Edit redone');
    await expect.poll(() => title(page)).toBe('Night buses, first step');
    expect((await storedDraft(page, draftId))!.data.title).toBe('Night buses, first step');

    // The history lasts for the tab's session: a reload keeps both directions.
    await page.reload();
    await heading(page).waitFor();
    expect(await title(page)).toBe('Night buses, first step');
    await tabTo(page, redoButton(page));
    await page.keyboard.press('Enter');
    await expect.poll(() => reasonTitles(page)).toContain('Second step: fewer taxis');
    await page.keyboard.press('Enter');
    await expect.poll(() => title(page)).toBe('Night buses every night');
    expect(await redoButton(page).getAttribute('aria-disabled')).toBe('true');
    const merged = (await storedDraft(page, draftId))!;
    expect(merged.data.title).toBe('Night buses every night');
    expect(merged.data.reasons.map((reason) => reason.title)).toContain('Second step: fewer taxis');

    await pressOnPage(page, 'ControlOrMeta+Z', 'Edit undone');
    await expect.poll(() => title(page)).toBe('Night buses, first step');
    expect(errors).toEqual([]);
  });

  it('forgets the steps undone once a new edit is made', async ({ page, maps }) => {
    const draftId = `draft.${maps.mapId}`;
    await openMap(page, draftId);
    await editByKeyboard(page, 'Edit belief', 'One');
    await editByKeyboard(page, 'Edit belief', 'Two');
    await pressOnPage(page, 'ControlOrMeta+Z', 'Edit undone');
    await expect.poll(() => title(page)).toBe('One');
    await editByKeyboard(page, 'Edit belief', 'Three');
    await pressOnPage(page, 'Shift+ControlOrMeta+Z', 'Nothing to redo');
    expect(await title(page)).toBe('Three');
    await pressOnPage(page, 'ControlOrMeta+Z', 'Edit undone');
    await expect.poll(() => title(page)).toBe('One');
  });

  it('ignores a damaged history in session storage', async ({ page, errors }) => {
    await page.goto('/help');
    await page.evaluate(() => {
      sessionStorage.setItem('history.draft.default', '{"past": [{"draft": 1, "stored": true}], "future": 7');
    });
    await openMap(page, 'draft.default');
    await pressOnPage(page, 'ControlOrMeta+Z', 'Nothing to undo');
    await page.evaluate(() => {
      sessionStorage.setItem(
        'history.draft.default',
        '{"past": [{"draft": {"version": "9"}, "stored": true}]}',
      );
    });
    await page.reload();
    await heading(page).waitFor();
    await pressOnPage(page, 'ControlOrMeta+Z', 'Nothing to undo');
    expect(await title(page)).toBe('New belief');
    expect(errors).toEqual([]);
  });
});
