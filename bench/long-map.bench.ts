import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import type { MapData } from '../src/domain/belief-map';
import { publishBody, sampleMapData } from '../tests/support/maps';
import { startServerProcess, type ServerProcess } from '../tests/support/server-process';
import { siteHeaders } from './page.bench';

// Long maps at static speed (PRODUCT §13.6): the real page of a published map of 1,000 reasons,
// as the server renders it, against (b) a plain static HTML list of the same reasons (title,
// relevance, two icons each; no script, a few lines of CSS) served by a bare node:http server with
// the site's headers, and (c) the same map's page as the build of 4725f21 rendered it, when that
// build is at BENCH_OLD_ROOT (a checkout of 4725f21 with `npm run build` done; skipped if absent).
// Unlike bench/page.bench.ts, which compares the page with a copy of its own HTML, this compares it
// with what a reader would take for "a static page", and with the page readers had before.
// Rounds alternate the pages (reversed every other round), each in a fresh browser context;
// measured: when every reason is in the document (a MutationObserver set before the first byte)
// and the first contentful paint; the later of the two stands for the first paint with every reason in
// the document, which the targets are about. Reported: medians, and the medians of each round's ratios.

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const reasonCount = 1000;
const rounds = Number(process.env.BENCH_LONG_MAP_ROUNDS) || 9;
const oldRoot = process.env.BENCH_OLD_ROOT ?? '/tmp/old';

export const targets = { plainListRatio: 1.2, oldPageRatio: 1 };

type Kind = 'plainList' | 'published' | 'oldPublished';
interface Timing {
  inDomMs: number;
  paintMs: number;
  /** The first paint with every reason in the document: the later of the two. */
  readyMs: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The same reasons as a plain static list: what "static speed" means to a reader. */
export function plainListHtml(data: MapData): string {
  const items = data.reasons
    .map(
      (reason) =>
        `<li><h3>${escape(reason.title)}</h3>` +
        (reason.relevance ? `<p>${escape(reason.relevance)}</p>` : '') +
        `<span aria-label="belief">●</span> <span aria-label="support">▲</span></li>`,
    )
    .join('\n');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(data.title)}</title>` +
    `<style>body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:48rem;padding:1rem}` +
    `li{list-style:none;border:1px solid #ccc;border-radius:8px;margin:0 0 .75rem;padding:.75rem}` +
    `h3{font-size:1.05rem;margin:0}p{margin:.25rem 0}</style></head>` +
    `<body><main><h1>${escape(data.title)}</h1><p>${escape(data.description ?? '')}</p>` +
    `<ul>\n${items}\n</ul></main></body></html>`
  );
}

function serveOne(html: string, headers: Record<string, string>): Promise<{ server: Server; url: string }> {
  const server = createServer((_, response) => {
    response.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      done({ server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/` });
    }),
  );
}

/** Opens `url` in a fresh context: when all reason titles were in the DOM, and the first paint. */
async function measure(browser: Browser, url: string): Promise<Timing> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  // A string, not a function: tsx would name its inner functions with a helper the page lacks.
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
  return { ...timing, readyMs: Math.max(timing.inDomMs, timing.paintMs) };
}

async function publish(server: ServerProcess, data: MapData): Promise<string> {
  const created = await fetch(`${server.url}/api/map/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: publishBody(data),
  });
  const { data: answer } = (await created.json()) as { data: { mapId: string } };
  return `${server.url}/map/${answer.mapId}`;
}

export async function runLongMapBench() {
  const dir = mkdtempSync(join(tmpdir(), 'belief-map-long-map-bench-'));
  const withOld = existsSync(join(oldRoot, 'dist/client'));
  const servers: ServerProcess[] = [];
  let bare: Server | null = null;
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs] });
  try {
    const data = sampleMapData(reasonCount);
    const app = await startServerProcess({
      env: { DATABASE_URL: `sqlite:${join(dir, 'maps.db')}`, WEB_CONCURRENCY: '1' },
    });
    servers.push(app);
    const urls: Partial<Record<Kind, string>> = { published: await publish(app, data) };
    const headers = siteHeaders(await fetch(urls.published!));
    const plain = await serveOne(plainListHtml(data), headers);
    bare = plain.server;
    urls.plainList = plain.url;
    if (withOld) {
      const old = await startServerProcess({
        root: oldRoot,
        env: { DATABASE_URL: `sqlite:${join(dir, 'old-maps.db')}`, WEB_CONCURRENCY: '1' },
      });
      servers.push(old);
      urls.oldPublished = await publish(old, data);
    }
    const kinds = Object.keys(urls) as Kind[];
    const runs: Partial<Record<Kind, Timing[]>> = {};
    for (const kind of kinds) {
      await measure(browser, urls[kind]!); // warm-up: each server renders the map once
      runs[kind] = [];
    }
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 ? [...kinds].reverse() : kinds;
      for (const kind of order) runs[kind]!.push(await measure(browser, urls[kind]!));
    }
    const medians = Object.fromEntries(
      kinds.map((kind) => [
        kind,
        {
          inDomMs: median(runs[kind]!.map((t) => t.inDomMs)),
          paintMs: median(runs[kind]!.map((t) => t.paintMs)),
          readyMs: median(runs[kind]!.map((t) => t.readyMs)),
        },
      ]),
    ) as Partial<Record<Kind, Timing>>;
    const ratio = (of: Kind, to: Kind, key: keyof Timing) =>
      median(runs[of]!.map((run, i) => run[key] / runs[to]![i]![key]));
    const ratios = {
      toPlainList: {
        inDom: ratio('published', 'plainList', 'inDomMs'),
        paint: ratio('published', 'plainList', 'paintMs'),
        ready: ratio('published', 'plainList', 'readyMs'),
      },
      ...(withOld && {
        toOldPage: {
          inDom: ratio('published', 'oldPublished', 'inDomMs'),
          paint: ratio('published', 'oldPublished', 'paintMs'),
          ready: ratio('published', 'oldPublished', 'readyMs'),
        },
        oldToPlainList: {
          inDom: ratio('oldPublished', 'plainList', 'inDomMs'),
          paint: ratio('oldPublished', 'plainList', 'paintMs'),
          ready: ratio('oldPublished', 'plainList', 'readyMs'),
        },
      }),
    };
    const met =
      ratios.toPlainList.ready <= targets.plainListRatio &&
      (!ratios.toOldPage || ratios.toOldPage.ready <= targets.oldPageRatio);
    const ms = (t: Timing) =>
      `in DOM ${t.inDomMs.toFixed(0)} ms, painted ${t.paintMs.toFixed(0)} ms, both ${t.readyMs.toFixed(0)} ms`;
    console.log(
      `\nLong map: a published map of ${reasonCount} reasons, Chromium, ${rounds} alternating rounds (medians):`,
    );
    console.log(`  (b) plain static list:        ${ms(medians.plainList!)}`);
    console.log(`  (a) published map (this build): ${ms(medians.published!)}`);
    if (medians.oldPublished) console.log(`  (c) published map (4725f21):    ${ms(medians.oldPublished)}`);
    const pair = (r: { inDom: number; paint: number; ready: number }) =>
      `${r.inDom.toFixed(2)} in DOM / ${r.paint.toFixed(2)} painted / ${r.ready.toFixed(2)} both`;
    console.log(`  a/b ${pair(ratios.toPlainList)} (target ≤ ${targets.plainListRatio} both)`);
    if (ratios.toOldPage) {
      console.log(`  a/c ${pair(ratios.toOldPage)} (target ≤ ${targets.oldPageRatio} both)`);
      console.log(`  c/b ${pair(ratios.oldToPlainList!)}`);
    } else console.log(`  (c) skipped: no build of 4725f21 at ${oldRoot} (BENCH_OLD_ROOT)`);
    const result = {
      benchmark: 'long-map',
      date: new Date().toISOString(),
      reasons: reasonCount,
      rounds,
      medians,
      ratios,
      targets,
      met,
    };
    mkdirSync(join(root, 'bench/results'), { recursive: true });
    writeFileSync(join(root, 'bench/results/long-map.json'), `${JSON.stringify(result, null, 2)}\n`);
    return result;
  } finally {
    await browser.close();
    bare?.close();
    for (const server of servers) await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await runLongMapBench();
