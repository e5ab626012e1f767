import react from '@vitejs/plugin-react';
import { readFileSync, renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { quietAnnotations } from './scripts/quiet-annotations';
import { embeddedPagePattern, renderedPagePattern } from './src/domain/page-paths';

/**
 * A cache of the service worker's network-first answers: the network wins within 5 s, and a copy
 * of each of the last `maxEntries` good answers is kept for 90 days, a published map's lifetime.
 */
function networkFirstCache(cacheName: string, maxEntries: number) {
  return {
    cacheName,
    networkTimeoutSeconds: 5,
    expiration: { maxEntries, maxAgeSeconds: 90 * 24 * 60 * 60 },
    cacheableResponse: { statuses: [200] },
  };
}

/** The server's renderer, and the thread that runs it off the server's event loop. */
const serverEntries: Record<string, string> = {
  ssr: fileURLToPath(new URL('src/client/ssr.tsx', import.meta.url)),
  'page-render-worker': fileURLToPath(new URL('src/server/pages/page-render-worker.ts', import.meta.url)),
};

/**
 * Writes theme.js into every page's head as an inline script: it sets the colour mode before the
 * first paint, and a script fetched first would hold the paint back for a round trip (PRODUCT
 * §13.6). The Content-Security-Policy allows exactly this script by its hash
 * (src/server/http/security-headers.ts, checked against this file by its test).
 */
function inlineThemeScript(): Plugin {
  const script = readFileSync(new URL('src/client/theme.js', import.meta.url), 'utf8');
  return {
    name: 'inline-theme-script',
    transformIndexHtml: (html) =>
      html.replace('<script src="/theme.js"></script>', () => `<script>${script}</script>`),
  };
}

/**
 * Moves the build manifest out of the folder the server serves, to dist/client-manifest.json: the
 * server reads it to write each rendered page's scripts (src/server/pages/rendered-pages.ts), and
 * scripts/check-bundle-size.mjs to weigh each page, but no browser needs it.
 */
function manifestOutsideServedFolder(): Plugin {
  return {
    name: 'manifest-outside-served-folder',
    apply: 'build',
    writeBundle({ dir }) {
      if (!dir) return;
      renameSync(`${dir}/.vite/manifest.json`, `${dir}/../client-manifest.json`);
      rmSync(`${dir}/.vite`, { recursive: true, force: true });
    },
  };
}

// The client is built into dist/client and served by the Fastify server (src/server/routes/client.ts).
// `vite build --ssr` builds the server's renderer of the same pages into dist/server, with the thread
// that runs it (src/server/pages/page-render-worker.ts)
// (PRODUCT §13.6). In development (`npm run dev`) Vite serves the client with hot reload and
// proxies /api to the server.
export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  publicDir: isSsrBuild ? false : 'public',
  plugins: [
    react(),
    inlineThemeScript(),
    !isSsrBuild && manifestOutsideServedFolder(),
    !isSsrBuild &&
      // The service worker (PRODUCT §13.7): Workbox precaches the app shell so the app opens with no
      // network after one visit, and keeps the published maps it fetched for reading offline. It is
      // registered by main.tsx itself (a few lines), not by the plugin's script.
      VitePWA({
        injectRegister: false,
        registerType: 'autoUpdate',
        manifestFilename: 'manifest.webmanifest',
        // The icons are in public/ and precached with it; listing them twice would fetch them twice.
        includeManifestIcons: false,
        manifest: {
          name: 'Belief Map',
          short_name: 'Belief Map',
          description:
            'Lay out the reasons for and against a belief, publish it at a link, and compare two maps.',
          start_url: '/map/draft.default',
          scope: '/',
          display: 'standalone',
          background_color: '#ffffff',
          theme_color: '#1d4ed8',
          icons: [
            { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
            { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
            { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
        workbox: {
          globPatterns: ['**/*.{js,css,html,svg,png}'],
          // The embedding example is a developer's page, not part of the app.
          globIgnores: ['embed-example*', 'assets/embed-*'],
          // Every page of the app is index.html: opened offline, the precached one answers.
          navigateFallback: '/index.html',
          // ...except the pages the server renders with their content (PRODUCT §13.6): a published
          // map and Help come from the network while there is one, below.
          navigateFallbackDenylist: [/^\/api\//, /^\/healthz/, renderedPagePattern, embeddedPagePattern],
          // A new deployment's worker takes over at once; the open page keeps running and says so
          // (main.tsx), and the next page load gets the new shell.
          skipWaiting: true,
          clientsClaim: true,
          cleanupOutdatedCaches: true,
          runtimeCaching: [
            {
              // A published map's page and Help, as the server rendered them: from the network
              // while there is one, the last copy offline, and the app shell (which loads the
              // map itself, from the copy below) for a page never opened as a whole.
              // renderedPagePattern written out: Workbox copies this function into the worker, without
              // its imports (src/domain/page-paths.test.ts checks that the two are the same).
              urlPattern: ({ request, url }) =>
                request.mode === 'navigate' && /^\/(map\/(?!draft\.)[^/]+|help)$/.test(url.pathname),
              handler: 'NetworkFirst',
              options: {
                ...networkFirstCache('rendered-pages', 50),
                precacheFallback: { fallbackURL: '/index.html' },
              },
            },
            {
              // Published and built-in maps: from the network while there is one (an expired map
              // must not live on), from the copy of the last answer when offline.
              urlPattern: ({ url, request }) =>
                request.method === 'GET' && url.pathname.startsWith('/api/map/'),
              handler: 'NetworkFirst',
              options: networkFirstCache('published-maps', 200),
            },
          ],
        },
      }),
  ],
  // PRODUCT §11.5: a page on another site may load the app (by /embed.js), so the app's scripts
  // name the chunks and stylesheets they load by their own address, not the page's: relative to
  // the script, which is always on Belief Map's own server. Pages name theirs from the site's root.
  experimental: {
    renderBuiltUrl: (_file: string, { hostType }: { hostType: 'js' | 'css' | 'html' }) =>
      hostType === 'js' ? { relative: true } : undefined,
  },
  // The import's parsers run in a module worker (src/client/pages/maps/import-worker.ts), built as
  // an ES module like the pages, in a chunk of its own that no first load fetches (PRODUCT §13.5).
  worker: { format: 'es' as const },
  resolve: {
    alias: [
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(
          new URL('src/client/lib/use-sync-external-store-shim.ts', import.meta.url),
        ),
      },
    ],
  },

  build: isSsrBuild
    ? {
        outDir: '../../dist/server',
        emptyOutDir: true,
        copyPublicDir: false,
        minify: false,
        rollupOptions: {
          input: serverEntries,
          onwarn: quietAnnotations,
        },
      }
    : {
        outDir: '../../dist/client',
        emptyOutDir: true,
        // No source maps: they hold the sources, and what is in dist/client is served.
        sourcemap: false,
        // Moved beside dist/client by manifestOutsideServedFolder once written.
        manifest: true,
        // Terser in two passes makes the JavaScript of every first load about 1.5 KB gzip smaller than
        // esbuild's minifier does (PRODUCT §13, the first-load budget), for a few seconds of build.
        minify: 'terser',
        terserOptions: { compress: { passes: 2 } },
        rollupOptions: {
          // reader.ts: the one script of a published map's page and Help (PRODUCT §13.6).
          input: {
            main: 'src/client/index.html',
            reader: 'src/client/reader.ts',
            embed: 'src/client/embed-example.html',
          },
          onwarn: quietAnnotations,
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/healthz': 'http://127.0.0.1:3000' },
  },
}));
