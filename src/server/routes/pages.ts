import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtInBasedOn, builtInMapIds, getBuiltInMap } from '../../domain/built-in/index';
import { parseMapId } from '../../domain/map-id';
import { isEmbeddedPagePath, isRenderedPagePath } from '../../domain/page-paths';
import { acceptsGzip } from '../http/accept-encoding';
import { matchesEtag } from '../http/etag';
import { pageContentSecurityPolicy } from '../http/security-headers';
import { BusyError } from '../http/errors';
import {
  mapMeta,
  mapPreview,
  oembedUrlOf,
  previewImagePath,
  renderIndex,
  type MapPreview,
  type PageMeta,
} from '../pages/page-meta';
import type { PageRenderPool } from '../pages/page-render-pool';
import type { PageKind, PublishedMaps } from '../pages/published-maps';
import {
  helpMeta,
  pageHtml,
  pageOf,
  prerenderedHelpFile,
  readPageAssets,
  styleHash,
  renderPageAt,
  type PageRenderer,
  type RenderedPage,
} from '../pages/rendered-pages';
import { builtInAnswers } from './built-in-answers';

// The pages the server answers rendered (PRODUCT §13.6): a published or built-in map's page
// (/map/:id) and Help (/help). Registered by registerClient (client.ts), which serves the rest of
// the client.

/** Answers the client's index.html, with the generic tags (client.ts). */
export type SendIndex = (reply: FastifyReply, status?: number) => FastifyReply;

export interface PagesOptions {
  clientDir: string;
  /** Where the renderer was built (dist/server), with Help prerendered beside it. */
  serverDir: string;
  /** The client's index.html. */
  template: string;
  /** The renderer of the pages, or null to serve them as every other page, rendered in the browser. */
  renderer: PageRenderer | null;
  /** True when `renderer` is the one built beside the client, not one handed in (tests). */
  builtRenderer: boolean;
  /**
   * The threads that render the built renderer's pages (pages/page-render-pool.ts), or null to render
   * them on this event loop.
   */
  pool: PageRenderPool | null;
  /** Published maps as this instance serves them (and the API answers them). */
  maps: PublishedMaps;
  /** The site's origin for absolute URLs (PUBLIC_URL); without it they are left out. */
  publicUrl: string | null;
  now: () => Date;
  sendHtml: (reply: FastifyReply, html: string, status?: number) => FastifyReply;
  sendIndex: SendIndex;
}

/** A map a page names, as `findMap` found it. */
interface FoundMap {
  preview(): MapPreview;
  /** Its API answer's text. */
  answer(): string;
  /** The id of the map it answers, or null. */
  basedOn: string | null;
  /** Its rendered page of `kind`: made by `render` the first time, then kept. */
  page(render: () => Promise<RenderedPage | null>, kind?: PageKind): Promise<RenderedPage | null>;
}

/** Registers /map/:id and /help on `app`. */
export function registerPages(
  app: FastifyInstance,
  {
    clientDir,
    serverDir,
    template,
    renderer,
    builtRenderer,
    pool: threads,
    maps,
    publicUrl,
    now,
    sendHtml,
    sendIndex,
  }: PagesOptions,
): void {
  const kit = renderer ? { renderer, template, assets: readPageAssets(clientDir) } : null;
  // A rendered page's CSS is inline (PRODUCT §13.6): its policy allows that style by its hash.
  const pagePolicy = kit
    ? pageContentSecurityPolicy([styleHash(kit.assets.map.style), styleHash(kit.assets.help.style)])
    : null;
  // PRODUCT §11.5: the compact page of a map may be framed by any site; no other page may.
  const embedPolicy = kit ? pageContentSecurityPolicy([styleHash(kit.assets.embed.style)], true) : null;
  const framedIndexPolicy = pageContentSecurityPolicy([], true);
  // The built renderer runs on threads of its own (pages/page-render-pool.ts), so that no render
  // holds up this event loop; a renderer handed in (tests) runs here.
  const pool = renderer && builtRenderer ? threads : null;
  /**
   * Renders the page at `path` with the maps given as their API answers by id (PRODUCT §13.6), or
   * answers null when it cannot be rendered (it is then sent to be rendered in the browser). Rejects
   * with BusyError while too many renders wait: the page goes out unrendered this time, and the
   * next request tries again.
   */
  const renderPage = async (
    request: FastifyRequest,
    path: string,
    meta: PageMeta,
    answers: Readonly<Record<string, string>>,
    titles: Readonly<Record<string, string>> = {},
  ): Promise<RenderedPage | null> => {
    if (!kit) return null;
    try {
      return await (pool
        ? pool.render(path, meta, answers, titles)
        : renderPageAt(kit, path, meta, answers, titles));
    } catch (error) {
      if (error instanceof BusyError) throw error;
      request.log.error({ err: error }, `rendering ${path} failed; it is sent to be rendered in the browser`);
      return null;
    }
  };
  // Built-in maps and Help are the same for every request: each is rendered once, when first asked
  // for, unless the build rendered Help already beside the renderer it was loaded from.
  const fixedPages = new Map<string, Promise<RenderedPage | null>>();
  const prerenderedHelp = join(serverDir, prerenderedHelpFile);
  if (renderer && builtRenderer && existsSync(prerenderedHelp)) {
    fixedPages.set('/help', Promise.resolve(pageOf(readFileSync(prerenderedHelp))));
  }
  const fixedPage = (key: string, render: () => Promise<RenderedPage | null>) => {
    let page = fixedPages.get(key);
    if (!page) {
      page = render();
      fixedPages.set(key, page);
      // A render refused for now (BusyError) is tried again by the next request.
      page.catch(() => fixedPages.delete(key));
    }
    return page;
  };
  /** `page()`, or null when the renderers are busy: the page then goes out unrendered this time. */
  const unlessBusy = async (page: () => Promise<RenderedPage | null>): Promise<RenderedPage | null> => {
    try {
      return await page();
    } catch (error) {
      if (error instanceof BusyError) return null;
      throw error;
    }
  };

  // The built-in maps' API answers (their page's data block carries the same text) and previews.
  const builtIns = builtInAnswers();
  const builtInPreviews = new Map<string, MapPreview>(
    builtInMapIds.map((id) => [id, mapPreview(getBuiltInMap(id)!.data)]),
  );

  /**
   * The published or built-in map `id` names, looked up once for its page: its link preview, its
   * API answer and its rendered page, which a published map keeps in its cache entry. 'draft' for a
   * draft (its data is in the browser), 'missing' for a malformed or unknown id (or an expired map,
   * which the store no longer answers), 'unknown' when the database does not answer: the page then
   * loads with the generic tags, and the browser loads the map itself.
   */
  const findMap = async (
    request: FastifyRequest,
    id: string,
  ): Promise<FoundMap | 'draft' | 'missing' | 'unknown'> => {
    const parsed = parseMapId(id);
    if (!parsed.ok) return 'missing';
    if (parsed.value.isDraft) return 'draft';
    const builtIn = builtIns.get(id);
    if (builtIn)
      return {
        preview: () => builtInPreviews.get(id)!,
        answer: () => builtIn.body,
        basedOn: builtInBasedOn(id),
        page: (render, kind = 'map') => fixedPage(`/${kind}/${id}`, render),
      };
    try {
      const entry = await maps.get(id, now());
      if (!entry) return 'missing';
      return {
        preview: () => entry.preview(),
        answer: () => entry.answer.toString('utf8'),
        basedOn: entry.basedOn,
        page: (render, kind) => entry.page(render, kind),
      };
    } catch (error) {
      request.log.warn({ err: error }, 'map page: map lookup failed');
      return 'unknown';
    }
  };

  /** Sends `page`, or 304 when the client holds it already (its ETag); gzipped when accepted. */
  const sendPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    page: RenderedPage,
    policy = pagePolicy,
  ) => {
    reply.header('etag', page.etag).header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
    if (policy) reply.header('content-security-policy', policy);
    if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    reply.type('text/html; charset=utf-8');
    const takesGzip = acceptsGzip(request.headers['accept-encoding']);
    if (page.gzipped && takesGzip) return reply.header('content-encoding', 'gzip').send(page.bytes);
    return reply.send(await pageHtml(page));
  };

  // A published or built-in map's page comes rendered, and previews with its own title (PRODUCT
  // §8.4, §13.6). The URLs are PUBLIC_URL's, never the request's Host or X-Forwarded-Proto, which a
  // client chooses; the picture needs an absolute URL, so it is left out without PUBLIC_URL.
  app.get<{ Params: { id: string } }>('/map/:id', async (request, reply) => {
    const { id } = request.params;
    // A draft's page is the app, whatever the browser holds.
    if (!isRenderedPagePath(`/map/${encodeURIComponent(id)}`)) return sendIndex(reply);
    const found = await findMap(request, id);
    // PRODUCT §5.4: a map that does not exist is a 404, whose page (the app) says "Error loading
    // map" when it fails to load it.
    if (found === 'missing') return sendIndex(reply, 404);
    if (found === 'draft' || found === 'unknown') return sendIndex(reply);
    // Worked out only when the page is made: a rendered page is kept, and its tags with it.
    const meta = (): PageMeta => ({
      ...mapMeta(
        found.preview(),
        publicUrl ? `${publicUrl}/map/${id}` : null,
        publicUrl ? `${publicUrl}${previewImagePath(id)}` : null,
      ),
      oembedUrl: oembedUrlOf(id, publicUrl),
    });
    // PRODUCT §6.2: the page names the map this one answers by its title, which never changes; a
    // map that is gone (or cannot be read now) is named by the app once it has the page.
    const answeredTitles = async (): Promise<Record<string, string>> => {
      if (found.basedOn === null) return {};
      const answered = await findMap(request, found.basedOn);
      return typeof answered === 'object' ? { [found.basedOn]: answered.preview().title } : {};
    };
    const page = renderer
      ? await unlessBusy(() =>
          found.page(async () =>
            renderPage(request, `/map/${id}`, meta(), { [id]: found.answer() }, await answeredTitles()),
          ),
        )
      : null;
    return page ? sendPage(request, reply, page) : sendHtml(reply, renderIndex(template, meta()));
  });
  // PRODUCT §11.5: the compact, read-only page of a published map that other sites frame (oEmbed),
  // rendered with no script at all. Without a renderer (development) it is the app's page, which
  // draws the same; only framing tells the two apart, and that is allowed on this route alone.
  app.get<{ Params: { id: string } }>('/embed/:id', async (request, reply) => {
    const { id } = request.params;
    reply.removeHeader('x-frame-options').header('content-security-policy', framedIndexPolicy);
    if (!isEmbeddedPagePath(`/embed/${encodeURIComponent(id)}`)) return sendIndex(reply, 404);
    const found = await findMap(request, id);
    if (found === 'missing' || found === 'draft') return sendIndex(reply, 404);
    if (found === 'unknown') return sendIndex(reply, 503);
    const path = `/embed/${id}`;
    const meta = () => mapMeta(found.preview(), publicUrl ? `${publicUrl}/map/${id}` : null);
    const page = renderer
      ? await unlessBusy(() =>
          found.page(() => renderPage(request, path, meta(), { [id]: found.answer() }), 'embed'),
        )
      : null;
    if (page) return sendPage(request, reply, page, embedPolicy);
    return sendHtml(reply, renderIndex(template, meta()));
  });
  app.get('/help', async (request, reply) => {
    const page = await unlessBusy(() => fixedPage('/help', () => renderPage(request, '/help', helpMeta, {})));
    return page ? sendPage(request, reply, page) : sendIndex(reply);
  });
}
