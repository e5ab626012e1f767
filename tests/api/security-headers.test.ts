import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mapRequest, startServer, type TestServer } from './helpers';

// PRODUCT §9: every answer carries a strict Content-Security-Policy (no inline or eval'd script)
// and the usual security headers, errors included.

let server: TestServer;
let publishedId: string;
beforeAll(async () => {
  server = await startServer({ env: { BODY_LIMIT: '2048', CREATE_RATE_LIMIT: '1' } });
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/map/create',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(mapRequest()),
    remoteAddress: '203.0.113.1',
  });
  publishedId = created.json().data.mapId;
});
afterAll(() => server.close());

// Each publish comes from its own address, so only the one meant to be limited is.
const answers: [string, number, () => InjectOptions][] = [
  ['a built-in map', 200, () => ({ url: '/api/map/default' })],
  ['a published map', 200, () => ({ url: `/api/map/${publishedId}` })],
  ['a 304', 304, () => ({ url: '/api/map/default', headers: { 'if-none-match': '*' } })],
  ['a 400 id', 400, () => ({ url: '/api/map/Bad.Id' })],
  ['a 404 map', 404, () => ({ url: '/api/map/no-such-map-k3j9x2m7qa1b' })],
  ['a 404 path', 404, () => ({ url: '/api/nothing' })],
  ['a publish', 200, () => post(JSON.stringify(mapRequest()), '198.51.100.1')],
  ['a 400 publish', 400, () => post('{', '198.51.100.2')],
  ['a 413 publish', 413, () => post('x'.repeat(4096), '198.51.100.3')],
  ['a 415 publish', 415, () => post('x', '198.51.100.4', 'text/plain')],
  ['a 429 publish', 429, () => post(JSON.stringify(mapRequest()), '203.0.113.1')],
  ['the health check', 200, () => ({ url: '/healthz' })],
];

function post(payload: string, remoteAddress: string, contentType = 'application/json'): InjectOptions {
  return {
    method: 'POST',
    url: '/api/map/create',
    headers: { 'content-type': contentType },
    payload,
    remoteAddress,
  };
}

it.each(answers)('%s (%i) carries a strict CSP and the security headers', async (_what, status, request) => {
  const response = await server.app.inject(request());
  expect(response.statusCode).toBe(status);
  const csp = response.headers['content-security-policy'] as string;
  expect(csp).toBeDefined();
  const directives = new Map(
    csp.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values] as const;
    }),
  );
  expect(directives.get('script-src')).toEqual(["'self'"]);
  expect(directives.get('default-src')).toEqual(["'self'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  expect(directives.get('frame-ancestors')).toBeDefined();
  expect(directives.get('base-uri')).toBeDefined();
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|\*/);

  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );
  expect(response.headers['x-frame-options']).toBeDefined();
  expect(response.headers['x-powered-by']).toBeUndefined();
});
