import { describe, expect } from 'vitest';
import type { MapData } from '../../src/domain/belief-map';
import { newReason } from '../../src/domain/test-support/builders';
import {
  diffItem,
  draftUpdatedFlash,
  openDraftComparison,
  testWithComparedMaps,
} from './support/compared-maps';
import { isFocused, rawStoredDraft, storedDraft } from './support/map-page';

// PRODUCT §9.4: Alice and Bob each wrote their own map, so the same reason has a different id in
// each. The compare page suggests which added reason may be which deleted one, links them on
// request, and warns before adding a reason like one the draft already has.

const aliceSafer = newReason('A protected lane would make cycling on Elm Street safer', {
  belief: 'agree',
  support: 'support',
});
const aliceShops = newReason('Removing the parking lane would cost the Elm Street shops trade', {
  belief: 'disagree',
  support: 'disconfirm',
});
const buses = newReason('Buses would be slower', { belief: 'neutral', support: 'disconfirm' });
const alice: MapData = {
  title: 'Elm Street bike lane',
  description: null,
  reasons: [aliceSafer, aliceShops, buses],
};

const bobSafer = newReason('Cycling on Elm Street would be safer with a protected lane', {
  belief: 'strong-agree',
  support: 'strong-support',
});
const bobShops = newReason('Shops on Elm Street would lose trade without the parking lane', {
  belief: 'agree',
  support: 'disconfirm',
});
const children = newReason('More children would cycle to school', { belief: 'agree', support: 'support' });
const bobBuses = newReason('The buses would be slower still', { belief: 'agree', support: 'disconfirm' });
// Bob copied "Buses would be slower" from Alice's map, so it keeps its id: it is no deleted reason.
const bob: MapData = {
  title: 'Elm Street bike lane',
  description: null,
  reasons: [bobSafer, bobShops, children, buses, bobBuses],
};

const it = testWithComparedMaps(alice, bob);
const item = diffItem;
const flash = draftUpdatedFlash;

describe('independently written maps', () => {
  it('suggests the deleted reason an added one may be, and only where the titles are close', async ({
    page,
    errors,
    maps,
  }) => {
    await page.goto(`/compare/${maps.aliceId}/${maps.bobId}`);
    const safer = item(page, bobSafer.title);
    await safer.getByText(`Possibly the same as “${aliceSafer.title}”`).waitFor();
    expect(
      await item(page, bobShops.title).getByText(`Possibly the same as “${aliceShops.title}”`).count(),
    ).toBe(1);
    expect(
      await item(page, children.title)
        .getByText(/Possibly the same as/)
        .count(),
    ).toBe(0);
    // "Buses would be slower" is in both maps, so nothing deleted is like "The buses would be slower still".
    expect(
      await item(page, bobBuses.title)
        .getByText(/Possibly the same as/)
        .count(),
    ).toBe(0);
    // The base is published: a suggestion, but nothing to merge.
    expect(await page.getByRole('button', { name: 'Treat as the same reason' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('treats the two as the same reason: the draft reason takes the other id, and they compare as one', async ({
    page,
    errors,
    maps,
  }) => {
    await openDraftComparison(page, maps, alice);
    const before = await rawStoredDraft(page, maps.draftId);
    const button = item(page, bobSafer.title).getByRole('button', { name: 'Treat as the same reason' });
    await button.click();
    await flash(page).waitFor();

    // One changed reason now, with Bob's title and ratings against Alice's; no added or deleted row.
    const changed = item(page, bobSafer.title);
    await changed.getByText('Changed', { exact: true }).waitFor();
    expect(await item(page, aliceSafer.title).count()).toBe(0);
    expect(await changed.getByText(/Possibly the same as/).count()).toBe(0);
    const draft = (await storedDraft(page, maps.draftId))!;
    expect(draft.data.reasons.find((r) => r.id === bobSafer.id)).toEqual({ ...aliceSafer, id: bobSafer.id });
    expect(draft.data.reasons.some((r) => r.id === aliceSafer.id)).toBe(false);
    // The focus moves to the reason they now share.
    await expect.poll(() => isFocused(changed.getByRole('button', { name: 'Apply changes' }))).toBe(true);

    await flash(page).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => rawStoredDraft(page, maps.draftId)).toBe(before);
    await item(page, aliceSafer.title).waitFor();
    await expect
      .poll(() => isFocused(item(page, bobSafer.title).getByRole('button', { name: 'Add to draft' })))
      .toBe(true);
    expect(errors).toEqual([]);
  });

  it('warns before adding a reason like one the draft has: add anyway, treat as the same, or cancel', async ({
    page,
    errors,
    maps,
  }) => {
    await openDraftComparison(page, maps, alice);
    const row = item(page, bobBuses.title);
    const add = row.getByRole('button', { name: 'Add to draft' });
    const warning = `Your draft has a similar reason: “${buses.title}”`;

    // Cancel: nothing stored, and the focus returns to "Add to draft".
    const before = await rawStoredDraft(page, maps.draftId);
    await add.click();
    await expect.poll(() => isFocused(row.getByText(warning))).toBe(true);
    await row.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => isFocused(add)).toBe(true);
    expect(await row.getByText(warning).count()).toBe(0);
    expect(await rawStoredDraft(page, maps.draftId)).toBe(before);

    // Escape does the same, from the keyboard.
    await add.press('Enter');
    await expect.poll(() => isFocused(row.getByText(warning))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => isFocused(add)).toBe(true);
    expect(await rawStoredDraft(page, maps.draftId)).toBe(before);

    // Add anyway: both reasons are in the draft.
    await add.click();
    await row.getByRole('button', { name: 'Add anyway' }).click();
    await flash(page).waitFor();
    await expect.poll(async () => (await storedDraft(page, maps.draftId))?.data.reasons.length).toBe(4);
    expect((await storedDraft(page, maps.draftId))!.data.reasons).toContainEqual(bobBuses);
    await flash(page).getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => rawStoredDraft(page, maps.draftId)).toBe(before);

    // Treat as the same: the draft's "Buses would be slower" takes Bob's new reason's id.
    await item(page, bobBuses.title).getByRole('button', { name: 'Add to draft' }).click();
    await item(page, bobBuses.title).getByRole('button', { name: 'Treat as the same reason' }).click();
    await flash(page).waitFor();
    await expect
      .poll(async () =>
        (await storedDraft(page, maps.draftId))?.data.reasons.find((r) => r.id === bobBuses.id),
      )
      .toEqual({ ...buses, id: bobBuses.id });
    expect(errors).toEqual([]);
  });

  it('adds a reason with nothing like it in the draft without asking', async ({ page, errors, maps }) => {
    await openDraftComparison(page, maps, alice);
    await item(page, children.title).getByRole('button', { name: 'Add to draft' }).click();
    await flash(page).waitFor();
    expect((await storedDraft(page, maps.draftId))!.data.reasons).toContainEqual(children);
    expect(await page.getByText(/Your draft has a similar reason/).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('still compares and merges when the suggestions cannot be loaded', async ({ page, errors, maps }) => {
    await page.route(/compare-extras/, (route) => route.abort());
    await openDraftComparison(page, maps, alice);
    await item(page, bobShops.title).waitFor();
    expect(await page.getByText(/Possibly the same as/).count()).toBe(0);
    // Without the similarity index, "Add to draft" adds at once rather than leave the reader stuck.
    await item(page, bobBuses.title).getByRole('button', { name: 'Add to draft' }).click();
    await flash(page).waitFor();
    expect((await storedDraft(page, maps.draftId))!.data.reasons).toContainEqual(bobBuses);
    // The only errors are the refused chunk's own.
    expect(
      errors.filter((error) => !/compare-extras|ERR_FAILED|dynamically imported module/i.test(error)),
    ).toEqual([]);
  });
});
