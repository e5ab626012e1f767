import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openSession, startApp, type RunningApp } from './support/harness';
import { publishTestMap, testReason } from './support/published-maps';

// The issue "Accessible, secure, fast to load", item 3: pages do not jump while they load (what
// Lighthouse scores as Cumulative Layout Shift). Each page is opened on a phone-sized screen, and
// the browser's own layout-shift entries are added up, as Lighthouse does, once it has settled.

let app: RunningApp;
let browser: Browser;
let mapId: string;
let otherId: string;

beforeAll(async () => {
  [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  const reasons = Array.from({ length: 10 }, (_, i) =>
    testReason(`Reason ${i + 1}, long enough to wrap on a phone screen`, {
      relevance: 'Why it matters, in a sentence or two, so that each reason takes some room on the page.',
      belief: 'agree',
      support: i % 2 ? 'support' : 'disconfirm',
    }),
  );
  [{ id: mapId }, { id: otherId }] = await Promise.all([
    publishTestMap(app, { title: 'A map of ten reasons', description: 'A description.', reasons }),
    publishTestMap(app, { title: 'Another map', description: null, reasons: reasons.slice(3) }),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('layout shift while loading', () => {
  const pages: [string, () => string][] = [
    ['a published map', () => `/map/${mapId}`],
    ['a draft of it', () => `/map/draft.${mapId}`],
    ['a compare page', () => `/compare/${mapId}/${otherId}`],
    ['the help page', () => '/help'],
    ['the choose-compare page', () => '/compare'],
  ];
  for (const width of [412, 1280]) {
    it.each(pages)(`%s at ${width} px shifts less than 0.02`, async (_what, path) => {
      const { page, context } = await openSession(browser, app, { viewport: { width, height: 823 } });
      await context.addInitScript(() => {
        const shifts: { value: number; nodes: string[] }[] = [];
        Object.assign(window, { __shifts: shifts });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & {
            value: number;
            hadRecentInput: boolean;
            sources?: { node?: Node }[];
          })[]) {
            if (entry.hadRecentInput) continue;
            const nodes = (entry.sources ?? []).map((source) => {
              const node = source.node as Element | undefined;
              return node ? `<${node.nodeName.toLowerCase()} class="${node.className}">` : '?';
            });
            shifts.push({ value: entry.value, nodes });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(path());
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      const shifts = await page.evaluate(
        () => (window as unknown as { __shifts: { value: number; nodes: string[] }[] }).__shifts,
      );
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      expect(total, JSON.stringify(shifts)).toBeLessThan(0.02);
      await context.close();
    });
  }
});
