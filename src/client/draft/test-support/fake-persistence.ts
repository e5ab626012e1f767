import type { PublishedRecord } from '../../../domain/library';
import type { Draft, PublishedMap } from '../../../domain/belief-map';
import { defaultMap } from '../../../domain/built-in/ids';
import { toPublishRequest, type PublishRequest } from '../../../domain/draft';
import { DraftStorageError } from '../storage/local-drafts';
import type { Persistence } from '../storage/host';

// An in-memory Persistence for the state tests: drafts in a Map, published maps in another, and
// switches to make storage refuse writes or publishing fail, as local storage and the API can.

export interface FakePersistence extends Persistence {
  drafts: Map<string, Draft>;
  maps: Map<string, PublishedMap>;
  /** What each publish sent, in order. */
  published: PublishRequest[];
  /** Makes persistDraft throw as a full local storage does. */
  full: boolean;
  /** Makes publishDraft reject. */
  publishFails: boolean;
  /** Whether publishDraft answers the publication time (as the API does; a host's function does not). */
  answersPublished: boolean;
  /** How many times fetchMap asked for each id. */
  mapFetches: Map<string, number>;
  /** What recordPublished was given, in order. */
  records: PublishedRecord[];
  /** Simulates another tab writing or deleting a draft (fires the watchDrafts listeners). */
  changeElsewhere(draftId: string, draft: Draft | null): void;
}

export function createFakePersistence(maps: Record<string, PublishedMap> = {}): FakePersistence {
  const listeners = new Set<(draftId: string) => void>();
  const fake: FakePersistence = {
    drafts: new Map(),
    maps: new Map(Object.entries({ default: defaultMap, ...maps })),
    published: [],
    full: false,
    publishFails: false,
    answersPublished: true,
    mapFetches: new Map(),
    records: [],
    host: { fetchDraft: (draftId) => fake.drafts.get(draftId) ?? null },
    async fetchDraft(draftId) {
      return structuredClone(fake.drafts.get(draftId) ?? null);
    },
    async fetchLimits() {
      return null;
    },
    async fetchKeptDraft(draftId) {
      return structuredClone(fake.drafts.get(draftId) ?? null);
    },
    async persistDraft(draftId, draft) {
      if (fake.full)
        throw new DraftStorageError('Your browser refused to save the draft (QuotaExceededError).');
      fake.drafts.set(draftId, structuredClone(draft));
    },
    async deleteDraft(draftId) {
      fake.drafts.delete(draftId);
    },
    async fetchMap(mapId) {
      fake.mapFetches.set(mapId, (fake.mapFetches.get(mapId) ?? 0) + 1);
      return structuredClone(fake.maps.get(mapId) ?? null);
    },
    async publishDraft(draft, answering) {
      if (fake.publishFails) throw new Error('Error persisting belief map');
      const request: PublishRequest = { ...toPublishRequest(structuredClone(draft)), ...answering };
      fake.published.push(request);
      const mapId = `published-${fake.published.length}`;
      const published = '2026-11-22T00:00:00.000Z';
      const { listed: _listed, ...map } = { ...request, published };
      fake.maps.set(mapId, map);
      const authorKey = `author-key-of-${mapId}`;
      return fake.answersPublished
        ? { mapId, published, map, authorKey, unlistedReason: null }
        : { mapId, published: null, map: null, authorKey: null, unlistedReason: null };
    },
    async listDrafts() {
      return [...fake.drafts].map(([draftId, draft]) => ({ draftId, draft: structuredClone(draft) }));
    },
    recordPublished(record) {
      fake.records.push(record);
    },
    watchDrafts(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    changeElsewhere(draftId, draft) {
      if (draft) fake.drafts.set(draftId, structuredClone(draft));
      else fake.drafts.delete(draftId);
      for (const listener of listeners) listener(draftId);
    },
  };
  return fake;
}
