import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { newReason } from '../../src/domain/test-support/builders';
import { test } from './support/fixtures';
import { putStoredDraft } from './support/map-page';
import { publishTestMap } from './support/published-maps';

// PRODUCT §13 (speed): pages do not jump while they load (what Lighthouse scores as Cumulative
// Layout Shift). Each page is opened on a phone-sized screen, and the browser's own layout-shift
// entries are added up, as Lighthouse does, once it has settled.

interface Maps {
  mapId: string;
  otherId: string;
  /** A map that answers `mapId`, listed under it (its Responses region). */
  answerId: string;
}

const it = test.extend('maps', { scope: 'file' }, async ({ app }): Promise<Maps> => {
  const reasons = Array.from({ length: 10 }, (_, i) =>
    newReason(`Reason ${i + 1}, long enough to wrap on a phone screen`, {
      relevance: 'Why it matters, in a sentence or two, so that each reason takes some room on the page.',
      belief: 'agree',
      support: i % 2 ? 'support' : 'disconfirm',
    }),
  );
  const [map, other] = await Promise.all([
    publishTestMap(app, { title: 'A map of ten reasons', description: 'A description.', reasons }),
    publishTestMap(app, { title: 'Another map', description: null, reasons: reasons.slice(3) }),
  ]);
  const answer = await fetch(`${app.baseUrl}/api/map/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      version: '1.0',
      data: { title: 'An answer to the map of ten reasons', description: null, reasons: reasons.slice(5) },
      basedOn: map.id,
      listed: true,
    }),
  });
  const { data } = (await answer.json()) as { data: { mapId: string } };
  return { mapId: map.id, otherId: other.id, answerId: data.mapId };
});

interface Shift {
  value: number;
  nodes: string[];
}

/** Records the page's layout shifts, as Lighthouse counts them, from its next navigation on. */
async function recordLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shifts: Shift[] = [];
    const record = (entries: PerformanceEntryList) => {
      for (const entry of entries as (PerformanceEntry & {
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
    };
    const observer = new PerformanceObserver((list) => record(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    Object.assign(window, { __layoutShifts: { shifts, take: () => record(observer.takeRecords()) } });
  });
}

/**
 * The shifts recorded once the page has settled: nothing loading (the network idle), its fonts
 * in, and two frames drawn since, so that the last change is laid out and its shifts reported.
 */
async function settledLayoutShifts(page: Page): Promise<Shift[]> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(async () => {
    await document.fonts.ready;
    for (let frame = 0; frame < 2; frame++) await new Promise((done) => requestAnimationFrame(done));
    const recorded = (window as unknown as { __layoutShifts: { shifts: Shift[]; take(): void } })
      .__layoutShifts;
    recorded.take();
    return recorded.shifts;
  });
}

describe.for([412, 1280])('layout shift while loading at %i px', (width) => {
  it.override('contextOptions', { viewport: { width, height: 823 } });

  it.for([
    ['a published map', (maps: Maps) => `/map/${maps.mapId}`],
    ['a draft of it', (maps: Maps) => `/map/draft.${maps.mapId}`],
    ['a compare page', (maps: Maps) => `/compare/${maps.mapId}/${maps.otherId}`],
    ['the help page', () => '/help'],
    ['the choose-compare page', () => '/compare'],
  ] as const)('%s shifts less than 0.02', async ([_what, path], { page, context, maps }) => {
    await recordLayoutShifts(context);
    await page.goto(path(maps));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const shifts = await settledLayoutShifts(page);
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect(total, JSON.stringify(shifts)).toBeLessThan(0.02);
  });
});

// PRODUCT §13.6: what the app draws once it has the page, with no input at all (the Responses
// region, the draft's link, a ready Download), moves nothing above it on a touch phone.
describe('layout shift on a touch phone at 360 px that is never touched', () => {
  it.override('contextOptions', { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  it.for([
    ['a published map with a response', (maps: Maps) => `/map/${maps.mapId}`, false],
    ['a response to it', (maps: Maps) => `/map/${maps.answerId}`, false],
    ['a published map whose draft this browser keeps', (maps: Maps) => `/map/${maps.mapId}`, true],
  ] as const)('%s shifts less than 0.02', async ([_what, path, withDraft], { page, context, maps }) => {
    if (withDraft) {
      await page.goto('/help');
      await putStoredDraft(page, `draft.${maps.mapId}`, {
        version: '1.0',
        published: null,
        updatedAt: '2026-11-27T10:00:00.000Z',
        data: { title: 'A draft of the map of ten reasons', description: null, reasons: [] },
      });
    }
    await recordLayoutShifts(context);
    await page.goto(path(maps));
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.locator('html[data-page-ready]').waitFor({ state: 'attached' });
    if (path(maps).endsWith(maps.mapId)) await page.getByRole('region', { name: 'Responses' }).waitFor();
    const shifts = await settledLayoutShifts(page);
    const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
    expect(total, JSON.stringify(shifts)).toBeLessThan(0.02);
  });
});
