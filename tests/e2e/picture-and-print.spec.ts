import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect } from 'vitest';
import type { MapData } from '../../src/domain/belief-map';
import { beliefLabel, supportLabel } from '../../src/domain/ratings';
import { newReason } from '../../src/domain/test-support/builders';
import { heading, layOutDraft, openMap, putStoredDraft } from './support/map-page';
import { testWithPublishedMap } from './support/published-maps';

// PRODUCT §15.2 (rule F11): "Download picture (PNG)" and "(SVG)" draw the whole map in the
// browser, a draft's without asking the server; printing a map gives the map alone, each reason
// whole with its ratings in words, and its address under the title.

const data: MapData = {
  title: 'Night buses should run on weekdays',
  description: 'The last bus leaves at 23:10.\nShift workers walk home.',
  reasons: [
    newReason('Shift workers need them', {
      relevance: 'The hospital shift ends at midnight.',
      belief: 'agree',
      support: 'strong-support',
    }),
    newReason('They would run <script>empty</script>', { belief: 'strong-disagree', support: 'disconfirm' }),
    newReason('הנהגים לא נשאלו', { belief: null, support: 'neutral' }),
    newReason('Fares would pay for the drivers', { belief: 'neutral', support: null }),
  ],
};

const it = testWithPublishedMap(data);

/** Opens the page's "Download" and saves the picture in `format`: its file name and bytes. */
async function downloadPicture(page: Page, format: 'PNG' | 'SVG') {
  const main = page.getByRole('main');
  const opener = main.getByRole('button', { name: 'Download', exact: true }).first();
  if ((await opener.getAttribute('aria-expanded')) !== 'true') await opener.click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    main.getByRole('button', { name: `Download picture (${format})` }).click(),
  ]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

/** The SVG `text` as the browser parses it: its parse error, if any, and its texts joined. */
function parseSvg(page: Page, text: string) {
  return page.evaluate((svg) => {
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    return {
      error: doc.querySelector('parsererror')?.textContent ?? null,
      text: [...doc.querySelectorAll('text')].map((element) => element.textContent).join(' '),
      background: doc.querySelector('svg > rect')?.getAttribute('fill') ?? null,
      scripts: doc.querySelectorAll('script').length,
    };
  }, text);
}

/** The width and height of a PNG, from its IHDR chunk, after checking its signature. */
function pngSize(bytes: Buffer) {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Every text of the map a picture must hold: the titles, the description, the ratings in words. */
const expectedTexts = [
  data.title,
  ...data.reasons.flatMap((reason) => [
    reason.title,
    beliefLabel(reason.belief),
    supportLabel(reason.support),
  ]),
];

/** The words of `text` with its line breaks and runs of spaces as one space, to find wrapped text. */
const words = (text: string) => text.replace(/\s+/g, ' ');

describe('the map as a picture', () => {
  it('[F11] downloads a published map as an SVG and a PNG with every title and rating', async ({
    page,
    mapId,
    errors,
  }) => {
    await openMap(page, mapId);
    const svg = await downloadPicture(page, 'SVG');
    expect(svg.name).toMatch(/^night-buses-should-run-on-weekdays-\d{4}-\d{2}-\d{2}\.svg$/);
    const parsed = await parseSvg(page, svg.bytes.toString('utf8'));
    expect(parsed.error).toBeNull();
    expect(parsed.scripts).toBe(0);
    for (const text of expectedTexts) expect(words(parsed.text)).toContain(text);
    // The address is broken between characters where it is longer than a line.
    expect(parsed.text.replace(/\s/g, '')).toContain(`/map/${mapId}`);

    const png = await downloadPicture(page, 'PNG');
    expect(png.name).toBe(svg.name.replace(/\.svg$/, '.png'));
    const size = pngSize(png.bytes);
    // Drawn twice as sharp as the 480 px the picture is laid out in, as tall as the map needs.
    expect(size.width).toBe(960);
    expect(size.height).toBeGreaterThan(1_000);
    expect(size.height).toBeLessThan(4_000);
    expect(errors).toEqual([]);
  });

  describe('in the dark colour mode', () => {
    it.override('contextOptions', { colorScheme: 'dark' });
    it('[F11] draws the picture dark, as the page is', async ({ page, mapId }) => {
      await openMap(page, mapId);
      const parsed = await parseSvg(page, (await downloadPicture(page, 'SVG')).bytes.toString('utf8'));
      expect(parsed.background).toBe('#111418');
    });

    it('[F11] prints dark on white all the same', async ({ page, mapId }) => {
      await openMap(page, mapId);
      await page.emulateMedia({ media: 'print' });
      const colours = await page.evaluate(() => ({
        body: getComputedStyle(document.body).backgroundColor,
        relevance: getComputedStyle(document.querySelector('.map-reason-relevance')!).color,
      }));
      // White, and the light mode's muted text (#4f5965), not the dark mode's.
      expect(colours).toEqual({ body: 'rgb(255, 255, 255)', relevance: 'rgb(79, 89, 101)' });
    });
  });

  it('[F11] makes a draft’s pictures in the browser, asking the server nothing', async ({ page, errors }) => {
    await page.goto('/help');
    await putStoredDraft(page, 'draft.default', {
      version: '1.0',
      published: null,
      updatedAt: '2026-01-02T00:00:00.000Z',
      data,
    });
    await openMap(page, 'draft.default');
    const asked: string[] = [];
    page.on('request', (request) => {
      // The picture's code may load now, from this site's built files; nothing else may go out
      // (the picture's own blob: address is no request to anyone).
      const url = new URL(request.url());
      if (url.protocol !== 'blob:' && !url.pathname.startsWith('/assets/')) asked.push(request.url());
    });
    const svg = await downloadPicture(page, 'SVG');
    expect(svg.name).toBe('night-buses-should-run-on-weekdays-draft.svg');
    const parsed = await parseSvg(page, svg.bytes.toString('utf8'));
    expect(parsed.error).toBeNull();
    for (const text of [...expectedTexts, 'A draft, not published'])
      expect(words(parsed.text)).toContain(text);
    const png = await downloadPicture(page, 'PNG');
    expect(pngSize(png.bytes).width).toBe(960);
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('[F11] refuses a PNG of a map too long for one, and still draws its SVG', async ({ page }) => {
    const relevance = Array.from({ length: 10 }, (_, n) => `Line ${n} of what this reason is about.`).join(
      '\n',
    );
    const reasons = Array.from({ length: 200 }, (_, n) =>
      newReason(`Reason ${n + 1}`, { relevance, belief: 'agree', support: 'support' }),
    );
    await page.goto('/help');
    await putStoredDraft(page, 'draft.default', {
      version: '1.0',
      published: null,
      updatedAt: '2026-01-02T00:00:00.000Z',
      data: { ...data, reasons },
    });
    await openMap(page, 'draft.default');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Download', exact: true }).click();
    await main.getByRole('button', { name: 'Download picture (PNG)' }).click();
    await expect
      .poll(() => main.getByRole('alert').textContent())
      .toBe(
        'Could not download the map: The map is too long for a PNG picture: download the SVG picture instead.',
      );
    const svg = await downloadPicture(page, 'SVG');
    const parsed = await parseSvg(page, svg.bytes.toString('utf8'));
    expect(parsed.error).toBeNull();
    expect(parsed.text).toContain('Reason 200');
  });
});

/**
 * The text of a PDF in reading order: each page's items top to bottom, then left to right, those
 * that touch on a line joined (a ligature such as "fi" is an item of its own). A PDF draws
 * right-to-left words in visual order, so a run of items pdf.js marks `rtl` (its own bidi
 * analysis, which holds whichever fonts drew them) is read right to left: the logical order,
 * with or without Hebrew fonts on the machine.
 */
async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const lines: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    const items = content.items
      .filter((item) => 'str' in item && item.str.trim() !== '')
      .map((item) => item as { str: string; dir: string; transform: number[]; width: number })
      .map((item) => ({
        text: item.str,
        rtl: item.dir === 'rtl',
        x: item.transform[4]!,
        y: item.transform[5]!,
        width: item.width,
      }));
    // PDF's y grows upwards; items within 2 points of each other share a line.
    const sameLine = (a: { y: number }, b: { y: number }) => Math.abs(a.y - b.y) <= 2;
    items.sort((a, b) => (sameLine(a, b) ? a.x - b.x : b.y - a.y));
    const pieces: { text: string; joined: boolean }[] = [];
    let rtlRun: string[] = [];
    const endRtlRun = () => {
      if (rtlRun.length > 0) pieces.push({ text: rtlRun.reverse().join(' '), joined: false });
      rtlRun = [];
    };
    items.forEach((item, index) => {
      const before = items[index - 1];
      const onLine = before !== undefined && sameLine(before, item);
      if (!onLine || !item.rtl) endRtlRun();
      if (item.rtl) rtlRun.push(item.text);
      else pieces.push({ text: item.text, joined: onLine && item.x - (before.x + before.width) < 0.5 });
    });
    endRtlRun();
    for (const piece of pieces) {
      if (piece.joined) lines[lines.length - 1] += piece.text;
      else lines.push(piece.text);
    }
  }
  await document.destroy();
  return lines.join(' ');
}

describe('printing a map', () => {
  it('[F11] prints each reason’s title and then its ratings in words, in order, without header or buttons', async ({
    page,
    mapId,
  }) => {
    await openMap(page, mapId);
    await page.emulateMedia({ media: 'print' });
    const text = words(await pdfText(await page.pdf({ format: 'A4' })));
    const expected = [
      data.title,
      `/map/${mapId}`,
      ...data.reasons.flatMap((reason) => [
        reason.title,
        beliefLabel(reason.belief),
        supportLabel(reason.support),
      ]),
    ];
    let at = 0;
    for (const part of expected) {
      const found = text.indexOf(part, at);
      expect(found, `“${part}” after position ${at} of: ${text}`).toBeGreaterThanOrEqual(0);
      at = found + part.length;
    }
    for (const hidden of [
      'Download',
      'Edit a copy',
      'Compare',
      'Dark mode',
      'Your maps',
      'What the icons mean',
    ])
      expect(text).not.toContain(hidden);
  });

  it('[F11] prints a draft with a note that it has no link', async ({ page }) => {
    await page.goto('/help');
    await putStoredDraft(page, 'draft.default', {
      version: '1.0',
      published: null,
      updatedAt: '2026-01-02T00:00:00.000Z',
      data,
    });
    await openMap(page, 'draft.default');
    await page.emulateMedia({ media: 'print' });
    const text = words(await pdfText(await page.pdf({ format: 'A4' })));
    expect(text).toContain('A draft, not published: it has no link.');
    for (const reason of data.reasons) expect(text).toContain(reason.title);
    for (const hidden of ['Publish draft', 'Add item', 'Download']) expect(text).not.toContain(hidden);
  });

  it('[F11] prints no flash bar, confirmation of the publish, draft notice or form field right after publishing', async ({
    page,
  }) => {
    await layOutDraft(page, { title: 'Printed right after publishing' }, [
      { title: 'A reason on paper', belief: 'agree', support: 'support' },
    ]);
    await page
      .getByRole('region', { name: 'Draft actions' })
      .getByRole('button', { name: 'Publish draft' })
      .click();
    const published = page.getByRole('region', { name: 'Published' });
    await published.waitFor();
    await page.emulateMedia({ media: 'print' });
    expect(await heading(page).isVisible()).toBe(true);
    expect(await published.isVisible()).toBe(false);
    for (const status of await page.getByRole('status').all()) expect(await status.isVisible()).toBe(false);
    for (const field of await page.locator('input, textarea, select').all())
      expect(await field.isVisible()).toBe(false);
    const text = words(await pdfText(await page.pdf({ format: 'A4' })));
    expect(text).toContain('A reason on paper');
    for (const hidden of ['Anyone with this link', 'Your draft was removed', 'Copy link'])
      expect(text).not.toContain(hidden);
  });

  it('[F11] "Print" in Download prints the page', async ({ page, mapId }) => {
    await openMap(page, mapId);
    await page.evaluate(() => {
      window.print = () => document.documentElement.setAttribute('data-printed', '');
    });
    await page.getByRole('main').getByRole('button', { name: 'Download', exact: true }).click();
    await page.getByRole('button', { name: 'Print', exact: true }).click();
    await page.locator('html[data-printed]').waitFor({ state: 'attached' });
  });
});
