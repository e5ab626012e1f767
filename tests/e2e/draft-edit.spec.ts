import { describe, expect } from 'vitest';
import { it } from './support/fixtures';
import { flashBar, flashText } from './support/flash-bar';
import {
  addItem,
  heading,
  isFocused,
  openMap,
  reasonTitles,
  storedDraft,
  submitThenFocus,
} from './support/map-page';

// PRODUCT §6.3 and §7: a person lays out a belief and its reasons in a new draft with the keyboard
// alone. Each edit stamps updatedAt, lands in local storage under `map.draft.default` and re-sorts
// the reasons (PRODUCT §3.4); the forms move focus in, cancel with Escape, save with Enter and give
// focus back; the schema's limits and errors show beside their fields.

describe('editing a draft', () => {
  it('starts as "New belief", a new draft that is not stored until its first edit', async ({
    page,
    errors,
  }) => {
    await openMap(page, 'draft.default');
    expect(await heading(page).textContent()).toBe('New belief');
    expect(await page.getByText('New draft', { exact: true }).isVisible()).toBe(true);
    expect(await page.title()).toBe('New belief - Belief Map');
    expect(await page.getByText('Published maps are deleted automatically after 90 days.').isVisible()).toBe(
      true,
    );
    for (const name of ['Edit belief', 'Add item', 'Publish draft', 'Discard draft']) {
      expect(await page.getByRole('button', { name, exact: true }).isVisible(), name).toBe(true);
    }
    const actions = page.getByRole('region', { name: 'Draft actions' });
    expect(await actions.getByRole('button', { name: 'Publish draft' }).count()).toBe(1);
    expect(await storedDraft(page, 'draft.default')).toBeNull();
    expect(errors).toEqual([]);
  });

  it('lays out a belief and three reasons with the keyboard alone, stored and sorted after each edit', async ({
    page,
    errors,
  }) => {
    await openMap(page, 'draft.default');
    const keyboard = page.keyboard;

    // Edit belief: focus moves into Title; Enter in the title saves; focus returns to the button.
    const editBelief = page.getByRole('button', { name: 'Edit belief' });
    await editBelief.focus();
    await keyboard.press('Enter');
    const title = page.getByLabel('Title', { exact: true });
    expect(await isFocused(title)).toBe(true);
    await keyboard.press('ControlOrMeta+A');
    await keyboard.type('Main Street should get a protected bike lane');
    await keyboard.press('Tab');
    expect(await isFocused(page.getByLabel('Description', { exact: true }))).toBe(true);
    await keyboard.type('Instead of the parking lane on the east side.');
    await keyboard.press('Shift+Tab');
    await keyboard.press('Enter');
    await expect.poll(() => heading(page).textContent()).toBe('Main Street should get a protected bike lane');
    expect(await isFocused(editBelief)).toBe(true);
    expect(await page.title()).toBe('Main Street should get a protected bike lane - Belief Map');
    expect(await page.getByText('Instead of the parking lane on the east side.').isVisible()).toBe(true);
    const first = await storedDraft(page, 'draft.default');
    expect(first).toMatchObject({
      version: '1.0',
      published: '2026-01-01T00:00:00.000Z', // the built-in default map's
      data: {
        title: 'Main Street should get a protected bike lane',
        description: 'Instead of the parking lane on the east side.',
        reasons: [],
      },
    });

    // Add item, three times: Title, Relevance, Belief, Support by Tab and typing; Enter saves.
    const addItemButton = page.getByRole('button', { name: 'Add item' });
    const typeReason = async (titleText: string, relevance: string, belief: string, support: string) => {
      await addItemButton.focus();
      await keyboard.press('Enter');
      expect(await isFocused(page.getByLabel('Title', { exact: true }))).toBe(true);
      await keyboard.press('Tab');
      await keyboard.type(relevance);
      // The selects by typing the start of an option's name, as a keyboard user does.
      await keyboard.press('Tab');
      await keyboard.type(belief);
      await keyboard.press('Tab');
      await keyboard.type(support);
      await keyboard.press('Shift+Tab');
      await keyboard.press('Shift+Tab');
      await keyboard.press('Shift+Tab');
      await keyboard.type(titleText);
      await keyboard.press('Enter');
      await page.getByRole('form', { name: 'Add item' }).waitFor({ state: 'detached' });
      expect(await isFocused(addItemButton)).toBe(true);
    };
    await typeReason('Shops would lose customers who park', 'Two shops said so.', 'Disagree', 'Disconfirms');
    await typeReason(
      'Cycling would be safer',
      'Three crashes last year.',
      'Strongly agree',
      'Strongly supports',
    );
    await typeReason('It costs money', '', 'No agreement information', 'No support information');

    // PRODUCT §3.4 order: strong support first, then disconfirm, then no support.
    expect(await reasonTitles(page)).toEqual([
      'Cycling would be safer',
      'Shops would lose customers who park',
      'It costs money',
    ]);
    const stored = await storedDraft(page, 'draft.default');
    expect(stored!.data.reasons).toEqual([
      expect.objectContaining({
        title: 'Cycling would be safer',
        relevance: 'Three crashes last year.',
        belief: 'strong-agree',
        support: 'strong-support',
      }),
      expect.objectContaining({
        title: 'Shops would lose customers who park',
        belief: 'disagree',
        support: 'disconfirm',
      }),
      expect.objectContaining({ title: 'It costs money', relevance: null, belief: null, support: null }),
    ]);
    for (const reason of stored!.data.reasons) {
      expect(reason.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
    expect(Date.parse(stored!.updatedAt)).toBeGreaterThan(Date.parse(first!.updatedAt));

    // The icons carry the labels of PRODUCT §3.2 as their accessible names.
    const safer = page.getByRole('listitem').filter({ hasText: 'Cycling would be safer' });
    expect(await safer.getByRole('img', { name: 'Strongly agree', exact: true }).count()).toBe(1);
    expect(await safer.getByRole('img', { name: 'Strongly supports', exact: true }).count()).toBe(1);
    const costs = page.getByRole('listitem').filter({ hasText: 'It costs money' });
    expect(await costs.getByRole('img', { name: 'No agreement information' }).count()).toBe(1);
    expect(await costs.getByRole('img', { name: 'No support information' }).count()).toBe(1);

    // Edit item: giving "It costs money" support moves it up; focus returns to its Edit item.
    const costsEdit = costs.getByRole('button', { name: 'Edit item' });
    await costsEdit.focus();
    await keyboard.press('Enter');
    for (let i = 0; i < 3; i++) await keyboard.press('Tab'); // Relevance, Belief, Support
    await keyboard.type('Supports');
    for (let i = 0; i < 3; i++) await keyboard.press('Shift+Tab');
    await keyboard.press('Enter');
    await expect
      .poll(() => reasonTitles(page))
      .toEqual(['Cycling would be safer', 'It costs money', 'Shops would lose customers who park']);
    expect(
      await isFocused(
        page
          .getByRole('listitem')
          .filter({ hasText: 'It costs money' })
          .getByRole('button', { name: 'Edit item' }),
      ),
    ).toBe(true);
    expect((await storedDraft(page, 'draft.default'))!.data.reasons[1]).toMatchObject({
      title: 'It costs money',
      support: 'support',
    });
    expect(errors).toEqual([]);
  });

  it('opens the title "New belief" selected, so typing replaces it', async ({ page }) => {
    await openMap(page, 'draft.default');
    await page.getByRole('button', { name: 'Edit belief' }).focus();
    await page.keyboard.press('Enter');
    const title = page.getByRole('textbox', { name: 'Title' });
    expect(await isFocused(title)).toBe(true);
    await page.keyboard.type('Typed over');
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page).textContent()).toBe('Typed over');

    // A title the person chose is not a placeholder: the form opens with the caret, not a selection.
    await page.getByRole('button', { name: 'Edit belief' }).focus();
    await page.keyboard.press('Enter');
    expect(await title.evaluate((el: HTMLInputElement) => el.selectionEnd! - el.selectionStart!)).toBe(0);
  });

  it('cancels with Escape or Cancel, changing nothing, and gives focus back', async ({ page }) => {
    await openMap(page, 'draft.default');
    const editBelief = page.getByRole('button', { name: 'Edit belief' });
    await editBelief.click();
    await page.getByLabel('Title', { exact: true }).fill('Never saved');
    await page.keyboard.press('Escape');
    await page.getByRole('form', { name: 'Edit belief' }).waitFor({ state: 'detached' });
    expect(await heading(page).textContent()).toBe('New belief');
    expect(await isFocused(editBelief)).toBe(true);

    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Never added');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(await reasonTitles(page)).toEqual([]);
    expect(await isFocused(page.getByRole('button', { name: 'Add item' }))).toBe(true);
    expect(await storedDraft(page, 'draft.default')).toBeNull();
  });

  it('shows the schema errors beside their fields and saves nothing until they are fixed', async ({
    page,
  }) => {
    await openMap(page, 'draft.default');
    await page.getByRole('button', { name: 'Edit belief' }).click();
    const title = page.getByLabel('Title', { exact: true });
    await title.fill('   ');
    await title.press('Enter');
    await expect.poll(() => title.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await title.getAttribute('aria-describedby'))!.split(' ');
    const descriptions = await Promise.all(
      describedBy.map((id) => page.locator(`[id="${id}"]`).textContent()),
    );
    expect(descriptions).toEqual(['Title is required', 'Required, up to 300 characters']);
    expect(await isFocused(title)).toBe(true);

    await title.fill('x'.repeat(301));
    expect(await page.getByText('301 of 300 characters').isVisible()).toBe(true);
    await title.press('Enter');
    await page.getByText('Title must be at most 300 characters').waitFor();
    await title.fill('A good title');
    await title.press('Enter');
    await expect.poll(() => heading(page).textContent()).toBe('A good title');

    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Reason title is required').waitFor();
    expect(await page.getByLabel('Title', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect((await storedDraft(page, 'draft.default'))!.data.reasons).toEqual([]);

    // Moving on at once to another field keeps the focus there: the refusal focuses in its own task.
    const relevance = page.getByLabel('Relevance', { exact: true });
    await submitThenFocus(page.getByRole('button', { name: 'Save' }), relevance);
    expect(await isFocused(relevance)).toBe(true);
  });

  it('deletes a reason inside its form, with Undo for 5 s', async ({ page }) => {
    await openMap(page, 'draft.default');
    await addItem(page, { title: 'Keep me', support: 'support' });
    await addItem(page, { title: 'Delete me', relevance: 'Not needed', belief: 'agree' });
    const item = page.getByRole('listitem').filter({ hasText: 'Delete me' });
    await item.getByRole('button', { name: 'Edit item' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => reasonTitles(page)).toEqual(['Keep me']);
    expect((await storedDraft(page, 'draft.default'))!.data.reasons.map((r) => r.title)).toEqual(['Keep me']);
    expect(await flashText(page)).toBe('Item deleted');
    await flashBar(page).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => reasonTitles(page)).toEqual(['Keep me', 'Delete me']);
    expect((await storedDraft(page, 'draft.default'))!.data.reasons.map((r) => r.title)).toEqual([
      'Keep me',
      'Delete me',
    ]);
  });

  describe('on a 360 px screen', () => {
    it.override('contextOptions', { viewport: { width: 360, height: 740 } });

    it('fits with a form open', async ({ page }) => {
      await openMap(page, 'draft.default');
      await addItem(page, {
        title: 'A reason with a long title that has to wrap on a narrow phone screen',
        support: 'support',
      });
      await page.getByRole('listitem').getByRole('button', { name: 'Edit item' }).click();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
    });
  });
});

describe('on a 360 px screen', () => {
  it.override('contextOptions', { viewport: { width: 360, height: 740 } });

  it('leaves the usual room between a section and what comes before it, after "Add item" too', async ({
    page,
  }) => {
    await openMap(page, 'draft.default');
    await addItem(page, { title: 'Buses are cheaper than taxis', belief: 'agree', support: 'support' });
    const bottom = async (name: string) => {
      const box = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
      return box.y + box.height;
    };
    const top = async (name: string) =>
      (await page.getByRole('heading', { level: 2, name, exact: true }).boundingBox())!.y;
    // "Reasons" after "Edit belief", and "Balance" after "Add item": the same room.
    const beforeReasons = (await top('Reasons')) - (await bottom('Edit belief'));
    const beforeBalance = (await top('Balance')) - (await bottom('Add item'));
    expect(beforeReasons).toBeGreaterThanOrEqual(24);
    expect(Math.abs(beforeBalance - beforeReasons)).toBeLessThan(2);
  });
});
