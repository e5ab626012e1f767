import { publishedMapSchema, validate, type Draft, type PublishedMap } from '../../../domain/belief-map';
import { toPublishRequest, type PublishRequest } from '../../../domain/draft';
import { isMapId } from '../../../domain/map-id';
import { ApiError, isOk, messageOf } from './api-client';
import type { MapLimits } from '../../../domain/limits';
import type { BeliefMapHost } from './host';
import { siteUrl } from '../../lib/site';

// Publishing a draft (PRODUCT §8), through the JSON API or a host's `publishMap` (PRODUCT §11).
// Loaded with the first publish: a reader never needs it (PRODUCT §13.5).

/** PRODUCT §12: what a failed publish raises. */
export const publishErrorMessage = 'Error persisting belief map';

/** PRODUCT §13.7: what a publish raises when the browser has no network. */
export const offlinePublishMessage =
  'You are offline: the map was not published. Your draft is kept; publish it again when you are back online.';

/** True for the error of a request that never reached the server because the browser is offline. */
export function isOfflineError(error: unknown): boolean {
  return error instanceof ApiError && error.status === null && error.message === offlinePublishMessage;
}

/** What a publish says of the map it answers (PRODUCT §5.5); none for a map made from nothing. */
export interface Answering {
  /** The published or built-in map the draft was made from. */
  basedOn: string;
  /** Whether the author asks to be listed among its responses. */
  listed: boolean;
}

/** A published map's id, and its publication time when the answer gave it (null: fetch the map). */
export interface Publication {
  mapId: string;
  published: string | null;
  /** The secret that lets this browser hide the map's responses (PRODUCT §5.5); null from a host. */
  authorKey: string | null;
  /** Why the map is not listed under the map it answers although the author asked, or null. */
  unlistedReason: string | null;
  /**
   * The map as the server keeps it, when the answer said when it was published: the request
   * checked with the schema the server uses, so it is exactly what a GET would answer, and opening
   * it needs no request. Null otherwise (the map is then fetched).
   */
  map: PublishedMap | null;
}

/**
 * Publishes `draft` through the host's `publishMap` when it has one, else through the API, and
 * resolves to the new map's id and publication time.
 */
export async function publishDraft(
  draft: Draft,
  host: BeliefMapHost,
  answering: Answering | null = null,
): Promise<Publication> {
  const request: PublishRequest = { ...toPublishRequest(draft), ...answering };
  if (!host.publishMap) {
    let sent = request;
    const answer = await publishThroughApi(request).catch((error: unknown) => {
      // The map it answers has expired while the draft was open: the map is published answering
      // nothing, rather than not at all (PRODUCT §5.5).
      if (!answering || !isGoneBase(error, answering.basedOn)) throw error;
      sent = toPublishRequest(draft);
      return publishThroughApi(sent);
    });
    const { listed: _listed, ...stored } = sent;
    const map =
      answer.published === null
        ? null
        : validate(publishedMapSchema, { ...stored, published: answer.published });
    return { ...answer, map: map?.ok ? map.value : null };
  }
  const mapId: unknown = await host.publishMap(request);
  // The answer becomes an address to go to, and the draft is deleted after it: anything but a
  // map id ('//evil.com/x', '../../compare/a/b', undefined) is refused first (PRODUCT §11).
  if (typeof mapId !== 'string' || !isMapId(mapId))
    throw new ApiError(`The host answered an invalid map id: ${describe(mapId)}`, null);
  return { mapId, published: null, map: null, authorKey: null, unlistedReason: null };
}

/**
 * Publishes `request` with `POST /api/map/create` (PRODUCT §8) and resolves to the new map's id
 * and publication time (null when the answer has none); throws "Error persisting belief map"
 * otherwise.
 */
export async function publishThroughApi(
  request: PublishRequest,
  fetchImpl: typeof fetch = fetch,
): Promise<Omit<Publication, 'map'>> {
  let response: Response;
  try {
    response = await fetchImpl(siteUrl('/api/map/create'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(request),
    });
  } catch {
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    throw new ApiError(offline ? offlinePublishMessage : publishErrorMessage, null);
  }
  const body: unknown = await response.json().catch(() => null);
  const data = isOk(body) ? (body as { data?: Record<string, unknown> }).data : undefined;
  if (!response.ok || typeof data?.mapId !== 'string')
    throw new ApiError(publishFailureReason(response, body), response.status);
  const published = typeof data.published === 'string' && !Number.isNaN(Date.parse(data.published));
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return {
    mapId: data.mapId,
    published: published ? (data.published as string) : null,
    authorKey: text(data.authorKey),
    unlistedReason: text(data.unlistedReason),
  };
}

/**
 * PRODUCT §12.1: why a publish failed, as the server said it (its `message`), else the general message;
 * a 429 or 503 with `Retry-After` in seconds adds when to try again.
 */
function publishFailureReason(response: Pick<Response, 'status' | 'headers'>, body: unknown): string {
  const reason = messageOf(body)?.trim() || publishErrorMessage;
  const seconds = Number(response.headers.get('retry-after') ?? '');
  if ((response.status !== 429 && response.status !== 503) || !Number.isInteger(seconds) || seconds <= 0)
    return reason;
  const unit = seconds === 1 ? 'second' : 'seconds';
  return `${/[.!?]$/.test(reason) ? reason : `${reason}.`} Try again in ${seconds} ${unit}.`;
}

/** True for the refusal of a publish whose `basedOn` names a map that no longer exists. */
function isGoneBase(error: unknown, basedOn: string): boolean {
  return (
    error instanceof ApiError &&
    error.status === 400 &&
    error.message === `basedOn ${basedOn} names no published map`
  );
}

function describe(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 60 ? `${text.slice(0, 60)}...` : text;
}

const limitNames = [
  'titleLength',
  'descriptionLength',
  'reasonTitleLength',
  'relevanceLength',
  'reasonCount',
] as const;

/**
 * PRODUCT §3.3: the limits the server enforces on what is published (`GET /api/limits`), or null
 * when it cannot say (an older server, an answer that is not limits). Throws when unreachable.
 */
export async function fetchLimits(fetchImpl: typeof fetch = fetch): Promise<MapLimits | null> {
  const response = await fetchImpl(siteUrl('/api/limits'), { headers: { accept: 'application/json' } });
  const body: unknown = await response.json().catch(() => null);
  const limits = isOk(body) ? (body as { limits?: Record<string, unknown> }).limits : undefined;
  if (!response.ok || !limits) return null;
  const valid = limitNames.every(
    (name) => Number.isSafeInteger(limits[name]) && (limits[name] as number) >= 0,
  );
  return valid
    ? (Object.fromEntries(limitNames.map((name) => [name, limits[name]])) as unknown as MapLimits)
    : null;
}
