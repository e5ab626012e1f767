import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getBuiltInMap } from '../domain/built-in/index';
import { parseMapId } from '../domain/map-id';
import { genericMeta, mapMeta, renderIndex, type PageMeta } from './page-meta';
import type { MapStore } from './store/map-store';

// Serves the built client (dist/client): hashed assets cached for good, index.html never cached,
// so a new release reaches every browser on its next navigation.

/** The client routes of SPEC §2 besides /map/:id; each answers index.html. */
export const clientRoutes = ['/compare', '/compare/:baseId/:modId', '/help'] as const;

export type SendIndex = (reply: FastifyReply, status?: number) => FastifyReply;

export interface ClientOptions {
  clientDir: string;
  store: MapStore;
  now: () => Date;
}

/** Registers the client on `app` and returns the function that answers index.html. */
export async function registerClient(
  app: FastifyInstance,
  { clientDir, store, now }: ClientOptions,
): Promise<SendIndex> {
  const template = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const genericHtml = renderIndex(template, genericMeta);

  await app.register(fastifyStatic, {
    root: clientDir,
    index: false,
    wildcard: true,
    preCompressed: true,
    cacheControl: false,
    // The build manifest and source maps are for tools, not for browsers.
    allowedPath: (pathName) => !pathName.startsWith('/.vite/') && !pathName.endsWith('.map'),
    setHeaders(res, path) {
      res.setHeader(
        'cache-control',
        path.includes('/assets/')
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=0, must-revalidate',
      );
    },
  });

  const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
    reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  const sendIndex: SendIndex = (reply, status = 200) => sendHtml(reply, genericHtml, status);

  // A published or built-in map's page previews with its own title; drafts, unknown ids and a
  // database that does not answer get the generic tags (the page itself still loads).
  const metaFor = async (request: FastifyRequest, id: string): Promise<PageMeta> => {
    const parsed = parseMapId(id);
    if (!parsed.ok || parsed.value.isDraft) return genericMeta;
    const url = `${request.protocol}://${request.host}/map/${id}`;
    const builtIn = getBuiltInMap(id);
    if (builtIn) return mapMeta(builtIn.data, url);
    try {
      const stored = await store.get(id, now());
      return stored ? mapMeta(JSON.parse(stored.dataJson), url) : genericMeta;
    } catch (error) {
      request.log.warn({ err: error }, 'link preview: map lookup failed');
      return genericMeta;
    }
  };

  app.get<{ Params: { id: string } }>('/map/:id', async (request, reply) => {
    const meta = await metaFor(request, request.params.id);
    return sendHtml(reply, meta === genericMeta ? genericHtml : renderIndex(template, meta));
  });
  for (const route of clientRoutes) app.get(route, (_request, reply) => sendIndex(reply));
  for (const route of ['/', '/map', '/map/']) {
    app.get(route, (_request, reply) => reply.redirect('/map/draft.default', 302));
  }
  return sendIndex;
}
