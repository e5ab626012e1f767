// The first-load budget (PRODUCT §13.5): the JS and CSS a browser needs for the first page it opens — the entry with everything it imports
// statically, plus that page's own chunks and what they import — must stay within 85 KB gzip.
// Any page can be the first one (a shared link opens a map, a compare page or Help), so each is
// measured. Prints every file of a draft's first load (where `/` leads), then one line per
// page with its budget, and exits 1 when any page is over its budget. `npm run size`; `npm run test:e2e` runs it too.
import { readFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

const budgetKB = 85;
// The pages that do not fit yet, each held where it is so that it can only shrink. React alone
// (react, react-dom and scheduler) is 66.6 KB of every first load, and the app's frame (router,
// header, flash bar, the store that loads drafts and maps) 13.4 KB of JS and 1.9 KB of CSS: that
// leaves about 3 KB for a page's own code and styles, which even choose-compare's form misses by 0.8 KB.
// A draft needs its editor (reasons, Undo and Redo, the keys, the balance: 11 KB), a comparison
// its diff views (9 KB), a discussion its plots (9 KB), Help its worked example (10 KB) and a
// published map its reasons and balance (5 KB). docs/ARCHITECTURE.md ("First load") has the table.
// Each is held about 1 KB above what it measured when set (November 2026), so that a small change
// elsewhere does not fail the build, and is only ever lowered.
const overBudgetKB = {
  draft: 97,
  'published map': 91,
  help: 95,
  compare: 95,
  'choose compare': 87,
  discussion: 95,
};
const dist = new URL('../dist/client', import.meta.url).pathname;
// The build writes the manifest beside the served folder, not in it (vite.config.ts).
const manifest = JSON.parse(readFileSync(join(dist, '../client-manifest.json'), 'utf8'));

const entry = 'index.html';
// Each page's own chunks: a draft's page is the map page with the editor, which it loads at once.
// No page needs the schema (and zod with it) on a first visit: maps from this site's server are
// read by their shape, and there is no draft kept yet to parse (client/draft/storage/map-shape.ts).
const pages = {
  draft: {
    path: '/map/draft.{id}, where / leads',
    keys: ['pages/map/MapPage.tsx', 'pages/map/DraftView.tsx'],
  },
  'published map': { path: '/map/{id}', keys: ['pages/map/MapPage.tsx'] },
  help: { path: '/help', keys: ['pages/help/HelpPage.tsx'] },
  compare: { path: '/compare/{base}/{modified}', keys: ['pages/compare/ComparePage.tsx'] },
  'choose compare': { path: '/compare', keys: ['pages/compare/ChooseComparePage.tsx'] },
  discussion: { path: '/discussion/{id}', keys: ['pages/discussion/DiscussionPage.tsx'] },
};

const gzipSizes = new Map();
const gzipSize = (file) => {
  if (!gzipSizes.has(file))
    gzipSizes.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipSizes.get(file);
};

/**
 * The manifest entry of `key`, a source file. A page's chunk that another chunk also imports
 * (the map page's, which its lazily loaded forms import) is listed under its chunk name instead.
 */
function chunkOf(key) {
  if (manifest[key]) return manifest[key];
  const name = basename(key, extname(key));
  const shared = Object.entries(manifest).filter(
    ([k, c]) => k.startsWith('_') && c.isDynamicEntry && c.name === name,
  );
  if (shared.length !== 1) throw new Error(`${key} is not in the build manifest`);
  return shared[0][1];
}

/** The files `keys` load before the page can show: their chunks, static imports and CSS. */
function firstLoad(keys) {
  const files = new Set();
  const collect = (key) => {
    const chunk = chunkOf(key);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) collect(imported);
  };
  keys.forEach(collect);
  return [...files];
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const total = (files) => files.reduce((sum, file) => sum + gzipSize(file), 0);

const mapFiles = firstLoad([entry, ...pages.draft.keys]).sort((a, b) => gzipSize(b) - gzipSize(a));
for (const file of mapFiles) console.log(`${kb(gzipSize(file)).padStart(9)}  ${file}`);
console.log(`${kb(total(mapFiles)).padStart(9)}  first load of a draft's page, gzip\n`);

let over = false;
console.log(`First load per page, JS + CSS gzip (budget ${budgetKB} KB unless shown):`);
for (const [name, { path, keys }] of Object.entries(pages)) {
  const size = total(firstLoad([entry, ...keys]));
  const budget = (overBudgetKB[name] ?? budgetKB) * 1024;
  const verdict = size > budget ? `OVER by ${kb(size - budget)}` : 'ok';
  console.log(
    `${kb(size).padStart(9)}  ${`${name} (${path})`.padEnd(44)} ${kb(budget).padStart(8)}  ${verdict}`,
  );
  if (size > budget) over = true;
}
// PRODUCT §13.6: a published map's page and Help run the reader's script alone until the reader
// asks for the app (the page's CSS is the same as above). Its own budget: 30 KB gzip.
const readerBudgetBytes = 30 * 1024;
const readerSize = total(firstLoad(['reader.ts']).filter((file) => file.endsWith('.js')));
const readerVerdict = readerSize > readerBudgetBytes ? `OVER by ${kb(readerSize - readerBudgetBytes)}` : 'ok';
console.log(
  `\n${kb(readerSize).padStart(9)}  ${"the reader's script (budget 30.0 KB)".padEnd(38)} ${readerVerdict}`,
);
if (readerSize > readerBudgetBytes) over = true;

if (over) {
  console.error('\nA first load is over its budget: load what the page does not need at once lazily.');
  process.exit(1);
}
