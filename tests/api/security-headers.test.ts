import type { FastifyInstance, InjectOptions } from 'fastify';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { themeScriptHash } from '../../src/server/http/security-headers';
import { mapRequest, publishOk, serverForFile } from './helpers';

// PRODUCT §13.4: every answer carries a strict Content-Security-Policy (no inline or eval'd script
// but theme.js, allowed by its hash) and the usual security headers: API answers, errors included, and the client's pages and files.

const server = serverForFile({ env: { BODY_LIMIT: '2048', CREATE_RATE_LIMIT: '1' } });
let publishedId: string;
beforeAll(async () => {
  const created = await server.app.inject({
    method: 'POST',
    url: '/api/map/create',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(mapRequest()),
    remoteAddress: '203.0.113.1',
  });
  publishedId = created.json().data.mapId;
});

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

/** The CSP's directives by name, each with its list of sources. */
function parseCsp(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name, ...values] = part.split(/\s+/);
        return [name!, values] as const;
      }),
  );
}

/** Every answer, API or page or file, carries these (PRODUCT §13.4). */
function expectSecurityHeaders(headers: Record<string, unknown>): void {
  const csp = headers['content-security-policy'] as string;
  expect(csp).toBeDefined();
  const directives = parseCsp(csp);
  // No inline script but theme.js, no eval, no other origin: only the app's own code runs.
  expect(directives.get('script-src')).toEqual(["'self'", themeScriptHash]);
  expect(directives.get('default-src')).toEqual(["'self'"]);
  expect(directives.get('style-src')).toEqual(["'self'"]);
  expect(directives.get('object-src')).toEqual(["'none'"]);
  // PRODUCT §15.3: the import's module worker is a file of the app; with neither worker-src nor
  // child-src, a worker falls back to script-src 'self', which allows it and nothing else.
  expect(directives.has('worker-src') || directives.has('child-src')).toBe(false);
  expect(directives.get('base-uri')).toEqual(["'self'"]);
  expect(directives.get('form-action')).toEqual(["'self'"]);
  // PRODUCT §11.4: a host page embeds Belief Map by calling its mount function, not by framing it,
  // and the example host page is served by the app itself (same origin); so no other site may
  // frame its pages (clickjacking), and 'self' is all that embedding needs.
  expect(directives.get('frame-ancestors')).toEqual(["'self'"]);
  expect(headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|unsafe-hashes|strict-dynamic|data:.*script|\*/);

  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(headers['x-powered-by']).toBeUndefined();
}

it('allows by its hash exactly the theme script that the build writes into each page', () => {
  const script = readFileSync(new URL('../../src/client/theme.js', import.meta.url), 'utf8');
  expect(themeScriptHash).toBe(`'sha256-${createHash('sha256').update(script).digest('base64')}'`);
});

it.each(answers)('%s (%i) carries a strict CSP and the security headers', async (_what, status, request) => {
  const response = await server.app.inject(request());
  expect(response.statusCode).toBe(status);
  expectSecurityHeaders(response.headers);
});

describe('pages and files of the client', () => {
  // A client folder like the build's (writeClientDir). The pages are index.html, with
  // link-preview tags for a published map.
  const client = serverForFile({ client: true });
  let app: FastifyInstance;
  let mapId: string;

  beforeAll(async () => {
    app = client.app;
    mapId = await publishOk(app);
  });

  const pages: [string, number, () => string][] = [
    ['a published map (link preview)', 200, () => `/map/${mapId}`],
    ['an unknown map', 404, () => '/map/x'],
    ['a draft', 200, () => '/map/draft.default'],
    ['the help page', 200, () => '/help'],
    ['the choose-compare page', 200, () => '/compare'],
    ['a compare page', 200, () => `/compare/${mapId}/default`],
    ['a discussion of a thread', 200, () => `/discussion/${mapId}`],
    ['a discussion of maps', 200, () => `/discussion?maps=${mapId},default`],
    ['a path below a discussion', 404, () => `/discussion/${mapId}/more`],
    ['an unknown page', 404, () => '/no/such/page'],
  ];

  it.each(pages)('%s (%i) is HTML with a strict CSP and the security headers', async (_what, status, url) => {
    const response = await app.inject({ url: url() });
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<div id="root">');
    expectSecurityHeaders(response.headers);
  });

  it.each([
    ['a script', '/assets/main-abc123.js', {}, /^(text|application)\/javascript/, undefined],
    ['a script, gzip', '/assets/main-abc123.js', { 'accept-encoding': 'gzip' }, /javascript/, 'gzip'],
    ['a script, brotli', '/assets/main-abc123.js', { 'accept-encoding': 'br, gzip' }, /javascript/, 'br'],
    ['robots.txt', '/robots.txt', {}, /^text\/plain/, undefined],
    ['the icon', '/favicon.svg', {}, /^image\/svg\+xml/, undefined],
  ])('%s is served with its type, nosniff and the CSP', async (_what, url, headers, type, encoding) => {
    const response = await app.inject({ url, headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(type);
    expect(response.headers['content-encoding']).toBe(encoding);
    expectSecurityHeaders(response.headers);
  });

  it.each([
    ['identity', {}],
    ['gzip', { 'accept-encoding': 'gzip' }],
    ['brotli', { 'accept-encoding': 'br, gzip' }],
  ])('a script with compressed copies says it varies by Accept-Encoding (%s)', async (_what, headers) => {
    const response = await app.inject({ url: '/assets/main-abc123.js', headers });
    expect(response.headers.vary).toBe('Accept-Encoding');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('a file without compressed copies is answered one way, and says nothing of encodings', async () => {
    const response = await app.inject({ url: '/robots.txt', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toBeUndefined();
  });

  it('the redirect from / carries them too', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(302);
    expectSecurityHeaders(response.headers);
  });

  it.each([
    '/assets/../../secret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/..%2fsecret.txt',
    '/map/..%2f..%2fsecret.txt',
    '/api/map/..%2f..%2fsecret.txt',
    '/.vite/manifest.json',
  ])('%s never answers a file outside what the client serves', async (url) => {
    const response = await app.inject({ url });
    expect(response.body).not.toContain('outside the client folder');
    expect([200, 400, 403, 404]).toContain(response.statusCode);
    if (response.statusCode === 200) expect(response.body).toContain('<div id="root">');
  });

  // A client that sends the path as it is (curl --path-as-is): inject would normalise it first.
  it.each([
    '/assets/main-abc123.js.map/.',
    '/assets/main-abc123.js.map/./',
    '/assets/main-abc123.js.map.gz/.',
    '/assets/./main-abc123.js.map',
    '/x/../.vite/manifest.json',
    '/x/%2e%2e/.vite/manifest.json',
    '/assets/%2e%2e/.vite/manifest.json',
    '/assets/%2E%2E/.vite/./manifest.json',
    '//.vite/manifest.json',
    '/assets//main-abc123.js.map',
    '/.vite/manifest.json/.',
    '/assets/main-abc123.js/.',
  ])('%s, sent as it is, answers no file', async (path) => {
    for (const encoding of [undefined, 'gzip', 'br, gzip']) {
      const response = await rawGet(app, path, encoding);
      expect(response.status, `${path} with Accept-Encoding ${encoding}`).toBe(404);
      expect(response.body.includes('secret-source')).toBe(false);
    }
  });

  it('a file by its own name is still served, sent as it is', async () => {
    const response = await rawGet(app, '/assets/main-abc123.js');
    expect(response.status).toBe(200);
  });

  // Source maps hold the sources; compressed copies of them are source maps too.
  it.each([
    '/assets/main-abc123.js.map',
    '/assets/main-abc123.js.map.gz',
    '/assets/main-abc123.js.map.br',
    '/assets/main-abc123.js%2emap',
    '/assets/main-abc123.js.m%61p.gz',
  ])('%s is not found, whatever encodings the request accepts', async (url) => {
    for (const encoding of [undefined, 'gzip', 'br', 'br, gzip']) {
      const headers = encoding ? { 'accept-encoding': encoding } : {};
      const response = await app.inject({ url, headers });
      expect(response.statusCode, `${url} with Accept-Encoding ${encoding}`).toBe(404);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.rawPayload.includes('secret-source')).toBe(false);
    }
  });
});

/** GETs `path` from `app` over a socket, byte for byte as given (no normalising of dot segments). */
async function rawGet(
  app: FastifyInstance,
  path: string,
  encoding?: string,
): Promise<{ status: number; body: Buffer }> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const headers = encoding ? { 'accept-encoding': encoding } : {};
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
