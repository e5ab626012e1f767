import { publishedMapSchema, validate, type PublishedMap } from '../../domain/belief-map';
import type { PublishRequest } from '../../domain/draft';

// The one client wrapper around the JSON API (PRODUCT §5): answers are parsed with the shared
// schema, and a non-2xx answer becomes a typed error instead of data.

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** PRODUCT §12: what a failed publish raises. */
export const publishErrorMessage = 'Error persisting belief map';

/** PRODUCT §13.7: what a publish raises when the browser has no network. */
export const offlinePublishMessage =
  'You are offline: the map was not published. Your draft is kept; publish it again when you are back online.';

/** True for the error of a request that never reached the server because the browser is offline. */
export function isOfflineError(error: unknown): boolean {
  return error instanceof ApiError && error.status === null && error.message === offlinePublishMessage;
}

/** A published map's id, and its publication time when the answer gave it (null: fetch the map). */
export interface Publication {
  mapId: string;
  published: string | null;
}

/** The published map `id`, or null when the server has no such map (404); throws ApiError otherwise. */
export async function fetchMap(id: string, fetchImpl: typeof fetch = fetch): Promise<PublishedMap | null> {
  let response: Response;
  try {
    response = await fetchImpl(`/api/map/${encodeURIComponent(id)}`, {
      headers: { accept: 'application/json' },
    });
  } catch {
    throw new ApiError('Network error: the server could not be reached', null);
  }
  if (response.status === 404) return null;
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok || !isOk(body))
    throw new ApiError(messageOf(body) ?? `Server answered ${response.status}`, response.status);
  const { status: _status, ...map } = body as Record<string, unknown>;
  const parsed = validate(publishedMapSchema, map);
  if (!parsed.ok) throw new ApiError(`The server sent an invalid map: ${parsed.error}`, response.status);
  return parsed.value;
}

/**
 * Publishes `request` with `POST /api/map/create` (PRODUCT §8) and resolves to the new map's id
 * and publication time (null when the answer has none); throws "Error persisting belief map"
 * otherwise.
 */
export async function publishMap(
  request: PublishRequest,
  fetchImpl: typeof fetch = fetch,
): Promise<Publication> {
  let response: Response;
  try {
    response = await fetchImpl('/api/map/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(request),
    });
  } catch {
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    throw new ApiError(offline ? offlinePublishMessage : publishErrorMessage, null);
  }
  const body: unknown = await response.json().catch(() => null);
  const data = isOk(body) ? (body as { data?: { mapId?: unknown; published?: unknown } }).data : undefined;
  if (!response.ok || typeof data?.mapId !== 'string')
    throw new ApiError(publishFailureReason(response, body), response.status);
  const published = typeof data.published === 'string' && !Number.isNaN(Date.parse(data.published));
  return { mapId: data.mapId, published: published ? (data.published as string) : null };
}

/**
 * PRODUCT §12.1: why a publish failed, as the server said it (its `message`), else the general message;
 * a 429 or 503 with `Retry-After` in seconds adds when to try again.
 */
export function publishFailureReason(response: Pick<Response, 'status' | 'headers'>, body: unknown): string {
  const reason = messageOf(body)?.trim() || publishErrorMessage;
  const seconds = Number(response.headers.get('retry-after') ?? '');
  if ((response.status !== 429 && response.status !== 503) || !Number.isInteger(seconds) || seconds <= 0)
    return reason;
  const unit = seconds === 1 ? 'second' : 'seconds';
  return `${/[.!?]$/.test(reason) ? reason : `${reason}.`} Try again in ${seconds} ${unit}.`;
}

function isOk(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'ok';
}

function messageOf(body: unknown): string | null {
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : null;
  return typeof message === 'string' ? message : null;
}
