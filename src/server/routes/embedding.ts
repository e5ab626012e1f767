import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { getBuiltInMap } from '../../domain/built-in/index';
import { parseMapId } from '../../domain/map-id';
import { errorBody } from '../http/errors';
import { matchesEtag } from '../http/etag';
import { escapeHtml } from '../pages/page-meta';
import type { PublishedMaps } from '../pages/published-maps';

// PRODUCT §11.5: two ways for any site to embed Belief Map.
// - /embed.js, a script at an address that never changes, which loads the current build of the
//   app (its entry's stylesheets and script, by their hashed names from the build manifest); the
//   page then calls `BeliefMap.mount(element, host?, { initialPath })` once `beliefmap:ready` fires.
// - oEmbed 1.0 (https://oembed.com): GET /oembed?url={a map's URL}&format=json answers the `rich`
//   type, an <iframe> of /embed/{mapId} (routes/pages.ts), the map's compact page.

interface ManifestEntry {
  file: string;
  css?: string[];
  imports?: string[];
}

/** The text of /embed.js for the build whose manifest is `manifestJson`. */
export function embedScript(manifestJson: string): string {
  const manifest = JSON.parse(manifestJson) as Record<string, ManifestEntry>;
  const entry = manifest['index.html'];
  if (!entry) throw new Error('index.html is not in the build manifest');
  // The stylesheets of the entry and of every chunk it imports at once, as index.html links them.
  const styles = new Set<string>();
  const seen = new Set<string>();
  const collect = (chunk: ManifestEntry | undefined) => {
    if (!chunk || seen.has(chunk.file)) return;
    seen.add(chunk.file);
    for (const css of chunk.css ?? []) styles.add(`/${css}`);
    for (const name of chunk.imports ?? []) collect(manifest[name]);
  };
  collect(entry);
  const files = { script: `/${entry.file}`, styles: [...styles] };
  // Plain ES5, run as a classic script by any page: addresses are resolved against this script's
  // own, so the app comes from Belief Map's server whatever the page's origin.
  return `// Belief Map: loads the app into this page. Then: BeliefMap.mount(element, host, { initialPath }).
(function () {
  var files = ${JSON.stringify(files)};
  if (window.BeliefMap) {
    window.dispatchEvent(new Event('beliefmap:ready'));
    return;
  }
  var script = document.currentScript;
  var base = script && script.src ? script.src : location.href;
  files.styles.forEach(function (file) {
    var link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = new URL(file, base).href;
    document.head.appendChild(link);
  });
  var app = document.createElement('script');
  app.type = 'module';
  app.crossOrigin = 'anonymous';
  app.src = new URL(files.script, base).href;
  document.head.appendChild(app);
})();
`;
}

export interface EmbeddingOptions {
  /** The build manifest's text, from which /embed.js names the current build's files; null: no /embed.js. */
  manifest: string | null;
  maps: PublishedMaps;
  /** The site's origin (PUBLIC_URL), or null: the origin of the URL asked about is used then. */
  publicUrl: string | null;
  now: () => Date;
}

/** The size an oEmbed frame asks for, within the consumer's `maxwidth` and `maxheight`. */
const frame = { width: 640, height: 600 };

/** Registers /embed.js and /oembed on `app`. */
export function registerEmbedding(
  app: FastifyInstance,
  { manifest, maps, publicUrl, now }: EmbeddingOptions,
): void {
  if (manifest !== null) {
    const script = embedScript(manifest);
    const etag = `"${createHash('sha256').update(script).digest('base64url').slice(0, 27)}"`;
    // Like a page: revalidated on every use (by its ETag), so a host page gets each new build at once.
    app.get('/embed.js', (request, reply) => {
      reply.header('cache-control', 'no-cache').header('etag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.type('text/javascript; charset=utf-8').send(script);
    });
  }

  app.get<{ Querystring: Record<string, string | string[] | undefined> }>(
    '/oembed',
    async (request, reply) => {
      const { url, format = 'json', maxwidth, maxheight } = request.query;
      if (format !== 'json')
        return reply.code(501).send(errorBody('Only format=json is answered (oEmbed 1.0, section 2.3.4)'));
      if (typeof url !== 'string' || url === '')
        return reply.code(400).send(errorBody('url is missing: give the address of a published map'));
      const asked = mapOfUrl(url, requestOrigin(request));
      if (!asked) return reply.code(400).send(errorBody('url is not the address of a map: /map/{mapId}'));
      const origin = publicUrl ?? asked.origin;
      if (publicUrl && asked.origin !== publicUrl) return notFound(reply, url);
      const title = await titleOf(asked.mapId);
      if (title === null) return notFound(reply, url);
      const width = bounded(frame.width, maxwidth);
      const height = bounded(frame.height, maxheight);
      const src = `${origin}/embed/${encodeURIComponent(asked.mapId)}`;
      return reply.header('cache-control', 'public, max-age=3600').send({
        version: '1.0',
        type: 'rich',
        provider_name: 'Belief Map',
        provider_url: `${origin}/`,
        title,
        width,
        height,
        html:
          `<iframe src="${escapeHtml(src)}" width="${width}" height="${height}" ` +
          `title="${escapeHtml(`Belief map: ${title}`)}" style="border:1px solid #ccc;border-radius:4px" ` +
          `loading="lazy"></iframe>`,
      });
    },
  );

  /** The map's title, or null when no published or built-in map has that id (or it has expired). */
  const titleOf = async (mapId: string): Promise<string | null> => {
    const builtIn = getBuiltInMap(mapId);
    if (builtIn) return builtIn.data.title;
    const entry = await maps.get(mapId, now());
    return entry ? entry.preview().title : null;
  };
}

function notFound(reply: FastifyReply, url: string) {
  return reply.code(404).send(errorBody(`No published map at ${url}`));
}

/** The origin the request was made to, for a URL given as a path alone (a page's discovery link). */
function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * The map a URL names (`/map/{mapId}` or `/embed/{mapId}`, on any origin), with that origin; null
 * for anything else. A draft's id is a map's address too, of a map no one else can open: not found.
 */
export function mapOfUrl(url: string, base: string): { origin: string; mapId: string } | null {
  let parsed: URL;
  try {
    parsed = new URL(url, base);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const match = /^\/(?:map|embed)\/([^/]+)\/?$/.exec(parsed.pathname);
  if (!match) return null;
  let mapId: string;
  try {
    mapId = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  if (!parseMapId(mapId).ok) return null;
  return { origin: parsed.origin, mapId };
}

/** `size`, or the consumer's maximum when that is smaller (and a positive whole number). */
function bounded(size: number, max: string | string[] | undefined): number {
  const limit = typeof max === 'string' && /^\d+$/.test(max) ? Number(max) : Infinity;
  return limit >= 1 ? Math.min(size, limit) : size;
}
