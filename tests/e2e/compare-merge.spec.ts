import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { MapData } from '../../src/domain/belief-map';
import { newReason } from '../../src/domain/test-support/builders';
import {
  diffItem,
  draftUpdatedFlash,
  seedAliceDraft,
  testWithComparedMaps,
  type ComparedMaps,
} from './support/compared-maps';
import { fillStorage, rawStoredDraft, storedDraft, type StoredDraft } from './support/map-page';

// PRODUCT §9: comparing a draft with a published map, merging every kind of difference into the
// draft, and undoing each merge. What the draft holds is read straight from local storage (PRODUCT
// §7: `map.` + draft id).

// Alice's map is the base; she will merge from Bob's.
const safer = newReason('A protected lane would make cycling safer', {
  belief: 'agree',
  support: 'support',
  relevance: 'Police figures.',
});
const shops = newReason('The shops would lose trade', { belief: 'disagree', support: 'disconfirm' });
const children = newReason('More children would cycle to school', { belief: 'agree', support: 'support' });
const childrenBob = {
  ...children,
  belief: 'strong-agree' as const,
  support: 'strong-support' as const,
  relevance: 'Two schools are on the route.',
};
const parking = newReason('The parking lane is rarely full', { belief: 'strong-agree', support: 'support' });

const alice: MapData = {
  title: 'Elm Street bike lane',
  description: null,
  reasons: [safer, shops, children],
};
const bob: MapData = {
  title: 'Elm Street should get a protected bike lane',
  description: "Bob's version, after the second meeting.",
  reasons: [safer, childrenBob, parking],
};

const it = testWithComparedMaps(alice, bob);
const item = diffItem;
const flash = draftUpdatedFlash;
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent ?? null);

/** Stores a draft of Alice's map as if she had edited it on 2 January. */
const seedDraft = (page: Page, maps: ComparedMaps) =>
  seedAliceDraft(page, maps, { ...alice, reasons: [safer, children, shops] }); // in S order already

/**
 * Merges the difference `name` with its button `button`, checks the stored draft with `check`,
 * undoes it and checks that local storage holds exactly what it held before, then merges again.
 */
async function mergeUndoMerge(
  page: Page,
  draftId: string,
  name: string,
  button: string,
  check: (draft: StoredDraft) => void,
) {
  const readRaw = (page: Page) => rawStoredDraft(page, draftId);
  const before = await readRaw(page);
  await item(page, name).getByRole('button', { name: button }).click();
  await flash(page).waitFor();
  await expect.poll(() => readRaw(page)).not.toBe(before);
  const merged = (await storedDraft(page, draftId))!;
  check(merged);
  expect(Date.parse(merged.updatedAt)).toBeGreaterThan(Date.parse('2026-01-02T00:00:00.000Z'));
  expect(await item(page, name).count()).toBe(0); // the comparison updated at once

  await flash(page).getByRole('button', { name: 'Undo' }).click();
  await expect.poll(() => readRaw(page)).toBe(before);
  await item(page, name).waitFor();
  await expect.poll(() => focusedText(page)).toBe(button); // focus returns to the difference that came back

  await item(page, name).getByRole('button', { name: button }).click();
  await flash(page).waitFor();
  await expect.poll(() => readRaw(page)).not.toBe(before);
  expect((await storedDraft(page, draftId))!.data).toEqual(merged.data);
}

describe('merging into a draft', () => {
  it('merges each kind of difference into the stored draft, and Undo puts back the draft before it', async ({
    page,
    errors,
    maps,
  }) => {
    await seedDraft(page, maps);
    await page.goto(`/compare/${maps.draftId}/${maps.bobId}`);
    await page.getByRole('heading', { name: 'Differences' }).waitFor();
    expect(await page.getByText('Merging a difference changes your draft.').count()).toBe(1);

    await mergeUndoMerge(page, maps.draftId, 'Map title', 'Apply changes', (draft) => {
      expect(draft.data.title).toBe(bob.title);
      expect(draft.data.description).toBeNull(); // the title only
    });
    await mergeUndoMerge(page, maps.draftId, 'Map description', 'Apply changes', (draft) => {
      expect(draft.data.title).toBe(bob.title);
      expect(draft.data.description).toBe(bob.description);
    });
    await mergeUndoMerge(page, maps.draftId, parking.title, 'Add to draft', (draft) => {
      expect(draft.data.reasons.find((reason) => reason.id === parking.id)).toEqual(parking);
      // PRODUCT §3.4: stored in support order, then belief: the new strong-agree reason before "safer".
      expect(draft.data.reasons.map((reason) => reason.id)).toEqual([
        parking.id,
        safer.id,
        children.id,
        shops.id,
      ]);
    });
    await mergeUndoMerge(page, maps.draftId, shops.title, 'Delete from draft', (draft) => {
      expect(draft.data.reasons.map((reason) => reason.id)).toEqual([parking.id, safer.id, children.id]);
    });
    await mergeUndoMerge(page, maps.draftId, children.title, 'Apply changes', (draft) => {
      expect(draft.data.reasons.find((reason) => reason.id === children.id)).toEqual(childrenBob);
      expect(draft.data.reasons.map((reason) => reason.id)).toEqual([children.id, parking.id, safer.id]);
    });

    // Everything merged: the draft now says what Bob's map says.
    await page.getByText('No differences: the maps have the same title, description and reasons.').waitFor();
    expect(await page.getByRole('button', { name: '3 reasons unchanged' }).count()).toBe(1);
    const draft = (await storedDraft(page, maps.draftId))!;
    expect(draft).toMatchObject({ version: '1.0', published: maps.alicePublished });
    expect(draft.data).toEqual({ ...bob, reasons: [childrenBob, parking, safer] });
    expect(errors).toEqual([]);
  });

  it('creates the draft on the first merge from the keyboard, moves focus on, and Undo removes it again', async ({
    page,
    maps,
  }) => {
    await page.goto(`/compare/${maps.draftId}/${maps.bobId}`);
    await page.getByText('You have no draft of this map yet: the first merge creates it.').waitFor();
    expect(await rawStoredDraft(page, maps.draftId)).toBeNull();

    await item(page, parking.title).getByRole('button', { name: 'Add to draft' }).focus();
    await page.keyboard.press('Enter');
    await flash(page).waitFor();
    await expect.poll(() => rawStoredDraft(page, maps.draftId)).not.toBeNull();
    const created = (await storedDraft(page, maps.draftId))!;
    expect(created.published).toBe(maps.alicePublished);
    expect(created.data.reasons.map((reason) => reason.id)).toEqual([
      parking.id,
      safer.id,
      children.id,
      shops.id,
    ]);
    // The button went with its difference; focus moved to the next difference's button.
    await expect.poll(() => focusedText(page)).toBe('Delete from draft');

    await flash(page).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => rawStoredDraft(page, maps.draftId)).toBeNull();
    await item(page, parking.title).waitFor();
    expect(await page.getByText('You have no draft of this map yet').count()).toBe(1);
  });

  it('keeps a merge in the tab and says so when local storage refuses the draft', async ({
    page,
    context,
    maps,
  }) => {
    await fillStorage(context);
    await page.goto(`/compare/${maps.draftId}/${maps.bobId}`);
    await item(page, 'Map title').getByRole('button', { name: 'Apply changes' }).click();
    const status = page.getByRole('status').filter({ hasText: 'refused to save the draft' });
    await status.waitFor();
    expect(await status.getByRole('button', { name: 'Undo' }).count()).toBe(1);
    expect(await item(page, 'Map title').count()).toBe(0); // merged in this tab
    expect(await rawStoredDraft(page, maps.draftId)).toBeNull();
  });
});
