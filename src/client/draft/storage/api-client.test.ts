import { describe, expect, it, vi } from 'vitest';
import type { PublishRequest } from '../../../domain/draft';
import { ApiError, fetchMap } from './api-client';
import {
  fetchLimits,
  isOfflineError,
  offlinePublishMessage,
  publishErrorMessage,
  publishThroughApi,
} from './publish-map';

// The client's side of the API (PRODUCT §5) against a stand-in for fetch: what is sent, and what
// each kind of answer becomes.

const request: PublishRequest = {
  version: '1.0',
  data: { title: 'Bike lane', description: null, reasons: [] },
};
const published = '2026-11-22T10:00:00.000Z';

/** A fetch that answers `status` with `body` as JSON, recording the requests it was given. */
function answering(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetchImpl = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  }) as typeof fetch;
  return { fetchImpl, calls };
}

const unreachable = (async () => {
  throw new TypeError('Failed to fetch');
}) as typeof fetch;

describe('publishThroughApi', () => {
  it('posts the request as JSON and resolves to the new id and its publication time', async () => {
    const { fetchImpl, calls } = answering(200, {
      status: 'ok',
      data: { mapId: 'bike-lane-k3j9x2m7qa', published },
    });
    expect(await publishThroughApi(request, fetchImpl)).toEqual({
      mapId: 'bike-lane-k3j9x2m7qa',
      published,
      authorKey: null,
      unlistedReason: null,
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/map/create');
    expect(calls[0]?.init?.method).toBe('POST');
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual(request);
  });

  it('answers no publication time when the server gives none, or one that is not a time', async () => {
    for (const data of [
      { mapId: 'm-1' },
      { mapId: 'm-1', published: 'soon' },
      { mapId: 'm-1', published: 3 },
    ]) {
      const { fetchImpl } = answering(200, { status: 'ok', data });
      expect(await publishThroughApi(request, fetchImpl)).toMatchObject({ mapId: 'm-1', published: null });
    }
  });

  it('answers the author key, and why the map is not listed when the author asked to be (PRODUCT §5.5)', async () => {
    const authorKey = 'k'.repeat(22);
    const unlistedReason = 'This address has listed its 30 responses for this hour';
    const { fetchImpl, calls } = answering(200, {
      status: 'ok',
      data: { mapId: 'm-1', published, authorKey, listed: false, unlistedReason },
    });
    const answering_ = { ...request, basedOn: 'bike-lane-k3j9x2m7qa', listed: true };
    expect(await publishThroughApi(answering_, fetchImpl)).toEqual({
      mapId: 'm-1',
      published,
      authorKey,
      unlistedReason,
    });
    expect(JSON.parse(String(calls[0]?.init?.body))).toEqual(answering_);
  });

  it('raises "Error persisting belief map" for a refusal without a reason, a strange answer or no network', async () => {
    const failures = [
      answering(400, { status: 'error' }).fetchImpl,
      answering(500, { status: 'error', message: '  ' }).fetchImpl,
      answering(200, { status: 'ok', data: {} }).fetchImpl,
      answering(200, 'not an object').fetchImpl,
      unreachable,
    ];
    for (const fetchImpl of failures) {
      const error = await publishThroughApi(request, fetchImpl).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toBe(publishErrorMessage);
      expect(isOfflineError(error)).toBe(false);
    }
  });

  // PRODUCT §12.1: the server's own reason, and when to retry.
  it.each([
    [400, null, 'data.title: Title is required', 'data.title: Title is required'],
    [429, '30', 'Too many requests', 'Too many requests. Try again in 30 seconds.'],
    [503, '1', 'The server is busy.', 'The server is busy. Try again in 1 second.'],
    [429, null, 'Too many requests', 'Too many requests'],
    [429, 'Wed, 21 Oct 2026 07:28:00 GMT', 'Too many requests', 'Too many requests'],
    [429, '-5', 'Too many requests', 'Too many requests'],
    [400, '30', 'Too many reasons', 'Too many reasons'],
    [503, '5', undefined, `${publishErrorMessage}. Try again in 5 seconds.`],
  ])('answers %i (Retry-After %s, message %s) with %j', async (status, retryAfter, message, expected) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (retryAfter !== null) headers['retry-after'] = retryAfter;
    const fetchImpl = (async () =>
      new Response(JSON.stringify({ status: 'error', message }), { status, headers })) as typeof fetch;
    const error = await publishThroughApi(request, fetchImpl).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(expected);
    expect((error as ApiError).status).toBe(status);
  });

  it('says the browser is offline when it is, and only for a request that never left (PRODUCT §13.7)', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    try {
      const offline = await publishThroughApi(request, unreachable).catch((e: unknown) => e);
      expect((offline as ApiError).message).toBe(offlinePublishMessage);
      expect(isOfflineError(offline)).toBe(true);
      // An answer did come back: the server's refusal is not an offline error.
      const refused = await publishThroughApi(request, answering(503, { status: 'error' }).fetchImpl).catch(
        (e: unknown) => e,
      );
      expect(isOfflineError(refused)).toBe(false);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('fetchMap', () => {
  const map = { version: '1.0', published, data: request.data };

  it('parses a published map, and answers null for an unknown one', async () => {
    const { fetchImpl, calls } = answering(200, { status: 'ok', ...map });
    expect(await fetchMap('bike-lane-k3j9x2m7qa', fetchImpl)).toEqual(map);
    expect(calls[0]?.url).toBe('/api/map/bike-lane-k3j9x2m7qa');
    expect(await fetchMap('gone', answering(404, { status: 'error', message: 'no' }).fetchImpl)).toBeNull();
  });

  it('raises the server’s message, an invalid map, or a network error as an ApiError', async () => {
    const cases: [typeof fetch, string | RegExp][] = [
      [
        answering(503, { status: 'error', message: 'Database unavailable' }).fetchImpl,
        'Database unavailable',
      ],
      [answering(200, { status: 'ok', ...map, version: '2.0' }).fetchImpl, 'The server sent an invalid map'],
      [unreachable, 'Network error: the server could not be reached'],
    ];
    for (const [fetchImpl, message] of cases) {
      const error = await fetchMap('bike-lane-k3j9x2m7qa', fetchImpl).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toMatch(message);
    }
  });
});

describe('fetchLimits (PRODUCT §3.3)', () => {
  const limits = {
    titleLength: 40,
    descriptionLength: 20_000,
    reasonTitleLength: 500,
    relevanceLength: 20_000,
    reasonCount: 1,
  };

  it('answers the limits the server enforces', async () => {
    const { fetchImpl, calls } = answering(200, { status: 'ok', limits: { ...limits, more: true } });
    expect(await fetchLimits(fetchImpl)).toEqual(limits);
    expect(calls.map((call) => call.url)).toEqual(['/api/limits']);
  });

  it.each([
    [404, { status: 'error', message: 'No such endpoint' }],
    [200, { status: 'ok' }],
    [200, { status: 'ok', limits: { ...limits, titleLength: '40' } }],
    [200, { status: 'ok', limits: { ...limits, reasonCount: -1 } }],
    [200, 'not json at all'],
  ])('answers null for a %i answer that is not limits: %j', async (status, body) => {
    expect(await fetchLimits(answering(status, body).fetchImpl)).toBeNull();
  });
});
