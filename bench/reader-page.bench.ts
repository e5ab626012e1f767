import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { publishedId, send } from '../tests/support/http';
import { publishBody, sampleMapData } from '../tests/support/maps';
import { startServerProcess } from '../tests/support/server-process';

// The JavaScript a reader's browser runs before the app has arrived (PRODUCT §13.6): a phone
// (360 px, touch) opens a published map of 200 reasons, and Help, and scrolls each to its end,
// with the app's scripts held back as a slow network would (it loads once the browser is idle).
// Counted in Chromium: the scripts fetched, and of those the ones that ran (V8's coverage), each
// by its size gzipped. The baseline, measured in the same run: what the same page fetches once the
// app has arrived. The target: at most 30 KB gzip run before the app.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const resultsFile = join(root, 'bench/results/reader-page.json');
export const targets = { scriptKbGzip: 30 };

const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** The gzipped size of every script `page` fetches from now on, by URL. */
function scriptSizes(page: Page): Map<string, Promise<number>> {
  const sizes = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    sizes.set(
      response.url(),
      response.body().then(
        (body) => gzipSync(body, { level: 9 }).length,
        () => 0,
      ),
    );
  });
  return sizes;
}

const total = async (sizes: Iterable<Promise<number>>) =>
  (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);

/** Opens `url` as a phone, scrolls it to its end; then lets the app arrive, and asks for it. */
async function measure(page: Page, url: string) {
  const sizes = scriptSizes(page);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (address) =>
      /^\/assets\/.*\.js$/.test(address.pathname) &&
      !/^\/assets\/(reader|color-scheme|rating-tooltip)-/.test(address.pathname),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  await page.coverage.startJSCoverage({ resetOnNavigation: false });
  await page.goto(url);
  await page.getByRole('heading', { level: 1 }).waitFor();
  for (let i = 0; i < 40; i++) await page.mouse.wheel(0, 1500);
  await page.keyboard.press('End');
  await page.waitForTimeout(500);
  const ran = (await page.coverage.stopJSCoverage()).filter((entry) =>
    entry.functions.some((fn) => fn.ranges.some((range) => range.count > 0)),
  );
  const fetchedBytes = await total(sizes.values());
  const ranBytes = await total(ran.flatMap((entry) => sizes.get(entry.url) ?? []));
  const fetched = sizes.size;
  // The baseline: the app arrives (a pointer on "Create map" asks for it at once, had the browser
  // not yet been idle), and takes the page over.
  release();
  await page
    .getByRole('navigation', { name: 'Main', includeHidden: true })
    .getByRole('link', { name: 'Create map', includeHidden: true })
    .dispatchEvent('pointerover', { pointerType: 'mouse', bubbles: true });
  await page.locator('html[data-page-ready]').waitFor({ state: 'attached', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  return {
    scriptsFetched: fetched,
    fetchedKbGzip: kb(fetchedBytes),
    ranKbGzip: kb(ranBytes),
    withAppKbGzip: kb(await total(sizes.values())),
  };
}

export async function runReaderPageBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'belief-map-reader-page-'));
  const server = await startServerProcess({
    env: { DATABASE_URL: `sqlite:${join(dir, 'maps.sqlite')}`, WEB_CONCURRENCY: '1' },
  });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
  try {
    const id = publishedId(
      await send(`${server.url}/api/map/create`, { body: publishBody(sampleMapData(200, 1)) }),
    );
    const pages: Record<string, Awaited<ReturnType<typeof measure>>> = {};
    for (const [name, path] of [
      ['published map, 200 reasons', `/map/${id}`],
      ['help', '/help'],
    ] as const) {
      const context = await browser.newContext({
        viewport: { width: 360, height: 740 },
        hasTouch: true,
        isMobile: true,
        serviceWorkers: 'block',
      });
      pages[name] = await measure(await context.newPage(), `${server.url}${path}`);
      await context.close();
    }
    const met = Object.values(pages).every((page) => page.ranKbGzip <= targets.scriptKbGzip);
    const result = { benchmark: 'reader-page', date: new Date().toISOString(), pages, targets, met };
    for (const [name, page] of Object.entries(pages))
      console.log(
        `${name}, read and scrolled on a phone: ${page.scriptsFetched} scripts, ${page.fetchedKbGzip} KB gzip ` +
          `fetched, ${page.ranKbGzip} KB run (target ≤ ${targets.scriptKbGzip} KB: ` +
          `${page.ranKbGzip <= targets.scriptKbGzip ? 'met' : 'missed'}); with the app, once asked for: ` +
          `${page.withAppKbGzip} KB (${(page.withAppKbGzip / Math.max(page.fetchedKbGzip, 0.1)).toFixed(0)}×)`,
      );
    mkdirSync(dirname(resultsFile), { recursive: true });
    writeFileSync(resultsFile, `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]!).href) await runReaderPageBench();
