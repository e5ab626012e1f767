import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtInMapIds, getBuiltInMap } from '../domain/built-in/index';
import { parseMapId } from '../domain/map-id';
import {
  genericMeta,
  mapMeta,
  mapPreview,
  previewImagePath,
  renderIndex,
  type MapPreview,
  type PageMeta,
} from './page-meta';
import type { PublishedMaps } from './published-maps';

// Serves the built client (dist/client): hashed assets cached for good, index.html never cached,
// so a new release reaches every browser on its next navigation.

/** The client routes of PRODUCT §5.4 besides /map/:id; each answers index.html. */
export const clientRoutes = ['/compare', '/compare/:baseId/:modId', '/help', '/maps', '/shared'] as const;

export type SendIndex = (reply: FastifyReply, status?: number) => FastifyReply;

export interface ClientOptions {
  clientDir: string;
  /** Published maps as this instance serves them (and the API answers them). */
  maps: PublishedMaps;
  /** The site's origin for absolute URLs (PUBLIC_URL); without it they are left out. */
  publicUrl: string | null;
  now: () => Date;
}

/** Registers the client on `app` and returns the function that answers index.html. */
export async function registerClient(
  app: FastifyInstance,
  { clientDir, maps, publicUrl, now }: ClientOptions,
): Promise<SendIndex> {
  const template = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const negotiated = compressedFiles(clientDir);
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
      // A file with gzip or brotli copies is answered in one of three encodings by the request's
      // Accept-Encoding: a cache in front (a CDN) must keep them apart, or it hands brotli to a
      // client that cannot read it.
      if (negotiated.has(path.replace(/\.(br|gz)$/, ''))) res.setHeader('vary', 'Accept-Encoding');
    },
  });

  const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
    reply.code(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  const sendIndex: SendIndex = (reply, status = 200) => sendHtml(reply, genericHtml, status);

  // A published or built-in map's page previews with its own title; drafts, unknown ids and a
  // database that does not answer get the generic tags (the page itself still loads). A
  // published map's preview comes from the same entry as its API answer: read and parsed once.
  // The URL is PUBLIC_URL's, never the request's Host or X-Forwarded-Proto, which a client
  // chooses.
  const builtInPreviews = new Map<string, MapPreview>(
    builtInMapIds.map((id) => [id, mapPreview(getBuiltInMap(id)!.data)]),
  );
  const metaFor = async (request: FastifyRequest, id: string): Promise<PageMeta> => {
    const parsed = parseMapId(id);
    if (!parsed.ok || parsed.value.isDraft) return genericMeta;
    const url = publicUrl ? `${publicUrl}/map/${id}` : null;
    // PRODUCT §8.4: the picture needs an absolute URL too, so it is left out without PUBLIC_URL.
    const imageUrl = publicUrl ? `${publicUrl}${previewImagePath(id)}` : null;
    const builtIn = builtInPreviews.get(id);
    if (builtIn) return mapMeta(builtIn, url, imageUrl);
    try {
      const entry = await maps.get(id, now());
      return entry ? mapMeta(entry.preview(), url, imageUrl) : genericMeta;
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
  // The service worker keeps this as the shell every address gets offline (PRODUCT §13.7): the
  // generic page, as any client route answers it.
  app.get('/index.html', (_request, reply) => sendIndex(reply));
  for (const route of ['/', '/map', '/map/']) {
    app.get(route, (_request, reply) => reply.redirect('/map/draft.default', 302));
  }
  return sendIndex;
}

/** The files of `dir` that have a gzip or brotli copy beside them (the build makes them). */
function compressedFiles(dir: string): ReadonlySet<string> {
  const files = new Set<string>();
  for (const name of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const match = /^(.*)\.(br|gz)$/.exec(name);
    if (match) files.add(join(dir, match[1]!));
  }
  return files;
}
