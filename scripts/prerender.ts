// Renders Help at build time (PRODUCT §13.6): it is the same for every request and every instance,
// so `npm run build` writes its page beside the renderer (dist/server/help.html), and the server
// answers those bytes instead of rendering it again. Run after both `vite build`s.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  helpMeta,
  loadPageRenderer,
  pageHtml,
  prerenderedHelpFile,
  readPageAssets,
  renderPageAt,
} from '../src/server/pages/rendered-pages';

const root = new URL('..', import.meta.url).pathname;
const clientDir = join(root, 'dist/client');
const serverDir = join(root, 'dist/server');

const renderer = await loadPageRenderer(serverDir);
if (!renderer) throw new Error(`no renderer in ${serverDir}: run vite build --ssr first`);
const kit = {
  renderer,
  template: readFileSync(join(clientDir, 'index.html'), 'utf8'),
  assets: readPageAssets(clientDir),
};
const html = await pageHtml(await renderPageAt(kit, '/help', helpMeta, {}));
writeFileSync(join(serverDir, prerenderedHelpFile), html);
console.log(`prerendered /help: ${(html.length / 1024).toFixed(1)} KB`);
