import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { renderedPagePattern } from '../../src/domain/page-paths';
import { composePage, pageAssets, pageHtml, pageOf, styleHash } from '../../src/server/pages/rendered-pages';
import { makeTempDir, removeDir, serverPerTest } from './helpers';

// PRODUCT §13.6: how a rendered page is put together from the built index.html.

const shell = `<!doctype html><html><head><title>T</title><script>theme()</script><noscript><link rel="stylesheet" href="/noscript.css" /></noscript><script type="module" crossorigin src="/assets/main-1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/mount-2.js">
<link rel="stylesheet" crossorigin href="/assets/mount-2.css"></head>
<body><div id="root"></div><noscript>Belief Map needs JavaScript to edit and show maps.</noscript></body></html>`;

/** A stylesheet's text, as the build would have written it. */
const readCss = (file: string) => `.${file.replace(/\W/g, '_')} { color: red; }\n`;

const manifest = JSON.stringify({
  'index.html': { file: 'assets/main-1.js', imports: ['_mount-2.js'] },
  'reader.ts': {
    file: 'assets/reader-8.js',
    isEntry: true,
    imports: ['_scheme-9.js'],
    dynamicImports: ['components/tip.ts'],
  },
  '_scheme-9.js': { file: 'assets/scheme-9.js' },
  // The reader's icon tooltip, loaded when first needed, with its CSS.
  'components/tip.ts': { file: 'assets/tip-9.js', isDynamicEntry: true, css: ['assets/tip-9.css'] },
  // The app's shell loads every page lazily, as the real build's mount chunk does.
  '_mount-2.js': {
    file: 'assets/mount-2.js',
    css: ['assets/mount-2.css'],
    dynamicImports: ['pages/map/MapPage.tsx', '_HelpPage-5.js', 'pages/compare/ComparePage.tsx'],
  },
  'pages/compare/ComparePage.tsx': {
    file: 'assets/ComparePage-7.js',
    isDynamicEntry: true,
    css: ['assets/ComparePage-7.css'],
    imports: ['_mount-2.js'],
  },
  'pages/map/MapPage.tsx': {
    file: 'assets/MapPage-3.js',
    isDynamicEntry: true,
    imports: ['_mount-2.js', '_PublishedView-4.js'],
    dynamicImports: ['_Grid-6.js'],
  },
  '_Grid-6.js': {
    file: 'assets/Grid-6.js',
    isDynamicEntry: true,
    css: ['assets/Grid-6.css'],
    imports: ['_mount-2.js'],
  },
  '_PublishedView-4.js': { file: 'assets/PublishedView-4.js', css: ['assets/PublishedView-4.css'] },
  // The compact page other sites frame (PRODUCT §11.5).
  'pages/map/EmbeddedMapPage.tsx': {
    file: 'assets/EmbeddedMapPage-8.js',
    isDynamicEntry: true,
    css: ['assets/EmbeddedMapPage-8.css'],
    imports: ['_mount-2.js'],
  },
  '_HelpPage-5.js': {
    file: 'assets/HelpPage-5.js',
    name: 'HelpPage',
    isDynamicEntry: true,
    css: ['assets/HelpPage-5.css'],
  },
});

describe('rendered pages', () => {
  it("takes the entry's CSS, the reader's, the page chunk's and its lazy parts', and names its scripts, leaving out the entry's", () => {
    expect(pageAssets(manifest, 'pages/map/MapPage.tsx', readCss)).toEqual({
      css: ['assets/mount-2.css', 'assets/tip-9.css', 'assets/PublishedView-4.css', 'assets/Grid-6.css'],
      style:
        '.assets_mount_2_css { color: red; }\n' +
        '.assets_tip_9_css { color: red; }\n' +
        '.assets_PublishedView_4_css { color: red; }\n' +
        '.assets_Grid_6_css { color: red; }',
      js: ['assets/MapPage-3.js', 'assets/PublishedView-4.js'],
      app: ['assets/main-1.js', 'assets/mount-2.js'],
      reader: ['assets/reader-8.js', 'assets/scheme-9.js'],
    });
    // The other pages the shell may load are not this page's: their CSS is not linked (nor Help's).
    // A page chunk another chunk imports too is found by its name.
    expect(pageAssets(manifest, 'pages/help/HelpPage.tsx', readCss)).toEqual({
      css: ['assets/mount-2.css', 'assets/tip-9.css', 'assets/HelpPage-5.css'],
      style:
        '.assets_mount_2_css { color: red; }\n.assets_tip_9_css { color: red; }\n' +
        '.assets_HelpPage_5_css { color: red; }',
      js: ['assets/HelpPage-5.js'],
      app: ['assets/main-1.js', 'assets/mount-2.js'],
      reader: ['assets/reader-8.js', 'assets/scheme-9.js'],
    });
    expect(() => pageAssets(manifest, 'pages/nope/Nope.tsx', readCss)).toThrow('not in the build manifest');
  });

  it('puts the page in #root, the data at the end of the body, and reads no $ in a map as a pattern', async () => {
    const page = composePage(shell, {
      root: '<h1>Costs $& and $1 and $$</h1>',
      data: '{"maps":{}}',
      dataId: 'page-data',
      assets: {
        css: ['assets/a.css'],
        style: '.a { color: red; }',
        js: ['assets/a.js'],
        app: ['assets/main-1.js', 'assets/mount-2.js'],
        reader: ['assets/reader-8.js', 'assets/scheme-9.js'],
      },
    });
    const html = (await pageHtml(page)).toString();
    expect(html).toContain('<div id="root"><h1>Costs $& and $1 and $$</h1></div>');
    expect(html).toContain('<script type="application/json" id="page-data">{"maps":{}}</script></body>');
    // The page's CSS in its head, in place of the entry's stylesheet, and the reader's script in
    // place of the app's entry and its preloads (PRODUCT §13.6), named on theme.js's tag, which
    // fetches it once the page has painted: no script or stylesheet is fetched before. It names the
    // app and the scripts to preload once it loads it. The styles without script stay.
    expect(html).not.toContain('<link rel="stylesheet" crossorigin');
    expect(html).not.toMatch(/<script[^>]* src=|modulepreload/);
    expect(html).toContain(
      '<script data-reader="/assets/reader-8.js" data-app="/assets/main-1.js" ' +
        'data-preload="/assets/mount-2.js /assets/a.js">theme()</script>' +
        '<noscript><link rel="stylesheet" href="/noscript.css" /></noscript>',
    );
    // The stylesheets it holds stay named, disabled, so the app's chunk loader never fetches them.
    expect(html).toContain(
      '<style>.a { color: red; }</style><link rel="stylesheet" href="/assets/a.css" disabled></head>',
    );
    expect(html).not.toContain('<script type="module" crossorigin src="/assets/main-1.js">');
    expect(html).toContain('<noscript>Editing and comparing maps need JavaScript.</noscript>');
    expect(page.etag).toMatch(/^"[\w-]{27}"$/);
  });

  it('gzips a page once, and gives equal pages equal ETags and different pages different ones', async () => {
    const parts = {
      root: '<p>x</p>'.repeat(500),
      data: null,
      dataId: 'page-data',
      assets: { css: [], style: '', js: [], app: ['assets/main-1.js'], reader: ['assets/reader-8.js'] },
    };
    const page = composePage(shell, parts);
    expect(page.gzipped).toBe(true);
    const html = await pageHtml(page);
    expect(html.toString()).toContain('<p>x</p>'.repeat(500));
    expect(composePage(shell, parts).etag).toBe(page.etag);
    expect(composePage(shell, { ...parts, root: '<p>y</p>' }).etag).not.toBe(page.etag);
    expect(html.toString()).not.toContain('application/json');
    // A page of 1 KB or less is kept as it is: gzip would save nothing.
    const small = pageOf(Buffer.from('<p>small</p>'));
    expect(small).toMatchObject({ gzipped: false, bytes: Buffer.from('<p>small</p>') });
    expect((await pageHtml(small)).toString()).toBe('<p>small</p>');
  });
});

describe('Help rendered by the build', () => {
  const startServer = serverPerTest();

  it('is answered from the file the build wrote beside the renderer, which never renders it again', async () => {
    // A build's layout: client/ with its manifest beside it, and server/ with a renderer that fails whenever
    // it is asked to render, and the prerendered Help.
    const dir = makeTempDir();
    try {
      mkdirSync(join(dir, 'client/assets'), { recursive: true });
      writeFileSync(join(dir, 'client-manifest.json'), manifest);
      for (const file of ['mount-2', 'tip-9', 'PublishedView-4', 'Grid-6', 'HelpPage-5', 'EmbeddedMapPage-8'])
        writeFileSync(join(dir, `client/assets/${file}.css`), readCss(`assets/${file}.css`));
      mkdirSync(join(dir, 'server'));
      writeFileSync(
        join(dir, 'server/ssr.js'),
        `export const pageDataId = 'page-data';
         export const pageDataText = () => '{}';
         export async function renderPage(path) { throw new Error('asked to render ' + path); }`,
      );
      const prerendered =
        '<!doctype html><title>Help - Belief Map</title><h1>Help from the build</h1>'.repeat(30);
      writeFileSync(join(dir, 'server/help.html'), prerendered);
      const { app } = await startServer({ client: true, dbPath: join(dir, 'maps.sqlite') });

      const help = await app.inject({ url: '/help' });
      expect(help.statusCode).toBe(200);
      expect(help.body).toBe(prerendered);
      expect(help.headers.etag).toBe(pageOf(Buffer.from(prerendered)).etag);
      // Its policy allows its inline style, and the published pages', by their hashes, and no other.
      const helpStyle = pageAssets(manifest, 'pages/help/HelpPage.tsx', readCss).style;
      const mapStyle = pageAssets(manifest, 'pages/map/MapPage.tsx', readCss).style;
      expect(help.headers['content-security-policy']).toContain(
        `style-src 'self' ${styleHash(mapStyle)} ${styleHash(helpStyle)};`,
      );
      const gzipped = await app.inject({ url: '/help', headers: { 'accept-encoding': 'gzip' } });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).toString()).toBe(prerendered);
      // The renderer is the one the server loaded: a page it must render falls back to the browser.
      const builtIn = await app.inject({ url: '/map/help-example-alice-1' });
      expect(builtIn.statusCode).toBe(200);
      expect(builtIn.body).toContain('<div id="root"></div>');
    } finally {
      removeDir(dir);
    }
  });
});

describe('the pages the service worker keeps rendered', () => {
  it('are those of renderedPagePattern, the pattern the server renders by', () => {
    // Workbox copies that route's function into the worker without its imports, so vite.config.ts
    // writes the pattern out; this keeps the copy the same as the one the server reads.
    const config = readFileSync(new URL('../../vite.config.ts', import.meta.url), 'utf8');
    expect(config).toContain(`${renderedPagePattern}.test(url.pathname)`);
  });
});
