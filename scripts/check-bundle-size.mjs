// The first-load budget (PRODUCT §9, issue "fast to load"): the JS and CSS a browser needs for
// the first page — the entry with everything it imports statically, plus the map page, the page
// `/` leads to — must stay within 100 KB gzip. Prints every file and fails the build over budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const budgetBytes = 100 * 1024;
const dist = new URL('../dist/client', import.meta.url).pathname;
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

const firstPage = ['index.html', 'pages/map/MapPage.tsx'];
const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imported of chunk.imports ?? []) collect(imported);
}
for (const key of firstPage) {
  if (!manifest[key]) throw new Error(`${key} is not in the build manifest`);
  collect(key);
}

let total = 0;
const rows = [...files].map((file) => {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  return [file, size];
});
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
for (const [file, size] of rows.sort((a, b) => b[1] - a[1])) console.log(`${kb(size).padStart(9)}  ${file}`);
console.log(`${kb(total).padStart(9)}  first load, gzip (budget ${kb(budgetBytes)})`);
if (total > budgetBytes) {
  console.error(`Over budget by ${kb(total - budgetBytes)}`);
  process.exit(1);
}
