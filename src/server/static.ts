import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Serves the built client (dist/client): hashed assets cached for good, index.html never cached,
// so a new release reaches every browser on its next navigation.

/** The client routes of SPEC §2; each answers index.html and the client router takes over. */
export const clientRoutes = ['/map/:id', '/compare', '/compare/:baseId/:modId', '/help'] as const;

export type SendIndex = (reply: FastifyReply, status?: number) => FastifyReply;

/** Registers the client on `app` and returns the function that answers index.html. */
export async function registerClient(app: FastifyInstance, clientDir: string): Promise<SendIndex> {
  const indexHtml = readFileSync(join(clientDir, 'index.html'), 'utf8');

  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, path) {
      res.setHeader(
        'cache-control',
        path.includes('/assets/')
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=0, must-revalidate',
      );
    },
  });

  const sendIndex: SendIndex = (reply, status = 200) =>
    reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);

  for (const route of clientRoutes) app.get(route, (_request, reply) => sendIndex(reply));
  for (const route of ['/', '/map', '/map/']) {
    app.get(route, (_request, reply) => reply.redirect('/map/draft.default', 302));
  }
  return sendIndex;
}
