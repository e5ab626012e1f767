import type { Page } from 'playwright-core';
import type { MapData } from '../../../src/domain/belief-map';
import { test } from './fixtures';
import { putStoredDraft } from './map-page';
import { publishTestMap } from './published-maps';

// Two maps published for a compare spec (PRODUCT §9): Alice's is the base, Bob's the other one,
// and the id of Alice's draft of hers.

export interface ComparedMaps {
  aliceId: string;
  /** When Alice's map was published (ISO), as a draft of it records. */
  alicePublished: string;
  bobId: string;
  /** The id of Alice's draft of her map. */
  draftId: string;
}

/** The browser tests' `test` with one more file fixture, `maps`: `alice` and `bob`, published. */
export function testWithComparedMaps(alice: MapData, bob: MapData) {
  return test.extend('maps', { scope: 'file' }, async ({ app }): Promise<ComparedMaps> => {
    const [published, other] = await Promise.all([publishTestMap(app, alice), publishTestMap(app, bob)]);
    return {
      aliceId: published.id,
      alicePublished: published.published,
      bobId: other.id,
      draftId: `draft.${published.id}`,
    };
  });
}

/** The difference (a list item) whose heading is `name`. */
export const diffItem = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** The flash a merge shows, with its Undo button (PRODUCT §9.3). */
export const draftUpdatedFlash = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Draft updated' });

/** Stores Alice's draft holding `data`, as if she had edited it on 2 January. */
export async function seedAliceDraft(page: Page, maps: ComparedMaps, data: MapData): Promise<void> {
  await page.goto('/compare');
  await putStoredDraft(page, maps.draftId, {
    version: '1.0',
    published: maps.alicePublished,
    updatedAt: '2026-01-02T00:00:00.000Z',
    data,
  });
}

/** Stores Alice's draft holding `alice` and opens its comparison with Bob's map. */
export async function openDraftComparison(page: Page, maps: ComparedMaps, alice: MapData): Promise<void> {
  await seedAliceDraft(page, maps, alice);
  await page.goto(`/compare/${maps.draftId}/${maps.bobId}`);
  await page.getByRole('heading', { name: 'Differences' }).waitFor();
}
