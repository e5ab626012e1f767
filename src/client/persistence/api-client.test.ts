import { describe, expect, it } from 'vitest';
import type { PublishRequest } from '../../domain/draft';
import { ApiError, fetchMap, publishMap, publishErrorMessage } from './api-client';

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

describe('publishMap', () => {
  it('posts the request as JSON and resolves to the new id and its publication time', async () => {
    const { fetchImpl, calls } = answering(200, {
      status: 'ok',
      data: { mapId: 'bike-lane-k3j9x2m7qa', published },
    });
    expect(await publishMap(request, fetchImpl)).toEqual({ mapId: 'bike-lane-k3j9x2m7qa', published });
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
      expect(await publishMap(request, fetchImpl)).toEqual({ mapId: 'm-1', published: null });
    }
  });

  it('raises "Error persisting belief map" for a refusal, a strange answer or no network', async () => {
    const failures = [
      answering(400, { status: 'error', message: 'data.title: Title is required' }).fetchImpl,
      answering(429, { status: 'error', message: 'Too many requests' }).fetchImpl,
      answering(200, { status: 'ok', data: {} }).fetchImpl,
      answering(200, 'not an object').fetchImpl,
      unreachable,
    ];
    for (const fetchImpl of failures) {
      const error = await publishMap(request, fetchImpl).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toBe(publishErrorMessage);
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
      [
        answering(200, { status: 'ok', ...map, version: '2.0' }).fetchImpl,
        /^The server sent an invalid map: version/,
      ],
      [unreachable, 'Network error: the server could not be reached'],
    ];
    for (const [fetchImpl, message] of cases) {
      const error = await fetchMap('bike-lane-k3j9x2m7qa', fetchImpl).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).message).toMatch(message);
    }
  });
});
