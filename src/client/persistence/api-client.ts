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
    throw new ApiError(publishErrorMessage, null);
  }
  const body: unknown = await response.json().catch(() => null);
  const data = isOk(body) ? (body as { data?: { mapId?: unknown; published?: unknown } }).data : undefined;
  if (!response.ok || typeof data?.mapId !== 'string')
    throw new ApiError(publishErrorMessage, response.status);
  const published = typeof data.published === 'string' && !Number.isNaN(Date.parse(data.published));
  return { mapId: data.mapId, published: published ? (data.published as string) : null };
}

function isOk(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'ok';
}

function messageOf(body: unknown): string | null {
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : null;
  return typeof message === 'string' ? message : null;
}
