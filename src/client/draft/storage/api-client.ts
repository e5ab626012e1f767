import type { PublishedMap } from '../../../domain/belief-map';
import { publishedMapShape } from './map-shape';
import { siteUrl } from '../../lib/site';

// The one client wrapper around the JSON API (PRODUCT §5): a map is read by the stored form's
// shape (map-shape.ts: this site's own server wrote it), and a non-2xx answer becomes a typed
// error instead of data. Publishing, which a reader never needs, loads with the first publish
// (publish-map.ts).

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** The published map `id`, or null when the server has no such map (404); throws ApiError otherwise. */
export async function fetchMap(id: string, fetchImpl: typeof fetch = fetch): Promise<PublishedMap | null> {
  let response: Response;
  try {
    response = await fetchImpl(siteUrl(`/api/map/${encodeURIComponent(id)}`), {
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
  const parsed = publishedMapShape(map);
  if (!parsed) throw new ApiError('The server sent an invalid map', response.status);
  return parsed;
}

/** True for an answer `{"status":"ok",…}`. */
export function isOk(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'ok';
}

/** The `message` of an error answer, or null. */
export function messageOf(body: unknown): string | null {
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : null;
  return typeof message === 'string' ? message : null;
}
