import {
  draftSchema,
  publishedMapSchema,
  validate,
  type Draft,
  type PublishedMap,
} from '../../domain/belief-map';
import { defaultMap, isHelpExampleId } from '../../domain/built-in/ids';
import { toPublishRequest, type PublishRequest } from '../../domain/draft';
import { fetchMap, publishMap, type Publication } from './api-client';
import { deleteLocalDraft, fetchLocalDraft, persistLocalDraft, watchLocalDrafts } from './local-drafts';

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
      return { mapId: await host.publishMap(request), published: null };
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
