import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
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
import { matchesEtag } from './etag';
import { builtInAnswers } from './routes/built-in-answers';
import {
  helpMeta,
  loadPageRenderer,
  pageOf,
  prerenderedHelpFile,
  readPageAssets,
  renderPageAt,
  type PageRenderer,
  type RenderedPage,
} from './rendered-pages';

// Serves the built client (dist/client): hashed assets cached for good, index.html never cached,
// so a new release reaches every browser on its next navigation.

/** The client routes of PRODUCT §5.4 besides /map/:id; each answers index.html. */
export const clientRoutes = ['/compare', '/compare/:baseId/:modId', '/maps', '/shared'] as const;

export type SendIndex = (reply: FastifyReply, status?: number) => FastifyReply;

export interface ClientOptions {
  clientDir: string;
  /**
   * Renders published maps, built-in maps and Help into their HTML (PRODUCT §13.6); null serves
   * them as every other page, rendered in the browser. By default the renderer built beside the
   * client (dist/server/ssr.js), when there is one.
   */
  renderer?: PageRenderer | null;
  /** Published maps as this instance serves them (and the API answers them). */
  maps: PublishedMaps;
  /** The site's origin for absolute URLs (PUBLIC_URL); without it they are left out. */
  publicUrl: string | null;
  now: () => Date;
}

/** A map a page names, as `findMap` found it. */
interface FoundMap {
  preview(): MapPreview;
  /** Its API answer's text. */
  answer(): string;
  /** Its rendered page: made by `render` the first time, then kept. */
  page(render: () => Promise<RenderedPage | null>): Promise<RenderedPage | null>;
}

/** Registers the client on `app` and returns the function that answers index.html. */
export async function registerClient(
  app: FastifyInstance,
  { clientDir, maps, publicUrl, now, ...options }: ClientOptions,
): Promise<SendIndex> {
  const template = readFileSync(join(clientDir, 'index.html'), 'utf8');
  const serverDir = join(clientDir, '../server');
  const renderer = options.renderer === undefined ? await loadPageRenderer(serverDir) : options.renderer;
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

  const kit = renderer ? { renderer, template, assets: readPageAssets(clientDir) } : null;
  /** Renders the page at `path` with the maps given as their API answers by id (PRODUCT §13.6). */
  const renderPage = async (
    request: FastifyRequest,
    path: string,
    meta: PageMeta,
    answers: Readonly<Record<string, string>>,
  ): Promise<RenderedPage | null> => {
    if (!kit) return null;
    try {
      return await renderPageAt(kit, path, meta, answers);
    } catch (error) {
      request.log.error({ err: error }, `rendering ${path} failed; it is sent to be rendered in the browser`);
      return null;
    }
  };
  // Built-in maps and Help are the same for every request: each is rendered once, when first asked
  // for, unless the build rendered Help already beside the renderer it was loaded from.
  const fixedPages = new Map<string, Promise<RenderedPage | null>>();
  const prerenderedHelp = join(serverDir, prerenderedHelpFile);
  if (renderer && options.renderer === undefined && existsSync(prerenderedHelp)) {
    fixedPages.set('/help', Promise.resolve(pageOf(readFileSync(prerenderedHelp))));
  }
  const fixedPage = (key: string, render: () => Promise<RenderedPage | null>) => {
    let page = fixedPages.get(key);
    if (!page) fixedPages.set(key, (page = render()));
    return page;
  };

  // The built-in maps' API answers (their page's data block carries the same text) and previews.
  const builtIns = builtInAnswers();
  const builtInPreviews = new Map<string, MapPreview>(
    builtInMapIds.map((id) => [id, mapPreview(getBuiltInMap(id)!.data)]),
  );

  /**
   * The published or built-in map `id` names, looked up once for its page: its link preview, its
   * API answer and its rendered page, which a published map keeps in its cache entry. Null for a
   * draft, a malformed or unknown id, and a database that does not answer: the page then loads
   * with the generic tags, and the browser loads the map itself.
   */
  const findMap = async (request: FastifyRequest, id: string): Promise<FoundMap | null> => {
    const parsed = parseMapId(id);
    if (!parsed.ok || parsed.value.isDraft) return null;
    const builtIn = builtIns.get(id);
    if (builtIn)
      return {
        preview: () => builtInPreviews.get(id)!,
        answer: () => builtIn.body,
        page: (render) => fixedPage(`/map/${id}`, render),
      };
    try {
      const entry = await maps.get(id, now());
      return (
        entry && {
          preview: () => entry.preview(),
          answer: () => entry.answer.toString('utf8'),
          page: (render) => entry.page(render),
        }
      );
    } catch (error) {
      request.log.warn({ err: error }, 'map page: map lookup failed');
      return null;
    }
  };

  /** Sends `page`, or 304 when the client holds it already (its ETag); gzipped when accepted. */
  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: RenderedPage) => {
    reply.header('etag', page.etag).header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
    if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    reply.type('text/html; charset=utf-8');
    const acceptsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    if (page.gzip && acceptsGzip) return reply.header('content-encoding', 'gzip').send(page.gzip);
    return reply.send(page.html);
  };

  // A published or built-in map's page comes rendered, and previews with its own title (PRODUCT
  // §8.4, §13.6). The URLs are PUBLIC_URL's, never the request's Host or X-Forwarded-Proto, which a
  // client chooses; the picture needs an absolute URL, so it is left out without PUBLIC_URL.
  app.get<{ Params: { id: string } }>('/map/:id', async (request, reply) => {
    const { id } = request.params;
    const found = await findMap(request, id);
    if (!found) return sendIndex(reply);
    // Worked out only when the page is made: a rendered page is kept, and its tags with it.
    const meta = () =>
      mapMeta(
        found.preview(),
        publicUrl ? `${publicUrl}/map/${id}` : null,
        publicUrl ? `${publicUrl}${previewImagePath(id)}` : null,
      );
    const page = renderer
      ? await found.page(() => renderPage(request, `/map/${id}`, meta(), { [id]: found.answer() }))
      : null;
    return page ? sendPage(request, reply, page) : sendHtml(reply, renderIndex(template, meta()));
  });
  app.get('/help', async (request, reply) => {
    const page = await fixedPage('/help', () => renderPage(request, '/help', helpMeta, {}));
    return page ? sendPage(request, reply, page) : sendIndex(reply);
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
