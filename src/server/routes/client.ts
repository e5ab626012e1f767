import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { genericMeta, renderIndex } from '../pages/page-meta';
import type { PublishedMaps } from '../pages/published-maps';
import type { PageRenderPool } from '../pages/page-render-pool';
import { loadPageRenderer, manifestPath, readManifest, type PageRenderer } from '../pages/rendered-pages';
import { registerEmbedding } from './embedding';
import { registerPages, type SendIndex } from './pages';

// Serves the built client (dist/client): hashed assets cached for good, index.html never cached,
// so a new release reaches every browser on its next navigation. The pages the server renders
// (/map/:id, /help) are pages.ts's; registerClient registers them with the rest.

/** A source map or a compressed copy of one. */
const sourceMapPath = /\.map(\.(gz|br))?$/i;

/**
 * Whether the static handler may answer `pathName` (decoded, as @fastify/static passes it): a file
 * by its own name only. The file sender normalises what it is given, so a dot segment or an empty
 * one (`/x.js.map/.`, `/x/../.vite/manifest.json`, `//.vite/…`) would reach a file under another
 * name than the one checked here; such a path answers 404 rather than be normalised into a name.
 * The build manifest and source maps (and any compressed copy of one) are for tools, not for
 * browsers: a source map holds the sources. The build no longer puts them in the served folder;
 * this keeps an old or hand-made folder from serving them.
 */
function isServablePath(pathName: string): boolean {
  return (
    posix.normalize(pathName) === pathName && !pathName.startsWith('/.vite/') && !sourceMapPath.test(pathName)
  );
}

/** The client routes of PRODUCT §5.4 besides /map/:id; each answers index.html. */
const clientRoutes = [
  '/compare',
  '/compare/:baseId/:modId',
  '/discussion',
  '/discussion/:mapId',
  '/maps',
  '/shared',
] as const;

export interface ClientOptions {
  clientDir: string;
  /**
   * The threads that render the built renderer's pages (pages/page-render-pool.ts), or null to render
   * them on this event loop.
   */
  pool: PageRenderPool | null;
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

/** Registers the client on `app` and returns the function that answers index.html. */
export async function registerClient(
  app: FastifyInstance,
  { clientDir, maps, publicUrl, now, pool: threads, ...options }: ClientOptions,
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
    allowedPath: isServablePath,
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

  registerPages(app, {
    clientDir,
    serverDir,
    template,
    renderer,
    builtRenderer: options.renderer === undefined,
    pool: threads,
    maps,
    publicUrl,
    now,
    sendHtml,
    sendIndex,
  });
  // A folder without a build manifest (tests of the API) has no /embed.js.
  const manifest = existsSync(manifestPath(clientDir)) ? readManifest(clientDir) : null;
  registerEmbedding(app, { manifest, maps, publicUrl, now });
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
