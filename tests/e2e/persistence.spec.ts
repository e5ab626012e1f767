import { describe, expect } from 'vitest';
import { newReason } from '../../src/domain/test-support/builders';
import { flashText } from './support/flash-bar';
import {
  addItem,
  fillStorage,
  heading,
  layOutDraft,
  makeRoomInStorage,
  openMap,
  putStoredDraft,
  rawStoredDraft,
  reasonTitles,
  storedDraft,
} from './support/map-page';
import { testWithPublishedMap } from './support/published-maps';

// PRODUCT §7: drafts survive a reload; a stored value that is not JSON, has another version or
// fails the schema counts as no draft and never blanks the page; a full local storage says so and
// keeps the edit in the tab; two tabs on one draft stay in step.

const it = testWithPublishedMap({
  title: 'A four-day school week',
  description: null,
  reasons: [newReason('Teachers would plan better', { support: 'support' })],
});

const validDraft = {
  version: '1.0',
  published: null,
  updatedAt: '2026-11-21T08:00:00.000Z',
  data: { title: 'Stored by hand', description: null, reasons: [] },
};

describe('draft persistence', () => {
  it('keeps a draft across a reload, exactly as stored', async ({ page }) => {
    const before = await layOutDraft(page, { title: 'Reload me', description: 'Line one\nLine two' }, [
      {
        title: 'Still here',
        relevance: 'After the reload',
        belief: 'agree',
        support: 'support',
      },
    ]);
    await page.reload();
    await heading(page).waitFor();
    expect(await heading(page).textContent()).toBe('Reload me');
    expect(await page.getByText('Line one').textContent()).toBe('Line one\nLine two');
    expect(await reasonTitles(page)).toEqual(['Still here']);
    expect(await storedDraft(page, 'draft.default')).toEqual(before);
  });

  it('counts a stored value that is not JSON, has another version or fails the schema as no draft', async ({
    page,
    errors,
    mapId,
  }) => {
    await openMap(page, 'draft.default');
    const corrupt = [
      '{not json',
      JSON.stringify({ ...validDraft, version: '2.0' }),
      JSON.stringify({ ...validDraft, data: { ...validDraft.data, title: '' } }),
      JSON.stringify({ ...validDraft, data: { ...validDraft.data, reasons: [{ id: 'nope', title: 'x' }] } }),
      JSON.stringify('just a string'),
      'null',
    ];
    for (const raw of corrupt) {
      await putStoredDraft(page, 'draft.default', raw);
      await openMap(page, 'draft.default');
      expect(await heading(page).textContent(), raw).toBe('New belief');
      expect(await page.getByRole('button', { name: 'Add item' }).isVisible(), raw).toBe(true);

      // A published map with such a draft offers "Edit a copy", not "Continue editing your draft".
      await putStoredDraft(page, `draft.${mapId}`, raw);
      await openMap(page, mapId);
      expect(await page.getByRole('link', { name: 'Edit a copy' }).isVisible(), raw).toBe(true);
    }
    // The first edit replaces the bad value with a good draft.
    await layOutDraft(page, { title: 'Good again' });
    expect(await storedDraft(page, 'draft.default')).toMatchObject({
      version: '1.0',
      data: { title: 'Good again' },
    });

    // A valid hand-written draft is accepted.
    await putStoredDraft(page, 'draft.default', JSON.stringify(validDraft));
    await openMap(page, 'draft.default');
    expect(await heading(page).textContent()).toBe('Stored by hand');
    expect(errors).toEqual([]);
  });

  it('says so when local storage is full, keeps the edit in the tab, and saves once there is room', async ({
    page,
    context,
  }) => {
    await fillStorage(context);
    await layOutDraft(page, { title: 'Too big to store' }, [{ title: 'Kept in memory', support: 'support' }]);
    expect(await heading(page).textContent()).toBe('Too big to store');
    expect(await reasonTitles(page)).toEqual(['Kept in memory']);
    expect(await rawStoredDraft(page, 'draft.default')).toBeNull();
    const message = 'Your browser refused to save the draft (QuotaExceededError)';
    expect(await flashText(page)).toContain(message);
    expect(await page.getByText('Not saved in this browser.').isVisible()).toBe(true);

    await makeRoomInStorage(page);
    await addItem(page, { title: 'Now stored', support: 'strong-support' });
    expect(await storedDraft(page, 'draft.default')).toMatchObject({
      data: { title: 'Too big to store', reasons: [{ title: 'Now stored' }, { title: 'Kept in memory' }] },
    });
    expect(await page.getByText('Not saved in this browser.').count()).toBe(0);
  });

  it('keeps two tabs on one draft in step instead of overwriting each other', async ({
    page: first,
    context,
  }) => {
    const second = await context.newPage();
    await openMap(first, 'draft.default');
    await openMap(second, 'draft.default');

    await addItem(first, { title: 'From the first tab', support: 'support' });
    await expect.poll(() => reasonTitles(second)).toEqual(['From the first tab']);
    expect(await flashText(second)).toBe('This draft was changed in another tab');

    await addItem(second, { title: 'From the second tab', support: 'strong-support' });
    await expect.poll(() => reasonTitles(first)).toEqual(['From the second tab', 'From the first tab']);
    expect((await storedDraft(first, 'draft.default'))!.data.reasons.map((r) => r.title)).toEqual([
      'From the second tab',
      'From the first tab',
    ]);

    // Discarded in one tab: the other shows a fresh draft and says why.
    await first.getByRole('button', { name: 'Discard draft' }).click();
    // The draft's title was "New belief" all along, so wait for its reasons to go.
    await expect.poll(() => reasonTitles(second)).toEqual([]);
    expect(await heading(second).textContent()).toBe('New belief');
    expect(await flashText(second)).toBe('This draft was deleted in another tab');
  });
});
