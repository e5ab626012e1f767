import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The client is built into dist/client and served by the Fastify server (src/server/static.ts).
// In development (`npm run dev`) Vite serves it with hot reload and proxies /api to the server.
export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react()],
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

  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // .vite/manifest.json: read by scripts/check-bundle-size.mjs; the server never serves it.
    manifest: true,
    // Terser in two passes makes the JavaScript of every first load about 1.5 KB gzip smaller than
    // esbuild's minifier does (PRODUCT §13, the first-load budget), for a few seconds of build.
    minify: 'terser',
    terserOptions: { compress: { passes: 2 } },
    rollupOptions: {
      input: { main: 'src/client/index.html', embed: 'src/client/embed-example.html' },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/healthz': 'http://127.0.0.1:3000' },
  },
});
