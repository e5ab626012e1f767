// Compiles the server (src/server/main.ts and what it imports from src/) into one JavaScript file,
// dist/app/main.js, which `npm start` runs with plain `node`: no TypeScript loader in production,
// and no wrapper process between npm and the server, so a signal npm forwards reaches the server.
// Packages stay in node_modules (imported, not bundled); files the server opens beside its own
// code at run time are copied beside the bundle.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const outDir = join(root, 'dist/app');

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
await build({
  entryPoints: [join(root, 'src/server/main.ts')],
  outfile: join(outDir, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  logLevel: 'warning',
  // Stack traces name the TypeScript files.
  sourcemap: 'linked',
});
// The SQLite checkpointer's thread, which sqlite-checkpointer.ts starts from a file beside it.
copyFileSync(
  join(root, 'src/server/store/sqlite-checkpoint-worker.mjs'),
  join(outDir, 'sqlite-checkpoint-worker.mjs'),
);
