import { ArgdownApplication, DataPlugin, ModelPlugin, ParserPlugin } from '@argdown/core';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { MapData, PublishedMap } from '../../src/domain/belief-map';
import { newReason } from '../../src/domain/test-support/builders';
import { flashText } from './support/flash-bar';
import { h1, openPage, pathOf, putStoredDraft, storedDraft } from './support/map-page';
import { publishTestMap, testWithPublishedMap } from './support/published-maps';

// PRODUCT §15: Your maps (drafts, maps published here, Import map), Download as JSON, Markdown and
// Argdown on every map page, and a draft shared by link without publishing it.

const data: MapData = {
  title: 'Night buses should run on weekdays',
  description: 'The last bus leaves at 23:10.\nShift workers walk home.',
  reasons: [
    newReason('Shift workers need them', {
      relevance: 'The hospital shift ends at midnight.',
      belief: 'agree',
      support: 'strong-support',
    }),
    newReason('They would run <b>empty</b> [mostly]', { belief: 'disagree', support: 'disconfirm' }),
    newReason('Nobody asked the drivers', { belief: null, support: 'neutral' }),
  ],
};

const it = testWithPublishedMap(data);

/** Opens the map's "Download" and saves the file of `format`; answers its name and text. */
async function download(
  page: Page,
  format: 'JSON' | 'Markdown' | 'Argdown',
  within = page.getByRole('main'),
) {
  const opener = within.getByRole('button', { name: 'Download', exact: true }).first();
  if ((await opener.getAttribute('aria-expanded')) !== 'true') await opener.click();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    within
      .getByRole('button', { name: `Download ${format}` })
      .first()
      .click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

/** Imports `text` on /maps through a file named `name`, as a user picking it would. */
async function importFile(page: Page, name: string, text: string) {
  const path = join(tmpdir(), `${Date.now()}-${name}`);
  await writeFile(path, text);
  await openPage(page, '/maps', 'Your maps');
  await page.getByLabel('Map file (.json or .argdown)').setInputFiles(path);
  await page.getByRole('button', { name: 'Import map' }).click();
}

/** The preview an import shows before it stores anything (PRODUCT §15.3). */
const importPreview = (page: Page) => page.getByRole('region', { name: 'Preview' });

/** Accepts the preview: the map is stored as a new draft and opens. */
async function acceptImport(page: Page) {
  await importPreview(page).getByRole('button', { name: 'Import map' }).click();
  await page.waitForURL(/\/map\/draft\.local--/);
}

const mapKeys = (page: Page) =>
  page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith('map.'))
      .sort(),
  );

/** Records in local storage, as a publish from this browser would (rule L1), that `id` was just published. */
function storePublishedRecord(page: Page, id: string, title: string): Promise<void> {
  return page.evaluate(
    ([mapId, mapTitle]) =>
      localStorage.setItem(
        'publishedMaps',
        JSON.stringify([{ mapId, title: mapTitle, published: new Date().toISOString() }]),
      ),
    [id, title],
  );
}

describe('Your maps', () => {
  it('says what to do when empty, and is reached from the header', async ({ page, errors }) => {
    await openPage(page, '/help', 'Help');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Your maps' }).click();
    await h1(page, 'Your maps').waitFor();
    expect(await page.title()).toBe('Your maps - Belief Map');
    await page.getByText('No drafts in this browser.').waitFor();
    await page.getByText('Nothing published from this browser yet.').waitFor();
    expect(errors).toEqual([]);
  });

  it('lists drafts and published maps, skips corrupt entries, and discards with Undo', async ({
    page,
    errors,
  }) => {
    await openPage(page, '/map/draft.default', 'New belief');
    await page.getByRole('button', { name: 'Edit belief' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Libraries open on Sundays');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Publish draft' }).click();
    await page.waitForURL(/\/map\/libraries-open-on-sundays-/);
    const publishedId = pathOf(page).slice('/map/'.length);
    await page.getByRole('link', { name: 'Edit a copy' }).click();
    await page.getByRole('button', { name: 'Edit belief' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Libraries open on Sundays and holidays');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { level: 1, name: 'Libraries open on Sundays and holidays' }).waitFor();
    await putStoredDraft(page, 'draft.broken', '{not json');
    await putStoredDraft(page, 'draft.wrong', JSON.stringify({ version: '9', data: 1 }));
    await page.evaluate(() => {
      const record = JSON.parse(localStorage.getItem('publishedMaps') ?? '[]') as unknown[];
      record.push(
        null,
        { mapId: 'Bad id', title: 'x', published: 'never' },
        {
          mapId: 'old-map-aaaaaaaaaaaa',
          title: 'An old map',
          published: '2020-01-01T00:00:00.000Z',
        },
      );
      localStorage.setItem('publishedMaps', JSON.stringify(record));
    });

    await page.getByRole('link', { name: 'Your maps' }).click();
    const drafts = page.getByRole('region', { name: 'Drafts' });
    const published = page.getByRole('region', { name: 'Published from this browser' });
    await drafts.getByRole('listitem').first().waitFor();
    expect(await drafts.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(
        new RegExp(
          `Libraries open on Sundays and holidays\\n+Draft of ${publishedId} · Last edited .* · 0 reasons`,
        ),
      ),
    ]);
    expect(await published.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual([
      'Libraries open on Sundays',
      'An old map',
    ]);
    await published.getByText('Deleted in 90 days').waitFor();
    await published.getByText('Deleted', { exact: true }).waitFor();
    expect(await published.getByRole('link', { name: 'An old map' }).count()).toBe(0);
    await published.getByRole('button', { name: 'Remove from list' }).click();
    await expect
      .poll(() => published.getByRole('heading', { level: 3 }).allInnerTexts())
      .toEqual(['Libraries open on Sundays']);

    await drafts.getByRole('button', { name: 'Discard' }).click();
    await drafts.getByText('No drafts in this browser.').waitFor();
    expect(await storedDraft(page, `draft.${publishedId}`)).toBeNull();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(() => flashText(page)).toBe('Undone: discard of the draft');
    await drafts.getByRole('link', { name: 'Libraries open on Sundays and holidays' }).click();
    await h1(page, 'Libraries open on Sundays and holidays').waitFor();
    expect(pathOf(page)).toBe(`/map/draft.${publishedId}`);
    expect(errors.filter((e) => !e.includes('Ignoring'))).toEqual([]);
  });

  it('opens the maps ticked “In the discussion” together on the discussion page', async ({
    page,
    app,
    mapId,
  }) => {
    const weekends = await publishTestMap(app, {
      title: 'Night buses should run on weekends',
      description: null,
      reasons: [newReason('Bars close at two', { belief: 'agree', support: 'support' })],
    });
    await page.goto('/maps');
    await page.evaluate(
      (records) => localStorage.setItem('publishedMaps', JSON.stringify(records)),
      [
        { mapId, title: data.title, published: new Date().toISOString() },
        { mapId: weekends.id, title: 'Night buses should run on weekends', published: weekends.published },
      ],
    );
    await page.reload();
    const published = page.getByRole('region', { name: 'Published from this browser' });
    const show = published.getByRole('button', { name: 'Show the discussion' });
    const pick = (title: string) =>
      published
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 3, name: title }) })
        .getByRole('checkbox', { name: 'In the discussion' });
    await show.waitFor();
    expect(await show.isDisabled()).toBe(true);
    await pick(data.title).check();
    expect(await show.isDisabled()).toBe(true);
    await pick('Night buses should run on weekends').check();
    await published.getByText('2 maps picked.').waitFor();
    await show.click();

    await h1(page, 'Discussion').waitFor();
    expect(new URL(page.url()).searchParams.get('maps')?.split(',').sort()).toEqual(
      [mapId, weekends.id].sort(),
    );
    const maps = page.getByRole('region', { name: 'Maps in this discussion' });
    await maps.getByRole('link', { name: data.title }).waitFor();
    await maps.getByRole('link', { name: 'Night buses should run on weekends' }).waitFor();
  });

  it('keeps the record of a map published from here across a reload, with a working Download', async ({
    page,
    mapId,
  }) => {
    await page.goto('/maps');
    await storePublishedRecord(page, mapId, data.title);
    await page.reload();
    const published = page.getByRole('region', { name: 'Published from this browser' });
    await published.getByRole('link', { name: data.title }).waitFor();
    const file = await download(page, 'JSON', published);
    expect((JSON.parse(file.text) as PublishedMap).data).toEqual(data);
  });
});

describe('Download and Import', () => {
  it('downloads JSON byte for byte as stored, and imports it as a new draft unchanged', async ({
    page,
    app,
    mapId,
  }) => {
    await openPage(page, `/map/${mapId}`, data.title);
    const file = await download(page, 'JSON');
    const answer = (await (await fetch(`${app.baseUrl}/api/map/${mapId}`)).json()) as PublishedMap & {
      status?: string;
    };
    expect(file.name).toBe(`night-buses-should-run-on-weekdays-${answer.published.slice(0, 10)}.json`);
    delete answer.status;
    expect(file.text).toBe(JSON.stringify(answer));

    await importFile(page, file.name, file.text);
    await acceptImport(page);
    await h1(page, data.title).waitFor();
    await page.getByText('New draft', { exact: true }).waitFor();
    const draftId = pathOf(page).slice('/map/'.length);
    const stored = await storedDraft(page, draftId);
    expect(stored?.data).toEqual(data);
    expect(stored?.published).toBeNull();
  });

  it("names a draft's file apart from its published map's: 'draft', or the day it was published", async ({
    page,
    app,
    mapId,
  }) => {
    const { published } = (await (await fetch(`${app.baseUrl}/api/map/${mapId}`)).json()) as PublishedMap;
    await openPage(page, `/map/${mapId}`, data.title);
    const publishedFile = await download(page, 'Markdown');
    await page.getByRole('link', { name: 'Edit a copy' }).click();
    const draftActions = page.getByRole('region', { name: 'Draft actions' });
    await draftActions.waitFor();
    const draftFile = await download(page, 'Markdown', draftActions);
    expect(publishedFile.name).toBe(`night-buses-should-run-on-weekdays-${published.slice(0, 10)}.md`);
    expect(draftFile.name).toBe('night-buses-should-run-on-weekdays-draft.md');
  });

  it('downloads Argdown that the Argdown parser reads, and imports it back unchanged', async ({
    page,
    mapId,
  }) => {
    await openPage(page, `/map/${mapId}`, data.title);
    const file = await download(page, 'Argdown');
    expect(file.name).toMatch(/^night-buses-should-run-on-weekdays-\d{4}-\d{2}-\d{2}\.argdown$/);
    const argdown = new ArgdownApplication();
    argdown.addPlugin(new ParserPlugin(), 'parse-input');
    argdown.addPlugin(new DataPlugin(), 'build-model');
    argdown.addPlugin(new ModelPlugin(), 'build-model');
    const model = argdown.run({ input: file.text, process: ['parse-input', 'build-model'] });
    expect(model.parserErrors ?? []).toEqual([]);
    expect(Object.keys(model.arguments ?? {})).toHaveLength(3);

    await importFile(page, file.name, file.text);
    await acceptImport(page);
    expect((await storedDraft(page, pathOf(page).slice('/map/'.length)))?.data).toEqual(data);
  });

  it('downloads a readable Markdown outline of a draft', async ({ page }) => {
    await page.goto('/map/draft.default');
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Buses are cheap');
    await page.getByRole('combobox', { name: 'Support' }).selectOption({ label: 'Supports' });
    await page.getByRole('button', { name: 'Save' }).click();
    const file = await download(page, 'Markdown', page.getByRole('region', { name: 'Draft actions' }));
    expect(file.name).toBe('new-belief-draft.md');
    expect(file.text).toBe(
      '# New belief\n\n## Reasons for\n\n- **Buses are cheap** (No agreement information; Supports)\n',
    );
  });

  it('previews pasted hand-written Argdown, stores nothing until "Import map", then opens it', async ({
    page,
    errors,
  }) => {
    await openPage(page, '/maps', 'Your maps');
    await page
      .getByRole('textbox', { name: 'Or paste the map' })
      .fill(
        '[Cats are better than dogs]\n  + They are quiet\n    - Not at night\n  + They purr\n' +
          '  - <Allergies>: Many people react to them\n',
      );
    // Read in the module worker of this site, which the Content-Security-Policy allows.
    const worker = page.waitForEvent('worker');
    await page.getByRole('button', { name: 'Import map' }).click();
    expect((await worker).url()).toMatch(/\/assets\/import-worker-[\w-]+\.js$/);
    const preview = importPreview(page);
    await preview.waitFor();
    expect(await preview.getByRole('paragraph').innerText()).toBe(
      'This file becomes a map titled “Cats are better than dogs” with 3 reasons (2 for, 1 against, ' +
        '1 deeper statement folded into their parents).',
    );
    // Focus moves to the preview; the form's own button is gone with the form.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Preview');
    expect(await page.getByRole('button', { name: 'Import map' }).count()).toBe(1);
    expect(pathOf(page)).toBe('/maps');
    expect(await mapKeys(page)).toEqual([]);

    // Keyboard only: Tab past the question of the main statement to "Import map", and Enter.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/map\/draft\.local--/);
    await h1(page, 'Cats are better than dogs').waitFor();
    const titles = await page.getByRole('heading', { level: 3 }).allInnerTexts();
    expect(titles).toEqual(['They are quiet', 'They purr', 'Allergies']);
    await page
      .getByText("Imported from Argdown. 1 deeper statement is kept in the reasons' relevance.")
      .waitFor();
    expect(await mapKeys(page)).toHaveLength(1);
    expect(errors).toEqual([]);
  });

  it('stores nothing on Cancel, and goes back to the form with the focus on its first control', async ({
    page,
  }) => {
    await importFile(page, 'map.argdown', '[Cats are better than dogs]\n  + They are quiet\n');
    await importPreview(page).getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Import map' }).waitFor();
    expect(await importPreview(page).count()).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('type'))).toBe('file');
    expect(await mapKeys(page)).toEqual([]);
    // The file is still chosen: importing again shows the preview again.
    await page.getByRole('button', { name: 'Import map' }).click();
    await importPreview(page).getByText('with 1 reason (1 for, 0 against).').waitFor();
    expect(await mapKeys(page)).toEqual([]);
  });

  it('asks which statement is the belief when several could be, and previews the one chosen', async ({
    page,
  }) => {
    await openPage(page, '/maps', 'Your maps');
    await page
      .getByRole('textbox', { name: 'Or paste the map' })
      .fill('[Cats are better than dogs]\n  + They are quiet\n\n[Trains beat planes]\n  - They are slower\n');
    await page.getByRole('button', { name: 'Import map' }).click();
    const preview = importPreview(page);
    const main = preview.getByRole('combobox', { name: 'Main statement' });
    await preview.getByText('titled “Cats are better than dogs” with 1 reason (1 for, 0 against)').waitFor();
    expect(await main.locator('option').allInnerTexts()).toEqual([
      'Cats are better than dogs',
      'Trains beat planes',
    ]);
    await main.selectOption({ label: 'Trains beat planes' });
    await preview.getByText('titled “Trains beat planes” with 1 reason (0 for, 1 against)').waitFor();
    expect(await mapKeys(page)).toEqual([]);
    await acceptImport(page);
    await h1(page, 'Trains beat planes').waitFor();
    expect(await page.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(['They are slower']);
  });

  const hostile: [string, string, string, RegExp][] = [
    [
      'an HTML page',
      'page.json',
      '<!DOCTYPE html><html><script>alert(1)</script></html>',
      /HTML or XML page/,
    ],
    [
      'wrong types',
      'map.json',
      '{"version":"1.0","data":{"title":["x"],"description":null,"reasons":[]}}',
      /data\.title: Title/,
    ],
    [
      'broken Argdown',
      'map.argdown',
      '[Belief]\n\n- ok\n',
      /^This looks like Argdown, but line 3: Invalid paragraph start/,
    ],
    ['a binary file', 'map.json', '\u0000\u0001PK\u0003\u0004', /^This is not a map file: it is binary\./],
    ['a huge file', 'huge.json', `{"a":"${'x'.repeat(2 * 1024 * 1024)}"}`, /too large/],
  ];
  for (const [what, name, text, message] of hostile) {
    it(`refuses ${what} clearly and stores nothing`, async ({ page }) => {
      await importFile(page, name, text);
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.innerText()).toMatch(message);
      expect(await alert.innerText()).toContain('Nothing was stored.');
      expect(pathOf(page)).toBe('/maps');
      expect(await mapKeys(page)).toEqual([]);
    });
  }
});

describe('a draft shared by link', () => {
  it.override('contextOptions', { permissions: ['clipboard-read', 'clipboard-write'] });

  it('copies a link that opens the draft read-only in a fresh browser, which saves it as its draft', async ({
    page,
    openSession,
    mapId,
    errors,
  }) => {
    await openPage(page, `/map/draft.${mapId}`, data.title);
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByRole('textbox', { name: 'Title' }).fill('Taxis cost too much');
    await page.getByRole('button', { name: 'Save' }).click();
    // Saved once the form gives way to the reason.
    await page.getByRole('heading', { level: 3, name: 'Taxis cost too much' }).waitFor();
    await page.getByRole('button', { name: 'Copy share link', exact: true }).click();
    await page.getByText('Share link copied').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/shared#/);

    const friend = await openSession();
    await friend.page.goto(link);
    await h1(friend.page, data.title).waitFor();
    await friend.page.getByText('Shared draft, not published').waitFor();
    expect(await friend.page.getByRole('button', { name: 'Edit item' }).count()).toBe(0);
    await friend.page.getByRole('heading', { level: 3, name: 'Taxis cost too much' }).waitFor();
    await friend.page.getByRole('button', { name: 'Save as my draft' }).click();
    await friend.page.waitForURL(`**/map/draft.${mapId}`);
    await friend.page.getByRole('button', { name: 'Edit belief' }).waitFor();
    expect((await storedDraft(friend.page, `draft.${mapId}`))?.data.reasons).toHaveLength(4);

    // Opened again where a draft of the map exists: it asks, and keeping both saves a new draft.
    await friend.page.goto(link);
    await friend.page.getByRole('button', { name: 'Save as my draft' }).click();
    await friend.page.getByText('You already have a draft of this map').waitFor();
    await friend.page.getByRole('button', { name: 'Keep both' }).click();
    await friend.page.waitForURL(/\/map\/draft\.local--/);
    expect((await mapKeys(friend.page)).length).toBe(2);
    expect(errors).toEqual([]);
    expect(friend.errors).toEqual([]);
  });

  it('says plainly when a draft is too large for a link, and offers the JSON file', async ({ page }) => {
    await page.goto('/map/draft.default');
    await page.getByRole('button', { name: 'Edit belief' }).click();
    // Random text does not compress: far more than a link holds.
    const noise = Array.from({ length: 12_000 }, (_, i) =>
      String.fromCharCode(0x4e00 + ((i * 7919) % 20_000)),
    ).join('');
    await page.getByRole('textbox', { name: 'Description' }).fill(noise);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Copy share link', exact: true }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/too large to share by link.*at most 8,000/s);
    const file = await download(page, 'JSON', alert);
    expect((JSON.parse(file.text) as PublishedMap).data.description).toBe(noise);
  });

  it('refuses a damaged link clearly', async ({ page }) => {
    await page.goto('/shared#not-a-draft');
    await h1(page, 'Error loading map').waitFor();
    await page.getByText('This link is damaged').waitFor();
  });
});

describe('on a 360 px screen, and printed', () => {
  it.override('contextOptions', { viewport: { width: 360, height: 740 } });

  it('Your maps and a shared draft fit without scrolling sideways', async ({ page, mapId }) => {
    await page.goto('/maps');
    await storePublishedRecord(
      page,
      mapId,
      `${data.title} with a longwordthatdoesnotbreakanywhereatallintheline`,
    );
    await openPage(page, '/maps', 'Your maps');
    await page.getByRole('button', { name: 'Download', exact: true }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: 'test-results/e2e/your-maps-360.png', fullPage: true });
  });

  it('prints a map without the header, buttons or notices', async ({ page, mapId }) => {
    await openPage(page, `/map/${mapId}`, data.title);
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Download', exact: true }).isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Edit a copy' }).isVisible()).toBe(false);
    expect(await page.getByText('Published maps are deleted automatically after 90 days.').isVisible()).toBe(
      false,
    );
    expect(await h1(page, data.title).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 3, name: 'Shift workers need them' }).isVisible()).toBe(
      true,
    );
  });
});
