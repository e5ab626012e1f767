import { compressToEncodedURIComponent } from 'lz-string';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { newReason } from '../../src/domain/test-support/builders';
import { test } from './support/fixtures';
import { flashBar, flashText } from './support/flash-bar';
import {
  addItem,
  heading,
  isFocused,
  openMap,
  pathOf,
  reasonTitles,
  storedDraft,
  tabTo,
} from './support/map-page';
import { publishTestMap } from './support/published-maps';

// PRODUCT §7.6: Undo and Redo walk the draft's history, every edit and merge a step, by the buttons
// "Undo" and "Redo" and by Ctrl+Z / Shift+Ctrl+Z, for the tab's session (a reload keeps it), and
// say what they undid or redid. The Undo of a flash message is the same history's undo.

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
      reasons: [
        newReason('Shift workers need them', { belief: 'agree', support: 'support' }),
        newReason('Cheaper than taxis', { belief: 'agree', support: 'support' }),
        newReason('Safer walks home', { belief: 'agree', support: 'strong-support' }),
        newReason('Less drink driving', { belief: 'neutral', support: 'support' }),
      ],
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

    await pressOnPage(page, 'ControlOrMeta+Z', 'Undone: merge of the title');
    await expect.poll(() => title(page)).toBe('Night buses, first step');
    expect((await storedDraft(page, draftId))!.data.title).toBe('Night buses, first step');
    await pressOnPage(page, 'ControlOrMeta+Z', 'Undone: added “Second step: fewer taxis”');
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

    await pressOnPage(page, 'Shift+ControlOrMeta+Z', 'Redone: changed the belief');
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

    await pressOnPage(page, 'ControlOrMeta+Z', 'Undone: merge of the title');
    await expect.poll(() => title(page)).toBe('Night buses, first step');
    expect(errors).toEqual([]);
  });

  it('forgets the steps undone once a new edit is made', async ({ page, maps }) => {
    const draftId = `draft.${maps.mapId}`;
    await openMap(page, draftId);
    await editByKeyboard(page, 'Edit belief', 'One');
    await editByKeyboard(page, 'Edit belief', 'Two');
    await pressOnPage(page, 'ControlOrMeta+Z', 'Undone: changed the belief');
    await expect.poll(() => title(page)).toBe('One');
    await editByKeyboard(page, 'Edit belief', 'Three');
    await pressOnPage(page, 'Shift+ControlOrMeta+Z', 'Nothing to redo');
    expect(await title(page)).toBe('Three');
    await pressOnPage(page, 'ControlOrMeta+Z', 'Undone: changed the belief');
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

describe('one history for the flash and the buttons', () => {
  /** Presses the page's "Undo" and waits for what it says it undid. */
  async function pressUndo(page: Page, expected: string): Promise<void> {
    await undoButton(page).click();
    await expect.poll(() => flashText(page)).toBe(expected);
  }

  it('undoes a merge by the flash, says what it undid, and leaves no phantom step behind', async ({
    page,
    errors,
    maps,
  }) => {
    const draftId = `draft.${maps.mapId}`;
    await openMap(page, draftId);
    await addItem(page, { title: 'Cheaper rent', support: 'support' });

    await page.goto(`/compare/${draftId}/${maps.otherId}`);
    await page.getByRole('button', { name: 'Add all 4 added reasons' }).click();
    await flashBar(page).filter({ hasText: 'Draft updated' }).waitFor();
    await flashBar(page).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => flashText(page)).toBe('Undone: merge of 4 reasons');
    await page.getByRole('button', { name: 'Add all 4 added reasons' }).waitFor();

    // The merge is gone from the history too: the page's Undo takes back the edit before it.
    await openMap(page, draftId);
    expect(await reasonTitles(page)).toEqual(['Shift workers need them', 'Cheaper rent']);
    await pressUndo(page, 'Undone: added “Cheaper rent”');
    await expect.poll(() => reasonTitles(page)).toEqual(['Shift workers need them']);
    expect(await undoButton(page).getAttribute('aria-disabled')).toBe('true');
    await page.getByRole('button', { name: 'Redo', exact: true }).click();
    await expect.poll(() => flashText(page)).toBe('Redone: added “Cheaper rent”');
    await expect.poll(() => reasonTitles(page)).toEqual(['Shift workers need them', 'Cheaper rent']);
    expect(errors).toEqual([]);
  });

  it('undoes “Save as my draft” of a shared link by the flash, and the page undoes the step before', async ({
    page,
    errors,
    maps,
  }) => {
    const draftId = `draft.${maps.mapId}`;
    await openMap(page, draftId);
    await addItem(page, { title: 'Cheaper rent', support: 'support' });
    const mine = (await storedDraft(page, draftId))!;

    const shared = { ...mine, data: { ...mine.data, title: 'Night buses, as shared', reasons: [] } };
    await page.goto(`/shared#${compressToEncodedURIComponent(JSON.stringify({ draftId, draft: shared }))}`);
    await page.getByRole('button', { name: 'Save as my draft' }).click();
    await page.getByRole('button', { name: 'Replace my draft' }).click();
    await page.waitForURL(`**/map/${draftId}`);
    await expect.poll(() => title(page)).toBe('Night buses, as shared');
    await flashBar(page).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => flashText(page)).toBe('Undone: saving of the shared draft');
    await expect.poll(() => title(page)).toBe('Night buses on weekdays');
    expect(await reasonTitles(page)).toEqual(['Shift workers need them', 'Cheaper rent']);
    expect(pathOf(page)).toBe(`/map/${draftId}`);

    await pressUndo(page, 'Undone: added “Cheaper rent”');
    await expect.poll(() => reasonTitles(page)).toEqual(['Shift workers need them']);
    expect(await undoButton(page).getAttribute('aria-disabled')).toBe('true');
    expect(errors).toEqual([]);
  });
});
