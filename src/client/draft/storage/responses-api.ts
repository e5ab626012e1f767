import * as z from 'zod/mini';
import {
  responsesPageSchema,
  threadSchema,
  type ResponsesPage,
  type ThreadAnswer,
} from '../../../domain/response-answers';
import { siteUrl } from '../../lib/site';
import { ApiError, isOk, messageOf } from './api-client';

// The maps that answer a published map (PRODUCT §5.6–§5.8): a page of its responses, the size of
// its thread, and hiding one of them with the map's author key. Loaded with the map page's
// Responses region, after the page shows (PRODUCT §13.5).

/** `data` of a JSON answer, checked with `schema`; an ApiError for anything else. */
async function answer<T>(url: string, schema: z.ZodMiniType<T>, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(siteUrl(url), {
      ...init,
      headers: { accept: 'application/json', ...init.headers },
    });
  } catch {
    throw new ApiError('Network error: the server could not be reached', null);
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || !isOk(body))
    throw new ApiError(messageOf(body) ?? `Server answered ${response.status}`, response.status);
  const parsed = z.safeParse(schema, (body as { data?: unknown }).data ?? {});
  if (!parsed.success) throw new ApiError('The server sent an answer this page cannot read', response.status);
  return parsed.data;
}

/**
 * The page of `mapId`'s responses after `cursor` (the first page for null). Answers may be 30 s
 * old (PRODUCT §5.6); `fresh` asks the server again each time (cheaply, by ETag), for the map's
 * author, who hides responses from it.
 */
export function fetchResponses(mapId: string, cursor: string | null, fresh = false): Promise<ResponsesPage> {
  const query = cursor === null ? '' : `?cursor=${encodeURIComponent(cursor)}`;
  return answer(
    `/api/map/${encodeURIComponent(mapId)}/responses${query}`,
    responsesPageSchema,
    fresh ? { cache: 'no-cache' } : {},
  );
}

/** How many maps answer `mapId`, directly or not, up to the thread's bound (PRODUCT §5.7). */
export async function fetchThreadSize(mapId: string): Promise<{ maps: number; complete: boolean }> {
  const thread = await answer(`/api/map/${encodeURIComponent(mapId)}/thread`, threadSchema);
  return { maps: thread.maps.length, complete: thread.complete };
}

/** Hides `responseId` from `mapId`'s responses for everyone, with the map's author key (PRODUCT §5.8). */
export async function hideResponse(mapId: string, responseId: string, authorKey: string): Promise<void> {
  await answer(
    `/api/map/${encodeURIComponent(mapId)}/responses/${encodeURIComponent(responseId)}`,
    z.unknown(),
    { method: 'DELETE', headers: { 'belief-map-author-key': authorKey } },
  );
}

/** The thread under `mapId` (PRODUCT §5.7): every map that answers it, directly or not. */
export function fetchThread(mapId: string): Promise<ThreadAnswer> {
  return answer(`/api/map/${encodeURIComponent(mapId)}/thread`, threadSchema);
}
