import {
  draftSchema,
  publishedMapSchema,
  validate,
  type Draft,
  type PublishedMap,
} from '../../domain/belief-map';
import { defaultMap, isHelpExampleId } from '../../domain/built-in/ids';
import { toPublishRequest, type PublishRequest } from '../../domain/draft';
import { ApiError, fetchMap, publishMap, type Publication } from './api-client';
import { isMapId } from '../../domain/map-id';
import { deleteLocalDraft, fetchLocalDraft, persistLocalDraft, watchLocalDrafts } from './local-drafts';
import type { PublishedRecord } from '../../domain/library';

// PRODUCT §11: a host page may supply its own functions for drafts and published maps. Each absent
// one falls back to localStorage or the HTTP API; each may answer a value or a Promise, and what it
// answers passes the same schema check as local storage and the API.

type MaybePromise<T> = T | Promise<T>;

export interface BeliefMapHost {
  fetchDraft?(draftId: string): MaybePromise<unknown>;
  persistDraft?(draftId: string, draft: Draft): MaybePromise<void>;
  deleteDraft?(draftId: string): MaybePromise<void>;
  fetchMap?(mapId: string): MaybePromise<unknown>;
  /** Publishes the map and answers its new id. */
  publishMap?(map: PublishRequest): MaybePromise<string>;
  /** Every draft the host keeps, for "Your maps" (PRODUCT §11.2, §15.1). */
  listDrafts?(): MaybePromise<unknown>;
}

/** A draft with the id it is kept under. */
export interface StoredDraft {
  draftId: string;
  draft: Draft;
}

/** What the app uses: the host's functions where given, else local storage and the API. */
export interface Persistence {
  fetchDraft(draftId: string): Promise<Draft | null>;
  persistDraft(draftId: string, draft: Draft): Promise<void>;
  deleteDraft(draftId: string): Promise<void>;
  /** Built-in maps come from the bundle; null when the map does not exist. */
  fetchMap(mapId: string): Promise<PublishedMap | null>;
  /** Publishes the draft's map; `published` is null when the answer did not say when. */
  publishMap(draft: Draft): Promise<Publication>;
  /** Notes a map published from here for "Your maps" (PRODUCT §15.1); never fails. */
  recordPublished(record: PublishedRecord): void;
  /** Every draft kept (PRODUCT §15.1), newest edit first; invalid entries skipped. */
  listDrafts(): Promise<StoredDraft[]>;
  /** Tells of drafts changed elsewhere (another tab); a no-op for host-kept drafts. */
  watchDrafts(onChange: (draftId: string) => void): () => void;
}

export function createPersistence(host: BeliefMapHost = {}): Persistence {
  return {
    async fetchDraft(draftId) {
      if (!host.fetchDraft) return fetchLocalDraft(draftId);
      const value = await host.fetchDraft(draftId);
      if (value === null || value === undefined) return null;
      const result = validate(draftSchema, value);
      if (!result.ok) console.warn(`Ignoring host draft ${draftId}: ${result.error}`);
      return result.ok ? result.value : null;
    },
    async persistDraft(draftId, draft) {
      if (host.persistDraft) await host.persistDraft(draftId, draft);
      else persistLocalDraft(draftId, draft);
    },
    async deleteDraft(draftId) {
      if (host.deleteDraft) await host.deleteDraft(draftId);
      else deleteLocalDraft(draftId);
    },
    async fetchMap(mapId) {
      const builtIn = await loadBuiltInMap(mapId);
      if (builtIn) return builtIn;
      if (!host.fetchMap) return fetchMap(mapId);
      const value = await host.fetchMap(mapId);
      if (value === null || value === undefined) return null;
      const result = validate(publishedMapSchema, value);
      if (!result.ok) throw new Error(`The host sent an invalid map: ${result.error}`);
      return result.value;
    },
    async publishMap(draft) {
      const request = toPublishRequest(draft);
      if (!host.publishMap) return publishMap(request);
      const mapId: unknown = await host.publishMap(request);
      // The answer becomes an address to go to, and the draft is deleted after it: anything but a
      // map id ('//evil.com/x', '../../compare/a/b', undefined) is refused first (PRODUCT §11).
      if (typeof mapId !== 'string' || !isMapId(mapId))
        throw new ApiError(`The host answered an invalid map id: ${describe(mapId)}`, null);
      return { mapId, published: null };
    },
    recordPublished(record) {
      // A host that publishes or keeps drafts itself keeps this browser's storage untouched (PRODUCT §11.2).
      // Loaded on first publish: Your maps is all that reads the record (PRODUCT §13.5).
      if (!host.publishMap && !host.fetchDraft)
        void import('./published-record').then((m) => m.recordPublishedMap(record));
    },
    async listDrafts() {
      // Loaded when Your maps opens, not with the first page (PRODUCT §13.5).
      const { listDrafts } = await import('./list-drafts');
      return listDrafts(host);
    },
    watchDrafts(onChange) {
      return host.fetchDraft ? () => {} : watchLocalDrafts(onChange);
    },
  };
}

/**
 * PRODUCT §4.3: a built-in map, or null. The help examples are several KB of prose that only the
 * Help story opens, so they load on first use rather than with the first page (PRODUCT §13.5 budget).
 */
async function loadBuiltInMap(mapId: string): Promise<PublishedMap | null> {
  if (mapId === 'default') return defaultMap;
  if (!isHelpExampleId(mapId)) return null;
  const { helpExampleMaps } = await import('../../domain/built-in/help-examples');
  return helpExampleMaps[mapId];
}

function describe(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 60 ? `${text.slice(0, 60)}...` : text;
}
