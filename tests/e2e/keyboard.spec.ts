import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { newReason } from '../../src/domain/test-support/builders';
import { openPage, storedDraft } from './support/map-page';
import { testWithPublishedMap } from './support/published-maps';

// PRODUCT §13 (keyboard): every screen works with the keyboard alone. One reader, no mouse, makes a
// map, adds two rated reasons and edits one, publishes it, compares it with a friend's map and
// merges one of the friend's reasons into a draft. Only page.keyboard is used (Tab, Shift+Tab,
// Enter, Space, Escape, arrows and typing), and after every key that moves focus the focused
// element must be on screen, not covered, and drawn with a visible focus indicator.

const friendReason = 'The parking lane is rarely full';

// `mapId` is the friend's map.
const it = testWithPublishedMap({
  title: 'Elm Street should get a bike lane',
  description: null,
  reasons: [
    newReason(friendReason, {
      relevance: 'A count on three weekdays found it at most half full.',
      belief: 'strong-agree',
      support: 'support',
    }),
  ],
});

interface FocusReport {
  element: string;
  problem: string | null;
}

/** What has focus, and what is wrong with how it shows (null when it shows well). */
function describeFocus(page: Page): Promise<FocusReport> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body || element === document.documentElement) {
      return { element: 'body', problem: 'nothing on the page has focus' };
    }
    const name = `<${element.tagName.toLowerCase()}> "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
    const style = getComputedStyle(element);
    const rect = element.getBoundingClientRect();
    if (
      rect.width === 0 ||
      rect.height === 0 ||
      style.visibility === 'hidden' ||
      Number(style.opacity) === 0
    ) {
      return { element: name, problem: 'the focused element is not visible' };
    }
    if (rect.bottom <= 0 || rect.top >= innerHeight || rect.right <= 0 || rect.left >= innerWidth) {
      return { element: name, problem: 'the focused element is off screen' };
    }
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none';
    if (!outline && !shadow) return { element: name, problem: 'no focus outline or ring' };
    // WCAG 2.4.11: not hidden behind something fixed (the header, the flash bar).
    const x = Math.min(Math.max(rect.left + rect.width / 2, 0), innerWidth - 1);
    const y = Math.min(Math.max(rect.top + Math.min(rect.height / 2, 12), 0), innerHeight - 1);
    const top = document.elementFromPoint(x, y);
    if (top && !element.contains(top) && !top.contains(element)) {
      return { element: name, problem: `covered by <${top.tagName.toLowerCase()} class="${top.className}">` };
    }
    return { element: name, problem: null };
  });
}

async function expectVisibleFocus(page: Page, step: string): Promise<void> {
  const report = await describeFocus(page);
  expect(report.problem, `${step}: focus on ${report.element}`).toBeNull();
}

type Role = Parameters<Page['getByRole']>[0];

/**
 * Presses Tab (or Shift+Tab) until the element with this role and accessible name has focus,
 * checking after each press that focus is visible; fails after `max` presses. Where focus leaves
 * the page (past its last control) one press is allowed to land on nothing.
 */
async function tabTo(
  page: Page,
  role: Role,
  name: string,
  { backwards = false, max = 60 }: { backwards?: boolean; max?: number } = {},
): Promise<void> {
  const target = page.getByRole(role, { name, exact: true });
  let outside = 0;
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    const report = await describeFocus(page);
    if (report.element === 'body' && outside++ === 0) continue;
    outside = 0;
    expect(report.problem, `Tab ${i} towards ${role} "${name}": focus on ${report.element}`).toBeNull();
    if (await target.evaluateAll((elements) => elements.includes(document.activeElement as HTMLElement)))
      return;
  }
  throw new Error(
    `No ${role} named "${name}" got focus after ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`,
  );
}

/** Expects focus on the element with this role and name (e.g. after a form closes). */
async function expectFocusOn(page: Page, role: Role, name: string): Promise<void> {
  const target = page.getByRole(role, { name, exact: true });
  await expect
    .poll(() => target.evaluateAll((elements) => elements.includes(document.activeElement as HTMLElement)), {
      message: `focus on ${role} "${name}"`,
    })
    .toBe(true);
  await expectVisibleFocus(page, `${role} "${name}"`);
}

/** Picks an option of the focused <select> with the arrow keys, as a keyboard user does. */
async function chooseOption(page: Page, label: string): Promise<void> {
  const selected = () =>
    page.evaluate(() => {
      const select = document.activeElement as HTMLSelectElement;
      return select.selectedOptions[0]?.textContent ?? '';
    });
  for (const key of ['ArrowDown', 'ArrowUp']) {
    for (let i = 0; i < 8 && (await selected()) !== label; i++) await page.keyboard.press(key);
  }
  expect(await selected()).toBe(label);
}

/** Replaces the text of the focused field, as Ctrl+A and typing would. */
async function retype(page: Page, text: string): Promise<void> {
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

/** Fills the open reason form from its Title field on, using Tab between its fields. */
async function fillReason(page: Page, title: string, relevance: string, belief: string, support: string) {
  await expectFocusOn(page, 'textbox', 'Title');
  await retype(page, title);
  await tabTo(page, 'textbox', 'Relevance');
  await page.keyboard.type(relevance);
  await tabTo(page, 'combobox', 'Belief');
  await chooseOption(page, belief);
  await tabTo(page, 'combobox', 'Support');
  await chooseOption(page, support);
}

describe('keyboard only', () => {
  describe('on a 1280 × 800 screen', () => {
    it.override('contextOptions', { viewport: { width: 1280, height: 800 } });

    it('makes a map, adds and edits reasons, publishes, compares and merges, with visible focus throughout', async ({
      app,
      page,
      errors,
      mapId: friendId,
    }) => {
      const main = page.getByRole('main');
      await openPage(page, '/map/draft.default', 'New belief');

      // The first Tab reaches the skip link, which shows itself and leads into the page.
      await page.keyboard.press('Tab');
      await expectFocusOn(page, 'link', 'Skip to content');
      await page.keyboard.press('Enter');

      // The belief: the form takes focus, and Save gives it back to "Edit belief".
      await tabTo(page, 'button', 'Edit belief');
      await page.keyboard.press('Enter');
      await expectFocusOn(page, 'textbox', 'Title');
      await retype(page, 'Our street should get a protected bike lane');
      await tabTo(page, 'textbox', 'Description');
      await page.keyboard.type('What the neighbours said at the meeting.');
      await tabTo(page, 'button', 'Save');
      await page.keyboard.press('Enter');
      await main
        .getByRole('heading', { level: 1, name: 'Our street should get a protected bike lane' })
        .waitFor();
      await expectFocusOn(page, 'button', 'Edit belief');

      // Escape closes a form without saving, and focus returns to the button that opened it.
      await tabTo(page, 'button', 'Add item');
      await page.keyboard.press('Enter');
      await expectFocusOn(page, 'textbox', 'Title');
      await page.keyboard.type('Typed, then abandoned');
      await page.keyboard.press('Escape');
      await expectFocusOn(page, 'button', 'Add item');
      expect(await main.getByText('Typed, then abandoned').count()).toBe(0);

      // Two reasons, rated with the arrow keys; Save returns focus to "Add item".
      await page.keyboard.press('Enter');
      await fillReason(
        page,
        'Cycling would be safer',
        'Most injuries happen at opening car doors.',
        'Strongly agree',
        'Strongly supports',
      );
      await tabTo(page, 'button', 'Save');
      await page.keyboard.press('Enter');
      await main.getByText('Cycling would be safer', { exact: true }).waitFor();
      await expectFocusOn(page, 'button', 'Add item');

      await page.keyboard.press('Space');
      await fillReason(page, 'Shops would lose trade', 'Some customers drive.', 'Disagree', 'Disconfirms');
      await tabTo(page, 'textbox', 'Title', { backwards: true });
      await page.keyboard.press('Enter'); // Enter in a text field submits its form
      await main.getByText('Shops would lose trade', { exact: true }).waitFor();
      await expectFocusOn(page, 'button', 'Add item');

      // Edit the first reason (Shift+Tab back up the page to its "Edit item"); Cancel, then Save.
      await tabTo(page, 'button', 'Edit item', { backwards: true });
      const editedId = await page.evaluate(() => document.activeElement!.id);
      await page.keyboard.press('Enter');
      await expectFocusOn(page, 'textbox', 'Title');
      await tabTo(page, 'button', 'Cancel');
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement!.id)).toBe(editedId);
      await page.keyboard.press('Enter');
      await expectFocusOn(page, 'textbox', 'Title');
      const before = await page.evaluate(() => (document.activeElement as HTMLInputElement).value);
      await retype(page, `${before} (edited)`);
      await tabTo(page, 'button', 'Save');
      await page.keyboard.press('Enter');
      await main.getByText(`${before} (edited)`, { exact: true }).waitFor();
      expect(await page.evaluate(() => document.activeElement!.id)).toBe(editedId);
      await expectVisibleFocus(page, 'Edit item after saving');

      // Publish: the page moves to the published map and focus to its heading.
      await tabTo(page, 'button', 'Publish draft');
      await page.keyboard.press('Enter');
      await page.waitForURL(
        (url) => /^\/map\/[a-z0-9-]+$/.test(url.pathname) && !url.pathname.includes('draft'),
      );
      const publishedId = new URL(page.url()).pathname.slice('/map/'.length);
      await main
        .getByRole('heading', { level: 1, name: 'Our street should get a protected bike lane' })
        .waitFor();
      await main.getByText(`${before} (edited)`, { exact: true }).waitFor();

      // Compare it with the friend's map, from the published map's "Compare" link.
      await tabTo(page, 'link', 'Compare');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/compare');
      await expectFocusOn(page, 'textbox', 'Modified map'); // the base is filled in already
      expect(await page.getByRole('textbox', { name: 'Base map' }).inputValue()).toBe(publishedId);
      await page.keyboard.type(`${app.baseUrl}/map/${friendId}`);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === `/compare/${publishedId}/${friendId}`);
      await main.getByText(friendReason, { exact: true }).first().waitFor();

      // A published base takes no merges; the page offers to compare the draft instead.
      await tabTo(page, 'link', 'compare your draft instead');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === `/compare/draft.${publishedId}/${friendId}`);
      await tabTo(page, 'button', 'Add to draft');
      await page.keyboard.press('Enter');
      await page.getByRole('status').filter({ hasText: 'Draft updated' }).waitFor();
      await expectVisibleFocus(page, 'after merging');

      // The merge is in the draft, and the draft page shows it.
      const draft = await storedDraft(page, `draft.${publishedId}`);
      expect(draft?.data.reasons.map((reason) => reason.title)).toContain(friendReason);

      expect(errors).toEqual([]);
    }, 120_000);
  });

  describe('on a 360 px screen', () => {
    it.override('contextOptions', { viewport: { width: 360, height: 740 } });

    it('reaches the narrow-screen menu and the colour-mode button by keyboard, with visible focus', async ({
      page,
    }) => {
      await openPage(page, '/help', 'Help');
      await tabTo(page, 'button', 'Menu');
      await page.keyboard.press('Enter');
      expect(await page.getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('true');
      await tabTo(page, 'link', 'Compare maps');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/compare');
      await tabTo(page, 'button', 'Dark mode', { backwards: true });
      await page.keyboard.press('Space');
      await expectFocusOn(page, 'button', 'Light mode');
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    });
  });

  it('notices focus that does not show (the check above is not vacuous)', async ({ page }) => {
    await openPage(page, '/help', 'Help');
    await tabTo(page, 'link', 'Belief Map v0.1');
    expect((await describeFocus(page)).problem).toBeNull();
    // Script may set an element's style under the CSP; an inline <style> could not be added.
    await page.evaluate(() => ((document.activeElement as HTMLElement).style.outline = 'none'));
    expect((await describeFocus(page)).problem).toBe('no focus outline or ring');
    await page.evaluate(() => (document.activeElement as HTMLElement).blur());
    expect((await describeFocus(page)).problem).toBe('nothing on the page has focus');
  });
});
