import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gunzip, gzipSync } from 'node:zlib';
import { genericMeta, renderIndex, type PageMeta } from './page-meta';

// PRODUCT §13.6: published maps, built-in maps and Help are answered as HTML that already holds
// the page, rendered by the client's own components (src/client/ssr.tsx, built into dist/server),
// so a shared link shows its map as soon as the HTML arrives, and without JavaScript at all. Its one
// script is the reader's (src/client/reader.ts), not the app's: the app is loaded, and takes the
// page over (hydrates it) with the map's data from the page itself, when the reader asks for it.

/** What dist/server/ssr.js exports (src/client/ssr.tsx). */
export interface PageRenderer {
  renderPage(
    path: string,
    maps?: Readonly<Record<string, unknown>>,
    titles?: Readonly<Record<string, string>>,
  ): Promise<string>;
  pageDataId: string;
  pageDataText(
    mapJsonById: Readonly<Record<string, string>>,
    titles?: Readonly<Record<string, string>>,
  ): string;
}

/**
 * A page as the server keeps and answers it: its HTML gzipped once (plain when 1 KB or less, where
 * gzip saves nothing), and an ETag that is the hash of the HTML. Only one copy is kept: a page is
 * up to a few times its map's JSON (the map's texts are in it twice, escaped), and a kept copy that
 * no longer fits the cache of published maps would be rendered again on every request.
 */
export interface RenderedPage {
  bytes: Buffer;
  gzipped: boolean;
  etag: string;
}

const gunzipAsync = promisify(gunzip);

/** The page's HTML, unzipped on libuv's thread pool when it is kept gzipped (rare: most clients take gzip). */
export async function pageHtml(page: RenderedPage): Promise<Buffer> {
  return page.gzipped ? gunzipAsync(page.bytes) : page.bytes;
}

/**
 * Help is the same for every request and every instance, so the build renders it once
 * (scripts/prerender.ts) into this file beside the renderer, and the server answers its bytes.
 */
export const prerenderedHelpFile = 'help.html';

/** Help's window title and preview tags. */
export const helpMeta: PageMeta = { ...genericMeta, title: 'Help - Belief Map' };

/** Loads the renderer built beside the client (`dist/server/ssr.js`), or null when there is none. */
export async function loadPageRenderer(serverDir: string): Promise<PageRenderer | null> {
  const file = join(serverDir, 'ssr.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as PageRenderer;
}

/** The pages that can be rendered: each names the client's source file of its lazily loaded chunk. */
export const renderedPageChunks = {
  map: 'pages/map/MapPage.tsx',
  help: 'pages/help/HelpPage.tsx',
  embed: 'pages/map/EmbeddedMapPage.tsx',
} as const;

/** Which of the rendered pages `path` is, and so which assets it names (`renderedPageChunks`). */
function renderedPageKind(path: string, hasMaps: boolean): keyof typeof renderedPageChunks {
  if (path.startsWith('/embed/')) return 'embed';
  return hasMaps ? 'map' : 'help';
}

interface ManifestChunk {
  file: string;
  name?: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isDynamicEntry?: boolean;
}

/** The files a rendered page names, beyond those index.html names already. */
export interface PageAssets {
  /** Its stylesheets, the entry's first: their text is the page's one inline style. */
  css: string[];
  /** Their text, in order, as the page's `<style>` holds it (PRODUCT §13.6). */
  style: string;
  /** The page chunk's scripts, which the reader's script preloads once it loads the app. */
  js: string[];
  /** The app's entry (index.html's script), then the scripts it imports. */
  app: string[];
  /** The reader's script (client/reader.ts), in place of the app's, then the scripts it imports (fetched with it). */
  reader: string[];
}

/** The manifest's key of the reader's script: its source file, from the client's root. */
const readerEntry = 'reader.ts';

/**
 * The CSS and JavaScript files the page chunk `key` needs beyond the entry (index.html), read from
 * the client's build manifest, with `readCss` giving a stylesheet's text. Its CSS, the entry's and
 * that of every chunk it may load later (a lazily loaded part such as the balance grid is rendered
 * on the server too), is written into the head, so the page is styled from its first paint with no
 * stylesheet to fetch first, and nothing moves when the scripts arrive.
 */
export function pageAssets(manifestJson: string, key: string, readCss: (file: string) => string): PageAssets {
  const manifest = JSON.parse(manifestJson) as Record<string, ManifestChunk>;
  const chunkOf = (name: string): ManifestChunk => {
    if (manifest[name]) return manifest[name];
    // A page chunk that another chunk imports too is listed under its chunk name.
    const base = basename(name, extname(name));
    const shared = Object.entries(manifest).filter(
      ([k, c]) => k.startsWith('_') && c.isDynamicEntry && c.name === base,
    );
    if (shared.length !== 1) throw new Error(`${name} is not in the build manifest`);
    return shared[0]![1];
  };
  /**
   * The chunks `name` loads at once (static imports), or may load later too (`lazy`). What the
   * entry loads later is the app's (every other page), not this page's, so it is not followed.
   */
  const collect = (
    name: string,
    lazy: boolean,
    seen = new Set<ManifestChunk>(),
    entry = new Set<ManifestChunk>(),
  ): Set<ManifestChunk> => {
    const chunk = chunkOf(name);
    if (seen.has(chunk) || entry.has(chunk)) return seen;
    seen.add(chunk);
    for (const imported of [...(chunk.imports ?? []), ...(lazy ? (chunk.dynamicImports ?? []) : [])])
      collect(imported, lazy, seen, entry);
    return seen;
  };
  const entry = collect('index.html', false);
  const files = (chunks: Set<ManifestChunk>) => [...chunks].filter((chunk) => !entry.has(chunk));
  const reader = collect(readerEntry, false);
  // The reader's CSS too, and that of what it loads later (its icon tooltip's).
  const css = [
    ...new Set([
      ...[...entry].flatMap((chunk) => chunk.css ?? []),
      ...[...collect(readerEntry, true)].flatMap((chunk) => chunk.css ?? []),
      ...files(collect(key, true, new Set(), entry)).flatMap((chunk) => chunk.css ?? []),
    ]),
  ];
  return {
    css,
    style: css.map((file) => readCss(file).trim()).join('\n'),
    js: files(collect(key, false)).map((chunk) => chunk.file),
    app: [...entry].map((chunk) => chunk.file),
    reader: [...reader].map((chunk) => chunk.file),
  };
}

/**
 * Reads the client's build manifest, which the build writes beside the client's folder rather than
 * in it (what is in the folder is served), and answers `pageAssets` for every renderable page.
 */
export function readPageAssets(clientDir: string): Record<keyof typeof renderedPageChunks, PageAssets> {
  const manifest = readManifest(clientDir);
  const readCss = (file: string) => readFileSync(join(clientDir, file), 'utf8');
  return {
    map: pageAssets(manifest, renderedPageChunks.map, readCss),
    help: pageAssets(manifest, renderedPageChunks.help, readCss),
    embed: pageAssets(manifest, renderedPageChunks.embed, readCss),
  };
}

/** The text of the client's build manifest, which names the built files of each source file. */
export function readManifest(clientDir: string): string {
  return readFileSync(manifestPath(clientDir), 'utf8');
}

/**
 * Where the build writes its manifest: beside the client's folder, not in it, since what is in
 * the folder is served (vite.config.ts).
 */
export function manifestPath(clientDir: string): string {
  return join(clientDir, '../client-manifest.json');
}

/**
 * The Content-Security-Policy source of a page's inline style (`style-src`): its SHA-256, so the
 * policy allows that style and no other (PRODUCT §13.4).
 */
export function styleHash(style: string): string {
  return `'sha256-${createHash('sha256').update(style).digest('base64')}'`;
}

export interface PageParts {
  /** The HTML inside #root. */
  root: string;
  /** The text of the page's data block, or null for a page without data (Help). */
  data: string | null;
  dataId: string;
  assets: PageAssets;
  /**
   * False for a page that never runs the app (the compact page other sites frame, PRODUCT §11.5):
   * it names no script but theme.js.
   */
  scripts?: boolean;
}

/**
 * `shell` (index.html, its head already carrying the page's title and preview tags, and theme.js
 * written into it) with the rendered page inside #root, the data block at the end of the body, the
 * page's CSS written into the head in place of the entry's stylesheet, and the reader's script in
 * place of the app's entry and its preloads: a reader fetches no stylesheet and no script before
 * the first paint, and no script but the reader's until they ask for the app. Replacements are
 * functions, so no `$` in a map's text is read as a pattern.
 */
export function composePage(
  shell: string,
  { root, data, dataId, assets, scripts = true }: PageParts,
): RenderedPage {
  const [app] = assets.app.map((file) => `/${file}`);
  const [reader] = assets.reader.map((file) => `/${file}`);
  const preload = [...assets.app.slice(1), ...assets.js].map((file) => `/${file}`).join(' ');
  // The reader's script is named on theme.js's tag, which fetches it once the page has painted
  // (src/client/theme.js); its imports come with it. The policy allows theme.js by the hash of its
  // text, whatever its tag's attributes.
  const readerAttributes = `data-reader="${reader}" data-app="${app}" data-preload="${preload}"`;
  const html = shell
    .replace(
      /<script type="module"[^>]*><\/script>\s*|<link rel="(?:modulepreload|stylesheet" crossorigin)[^>]*>\s*/g,
      '',
    )
    .replace('<script>', () => (scripts ? `<script ${readerAttributes}>` : '<script>'))
    // The stylesheets the style holds stay named, disabled (never fetched), so that the app's
    // chunk loader, which adds a stylesheet unless a link to it is there, does not fetch them
    // again when the app takes the page over, nor add them after the style in a new order.
    .replace(
      '</head>',
      () =>
        `<style>${assets.style}</style>` +
        assets.css.map((file) => `<link rel="stylesheet" href="/${file}" disabled>`).join('') +
        '</head>',
    )
    .replace('<div id="root"></div>', () => `<div id="root">${root}</div>`)
    .replace(
      /<noscript>[^<]*<\/noscript>/,
      () => '<noscript>Editing and comparing maps need JavaScript.</noscript>',
    )
    .replace('</body>', () =>
      data === null ? '</body>' : `<script type="application/json" id="${dataId}">${data}</script></body>`,
    );
  return pageOf(Buffer.from(html));
}

/** The HTML `html` as the server keeps it: gzipped once when over 1 KB, with an ETag that is its hash. */
export function pageOf(html: Buffer): RenderedPage {
  const gzipped = html.length > 1024;
  return {
    bytes: gzipped ? gzipSync(html) : html,
    gzipped,
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
  };
}

/** What rendering a page takes: the renderer, the built index.html and the pages' assets. */
export interface PageKit {
  renderer: PageRenderer;
  template: string;
  assets: ReturnType<typeof readPageAssets>;
}

/**
 * Renders the page at `path` into the shell with `meta`'s title and preview tags. `answers` are
 * the API answers of the maps it shows, by id, and `titles` those of the maps they answer (PRODUCT
 * §6.2: the page names them); a page with no map (Help) has no data block. Rejects when the
 * renderer fails.
 */
export async function renderPageAt(
  { renderer, template, assets }: PageKit,
  path: string,
  meta: PageMeta,
  answers: Readonly<Record<string, string>>,
  titles: Readonly<Record<string, string>> = {},
): Promise<RenderedPage> {
  const maps = Object.fromEntries(Object.entries(answers).map(([id, json]) => [id, JSON.parse(json)]));
  const root = await renderer.renderPage(path, maps, titles);
  const kind = renderedPageKind(path, Object.keys(answers).length > 0);
  return composePage(renderIndex(template, meta), {
    root,
    data: kind === 'map' ? renderer.pageDataText(answers, titles) : null,
    dataId: renderer.pageDataId,
    assets: assets[kind],
    scripts: kind !== 'embed',
  });
}
