import type { Dialog, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { it } from './support/fixtures';
import {
  addItem,
  heading,
  isFocused,
  layOutDraft,
  openMap,
  pathOf,
  putStoredDraft,
  reasonTitles,
  storedDraft,
  tabTo,
} from './support/map-page';

// PRODUCT §7.5: an open form is part of the draft's state. Publishing saves it first (or waits),
// leaving inside the app asks first, a reload reopens it as typed, and a form saved in a tab
// whose item another tab changed since asks which version to keep. All by keyboard.

/** Answers the page's next dialog with `accept`, and resolves to its message. */
function answerNextDialog(page: Page, accept: boolean): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog: Dialog) => {
      resolve(dialog.message());
      void (accept ? dialog.accept() : dialog.dismiss());
    });
  });
}

/** Opens "Edit item" of the reason titled `title` by keyboard and types `text` over its title. */
async function retitleInForm(page: Page, title: string, text: string): Promise<void> {
  const item = page.getByRole('listitem').filter({ hasText: title });
  await tabTo(page, item.getByRole('button', { name: 'Edit item' }));
  await page.keyboard.press('Enter');
  await page.getByRole('form', { name: 'Edit item' }).waitFor();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

const formTitle = (page: Page) => page.getByRole('form').getByLabel('Title', { exact: true });

describe('an open form', () => {
  it('is saved before publishing when the person says so, and waits when not', async ({ page, errors }) => {
    await layOutDraft(page, { title: 'Longer library hours' }, [{ title: 'Students study late' }]);
    await retitleInForm(page, 'Students study late', 'Students and shift workers study late');

    // "Cancel": nothing is published, the typing is still there and the focus is back in the form.
    const publish = page.getByRole('button', { name: 'Publish draft' });
    await tabTo(page, publish);
    let asked = answerNextDialog(page, false);
    await page.keyboard.press('Enter');
    expect(await asked).toBe(
      'Save the changes in the open form before publishing? OK saves them and publishes the draft; Cancel goes back to the form.',
    );
    await expect.poll(() => isFocused(formTitle(page))).toBe(true);
    expect(await formTitle(page).inputValue()).toBe('Students and shift workers study late');
    expect(pathOf(page)).toBe('/map/draft.default');

    // "OK": the form is saved, then the draft published with it.
    await tabTo(page, publish);
    asked = answerNextDialog(page, true);
    await page.keyboard.press('Enter');
    await asked;
    await page.getByRole('link', { name: 'Edit a copy' }).waitFor();
    expect(pathOf(page)).not.toBe('/map/draft.default');
    expect(await reasonTitles(page)).toEqual(['Students and shift workers study late']);
    expect(await storedDraft(page, 'draft.default')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('asks before a link or Back leaves it, and a reload reopens it as typed', async ({ page, errors }) => {
    await layOutDraft(page, { title: 'Longer library hours' }, [{ title: 'Students study late' }]);
    await page.goto('/help');
    await openMap(page, 'draft.default');
    await retitleInForm(page, 'Students study late', 'Typed, not saved');

    // A header link: staying keeps the page and the typing.
    const help = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' });
    await tabTo(page, help, { backwards: true });
    let asked = answerNextDialog(page, false);
    await page.keyboard.press('Enter');
    // One question, true whichever the answer: leaving keeps the typing in this tab (see below).
    expect(await asked).toBe(
      'Leave this page? What you typed in the open form is not saved yet; it stays in this tab, and the form reopens with it when you come back to the draft.',
    );
    expect(pathOf(page)).toBe('/map/draft.default');
    expect(await formTitle(page).inputValue()).toBe('Typed, not saved');

    // The browser's Back: staying puts the address back and keeps the form.
    asked = answerNextDialog(page, false);
    await page.evaluate(() => history.back());
    await asked;
    await expect.poll(() => pathOf(page)).toBe('/map/draft.default');
    expect(await formTitle(page).inputValue()).toBe('Typed, not saved');

    // A reload (the browser asks too) reopens the form with what was typed.
    page.once('dialog', (dialog) => void dialog.accept());
    await page.reload();
    await formTitle(page).waitFor();
    expect(await formTitle(page).inputValue()).toBe('Typed, not saved');
    await expect.poll(() => isFocused(formTitle(page))).toBe(true);

    // Leaving after all: the draft is as stored, and coming back in this tab finds the typing.
    await tabTo(page, help, { backwards: true });
    asked = answerNextDialog(page, true);
    await page.keyboard.press('Enter');
    await asked;
    await expect.poll(() => page.title()).toBe('Help - Belief Map');
    expect((await storedDraft(page, 'draft.default'))!.data.reasons.map((r) => r.title)).toEqual([
      'Students study late',
    ]);
    await page.goBack();
    await formTitle(page).waitFor();
    expect(await formTitle(page).inputValue()).toBe('Typed, not saved');
    await page.keyboard.press('Enter');
    await expect.poll(() => reasonTitles(page)).toEqual(['Typed, not saved']);
    expect(errors).toEqual([]);
  });

  it('leaves without asking when nothing was typed', async ({ page }) => {
    await layOutDraft(page, { title: 'Quiet streets' });
    await tabTo(page, page.getByRole('button', { name: 'Edit belief' }));
    await page.keyboard.press('Enter');
    await formTitle(page).waitFor();
    let asked = false;
    page.on('dialog', (dialog) => {
      asked = true;
      void dialog.dismiss();
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' }).click();
    await expect.poll(() => page.title()).toBe('Help - Belief Map');
    expect(asked).toBe(false);
  });
});

describe('a form in a second tab', () => {
  it('asks before overwriting what another tab changed since it opened: take theirs, or keep mine', async ({
    page,
    context,
    errors,
  }) => {
    await layOutDraft(page, { title: 'Longer library hours' }, [
      { title: 'Students study late', relevance: 'Exams' },
    ]);
    const tabB = await context.newPage();
    await openMap(tabB, 'draft.default');
    // Tab B opens the item's form and types; then tab A renames the item.
    await retitleInForm(tabB, 'Students study late', 'Title typed in B');
    await retitleInForm(page, 'Students study late', 'Renamed in A');
    await page.keyboard.press('Enter');
    await expect.poll(() => reasonTitles(page)).toEqual(['Renamed in A']);

    // B saves: nothing is overwritten until B chooses.
    await tabB.keyboard.press('Enter');
    const alert = tabB.getByRole('alert');
    await alert
      .filter({ hasText: 'This item was changed in another tab since you opened this form.' })
      .waitFor();
    const takeTheirs = alert.getByRole('button', { name: 'Take theirs' });
    expect(await isFocused(alert.getByRole('button', { name: 'Keep mine' }))).toBe(true);
    expect((await storedDraft(tabB, 'draft.default'))!.data.reasons[0]!.title).toBe('Renamed in A');

    await tabB.keyboard.press('Tab');
    expect(await isFocused(takeTheirs)).toBe(true);
    await tabB.keyboard.press('Enter');
    await formTitle(tabB).waitFor({ state: 'detached' });
    await expect.poll(() => reasonTitles(tabB)).toEqual(['Renamed in A']);
    expect((await storedDraft(tabB, 'draft.default'))!.data.reasons[0]!.title).toBe('Renamed in A');

    // Again, and this time B keeps its own version, on purpose.
    await retitleInForm(tabB, 'Renamed in A', 'B wins');
    await retitleInForm(page, 'Renamed in A', 'A again');
    await page.keyboard.press('Enter');
    await expect.poll(() => reasonTitles(page)).toEqual(['A again']);
    await formTitle(tabB).press('Enter');
    await alert.getByRole('button', { name: 'Keep mine' }).waitFor();
    await tabB.keyboard.press('Enter');
    await expect.poll(() => reasonTitles(tabB)).toEqual(['B wins']);
    await expect.poll(() => reasonTitles(page)).toEqual(['B wins']);
    const stored = (await storedDraft(page, 'draft.default'))!.data.reasons;
    expect(stored.map((r) => [r.title, r.relevance])).toEqual([['B wins', 'Exams']]);
    expect(errors).toEqual([]);
  });

  it('asks even when the other tab’s change is stored but not yet heard of in this one', async ({ page }) => {
    await layOutDraft(page, { title: 'Longer library hours' }, [{ title: 'Students study late' }]);
    await retitleInForm(page, 'Students study late', 'Typed here');
    // Another tab's write whose storage event has not arrived: a page hears none of its own writes.
    const before = (await storedDraft(page, 'draft.default'))!;
    const renamed = {
      ...before,
      updatedAt: new Date(Date.parse(before.updatedAt) + 1000).toISOString(),
      data: {
        ...before.data,
        reasons: [{ ...before.data.reasons[0]!, title: 'Renamed elsewhere' }],
      },
    };
    await putStoredDraft(page, 'draft.default', renamed);

    await formTitle(page).press('Enter');
    const alert = page.getByRole('alert').filter({
      hasText: 'This item was changed in another tab since you opened this form.',
    });
    await alert.waitFor();
    expect((await storedDraft(page, 'draft.default'))!.data.reasons[0]!.title).toBe('Renamed elsewhere');
    expect(await formTitle(page).inputValue()).toBe('Typed here');
    await alert.getByRole('button', { name: 'Keep mine' }).click();
    await expect.poll(() => reasonTitles(page)).toEqual(['Typed here']);
    expect((await storedDraft(page, 'draft.default'))!.data.reasons[0]!.title).toBe('Typed here');
  });

  it('keeps a form whose item another tab deleted, and asks before adding it back', async ({
    page,
    context,
  }) => {
    await layOutDraft(page, { title: 'Longer library hours' }, [{ title: 'Keep' }, { title: 'Going away' }]);
    const tabB = await context.newPage();
    await openMap(tabB, 'draft.default');
    await retitleInForm(tabB, 'Going away', 'Still wanted in B');

    const item = page.getByRole('listitem').filter({ hasText: 'Going away' });
    await item.getByRole('button', { name: 'Edit item' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    // Tab B has heard of the deletion (its list lacks the reason while its form is open, so the
    // list alone cannot tell).
    await expect
      .poll(() => tabB.getByRole('status').allTextContents())
      .toEqual(expect.arrayContaining([expect.stringContaining('This draft was changed in another tab')]));
    expect(await reasonTitles(tabB)).toEqual(['Keep']);
    expect(await formTitle(tabB).inputValue()).toBe('Still wanted in B');

    await formTitle(tabB).press('Enter');
    const alert = tabB.getByRole('alert');
    await alert.filter({ hasText: 'This item was deleted in another tab' }).waitFor();
    await tabB.keyboard.press('Enter'); // Keep mine, which has the focus
    await expect.poll(() => reasonTitles(tabB)).toContain('Still wanted in B');
    expect(await heading(tabB).textContent()).toBe('Longer library hours');
    await addItem(tabB, { title: 'After the conflict' });
  });
});
