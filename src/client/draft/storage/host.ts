import type { Draft, PublishedMap } from '../../../domain/belief-map';
import { builtInBasedOn, defaultMap, isHelpExampleId } from '../../../domain/built-in/ids';
import type { PublishRequest } from '../../../domain/draft';
import { fetchMap } from './api-client';
import { deleteLocalDraft, fetchLocalDraftText, persistLocalDraft, watchLocalDrafts } from './local-drafts';
import type { PublishedRecord } from '../../../domain/library';
import type { MapLimits } from '../../../domain/limits';
import type { Answering, Publication } from './publish-map';

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
  /** The host's functions: a host that keeps drafts keeps this browser's storage untouched (PRODUCT §11.2). */
  readonly host: BeliefMapHost;
  fetchDraft(draftId: string): Promise<Draft | null>;
  /**
   * What is kept under `draftId` as it is kept, a valid draft or not (the text in local storage,
   * the host's value); null when nothing is.
   */
  fetchKeptDraft(draftId: string): Promise<unknown>;
  persistDraft(draftId: string, draft: Draft): Promise<void>;
  deleteDraft(draftId: string): Promise<void>;
  /** Built-in maps come from the bundle; null when the map does not exist. */
  fetchMap(mapId: string): Promise<PublishedMap | null>;
  /** Publishes the draft's map; `published` is null when the answer did not say when. */
  publishDraft(draft: Draft, answering?: Answering | null): Promise<Publication>;
  /** The limits published maps must keep, or null when this app cannot know them (a host publishes). */
  fetchLimits(): Promise<MapLimits | null>;
  /** Notes a map published from here for "Your maps" (PRODUCT §15.1); never fails. */
  recordPublished(record: PublishedRecord): void;
  /** Every draft kept (PRODUCT §15.1), newest edit first; invalid entries skipped. */
  listDrafts(): Promise<StoredDraft[]>;
  /** Tells of drafts changed elsewhere (another tab); a no-op for host-kept drafts. */
  watchDrafts(onChange: (draftId: string) => void): () => void;
}

export function createPersistence(host: BeliefMapHost = {}): Persistence {
  return {
    host,
    async fetchDraft(draftId) {
      if (!host.fetchDraft) {
        // Nothing kept, as on a first visit: nothing to parse, so the schema is not loaded.
        const raw = fetchLocalDraftText(draftId);
        return raw === null ? null : (await import('./stored-draft')).parseStoredDraft(raw, draftId);
      }
      const value = await host.fetchDraft(draftId);
      if (value === null || value === undefined) return null;
      const { draftSchema, validate } = await import('../../../domain/belief-map');
      const result = validate(draftSchema, value);
      if (!result.ok) console.warn(`Ignoring host draft ${draftId}: ${result.error}`);
      return result.ok ? result.value : null;
    },
    async fetchKeptDraft(draftId) {
      return host.fetchDraft ? ((await host.fetchDraft(draftId)) ?? null) : fetchLocalDraftText(draftId);
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
      const { publishedMapSchema, validate } = await import('../../../domain/belief-map');
      const result = validate(publishedMapSchema, value);
      if (!result.ok) throw new Error(`The host sent an invalid map: ${result.error}`);
      return result.value;
    },
    async publishDraft(draft, answering) {
      // Loaded on first publish: a reader never needs it (PRODUCT §13.5).
      const { publishDraft } = await import('./publish-map');
      return publishDraft(draft, host, answering);
    },
    async fetchLimits() {
      if (host.publishMap) return null;
      return (await import('./publish-map')).fetchLimits();
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
  const { helpExampleMaps } = await import('../../../domain/built-in/help-examples');
  // As the API answers it: Bob's first map answers Alice's (rule B4).
  const basedOn = builtInBasedOn(mapId);
  return { ...helpExampleMaps[mapId], ...(basedOn ? { basedOn } : {}) };
}
