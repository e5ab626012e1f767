import { publishedMapSchema, validate, type MapData, type PublishedMap } from '../../domain/belief-map';
import { mapVersion } from '../../domain/belief-map';

// The one client wrapper around the JSON API (SPEC §7): answers are parsed with the shared schema,
// and a non-2xx answer becomes a typed error instead of data.

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** SPEC §8: what a failed publish raises. */
export const publishErrorMessage = 'Error persisting belief map';

/** The published map `id`, or null when the server has no such map (404); throws ApiError otherwise. */
export async function getMap(id: string, fetchImpl: typeof fetch = fetch): Promise<PublishedMap | null> {
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

/** Publishes `data` and resolves to the new map id; throws "Error persisting belief map" otherwise. */
export async function createMap(data: MapData, fetchImpl: typeof fetch = fetch): Promise<string> {
  let response: Response;
  try {
    response = await fetchImpl('/api/map/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ version: mapVersion, data }),
    });
  } catch {
    throw new ApiError(publishErrorMessage, null);
  }
  const body: unknown = await response.json().catch(() => null);
  const mapId = isOk(body) ? (body as { data?: { mapId?: unknown } }).data?.mapId : undefined;
  if (!response.ok || typeof mapId !== 'string') throw new ApiError(publishErrorMessage, response.status);
  return mapId;
}

function isOk(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { status?: unknown }).status === 'ok';
}

function messageOf(body: unknown): string | null {
  const message = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : null;
  return typeof message === 'string' ? message : null;
}
