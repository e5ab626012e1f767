import { describe, expect } from 'vitest';
import { it } from './support/fixtures';
import { flashText } from './support/flash-bar';
import { heading, isFocused, pathOf, reasonTitles, storedDraft, tabTo } from './support/map-page';

// The map page from start to end with the keyboard alone: a person creates a map with several
// reasons, publishes it, opens the link in a fresh browser, makes an edited copy, discards it and
// undoes that. Nothing here clicks: every control is reached with Tab and used with Enter or
// typing.

describe('the whole journey with the keyboard alone', () => {
  it('creates, publishes, shares, copies, discards and undoes', async ({ page, errors, openSession }) => {
    const keys = page.keyboard;
    const button = (name: string) => page.getByRole('button', { name, exact: true });
    await page.goto('/');
    await heading(page).waitFor();

    await tabTo(page, button('Edit belief'));
    await keys.press('Enter');
    await keys.press('ControlOrMeta+A');
    await keys.type('The library should open on Sundays');
    await keys.press('Enter');
    await expect.poll(() => heading(page).textContent()).toBe('The library should open on Sundays');

    const reasons: [string, string, string][] = [
      ['Students need a quiet place at weekends', 'Strongly agree', 'Strongly supports'],
      ['Staff would work on Sundays', 'Agree', 'Disconfirms'],
      ['Families could visit together', 'Agree', 'Supports'],
    ];
    for (const [title, belief, support] of reasons) {
      await tabTo(page, button('Add item'));
      await keys.press('Enter');
      await keys.type(title);
      await keys.press('Tab'); // Relevance
      await keys.press('Tab'); // Belief
      await keys.type(belief);
      await keys.press('Tab'); // Support
      await keys.type(support);
      await tabTo(page, button('Save'));
      await keys.press('Enter');
      await page.getByRole('form', { name: 'Add item' }).waitFor({ state: 'detached' });
    }
    expect(await reasonTitles(page)).toEqual([
      'Students need a quiet place at weekends',
      'Families could visit together',
      'Staff would work on Sundays',
    ]);

    await tabTo(page, button('Publish draft'));
    await keys.press('Enter');
    await expect
      .poll(() => pathOf(page), { timeout: 10_000 })
      .toMatch(/^\/map\/the-library-should-open-on-sundays-/);
    const id = pathOf(page).slice('/map/'.length);
    await page.getByRole('link', { name: 'Edit a copy' }).waitFor();
    expect(await isFocused(heading(page))).toBe(true);

    // The link, opened in a fresh browser.
    const fresh = await openSession();
    const freshKeys = fresh.page.keyboard;
    await fresh.page.goto(`/map/${id}`);
    await heading(fresh.page).waitFor();
    expect(await reasonTitles(fresh.page)).toHaveLength(3);
    await tabTo(fresh.page, fresh.page.getByRole('link', { name: 'Edit a copy' }));
    await freshKeys.press('Enter');
    await expect.poll(() => pathOf(fresh.page)).toBe(`/map/draft.${id}`);
    const editItem = fresh.page
      .getByRole('listitem')
      .filter({ hasText: 'Staff would work on Sundays' })
      .getByRole('button', { name: 'Edit item' });
    await tabTo(fresh.page, editItem);
    await freshKeys.press('Enter');
    await freshKeys.press('ControlOrMeta+A');
    await freshKeys.type('Staff would work on Sundays, paid extra');
    await freshKeys.press('Enter');
    await expect.poll(() => reasonTitles(fresh.page)).toContain('Staff would work on Sundays, paid extra');
    const edited = await storedDraft(fresh.page, `draft.${id}`);
    expect(edited).not.toBeNull();

    await tabTo(fresh.page, fresh.page.getByRole('button', { name: 'Discard draft' }));
    await freshKeys.press('Enter');
    await expect.poll(() => pathOf(fresh.page)).toBe(`/map/${id}`);
    expect(await flashText(fresh.page)).toBe('Draft deleted');
    await tabTo(fresh.page, fresh.page.getByRole('button', { name: 'Undo' }));
    await freshKeys.press('Enter');
    await expect.poll(() => pathOf(fresh.page)).toBe(`/map/draft.${id}`);
    await expect.poll(() => reasonTitles(fresh.page)).toContain('Staff would work on Sundays, paid extra');
    expect(await storedDraft(fresh.page, `draft.${id}`)).toEqual(edited);
    expect(errors).toEqual([]);
    expect(fresh.errors).toEqual([]);
  });
});
