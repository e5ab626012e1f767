// Builds the client when dist/client is missing or older than its sources, and the server when
// dist/app is, so `npm start` and the browser tests always serve what is in src/ without a separate
// build step to remember.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'dist/client/index.html');
// The server's renderer of the same pages (PRODUCT §13.6), built after the client.
const renderer = join(root, 'dist/server/ssr.js');
// Help, rendered by the build (scripts/prerender.ts).
const help = join(root, 'dist/server/help.html');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const mtime = entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    if (mtime > newest) newest = mtime;
  }
  return newest;
}

const sources = ['src/client', 'src/domain'].map((dir) => newestMtime(join(root, dir)));
// Help's page is composed by the server's code at build time, so that code counts as a source too.
const configs = [
  'vite.config.ts',
  'package-lock.json',
  'scripts/prerender.ts',
  'src/server/pages/rendered-pages.ts',
  'src/server/pages/page-meta.ts',
  'src/server/pages/page-render-worker.ts',
].map((file) => statSync(join(root, file)).mtimeMs);
const stale =
  !existsSync(built) ||
  !existsSync(renderer) ||
  !existsSync(help) ||
  Math.max(...sources, ...configs) >
    Math.min(...[built, renderer, help].map((file) => statSync(file).mtimeMs));

if (stale || process.argv.includes('--force')) {
  console.log('Building the client (vite build)...');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  execFileSync('npx', ['vite', 'build', '--ssr', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  execFileSync('npx', ['tsx', join(root, 'scripts/prerender.ts')], { cwd: root, stdio: 'inherit' });
  execFileSync('node', [join(root, 'scripts/compress-assets.mjs')], { cwd: root, stdio: 'inherit' });
}

// The server, compiled to JavaScript (scripts/build-server.mjs), which `npm start` runs.
const server = join(root, 'dist/app/main.js');
const serverSources = [
  ...['src/server', 'src/domain'].map((dir) => newestMtime(join(root, dir))),
  ...['package-lock.json', 'scripts/build-server.mjs'].map((file) => statSync(join(root, file)).mtimeMs),
];
if (
  !existsSync(server) ||
  Math.max(...serverSources) > statSync(server).mtimeMs ||
  process.argv.includes('--force')
) {
  console.log('Building the server (scripts/build-server.mjs)...');
  execFileSync('node', [join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' });
}
