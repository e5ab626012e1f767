import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDraft } from '../../../domain/draft';
import { defaultMap } from '../../../domain/built-in/ids';
import { publishDraft } from './publish-map';

// PRODUCT §5.5, §8.1: a draft of a published map is published as its answer.

const published = '2026-11-22T00:00:00.000Z';
const draft = createDraft(defaultMap, new Date(published));

/** A fetch answering each call in turn, and what each call sent. */
function answers(...replies: [number, unknown][]) {
  const sent: unknown[] = [];
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    sent.push(JSON.parse(String(init.body)));
    const [status, body] = replies[sent.length - 1]!;
    return new Response(JSON.stringify(body), { status });
  });
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('publishDraft', () => {
  it('sends what the map answers and whether to be listed, and holds the map as answering it', async () => {
    const sent = answers([
      200,
      { status: 'ok', data: { mapId: 'm-1', published, authorKey: 'k'.repeat(22) } },
    ]);
    const publication = await publishDraft(draft, {}, { basedOn: 'base-k3j9x2m7qa1b', listed: true });
    expect(sent).toEqual([{ version: '1.0', data: draft.data, basedOn: 'base-k3j9x2m7qa1b', listed: true }]);
    expect(publication).toMatchObject({ mapId: 'm-1', authorKey: 'k'.repeat(22), unlistedReason: null });
    expect(publication.map).toEqual({
      version: '1.0',
      published,
      basedOn: 'base-k3j9x2m7qa1b',
      data: draft.data,
    });
  });

  it('publishes answering nothing when the map it answers has expired meanwhile, rather than not at all', async () => {
    const sent = answers(
      [400, { status: 'error', message: 'basedOn base-k3j9x2m7qa1b names no published map' }],
      [200, { status: 'ok', data: { mapId: 'm-2', published } }],
    );
    const publication = await publishDraft(draft, {}, { basedOn: 'base-k3j9x2m7qa1b', listed: true });
    expect(sent).toEqual([
      { version: '1.0', data: draft.data, basedOn: 'base-k3j9x2m7qa1b', listed: true },
      { version: '1.0', data: draft.data },
    ]);
    expect(publication.mapId).toBe('m-2');
    expect(publication.map).toEqual({ version: '1.0', published, data: draft.data });
  });

  it('does not try again for any other refusal', async () => {
    const sent = answers([400, { status: 'error', message: 'data.title: Title is required' }]);
    await expect(publishDraft(draft, {}, { basedOn: 'base-k3j9x2m7qa1b', listed: false })).rejects.toThrow(
      'data.title: Title is required',
    );
    expect(sent).toHaveLength(1);
  });
});
