import { describe, expect, it } from 'vitest';
import type { Draft } from '../../../domain/belief-map';
import { listDrafts } from './list-drafts';

// PRODUCT §11.2, §15.1: a host's `listDrafts()` feeds Your maps; what it answers passes the schema.

const draft = (title: string, updatedAt: string): Draft => ({
  version: '1.0',
  published: null,
  updatedAt,
  data: { title, description: null, reasons: [] },
});

describe("a host's drafts for Your maps", () => {
  it('lists the valid entries, newest edit first, and skips the rest', async () => {
    const answer: unknown = [
      { draftId: 'draft.default', draft: draft('Old', '2026-01-01T00:00:00.000Z') },
      { draftId: 'not a draft id', draft: draft('Bad id', '2026-01-02T00:00:00.000Z') },
      { draftId: 'draft.abc', draft: { version: '2.0' } },
      null,
      { draftId: 'draft.local--abcdefghijkl', draft: draft('New', '2026-02-01T00:00:00.000Z') },
    ];
    const drafts = await listDrafts({ fetchDraft: () => null, listDrafts: async () => answer });
    expect(drafts.map((d) => [d.draftId, d.draft.data.title])).toEqual([
      ['draft.local--abcdefghijkl', 'New'],
      ['draft.default', 'Old'],
    ]);
  });

  it.each([undefined, 'text', { draftId: 'draft.default' }])(
    'a host answer that is not a list is none: %s',
    async (answer) => {
      expect(await listDrafts({ fetchDraft: () => null, listDrafts: () => answer })).toEqual([]);
    },
  );

  it('a host that keeps drafts without listing them has none to show', async () => {
    expect(await listDrafts({ fetchDraft: () => null })).toEqual([]);
  });
});
