import autocannon from 'autocannon';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, get } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { mapBalance } from '../src/domain/balance';
import { renderPreviewPng } from '../src/server/pages/preview-image';
import { publishBody, sampleMapData } from '../tests/support/maps';
import { startServerProcess } from '../tests/support/server-process';

// Link-preview pictures (PRODUCT §8.4, §13.6). First, in this process: how long one picture
// takes to draw (the first one also loads the fonts and satori's layout engine), and the longest
// the event loop stalled meanwhile (satori lays out on it; resvg rasterises on the thread pool).
// Then over HTTP against the real server (main.ts, one worker, SQLite): requests/s for a cached
// picture beside GET /api/map/{id} of the same map in the same run, which a cached picture
// should come close to, since neither is drawn or encoded again.

const resultsDir = resolve(dirname(fileURLToPath(import.meta.url)), 'results');

export interface PreviewImageBenchResult {
  firstRenderMs: number;
  medianRenderMs: number;
  maxEventLoopStallMs: number;
  pngBytes: number;
  /** autocannon, 10 connections. */
  mapGetPerSecond: number;
  cachedPicturePerSecond: number;
  /** node:http, 10 connections. */
  mapGetNodeHttpPerSecond: number;
  cachedPictureNodeHttpPerSecond: number;
  /** Cached picture over map answer, through node:http. */
  ratio: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function renderTimes(count: number) {
  const times: number[] = [];
  let pngBytes = 0;
  const delay = monitorEventLoopDelay({ resolution: 5 });
  for (let n = 0; n < count; n++) {
    const data = sampleMapData(20, n);
    if (n === 1) delay.enable();
    const start = performance.now();
    const png = await renderPreviewPng({
      title: data.title,
      reasonCount: data.reasons.length,
      balance: mapBalance(data),
    });
    times.push(performance.now() - start);
    pngBytes = png.length;
  }
  delay.disable();
  return {
    firstRenderMs: times[0]!,
    medianRenderMs: median(times.slice(1)),
    maxEventLoopStallMs: delay.max / 1e6,
    pngBytes,
  };
}

async function requestsPerSecond(url: string, seconds: number): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration: seconds });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/**
 * Requests/s through node:http (llhttp, bodies discarded unread), 10 keep-alive connections.
 * autocannon's own parser is the bottleneck for a binary body of 50 KB (a bare Fastify server
 * answering the same PNG bytes reaches a quarter of its JSON rate), so the picture is measured
 * this way too, with the map's answer beside it.
 */
async function nodeHttpPerSecond(url: string, seconds: number): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: 10 });
  const end = performance.now() + seconds * 1000;
  let done = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      get(url, { agent }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
        response.resume();
        response.on('end', () => resolve());
      }).on('error', reject);
    });
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (performance.now() < end) {
        await one();
        done += 1;
      }
    }),
  );
  agent.destroy();
  return done / seconds;
}

export async function runPreviewImageBench(seconds = 5): Promise<PreviewImageBenchResult> {
  const renders = await renderTimes(12);
  const dir = mkdtempSync(join(tmpdir(), 'belief-map-bench-'));
  const server = await startServerProcess({
    env: { DATABASE_URL: `sqlite:${join(dir, 'maps.sqlite')}`, WEB_CONCURRENCY: '1' },
  });
  try {
    const published = await fetch(`${server.url}/api/map/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: publishBody(sampleMapData(20)),
    });
    const { data } = (await published.json()) as { data: { mapId: string } };
    const mapUrl = `${server.url}/api/map/${data.mapId}`;
    // Drawn once here; every request below is answered from the cache.
    await fetch(`${mapUrl}/preview.png`);
    await requestsPerSecond(mapUrl, 1); // warm-up
    const mapGetPerSecond = await requestsPerSecond(mapUrl, seconds);
    const cachedPicturePerSecond = await requestsPerSecond(`${mapUrl}/preview.png`, seconds);
    const mapGetNodeHttpPerSecond = await nodeHttpPerSecond(mapUrl, seconds);
    const cachedPictureNodeHttpPerSecond = await nodeHttpPerSecond(`${mapUrl}/preview.png`, seconds);
    const result = {
      ...renders,
      mapGetPerSecond,
      cachedPicturePerSecond,
      mapGetNodeHttpPerSecond,
      cachedPictureNodeHttpPerSecond,
      ratio: cachedPictureNodeHttpPerSecond / mapGetNodeHttpPerSecond,
    };
    const r = (x: number) => Math.round(x * 10) / 10;
    console.log('\nLink-preview pictures (PRODUCT §8.4)');
    console.log(`  first render (fonts and layout engine load): ${r(result.firstRenderMs)} ms`);
    console.log(`  one render, median of 11:                    ${r(result.medianRenderMs)} ms`);
    console.log(`  longest event-loop stall while rendering:    ${r(result.maxEventLoopStallMs)} ms`);
    console.log(`  PNG size:                                    ${Math.round(result.pngBytes / 1024)} KB`);
    const rate = (x: number) => `${Math.round(x)} req/s`;
    console.log(
      `  GET /api/map/{id}, autocannon / node:http:   ${rate(mapGetPerSecond)} / ${rate(mapGetNodeHttpPerSecond)}`,
    );
    console.log(
      `  GET …/preview.png (cached), same:            ${rate(cachedPicturePerSecond)} / ${rate(cachedPictureNodeHttpPerSecond)}`,
    );
    console.log(`  cached picture / map answer (node:http):     ${Math.round(result.ratio * 100) / 100}`);
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(join(resultsDir, 'preview-image.json'), `${JSON.stringify(result, null, 2)}\n`);
    return result;
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await runPreviewImageBench();
}
