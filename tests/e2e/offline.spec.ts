import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { mapData, reason } from '../../src/domain/test-support/builders';
import { it } from './support/fixtures';
import { clientDir, startApp } from './support/harness';
import { addItem, editBelief, h1, openMap, reasonTitles, storedDraft } from './support/map-page';
import { publishTestMap } from './support/published-maps';

// PRODUCT §13.7: after one visit the app opens with no network, drafts can be created and edited,
// published maps opened before can be read, publishing says the browser is offline and keeps the
// draft, and a new deployment's worker takes over with a "Reload" offer instead of a stale shell.

it.override('contextOptions', { serviceWorkers: 'allow' });

/** Waits until the page is controlled by the app's service worker, its shell precached. */
async function waitForServiceWorker(page: Page): Promise<void> {
  // `ready` settles once a worker is active, which is after its install precached the shell.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
}

async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
}

describe('offline, after one visit', () => {
  it('opens every page of the app and edits a draft with no network', async ({ page, context, errors }) => {
    await openMap(page, 'draft.default');
    await waitForServiceWorker(page);
    await goOffline(context);

    // Pages never opened before come from the precached shell and chunks.
    await page.goto('/help');
    await h1(page, 'Help').waitFor();
    await page.goto('/compare');
    await h1(page, 'Compare maps').waitFor();

    await openMap(page, 'draft.default');
    await editBelief(page, 'Offline belief');
    await addItem(page, { title: 'Written on a train', belief: 'agree', support: 'support' });
    await page.reload();
    await h1(page, 'Offline belief').waitFor();
    expect(await reasonTitles(page)).toEqual(['Written on a train']);
    expect((await storedDraft(page, 'draft.default'))?.data.title).toBe('Offline belief');
    // Only the requests the network refused are logged; the app itself raised nothing.
    expect(errors.filter((e) => !e.includes('net::ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  });

  it('reads a published map opened before, and says so for one never opened', async ({
    page,
    context,
    app,
  }) => {
    const seen = await publishTestMap(
      app,
      mapData([reason(1, { title: 'Kept for the train' })], { title: 'Seen online' }),
    );
    const unseen = await publishTestMap(app, mapData([], { title: 'Never opened' }));
    await openMap(page, 'draft.default');
    await waitForServiceWorker(page);
    await openMap(page, seen.id);
    await h1(page, 'Seen online').waitFor();

    await goOffline(context);
    await page.goto(`/map/${seen.id}`);
    await h1(page, 'Seen online').waitFor();
    expect(await reasonTitles(page)).toEqual(['Kept for the train']);

    await page.goto(`/map/${unseen.id}`);
    await h1(page, 'Error loading map').waitFor();
  });

  it('says the browser is offline when publishing, and keeps the draft', async ({ page, context }) => {
    await openMap(page, 'draft.default');
    await waitForServiceWorker(page);
    await goOffline(context);
    await editBelief(page, 'Publish me later');
    await addItem(page, { title: 'A reason', belief: 'agree', support: 'support' });
    const before = await storedDraft(page, 'draft.default');

    await page
      .getByRole('region', { name: 'Draft actions' })
      .getByRole('button', { name: 'Publish draft' })
      .click();
    await expect
      .poll(() => page.getByText(/You are offline: the map was not published/).count())
      .toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe('/map/draft.default');
    expect(await storedDraft(page, 'draft.default')).toEqual(before);

    // Back online, the same button publishes it.
    await context.setOffline(false);
    await page
      .getByRole('region', { name: 'Draft actions' })
      .getByRole('button', { name: 'Publish draft' })
      .click();
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 10_000 })
      .toMatch(/^\/map\/publish-me-later-/);
  });
});

describe('a new deployment', () => {
  it('takes over, offers "Reload", and the reload runs the new shell', async ({ browser }) => {
    // A deployment of our own: a copy of the build that the test can change, served first by one
    // server and then, as after a release, by another on the same port.
    const dir = mkdtempSync(join(tmpdir(), 'belief-map-deploy-'));
    const served = join(dir, 'client');
    cpSync(clientDir, served, { recursive: true });
    let running = await startApp({}, { clientDir: served });
    const context = await browser.newContext({ baseURL: running.baseUrl, serviceWorkers: 'allow' });
    try {
      const page = await context.newPage();
      await openMap(page, 'draft.default');
      await waitForServiceWorker(page);
      expect(await page.locator('meta[name="deployment"]').count()).toBe(0);

      // The next release: a changed index.html, and the worker Workbox generates with its new
      // revision. Serving from a new process, as a deployment does.
      const port = Number(new URL(running.baseUrl).port);
      await running.close();
      const index = join(served, 'index.html');
      writeFileSync(
        index,
        readFileSync(index, 'utf8').replace('<head>', '<head><meta name="deployment" content="2">'),
      );
      const sw = join(served, 'sw.js');
      const worker = readFileSync(sw, 'utf8');
      const revised = worker.replace(/(\{url:"index\.html",revision:")[0-9a-f]+"/, '$1second-release"');
      expect(revised).not.toBe(worker);
      writeFileSync(sw, revised);
      for (const suffix of ['.br', '.gz']) rmSync(sw + suffix, { force: true });
      rmSync(index + '.br', { force: true });
      rmSync(index + '.gz', { force: true });
      running = await startApp({}, { clientDir: served, port });

      // The open page is told, and keeps running until the reader chooses to reload.
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      const notice = page.getByRole('status').filter({ hasText: 'A new version of Belief Map is ready.' });
      await notice.waitFor({ timeout: 30_000 });
      await notice.getByRole('button', { name: 'Reload' }).click();
      await h1(page, 'New belief').waitFor();
      await expect.poll(() => page.locator('meta[name="deployment"]').count()).toBe(1);
    } finally {
      await context.close();
      await running.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('installing', () => {
  it('links a web app manifest whose icons are the PNGs it declares', async ({ page }) => {
    await openMap(page, 'draft.default');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const answer = await page.request.get(href!);
    expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await answer.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Belief Map',
      start_url: '/map/draft.default',
      display: 'standalone',
    });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512', '512x512']);
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) {
      const png = await (await page.request.get(icon.src)).body();
      // The PNG signature, then the IHDR chunk's width and height.
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
    }
    // The worker script is never cached for long, so a new deployment is found at once.
    const worker = await page.request.get('/sw.js');
    expect(worker.headers()['cache-control']).toMatch(/max-age=0|no-cache/);
  });
});
