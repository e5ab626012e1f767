import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { mapData, reason } from '../../src/domain/test-support/builders';
import { axeViolations, colourModesAndWidths, installAxe } from './support/axe';
import { it } from './support/fixtures';
import { heading, isFocused, openMap, openPage, reasonTitles, storedDraft } from './support/map-page';
import { publishTestMap } from './support/published-maps';

// PRODUCT §13.1: a draft is built from the keyboard alone with its shortcuts: "a" adds a reason,
// "e" edits the belief, "j" and "k" move between reasons and Enter opens the one reached, "?" lists
// the shortcuts in a dialog that keeps and then gives back the focus; in a reason's form, Alt+B and
// Alt+S reach the ratings and 0–5 set them. No shortcut fires while typing in a field.

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const focusedName = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    const described = element?.getAttribute('aria-describedby');
    const detail = described ? ` ${document.getElementById(described)?.textContent ?? ''}` : '';
    return `${element?.tagName.toLowerCase()}:${element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? ''}${detail}`;
  });

describe('keyboard shortcuts on a draft', () => {
  it('build a draft with no mouse: belief, reasons, ratings, then move and open', async ({
    page,
    errors,
  }) => {
    const keys = page.keyboard;
    await openMap(page, 'draft.default');

    await keys.press('e');
    const belief = page.getByRole('form', { name: 'Edit belief' });
    await belief.waitFor();
    await keys.press('ControlOrMeta+A');
    await keys.type('Our street needs more trees');
    await keys.press('Enter');
    await belief.waitFor({ state: 'detached' });
    await expect.poll(() => heading(page).textContent()).toBe('Our street needs more trees');

    const reasons: [string, string, string][] = [
      ['Shade on hot days', '5', '4'], // strongly agree, supports
      ['Roots lift the pavement', '2', '2'], // disagree, disconfirms
    ];
    for (const [title, beliefDigit, supportDigit] of reasons) {
      // Pressed as soon as the last form is gone: the shortcuts are the page's from the same commit.
      await keys.press('a');
      const form = page.getByRole('form', { name: 'Add item' });
      await form.waitFor();
      await keys.type(title);
      await keys.press('Alt+B');
      expect(await isFocused(form.getByLabel('Belief', { exact: true }))).toBe(true);
      await keys.press(beliefDigit);
      await keys.press('Alt+S');
      expect(await isFocused(form.getByLabel('Support', { exact: true }))).toBe(true);
      await keys.press(supportDigit);
      // Back to the title (Support, Belief, Relevance, Title) and save with Enter there.
      for (let i = 0; i < 3; i++) await keys.press('Shift+Tab');
      expect(await isFocused(form.getByLabel('Title', { exact: true }))).toBe(true);
      await keys.press('Enter');
      await form.waitFor({ state: 'detached' });
    }
    const stored = (await storedDraft(page, 'draft.default'))!;
    expect(stored.data.reasons.map(({ title, belief, support }) => [title, belief, support])).toEqual([
      ['Shade on hot days', 'strong-agree', 'support'],
      ['Roots lift the pavement', 'disagree', 'disconfirm'],
    ]);

    // j and k move between the reasons' "Edit item" buttons; Enter opens the one reached.
    await keys.press('j');
    expect(await focusedName(page)).toBe('button:Edit item Shade on hot days');
    await keys.press('j');
    expect(await focusedName(page)).toBe('button:Edit item Roots lift the pavement');
    await keys.press('j');
    expect(await focusedName(page)).toBe('button:Edit item Roots lift the pavement');
    await keys.press('k');
    expect(await focusedName(page)).toBe('button:Edit item Shade on hot days');
    await keys.press('Enter');
    const editForm = page.getByRole('form', { name: 'Edit item' });
    await editForm.waitFor();
    expect(await editForm.getByLabel('Title', { exact: true }).inputValue()).toBe('Shade on hot days');
    // 0 clears a rating.
    await keys.press('Alt+S');
    await keys.press('0');
    expect(await editForm.getByLabel('Support', { exact: true }).inputValue()).toBe('');
    await keys.press('Escape');
    await editForm.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });

  it('never fire while typing in a field, nor with a form open', async ({ page }) => {
    await openMap(page, 'draft.default');
    await page.keyboard.press('a');
    const form = page.getByRole('form', { name: 'Add item' });
    const title = form.getByLabel('Title', { exact: true });
    await title.waitFor();
    await page.keyboard.type('a jek? e');
    expect(await title.inputValue()).toBe('a jek? e');
    await form.getByLabel('Relevance', { exact: true }).focus();
    await page.keyboard.type('keep typing?');
    expect(await form.getByLabel('Relevance', { exact: true }).inputValue()).toBe('keep typing?');
    // Focus on the form's own buttons: "e" must not swap the open form for another.
    await form.getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('e');
    expect(await page.getByRole('form', { name: 'Edit belief' }).count()).toBe(0);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await title.inputValue()).toBe('a jek? e');
  });

  it('do nothing on a published map', async ({ page, app }) => {
    const { id } = await publishTestMap(
      app,
      mapData([reason(1, { title: 'Read only' })], { title: 'Published' }),
    );
    await openMap(page, id);
    await page.keyboard.press('a');
    await page.keyboard.press('e');
    expect(await page.getByRole('form').count()).toBe(0);
    expect(await reasonTitles(page)).toEqual(['Read only']);
  });
});

describe('the shortcuts dialog', () => {
  it('opens with "?", keeps the focus inside, closes with Escape and gives the focus back', async ({
    page,
  }) => {
    await openMap(page, 'draft.default');
    const addItem = button(page, 'Add item');
    await addItem.focus();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.waitFor();
    expect(await dialog.getByRole('table', { name: 'On a draft' }).getByRole('row').count()).toBe(9);
    expect(await dialog.getByRole('table', { name: "In a reason's form" }).count()).toBe(1);
    const inside = () => dialog.evaluate((d) => d.contains(document.activeElement));
    expect(await inside()).toBe(true);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      // The browser's own chrome may take a Tab past the last control; the page's content never does.
      const onPage = await page.evaluate(() => document.activeElement !== document.body);
      if (onPage) expect(await inside()).toBe(true);
    }
    // Shortcuts stay quiet while it is open.
    await page.keyboard.press('a');
    expect(await page.getByRole('form', { name: 'Add item' }).count()).toBe(0);

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await isFocused(addItem)).toBe(true);
  });

  it('opens from its button too, and Close gives the focus back to it', async ({ page }) => {
    await openMap(page, 'draft.default');
    await button(page, 'Keyboard shortcuts').click();
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await isFocused(button(page, 'Keyboard shortcuts'))).toBe(true);
  });

  describe.for(colourModesAndWidths)('in %s mode at %i px', ([colorScheme, width]) => {
    it.override('contextOptions', { colorScheme, viewport: { width, height: 800 } });
    it('passes axe-core and fits the screen', async ({ page, context }) => {
      await installAxe(context);
      await openMap(page, 'draft.default');
      await page.keyboard.press('?');
      await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
      await page.screenshot({ path: `test-results/e2e/shortcuts-${colorScheme}-${width}.png` });
      expect(await axeViolations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  });
});

describe('the Help page', () => {
  it('lists the shortcuts', async ({ page }) => {
    await openPage(page, '/help', 'Help');
    const section = page.getByRole('region', { name: 'Keyboard shortcuts' });
    expect(
      await section
        .getByRole('table', { name: 'On a draft' })
        .getByRole('row', { name: /Add a reason/ })
        .count(),
    ).toBe(1);
    expect(await section.getByRole('row', { name: /Go to the Belief rating/ }).count()).toBe(1);
  });
});
