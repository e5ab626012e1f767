import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { newReason } from '../../src/domain/test-support/builders';
import {
  expectShownFor,
  flashBar,
  flashHistory,
  flashText,
  pauseClock,
  recordFlashes,
  timeFlashes,
} from './support/flash-bar';
import {
  addItem,
  editBelief,
  heading,
  isFocused,
  layOutDraft,
  openMap,
  pathOf,
  openPage,
  reasonTitles,
  storedDraft,
} from './support/map-page';
import { testWithPublishedMap } from './support/published-maps';

// PRODUCT §7: discarding deletes the draft and goes to the base map (or a fresh draft.default);
// "Draft deleted" with "Undo" shows for 5 s, and Undo restores the draft and returns to it (PRODUCT
// §7.4) — for the default draft and for a published map's draft, by keyboard too. After the message
// has gone, the page's Undo still takes the discard back (PRODUCT §7.6).

const undoButton = (page: Page) => page.getByRole('main').getByRole('button', { name: 'Undo', exact: true });

const it = testWithPublishedMap({
  title: 'Night buses on weekdays',
  description: null,
  reasons: [newReason('Shift workers need them', { belief: 'agree', support: 'support' })],
});

describe('discarding a draft', () => {
  it('discards the default draft to a fresh one, and Undo brings it back', async ({
    page,
    context,
    errors,
  }) => {
    await recordFlashes(context);
    const kept = await layOutDraft(page, { title: 'Longer library hours' }, [
      { title: 'Students could study after work', support: 'support' },
    ]);

    await page.getByRole('button', { name: 'Discard draft' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('New belief');
    expect(pathOf(page)).toBe('/map/draft.default');
    expect(await page.getByText('New draft', { exact: true }).isVisible()).toBe(true);
    expect(await reasonTitles(page)).toEqual([]);
    expect(await storedDraft(page, 'draft.default')).toBeNull();
    expect(await flashText(page)).toBe('Draft deleted');

    await flashBar(page).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => heading(page).textContent()).toBe('Longer library hours');
    expect(await reasonTitles(page)).toEqual(['Students could study after work']);
    expect(await storedDraft(page, 'draft.default')).toEqual(kept);
    await expect.poll(() => flashText(page)).toBe('Undone: discard of the draft');
    expect(await flashHistory(page)).toEqual(['Draft deleted', '', 'Undone: discard of the draft']);
    expect(errors).toEqual([]);
  });

  it("discards a published map's draft to the published map; Undo with the keyboard returns to the draft", async ({
    page,
    mapId,
  }) => {
    await openMap(page, `draft.${mapId}`);
    await addItem(page, { title: 'Fewer taxis at night', belief: 'neutral', support: 'support' });
    const kept = await storedDraft(page, `draft.${mapId}`);
    expect(kept!.data.reasons).toHaveLength(2);

    const discard = page.getByRole('button', { name: 'Discard draft' });
    await discard.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => pathOf(page)).toBe(`/map/${mapId}`);
    await page.getByRole('link', { name: 'Edit a copy' }).waitFor();
    expect(await heading(page).textContent()).toBe('Night buses on weekdays');
    expect(await reasonTitles(page)).toEqual(['Shift workers need them']);
    expect(await storedDraft(page, `draft.${mapId}`)).toBeNull();
    // Focus was on the removed button: it goes to the new page's heading, not the top of the page.
    expect(await isFocused(heading(page))).toBe(true);
    expect(await flashText(page)).toBe('Draft deleted');

    // The Undo button is a few Tabs away: the page's links, then the flash bar.
    const undo = flashBar(page).getByRole('button', { name: 'Undo' });
    for (let i = 0; i < 10 && !(await isFocused(undo)); i++) await page.keyboard.press('Tab');
    expect(await isFocused(undo)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => pathOf(page)).toBe(`/map/draft.${mapId}`);
    await page.getByText('Draft of Night buses on weekdays', { exact: true }).waitFor();
    expect(await reasonTitles(page)).toEqual(['Shift workers need them', 'Fewer taxis at night']);
    expect(await storedDraft(page, `draft.${mapId}`)).toEqual(kept);
    await expect.poll(() => isFocused(heading(page))).toBe(true);
  });

  it('without Undo the message leaves after 5 s and the draft stays deleted', async ({
    page,
    context,
    mapId,
  }) => {
    await timeFlashes(context);
    await openMap(page, `draft.${mapId}`);
    await editBelief(page, 'Night buses every day');
    await pauseClock(page);
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await expect.poll(() => flashText(page)).toBe('Draft deleted');
    await expectShownFor(page, 'Draft deleted', 5000);
    await page.clock.resume();
    expect(await page.getByRole('button', { name: 'Undo' }).count()).toBe(0);
    expect(await storedDraft(page, `draft.${mapId}`)).toBeNull();
    await page.reload();
    await heading(page).waitFor();
    expect(await heading(page).textContent()).toBe('Night buses on weekdays');
    expect(await page.getByRole('link', { name: 'Edit a copy' }).isVisible()).toBe(true);
  });

  it("after the message has gone, the page's Undo takes back the discard, then the edits before it", async ({
    page,
    context,
    errors,
  }) => {
    await timeFlashes(context);
    const kept = await layOutDraft(page, { title: 'Longer library hours' }, [
      { title: 'Students could study after work', support: 'support' },
    ]);
    await pauseClock(page);
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await expectShownFor(page, 'Draft deleted', 5000);
    await page.clock.resume();
    await expect.poll(() => heading(page).textContent()).toBe('New belief');

    await undoButton(page).click();
    await expect.poll(() => flashText(page)).toBe('Undone: discard of the draft');
    await expect.poll(() => heading(page).textContent()).toBe('Longer library hours');
    expect(await reasonTitles(page)).toEqual(['Students could study after work']);
    expect((await storedDraft(page, 'draft.default'))?.data).toEqual(kept!.data);

    await heading(page).focus();
    await page.keyboard.press('ControlOrMeta+Z');
    await expect.poll(() => flashText(page)).toBe('Undone: added “Students could study after work”');
    expect(await reasonTitles(page)).toEqual([]);

    // The discard undone is no longer among the recently discarded (PRODUCT §7.4).
    await openPage(page, '/maps', 'Your maps');
    await page.getByRole('region', { name: 'Recently discarded' }).getByText('Nothing discarded.').waitFor();
    expect(errors).toEqual([]);
  });

  it("the page's Undo on a published map's fresh copy takes back the discard made in this tab", async ({
    page,
    mapId,
  }) => {
    await openMap(page, `draft.${mapId}`);
    await addItem(page, { title: 'Fewer taxis at night', belief: 'neutral', support: 'support' });
    const kept = await storedDraft(page, `draft.${mapId}`);
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await expect.poll(() => pathOf(page)).toBe(`/map/${mapId}`);
    await page.getByRole('link', { name: 'Edit a copy' }).click();
    await expect.poll(() => pathOf(page)).toBe(`/map/draft.${mapId}`);
    await expect.poll(() => reasonTitles(page)).toEqual(['Shift workers need them']);

    await undoButton(page).click();
    await expect.poll(() => flashText(page)).toBe('Undone: discard of the draft');
    await expect.poll(() => reasonTitles(page)).toEqual(['Shift workers need them', 'Fewer taxis at night']);
    expect((await storedDraft(page, `draft.${mapId}`))?.data).toEqual(kept!.data);
  });

  it('keeps the Undo message while the keyboard is on it', async ({ page, context }) => {
    await timeFlashes(context);
    await layOutDraft(page, { title: 'Hold on' });
    await pauseClock(page);
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await flashBar(page).getByRole('button', { name: 'Undo' }).focus();
    // Well past the 5 s the message would otherwise last, it is still there.
    await page.clock.runFor(6000);
    expect(await flashText(page)).toBe('Draft deleted');
    expect(await flashHistory(page)).toEqual(['Draft deleted']);
    await page.keyboard.press('Enter');
    await expect.poll(() => heading(page).textContent()).toBe('Hold on');
  });

  it('keeps the Undo message while the pointer is on it, and lets it go after the pointer leaves', async ({
    page,
    context,
  }) => {
    await timeFlashes(context);
    await layOutDraft(page, { title: 'Hover here' });
    await pauseClock(page);
    await page.getByRole('button', { name: 'Discard draft' }).click();
    await flashBar(page).filter({ hasText: 'Draft deleted' }).waitFor();
    await page.clock.runFor(1000);
    await flashBar(page).hover();
    // Well past the 5 s the message would otherwise last, it is still there under the pointer.
    await page.clock.runFor(8000);
    expect(await flashText(page)).toBe('Draft deleted');
    await page.mouse.move(5, 5);
    // It goes on with the 4 s it had left when the pointer came.
    await page.clock.runFor(3999);
    expect(await flashText(page)).toBe('Draft deleted');
    await page.clock.runFor(1);
    await expect.poll(() => flashText(page)).toBe('');
    expect(await flashHistory(page)).toEqual(['Draft deleted', '']);
  });
});
