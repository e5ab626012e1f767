import { describe, expect } from 'vitest';
import type { MapData, Reason } from '../../src/domain/belief-map';
import { newReason } from '../../src/domain/test-support/builders';
import {
  diffItem,
  draftUpdatedFlash,
  openDraftComparison,
  testWithComparedMaps,
} from './support/compared-maps';
import { isFocused, putStoredDraft, rawStoredDraft, storedDraft } from './support/map-page';
import { publishTestMap } from './support/published-maps';

// PRODUCT §9.2, §9.3, §6.6: merging at the scale of real maps. A one-word change in a long text is
// highlighted word by word, a changed reason can be taken field by field, each kind of difference
// can be applied all at once with one Undo, and the list says when a reason now counts the other
// way and by how many steps a belief moved.

const sentence = 'Counts taken by the council on weekdays between seven and nine in the morning. ';
const longText = sentence.repeat(60); // about 5,000 characters
const schools = newReason('Two schools are on the route', {
  relevance: `${longText}The head teacher asked for it.`,
  belief: 'strong-agree',
  support: 'support',
});
const schoolsBob: Reason = {
  ...schools,
  title: 'Two schools are on the road',
  relevance: `${longText}The head teacher wrote to ask for it.`,
  belief: 'neutral',
  support: 'disconfirm',
};
const trees = newReason('The trees would stay', { belief: 'agree', support: 'support' });
const treesBob: Reason = { ...trees, belief: 'disagree' };
const vans = newReason('Vans would block the lane', { belief: 'agree', support: 'disconfirm' });
const vansBob: Reason = { ...vans, relevance: 'Seen every morning.' };
const noise = newReason('Less noise at night', { belief: 'agree', support: 'support' });
const dust = newReason('More dust from building work', { belief: 'agree', support: 'disconfirm' });

const alice: MapData = { title: 'Elm Street bike lane', description: null, reasons: [schools, trees, vans] };
const bob: MapData = {
  title: 'Elm Street bike lane',
  description: null,
  reasons: [schoolsBob, treesBob, vansBob, noise, dust],
};

const it = testWithComparedMaps(alice, bob);
const item = diffItem;
const flash = draftUpdatedFlash;

describe('the list of differences', () => {
  it('highlights the changed words of a long text, marks a reversal and counts belief steps', async ({
    page,
    errors,
    maps,
  }) => {
    await page.goto(`/compare/${maps.aliceId}/${maps.bobId}`);
    const row = item(page, schoolsBob.title);
    await row.locator('del').first().waitFor();
    // One word of the title and a few of a 5,000-character relevance: only they are marked.
    expect(await row.locator('del').allTextContents()).toEqual(['route', 'asked']);
    expect(await row.locator('ins').allTextContents()).toEqual(['road', 'wrote to ask']);
    // Each mark is announced, not told by colour alone.
    const announced = await row
      .locator('del')
      .first()
      .evaluate((el) => [getComputedStyle(el, '::before').content, getComputedStyle(el).textDecorationLine]);
    expect(announced).toEqual(['" [removed: "', 'line-through']);
    // The whole texts still read base → modified.
    expect(await row.getByText(`${longText}The head teacher asked for it.`, { exact: true }).count()).toBe(1);

    expect(await row.getByText('Counts the other way', { exact: true }).count()).toBe(1);
    expect(await row.getByText('Belief 2 steps lower', { exact: true }).count()).toBe(1);
    const treesRow = item(page, treesBob.title);
    expect(await treesRow.getByText('Belief 2 steps lower', { exact: true }).count()).toBe(1);
    expect(await treesRow.getByText('Counts the other way').count()).toBe(0);
    expect(
      await item(page, vansBob.title)
        .getByText(/Belief \d steps?/)
        .count(),
    ).toBe(0);
    expect(errors).toEqual([]);
  });

  it('takes one field of a changed reason and keeps the others', async ({ page, errors, maps }) => {
    await openDraftComparison(page, maps, alice);
    const before = await rawStoredDraft(page, maps.draftId);
    const row = item(page, schoolsBob.title);
    await row.getByRole('button', { name: 'Take their relevance' }).click();
    await flash(page).waitFor();
    await expect
      .poll(async () =>
        (await storedDraft(page, maps.draftId))?.data.reasons.find((r) => r.id === schools.id),
      )
      .toEqual({ ...schools, relevance: schoolsBob.relevance });
    // The row stays for the fields left, and keeps the focus.
    const left = item(page, schoolsBob.title);
    await expect
      .poll(() => left.getByRole('button', { name: /^Take their/ }).allTextContents())
      .toEqual(['Take their title', 'Take their belief', 'Take their support']);
    await expect.poll(() => isFocused(left.getByRole('button', { name: 'Apply changes' }))).toBe(true);

    await flash(page).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => rawStoredDraft(page, maps.draftId)).toBe(before);

    // Their support only: Alice keeps her belief and her words.
    await item(page, schoolsBob.title).getByRole('button', { name: 'Take their support' }).click();
    await flash(page).waitFor();
    await expect
      .poll(async () =>
        (await storedDraft(page, maps.draftId))?.data.reasons.find((r) => r.id === schools.id),
      )
      .toEqual({ ...schools, support: 'disconfirm' });
    // A reason with one changed field has only its "Apply changes".
    expect(
      await item(page, vansBob.title)
        .getByRole('button', { name: /^Take their/ })
        .count(),
    ).toBe(0);
    expect(errors).toEqual([]);
  });

  it('applies all differences of one kind as one merge with one Undo', async ({ page, errors, maps }) => {
    await openDraftComparison(page, maps, alice);
    const before = await rawStoredDraft(page, maps.draftId);
    const applyAll = page.getByRole('group', { name: 'Apply all' });
    expect(await applyAll.getByRole('button').allTextContents()).toEqual([
      'Add all 2 added reasons',
      'Apply all 3 changed reasons',
    ]);

    await applyAll.getByRole('button', { name: 'Apply all 3 changed reasons' }).click();
    await flash(page).waitFor();
    await expect
      .poll(async () => (await storedDraft(page, maps.draftId))?.data.reasons)
      .toEqual(expect.arrayContaining([schoolsBob, treesBob, vansBob]));
    expect((await storedDraft(page, maps.draftId))!.data.reasons).toHaveLength(3);
    // Only the added reasons are left, and their "Apply all" with them.
    expect(await page.getByText('Changed', { exact: true }).count()).toBe(0);
    expect(await item(page, noise.title).count()).toBe(1);

    // One Undo takes back all three.
    await flash(page).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => rawStoredDraft(page, maps.draftId)).toBe(before);
    await expect
      .poll(() => isFocused(page.getByRole('button', { name: 'Apply all 3 changed reasons' })))
      .toBe(true);

    await page.getByRole('button', { name: 'Add all 2 added reasons' }).click();
    await flash(page).waitFor();
    await expect.poll(async () => (await storedDraft(page, maps.draftId))?.data.reasons.length).toBe(5);
    expect(
      await page.getByRole('group', { name: 'Apply all' }).getByRole('button').allTextContents(),
    ).toEqual(['Apply all 3 changed reasons']);
    expect(errors).toEqual([]);
  });

  it('tells two maps with one title apart by date, draft badge and the whole id on focus', async ({
    page,
    errors,
    maps,
  }) => {
    await openDraftComparison(page, maps, alice);
    const compared = page.locator('.compared-maps');
    expect(await compared.getByText('Elm Street bike lane', { exact: true }).count()).toBe(2);
    expect(await compared.getByText('Draft', { exact: true }).count()).toBe(1);
    expect(await compared.getByText(/^Published \w+ \d+, \d{4}$/).count()).toBe(1);

    const link = page.getByRole('link', { name: `${maps.bobId.slice(0, 10)}...`, exact: true });
    const tip = page.getByRole('tooltip').filter({ hasText: maps.bobId });
    expect(await tip.isVisible()).toBe(false);
    await link.focus();
    await expect.poll(() => tip.isVisible()).toBe(true);
    expect(await tip.textContent()).toBe(maps.bobId);
    expect(await link.evaluate((el) => el.getAttribute('aria-describedby'))).toBe(
      await tip.evaluate((el) => el.id),
    );
    expect(errors).toEqual([]);
  });

  it('refuses an Apply all that would take the draft past 1,000 reasons, and keeps the draft', async ({
    page,
    app,
    errors,
  }) => {
    const many = Array.from({ length: 999 }, (_, n) => newReason(`Reason number ${n}`));
    const full: MapData = { title: 'A long map', description: null, reasons: many };
    const [published, other] = await Promise.all([
      publishTestMap(app, full),
      // Of the same length as a map can be: one reason fewer, two more.
      publishTestMap(app, { ...full, reasons: [...many.slice(1), noise, dust] }),
    ]);
    const draftId = `draft.${published.id}`;
    await page.goto('/compare');
    await putStoredDraft(page, draftId, {
      version: '1.0',
      published: published.published,
      updatedAt: '2026-01-02T00:00:00.000Z',
      data: full,
    });
    await page.goto(`/compare/${draftId}/${other.id}`);
    const before = await rawStoredDraft(page, draftId);
    await page.getByRole('button', { name: 'Add all 2 added reasons' }).click();
    await page.getByRole('status').filter({ hasText: 'A map can have at most 1,000 reasons' }).waitFor();
    expect(await rawStoredDraft(page, draftId)).toBe(before);
    expect(await item(page, noise.title).count()).toBe(1);

    // One more still fits.
    await item(page, noise.title).getByRole('button', { name: 'Add to draft' }).click();
    await flash(page).waitFor();
    await expect.poll(async () => (await storedDraft(page, draftId))?.data.reasons.length).toBe(1000);
    expect(errors).toEqual([]);
  });
});
