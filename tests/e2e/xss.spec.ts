import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { MapData } from '../../src/domain/belief-map';
import { newReason } from '../../src/domain/test-support/builders';
import { test } from './support/fixtures';
import { publishTestMap } from './support/published-maps';

// PRODUCT §13 (security): whatever a user types is shown as text everywhere it appears. A map whose
// every text field is an HTML and script payload is published, then read as a published map, as a
// draft, on a compare page, in the window title and in the link preview of /map/{id}: nothing of it
// runs, nothing of it becomes an element, and each field reads exactly as typed. A payload that
// became markup would run or, stopped by the Content-Security-Policy, leave a violation: both are
// checked.

/** One payload per field, each with its own marker so a failure says which field leaked. */
function payload(marker: string): string {
  return (
    `<img src=x-${marker} onerror="window.__xss='${marker}-img'">` +
    `<script>window.__xss='${marker}-script'</script>` +
    `"'><svg onload="window.__xss='${marker}-svg'"></svg>` +
    `<a href="javascript:window.__xss='${marker}-href'">&amp; &lt;b&gt;${marker}</a>`
  );
}

const hostile: MapData = {
  title: payload('map-title'),
  description: payload('map-description'),
  reasons: [0, 1, 2].map((i) =>
    newReason(payload(`reason-${i}-title`), {
      relevance: payload(`reason-${i}-relevance`),
      belief: 'agree',
      support: 'support',
    }),
  ),
};
/** The same reasons changed, so the compare page shows both the old and the new text of each. */
const changed: MapData = {
  title: payload('other-title'),
  description: payload('other-description'),
  reasons: [
    ...hostile.reasons.slice(0, 2).map((reason, i) => ({
      ...reason,
      title: payload(`changed-${i}-title`),
      relevance: payload(`changed-${i}-relevance`),
      belief: 'disagree' as const,
      support: 'disconfirm' as const,
    })),
    newReason(payload('added-title'), { relevance: payload('added-relevance') }),
  ],
};

const texts = (data: MapData) => [
  data.title,
  data.description!,
  ...data.reasons.flatMap((reason) => [reason.title, reason.relevance!]),
];

const it = test
  .extend('maps', { scope: 'file' }, async ({ app }) => {
    const [published, other] = await Promise.all([
      publishTestMap(app, hostile),
      publishTestMap(app, changed),
    ]);
    return { hostileId: published.id, changedId: other.id };
  })
  // The test's page also records CSP violations and every request it makes (the paths).
  .extend('requests', async ({ page, context }) => {
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await context.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { __cspViolations: seen });
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective}: ${event.blockedURI} ${event.sample}`),
      );
    });
    return requests;
  });

/** The app's theme.js, which the build writes into each page's head (vite.config.ts). */
const themeScript = readFileSync(new URL('../../src/client/theme.js', import.meta.url), 'utf8');

/** Nothing ran, nothing was refused, nothing became an element, and no payload image was fetched. */
async function expectInert(page: Page, errors: string[], requests: string[], where: string): Promise<void> {
  const state = await page.evaluate(
    (theme) => ({
      xss: (window as { __xss?: unknown }).__xss,
      violations: (window as { __cspViolations?: string[] }).__cspViolations ?? [],
      injected: document.querySelectorAll('img[src^="x-"], svg[onload], a[href^="javascript:"], [onerror]')
        .length,
      // The data block of a page rendered on the server (PRODUCT §13.6) is data, never run; the one
      // inline script is the app's own theme.js, which the CSP allows by its hash.
      scripts: [...document.scripts].filter(
        (script) => !script.src && script.type !== 'application/json' && script.text !== theme,
      ).length,
    }),
    themeScript,
  );
  expect(state.xss, `${where}: a payload ran`).toBeUndefined();
  expect(state.violations, `${where}: CSP violations`).toEqual([]);
  expect(state.injected, `${where}: payload elements in the DOM`).toBe(0);
  expect(state.scripts, `${where}: inline scripts in the DOM`).toBe(0);
  expect(
    errors.filter((error) => /Content Security Policy|Refused to/i.test(error)),
    `${where}: CSP errors in the console`,
  ).toEqual([]);
  expect(
    requests.filter((path) => /\/x-/.test(path)),
    `${where}: requests for payload images`,
  ).toEqual([]);
}

/** Each text appears on the page exactly as typed, as text. */
async function expectShownAsText(page: Page, all: string[], where: string): Promise<void> {
  const main = page.getByRole('main');
  for (const text of all) {
    const shown = main.getByText(text, { exact: true });
    await shown.first().waitFor();
    expect(await shown.first().isVisible(), `${where}: ${text.slice(-30)}`).toBe(true);
  }
}

describe('text from users is shown as text', () => {
  it('on the published map, in its window title, and in its draft', async ({
    maps,
    page,
    errors,
    requests,
  }) => {
    await page.goto(`/map/${maps.hostileId}`);
    await page.getByRole('heading', { level: 1, name: hostile.title, exact: true }).waitFor();
    await expectShownAsText(page, texts(hostile), 'published map');
    expect(await page.title()).toBe(`${hostile.title} - Belief Map`);
    await expectInert(page, errors, requests, 'published map');

    await page.getByRole('link', { name: 'Edit a copy' }).click();
    await page.waitForURL((url) => url.pathname === `/map/draft.${maps.hostileId}`);
    await page.getByRole('button', { name: 'Edit belief' }).waitFor();
    await expectShownAsText(page, texts(hostile), 'draft');
    expect(await page.title()).toBe(`${hostile.title} - Belief Map`);

    // The forms hold the text as typed, too.
    await page.getByRole('button', { name: 'Edit belief' }).click();
    expect(await page.getByRole('textbox', { name: 'Title' }).inputValue()).toBe(hostile.title);
    expect(await page.getByRole('textbox', { name: 'Description' }).inputValue()).toBe(hostile.description);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Edit item' }).first().click();
    expect(await page.getByRole('textbox', { name: 'Relevance' }).inputValue()).toMatch(
      /^<img src=x-reason-/,
    );
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expectInert(page, errors, requests, 'draft');
  });

  it('on compare pages, published against published and draft against published', async ({
    maps,
    page,
    errors,
    requests,
  }) => {
    await page.goto(`/compare/${maps.hostileId}/${maps.changedId}`);
    await page.getByText(changed.reasons[2]!.title, { exact: true }).first().waitFor();
    // Both sides of every change: the base text and the modified text.
    await expectShownAsText(page, [...texts(hostile), ...texts(changed)], 'compare');
    expect(await page.title()).toBe('Compare maps - Belief Map');
    await expectInert(page, errors, requests, 'compare');

    await page.goto(`/compare/draft.${maps.hostileId}/${maps.changedId}`);
    await page.getByRole('button', { name: 'Add to draft' }).click();
    // The payloads share most of their words, so the draft is said to have a similar reason
    // (PRODUCT §9.4): that warning quotes a hostile title too, and must show it as text.
    await page.getByText('Your draft has a similar reason:', { exact: false }).waitFor();
    await expectInert(page, errors, requests, 'similar-reason warning');
    await page.getByRole('button', { name: 'Add anyway' }).click();
    await page.getByRole('status').filter({ hasText: 'Draft updated' }).waitFor();
    await page.goto(`/map/draft.${maps.hostileId}`);
    await expectShownAsText(page, [changed.reasons[2]!.title], 'draft after a merge');
    await expectInert(page, errors, requests, 'compare and merge');
  });

  it('in the link preview of /map/{id}, escaped in the HTML and read back exactly', async ({
    maps,
    app,
    page,
    errors,
    requests,
  }) => {
    const html = await (await fetch(`${app.baseUrl}/map/${maps.hostileId}`)).text();
    const generic = await (await fetch(`${app.baseUrl}/compare`)).text();
    for (const marker of ['map-title', 'map-description']) {
      expect(html, marker).not.toContain(`<script>window.__xss='${marker}`);
      expect(html, marker).not.toContain(`<img src=x-${marker}`);
    }
    expect(html).toContain(
      '&lt;img src=x-map-title onerror=&quot;window.__xss=&#39;map-title-img&#39;&quot;&gt;',
    );
    // Nothing from the map adds an element: the head has the same tags as any other page's but the
    // app's entry script (theme.js fetches the reader's instead, PRODUCT §13.6), and the rendered
    // body no image and no script but the map's data block.
    const tags = (text: string) => (text.match(/<(script|img|svg|a)\b/gi) ?? []).length;
    const [head, body] = html.split('</head>');
    const genericHead = generic.split('</head>')[0]!;
    expect(genericHead.match(/<script type="module"/g)).toHaveLength(1);
    expect(tags(head!)).toBe(tags(genericHead) - 1);
    expect(body!.match(/<(script|img)\b[^>]*>/gi)).toEqual([
      '<script type="application/json" id="page-data">',
    ]);

    // A browser reads the tags back as exactly the text typed.
    await page.goto(`/map/${maps.hostileId}`);
    await page.getByRole('heading', { level: 1, name: hostile.title, exact: true }).waitFor();
    const meta = (selector: string) => page.locator(selector).getAttribute('content');
    expect(await meta('meta[property="og:title"]')).toBe(`${hostile.title} - Belief Map`);
    expect(await meta('meta[name="twitter:title"]')).toBe(`${hostile.title} - Belief Map`);
    expect(await meta('meta[property="og:description"]')).toContain('<img src=x-map-description');
    expect(await meta('meta[name="description"]')).toContain('<img src=x-map-description');
    await expectInert(page, errors, requests, 'link preview');
  });
});
