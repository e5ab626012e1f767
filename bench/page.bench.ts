import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { publishBody, sampleMapData } from '../tests/support/maps';
import { startServerProcess } from '../tests/support/server-process';

// How fast a shared map appears (PRODUCT §13.6): a published map of 1,000 realistic reasons opened
// in Chromium from the app (rendered on the server, then taken over by the browser), against a
// static page of the same HTML and CSS with no script, served by a bare node:http server: the
// baseline. The static page goes out with the app's security headers (PRODUCT §13.4), which any
// page of the site carries: Cross-Origin-Opener-Policy alone puts a page in a browsing context
// group of its own, which costs Chromium here about 130 ms before the first byte is parsed, and
// that is not what this compares. Rounds alternate between the two in the same run, each in a fresh browser context
// (an empty cache); a round's ratio compares the pages of that round, so a slow moment of the
// machine hits both alike, and the median of the rounds' ratios is reported (BENCH_PAGE_ROUNDS
// rounds, 11 by default). The draft of the same map (rendered in the
// browser from the map it fetches) is measured against the same baseline.
// Measured: "in DOM", when all 1,000 reason titles are in the document (a MutationObserver set up
// before the page's first byte); "painted", the first contentful paint.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const reasonCount = 1000;
const rounds = Number(process.env.BENCH_PAGE_ROUNDS) || 11;

export const targets = { publishedRatio: 1.2, draftRatio: 3 };

interface Timing {
  inDomMs: number;
  paintMs: number;
}

export interface PageBenchResult {
  benchmark: 'page';
  date: string;
  reasons: number;
  rounds: number;
  /** Medians in milliseconds; the ratios are medians of each round's ratios. */
  staticPage: Timing;
  published: Timing;
  draft: Timing;
  ratios: { publishedInDom: number; publishedPaint: number; draftInDom: number; draftPaint: number };
  targets: typeof targets;
  met: boolean;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The headers of the app's page that any page of the site carries, whatever it holds. */
export function siteHeaders(answer: Response): Record<string, string> {
  const perAnswer = new Set(['content-length', 'content-encoding', 'content-type', 'etag', 'vary', 'date']);
  const perConnection = new Set(['connection', 'keep-alive', 'transfer-encoding']);
  const headers: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (!perAnswer.has(name) && !perConnection.has(name)) headers[name] = value;
  });
  return headers;
}

/**
 * Serves `html` at / with `headers`, and the built client's files under /assets, as plainly as
 * node:http can.
 */
function staticServer(
  html: string,
  headers: Record<string, string>,
  clientDir: string,
): Promise<{ server: Server; url: string }> {
  const types: Record<string, string> = {
    '.css': 'text/css',
    '.js': 'text/javascript',
    '.svg': 'image/svg+xml',
  };
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]!;
    if (path === '/' || path === '/index.html') {
      response.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' }).end(html);
      return;
    }
    try {
      const file = readFileSync(join(clientDir, path.replace(/\.\./g, '')));
      response
        .writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' })
        .end(file);
    } catch {
      response.writeHead(404).end();
    }
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      done({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/` });
    }),
  );
}

/** Opens `url` in a fresh context and answers when all reason titles were in the DOM, and the first paint. */
async function measure(browser: Browser, url: string): Promise<Timing> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  // A string, not a function: tsx would name the function's inner functions with a helper the
  // page does not have.
  await context.addInitScript(`
    const observer = new MutationObserver(() => {
      if (document.querySelectorAll('main li h3').length >= ${reasonCount} && !('inDom' in window)) {
        window.inDom = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  `);
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction(() => 'inDom' in window, undefined, { timeout: 60_000 });
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  const timing = await page.evaluate(() => ({
    inDomMs: (window as unknown as { inDom: number }).inDom,
    paintMs: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
  }));
  await context.close();
  return timing;
}

function medianTiming(timings: Timing[]): Timing {
  return { inDomMs: median(timings.map((t) => t.inDomMs)), paintMs: median(timings.map((t) => t.paintMs)) };
}

export async function runPageBench(): Promise<PageBenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'belief-map-page-bench-'));
  const app = await startServerProcess({
    env: { DATABASE_URL: `sqlite:${join(dir, 'maps.db')}`, WEB_CONCURRENCY: '1' },
  });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [...chromiumArgs],
    headless: true,
  });
  let bare: Server | null = null;
  try {
    const created = await fetch(`${app.url}/api/map/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: publishBody(sampleMapData(reasonCount)),
    });
    const { data } = (await created.json()) as { data: { mapId: string } };
    const publishedUrl = `${app.url}/map/${data.mapId}`;
    const draftUrl = `${app.url}/map/draft.${data.mapId}`;
    // The static page: the app's own HTML for the map, without a single script.
    const answer = await fetch(publishedUrl);
    const html = (await answer.text())
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
      .replace(/<link rel="modulepreload"[^>]*>/g, '');
    const started = await staticServer(html, siteHeaders(answer), join(root, 'dist/client'));
    bare = started.server;

    const runs: Record<'staticPage' | 'published' | 'draft', Timing[]> = {
      staticPage: [],
      published: [],
      draft: [],
    };
    const urls = { staticPage: started.url, published: publishedUrl, draft: draftUrl };
    await measure(browser, publishedUrl); // warm-up: the server renders the map once here
    for (let round = 0; round < rounds; round++) {
      const order = (['staticPage', 'published', 'draft'] as const).slice();
      if (round % 2 === 1) order.reverse();
      for (const kind of order) runs[kind].push(await measure(browser, urls[kind]));
    }
    const staticPage = medianTiming(runs.staticPage);
    const published = medianTiming(runs.published);
    const draft = medianTiming(runs.draft);
    const ratioOf = (kind: 'published' | 'draft', measure: keyof Timing) =>
      median(runs[kind].map((run, round) => run[measure] / runs.staticPage[round]![measure]));
    const ratios = {
      publishedInDom: ratioOf('published', 'inDomMs'),
      publishedPaint: ratioOf('published', 'paintMs'),
      draftInDom: ratioOf('draft', 'inDomMs'),
      draftPaint: ratioOf('draft', 'paintMs'),
    };
    const met =
      ratios.publishedInDom <= targets.publishedRatio &&
      ratios.publishedPaint <= targets.publishedRatio &&
      ratios.draftInDom <= targets.draftRatio;
    const result: PageBenchResult = {
      benchmark: 'page',
      date: new Date().toISOString(),
      reasons: reasonCount,
      rounds,
      staticPage,
      published,
      draft,
      ratios,
      targets,
      met,
    };
    const ms = (t: Timing) => `in DOM ${t.inDomMs.toFixed(0)} ms, painted ${t.paintMs.toFixed(0)} ms`;
    console.log(
      `\nPage of a published map of ${reasonCount} reasons, Chromium, ${rounds} alternating rounds (medians; ratios are medians of each round's):`,
    );
    console.log(`  static page (bare node:http, no script): ${ms(staticPage)}`);
    console.log(
      `  published map (server-rendered):        ${ms(published)}  ratios ${ratios.publishedInDom.toFixed(2)} / ${ratios.publishedPaint.toFixed(2)} (target ≤ ${targets.publishedRatio})`,
    );
    console.log(
      `  draft of it (rendered in the browser):  ${ms(draft)}  ratios ${ratios.draftInDom.toFixed(2)} / ${ratios.draftPaint.toFixed(2)} (target ≤ ${targets.draftRatio} in DOM)`,
    );
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    writeFileSync(join(root, 'bench/results/page.json'), `${JSON.stringify(result, null, 2)}\n`);
    return result;
  } finally {
    await browser.close();
    bare?.close();
    await app.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runPageBench();
