import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { MapData, Reason } from '../../src/domain/belief-map';
import { elmStreetReasons } from '../../src/domain/built-in/help-example-reasons';
import { newReason } from '../../src/domain/test-support/builders';
import { axeViolations, colourModesAndWidths, installAxe } from './support/axe';
import { draftUpdatedFlash } from './support/compared-maps';
import { test } from './support/fixtures';
import { startApp, type RunningApp } from './support/harness';
import { h1, openMap, openPage, pageReady, storedDraft, tabTo } from './support/map-page';

// PRODUCT §6.10: the discussion page of a group's maps on one belief, from a thread and from
// pasted links; leaving a map out; taking a reason into your draft; the ways in; keyboard and axe.

// Six maps on one belief in two camps (rules N5–N10): all six rate `safer` alike and the first four
// `children` alike (where the group agrees); the camps rate `shops` and `cost` the other way round
// (where it splits, and its two opinion groups); only the second camp has `parking`.
const safer = newReason('A protected lane would make cycling safer', {
  belief: 'strong-agree',
  support: 'strong-support',
});
const shops = newReason('The shops would lose trade', {
  belief: 'strong-agree',
  support: 'strong-disconfirm',
});
const cost = newReason('The lane costs less than a car park', {
  belief: 'strong-agree',
  support: 'strong-support',
});
const children = newReason('More children would cycle to school', { belief: 'agree', support: 'support' });
const parking = newReason('The parking lane is rarely full', { belief: 'agree', support: 'support' });
const other = (reason: Reason): Reason => ({
  ...reason,
  support: reason.support === 'strong-support' ? 'strong-disconfirm' : 'strong-support',
});

const people = ['Ann', 'Ben', 'Cas', 'Dee', 'Eli', 'Fay'] as const;
function mapOf(at: number): MapData {
  const firstCamp = at < 3;
  return {
    title: `Elm Street bike lane, as ${people[at]} sees it`,
    description: null,
    reasons: [
      safer,
      firstCamp ? shops : other(shops),
      firstCamp ? cost : other(cost),
      ...(at < 4 ? [children] : []),
      ...(at >= 3 ? [parking] : []),
    ],
  };
}
const titleOf = (at: number) => mapOf(at).title;

/**
 * Publishes `data` through the API, answering `basedOn` (listed under it) when given; `from` is the
 * client's address, for a server behind a trusted proxy.
 */
async function publish(app: RunningApp, data: MapData, basedOn?: string, from?: string): Promise<string> {
  const created = await fetch(`${app.baseUrl}/api/map/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(from ? { 'x-forwarded-for': from } : {}) },
    body: JSON.stringify({ version: '1.0', data, ...(basedOn ? { basedOn, listed: true } : {}) }),
  });
  const body = (await created.json()) as { data?: { mapId: string }; message?: string };
  if (!body.data) throw new Error(`publish failed: ${body.message ?? created.status}`);
  return body.data.mapId;
}

/** Ann's map, answered by Ben and Cas; Dee answers Ben; Eli and Fay answer Ann. */
const it = test.extend('ids', { scope: 'file' }, async ({ app }) => {
  const ann = await publish(app, mapOf(0));
  const ben = await publish(app, mapOf(1), ann);
  const cas = await publish(app, mapOf(2), ann);
  const dee = await publish(app, mapOf(3), ben);
  const eli = await publish(app, mapOf(4), ann);
  const fay = await publish(app, mapOf(5), ann);
  return [ann, ben, cas, dee, eli, fay] as const;
});

const region = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const reasonItem = (page: Page, regionName: string, title: string) =>
  region(page, regionName)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: title, exact: true }) });
const regionNames = [
  'Maps in this discussion',
  'Where each map stands',
  'Where the group agrees',
  'Where the group splits',
  'Opinion groups',
  'All reasons',
];

async function openDiscussion(page: Page, path: string): Promise<void> {
  await openPage(page, path, 'Discussion');
  await region(page, 'All reasons').waitFor();
}

describe('the discussion of a thread', () => {
  it('shows every map of the thread as a tree, and every region of the figures', async ({
    page,
    ids,
    errors,
  }) => {
    await openDiscussion(page, `/discussion/${ids[0]}`);
    expect(await page.title()).toBe('Discussion - Belief Map');
    for (const name of regionNames)
      expect(await region(page, name).getByRole('heading', { level: 2, name }).count(), name).toBe(1);

    // Who answered whom: Dee's map is listed under Ben's, Ben's under Ann's.
    const maps = region(page, 'Maps in this discussion');
    for (let at = 0; at < 6; at++)
      expect(await maps.getByRole('link', { name: titleOf(at), exact: true }).getAttribute('href')).toBe(
        `/map/${ids[at]}`,
      );
    // The innermost list item holding Ben's link is his; Ann's holds it too.
    const bens = maps
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: titleOf(1) }) })
      .last();
    expect(await bens.getByRole('link', { name: titleOf(3) }).count()).toBe(1);
    expect(await bens.getByRole('link', { name: titleOf(4) }).count()).toBe(0);
    expect(await maps.textContent()).toContain('For: 3 reasons, weight 4.8');

    // Where each map stands, also as a table.
    const stances = region(page, 'Where each map stands');
    expect(await stances.getByRole('table').getByRole('row').count()).toBe(7);
    expect(await stances.getByRole('columnheader').allTextContents()).toEqual(['Map', 'Net weight']);

    const agreed = reasonItem(page, 'Where the group agrees', safer.title);
    expect(await agreed.textContent()).toContain('In 6 of 6 maps');
    expect(await agreed.getByRole('list', { name: 'Support' }).textContent()).toBe('6');
    expect(await agreed.getByRole('img', { name: 'Strongly supports' }).count()).toBe(2);
    expect(await reasonItem(page, 'Where the group agrees', children.title).textContent()).toContain(
      'In 4 of 6 maps',
    );
    const split = reasonItem(page, 'Where the group splits', shops.title);
    expect(await split.textContent()).toContain('Counts the other way for some');
    expect(
      await split.getByRole('list', { name: 'Support' }).getByRole('listitem').allTextContents(),
    ).toEqual(['3', '3']);
    expect(await reasonItem(page, 'Where the group agrees', shops.title).count()).toBe(0);

    const groups = region(page, 'Opinion groups');
    for (const name of ['Group A', 'Group B'])
      expect(await groups.getByRole('heading', { level: 3, name }).textContent()).toContain(name);
    expect(await groups.textContent()).toContain('3 maps: ');

    // All reasons, sorted four ways (rule N11).
    const all = region(page, 'All reasons');
    const titles = () => all.getByRole('heading', { level: 3 }).allTextContents();
    expect((await titles())[0]).toBe(safer.title);
    await all.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Strongest against' });
    await expect.poll(async () => (await titles())[0]).not.toBe(safer.title);
    await all.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Most contested' });
    await expect
      .poll(async () => (await titles()).slice(0, 2).sort())
      .toEqual([cost.title, shops.title].sort());
    expect(errors).toEqual([]);
  });

  it('leaves a map out of every figure, and takes it back', async ({ page, ids }) => {
    await openDiscussion(page, `/discussion/${ids[0]}`);
    const safe = reasonItem(page, 'Where the group agrees', safer.title);
    expect(await safe.textContent()).toContain('In 6 of 6 maps');
    const leaveOut = (at: number) =>
      region(page, 'Maps in this discussion').getByRole('checkbox', { name: `Leave out ${titleOf(at)}` });
    await leaveOut(5).check();
    await expect.poll(() => safe.textContent()).toContain('In 5 of 5 maps');
    expect(await region(page, 'Where each map stands').getByRole('row').count()).toBe(6);
    await leaveOut(4).check();
    await expect
      .poll(() => region(page, 'Opinion groups').textContent())
      .toContain('they need at least 5 maps, and this discussion has 4');
    await leaveOut(4).uncheck();
    await leaveOut(5).uncheck();
    await expect.poll(() => safe.textContent()).toContain('In 6 of 6 maps');
    await region(page, 'Opinion groups').getByRole('heading', { name: 'Group B' }).waitFor();
  });

  it('adds a reason to your draft of the first map with the group’s median ratings, never twice', async ({
    page,
    ids,
  }) => {
    const draftId = `draft.${ids[0]}`;
    await openDiscussion(page, `/discussion/${ids[0]}`);
    const annItem = region(page, 'Maps in this discussion')
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: titleOf(0) }) })
      .first();
    expect(await annItem.textContent()).not.toContain('Your draft');
    await reasonItem(page, 'All reasons', parking.title)
      .getByRole('button', { name: 'Add to my draft' })
      .click();
    await draftUpdatedFlash(page).waitFor();
    await expect.poll(async () => (await storedDraft(page, draftId))?.data.reasons.length).toBe(5);
    const added = (await storedDraft(page, draftId))!.data.reasons.find((r) => r.id === parking.id);
    expect(added).toEqual({ ...parking, belief: 'agree', support: 'support' });
    await expect.poll(() => annItem.textContent()).toContain('Your draft');

    // A reason the draft has already is not added twice.
    await reasonItem(page, 'All reasons', safer.title)
      .getByRole('button', { name: 'Add to my draft' })
      .click();
    await page
      .getByRole('status')
      .filter({ hasText: `Your draft already has “${safer.title}”` })
      .waitFor();

    await openDiscussion(page, `/discussion/${ids[0]}`);
    await reasonItem(page, 'All reasons', cost.title)
      .getByRole('button', { name: 'Add to my draft' })
      .click();
    await page
      .getByRole('status')
      .filter({ hasText: `Your draft already has “${cost.title}”` })
      .waitFor();
    await reasonItem(page, 'All reasons', parking.title)
      .getByRole('button', { name: 'Add to my draft' })
      .click();
    await page
      .getByRole('status')
      .filter({ hasText: `Your draft already has “${parking.title}”` })
      .waitFor();
  });
});

describe('a discussion opened by its address', () => {
  it('reads its maps once, in the worker started with the app, and another set after moving on', async ({
    page,
    ids,
    errors,
  }) => {
    const reads: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/maps') reads.push(url.searchParams.get('ids')!.split(',').sort().join(','));
    });
    await openDiscussion(page, `/discussion/${ids[0]}`);
    expect(await region(page, 'Maps in this discussion').getByRole('link').count()).toBe(6);
    // The page took over the worker that mount() started for its address: no second read.
    expect(reads).toEqual([[...ids].sort().join(',')]);

    // Moving on within the app, the page reads the new set itself.
    await page.getByRole('link', { name: 'Add or remove maps' }).click();
    const field = region(page, 'Compare several maps').getByRole('textbox', {
      name: 'Maps, one link or id a line',
    });
    await field.fill(`${ids[1]}\n${ids[3]}`);
    await page.getByRole('button', { name: 'Show the discussion' }).click();
    await region(page, 'All reasons').waitFor();
    expect(await region(page, 'Maps in this discussion').getByRole('link').count()).toBe(2);
    expect(reads.slice(1)).toEqual([[ids[1], ids[3]].sort().join(',')]);
    expect(errors).toEqual([]);
  });

  it('says a malformed map id does not name a map, and reads nothing', async ({ page, errors }) => {
    const reads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/')) reads.push(request.url());
    });
    await openPage(page, '/discussion/Not_A_Map', 'Discussion');
    expect(await page.getByRole('alert').textContent()).toBe(
      'Map id Not_A_Map does not match expected format',
    );
    expect(reads).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe('without a Web Worker', () => {
  it('reads the maps and works out the figures in the page itself, versions and adding included', async ({
    page,
    ids,
    errors,
  }) => {
    await page.addInitScript(() => {
      delete (window as { Worker?: unknown }).Worker;
    });
    await openDiscussion(page, `/discussion?maps=${ids[2]},${ids[3]},${ids[4]}`);
    expect(await region(page, 'Maps in this discussion').getByRole('link').count()).toBe(3);
    const item = reasonItem(page, 'All reasons', parking.title);
    expect(await item.textContent()).toContain('In 2 of 3 maps');
    await item.getByRole('button', { name: 'Each map’s version (2)' }).click();
    const versions = item.getByRole('list', { name: `Versions of ${parking.title}` });
    expect(await versions.getByRole('listitem').count()).toBe(2);
    await versions.getByRole('listitem').first().getByRole('button', { name: 'Add this version' }).click();
    await draftUpdatedFlash(page).waitFor();
    await expect
      .poll(async () =>
        (await storedDraft(page, `draft.${ids[2]}`))?.data.reasons.some((r) => r.id === parking.id),
      )
      .toBe(true);
    expect(errors).toEqual([]);
  });
});

describe('Undo of Add to my draft', () => {
  it('takes the reason out of the draft again', async ({ page, ids }) => {
    const draftId = `draft.${ids[1]}`;
    await openDiscussion(page, `/discussion?maps=${ids[1]},${ids[4]},${ids[5]}`);
    await reasonItem(page, 'All reasons', parking.title)
      .getByRole('button', { name: 'Add to my draft' })
      .click();
    await draftUpdatedFlash(page).waitFor();
    await expect
      .poll(async () => (await storedDraft(page, draftId))?.data.reasons.some((r) => r.id === parking.id))
      .toBe(true);
    await draftUpdatedFlash(page).getByRole('button', { name: 'Undo' }).click();
    await expect
      .poll(
        async () =>
          (await storedDraft(page, draftId))?.data.reasons.some((r) => r.id === parking.id) ?? false,
      )
      .toBe(false);
  });
});

describe('Add to my draft, as one map holds a reason', () => {
  it('lists each map’s version of a reason and adds the one picked, with its own ratings', async ({
    page,
    app,
  }) => {
    const lane = (who: string, reasons: Reason[]): MapData => ({
      title: `Elm Street bike lane, as ${who} sees it`,
      description: null,
      reasons,
    });
    const quiet = newReason('The street would be quieter', { belief: 'agree', support: 'support' });
    const first = await publish(app, lane('Gus', [safer]));
    const second = await publish(app, lane('Hal', [safer, quiet]));
    const third = await publish(
      app,
      lane('Ivy', [safer, { ...quiet, belief: 'strong-disagree', support: 'disconfirm' }]),
    );
    await openDiscussion(page, `/discussion?maps=${first},${second},${third}`);
    const item = reasonItem(page, 'All reasons', quiet.title);
    const versions = item.getByRole('button', { name: 'Each map’s version (2)' });
    expect(await versions.getAttribute('aria-expanded')).toBe('false');
    await versions.click();
    expect(await versions.getAttribute('aria-expanded')).toBe('true');
    const list = item.getByRole('list', { name: `Versions of ${quiet.title}` });
    // The versions are drawn once the list opens, in the next frame or two.
    await expect.poll(() => list.getByRole('listitem').count()).toBe(2);
    const ivy = list.getByRole('listitem').filter({ hasText: 'as Ivy sees it' });
    expect(await ivy.getByRole('img', { name: 'Strongly disagree' }).count()).toBe(1);
    await ivy.getByRole('button', { name: 'Add this version' }).click();
    await draftUpdatedFlash(page).waitFor();
    const draftId = `draft.${first}`;
    await expect.poll(async () => (await storedDraft(page, draftId))?.data.reasons.length).toBe(2);
    const added = (await storedDraft(page, draftId))!.data.reasons.find((r) => r.id === quiet.id);
    expect(added).toEqual({ ...quiet, belief: 'strong-disagree', support: 'disconfirm' });
  });
});

describe('a thread of more than 100 maps', () => {
  it('shows the first 100 and says how many the thread has', async ({ page }) => {
    // Its own server behind one trusted proxy: 30 responses an hour are listed per address, so the
    // 101 answers come from five addresses.
    const app = await startApp({ TRUST_PROXY: '1' });
    try {
      const root = await publish(app, mapOf(0));
      for (let n = 0; n < 101; n += 1)
        await publish(
          app,
          { ...mapOf(1 + (n % 5)), title: `Answer ${n}` },
          root,
          `10.0.0.${1 + Math.floor(n / 25)}`,
        );
      await page.goto(`${app.baseUrl}/discussion/${root}`);
      await page
        .getByText(
          'This thread has 102 maps: the discussion shows the first 100, the map and the answers nearest to it.',
        )
        .waitFor();
      await region(page, 'All reasons').waitFor();
      expect(await region(page, 'Where each map stands').getByRole('table').getByRole('row').count()).toBe(
        101,
      );
    } finally {
      await app.close();
    }
  });
});

describe('a long list of splits', () => {
  it('shows 5 reasons at first, then all of them', async ({ page, app }) => {
    const topics = ['Noise', 'Trees', 'Buses', 'Deliveries', 'Rain', 'Hills', 'Tourists'];
    const reasons = topics.map((topic) =>
      newReason(`${topic} on Elm Street matter here`, { belief: 'agree', support: 'strong-support' }),
    );
    const first = await publish(app, { title: 'For the lane', description: null, reasons });
    const second = await publish(app, {
      title: 'Against the lane',
      description: null,
      reasons: reasons.map(other),
    });
    await openDiscussion(page, `/discussion?maps=${first},${second}`);
    const splits = region(page, 'Where the group splits');
    const items = splits.getByRole('list').first().locator(':scope > li');
    expect(await items.count()).toBe(5);
    await splits.getByRole('button', { name: 'Show all 7' }).click();
    await expect.poll(() => items.count()).toBe(7);
    expect(await splits.getByRole('button', { name: 'Show all 7' }).count()).toBe(0);
    expect(await region(page, 'Where the group agrees').textContent()).toContain(
      'No reason is shared widely and rated alike.',
    );
  });
});

describe('a discussion of pasted maps', () => {
  it('takes links and ids one a line, names the bad lines, and shows the discussion of the valid ones', async ({
    page,
    app,
    ids,
    errors,
  }) => {
    await openPage(page, '/compare', 'Compare maps');
    const several = region(page, 'Compare several maps');
    const field = several.getByRole('textbox', { name: 'Maps, one link or id a line' });
    await field.fill(
      [`${app.baseUrl}/map/${ids[0]}`, 'Not a map!', ids[3], `${ids[4]}`, 'no-such-map', ids[5]].join('\n'),
    );
    await several.getByRole('button', { name: 'Show the discussion' }).click();
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    expect(await several.textContent()).toContain('Not a map link or id: “Not a map!”');
    expect(await field.inputValue()).toBe(
      [`${app.baseUrl}/map/${ids[0]}`, ids[3], ids[4], 'no-such-map', ids[5]].join('\n'),
    );
    await several.getByRole('button', { name: 'Show the discussion' }).click();
    await region(page, 'All reasons').waitFor();
    expect(new URL(page.url()).search).toBe(
      `?maps=${[ids[0], ids[3], ids[4], 'no-such-map', ids[5]].join(',')}`,
    );
    expect(await page.getByText('Not found: no-such-map').count()).toBe(1);
    for (const name of regionNames) await region(page, name).waitFor();
    expect(await reasonItem(page, 'Where the group agrees', safer.title).textContent()).toContain(
      'In 4 of 4 maps',
    );
    expect(await region(page, 'Opinion groups').textContent()).toContain(
      'they need at least 5 maps, and this discussion has 4',
    );
    expect(errors).toEqual([]);
  });

  it('shows built-in maps, and says a discussion needs two maps', async ({ page }) => {
    await openDiscussion(page, '/discussion?maps=help-example-alice-1,help-example-bob-1');
    const maps = region(page, 'Maps in this discussion');
    expect(await maps.getByRole('link').count()).toBe(2);
    expect(await maps.textContent()).toContain('Built in');
    await openPage(page, '/discussion?maps=help-example-alice-1', 'Discussion');
    await page.getByText('A discussion needs at least two maps.').waitFor();
  });

  it('answers the page for a discussion path and 404 for an unknown path', async ({ app, ids }) => {
    const page = await fetch(`${app.baseUrl}/discussion/${ids[0]}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect((await fetch(`${app.baseUrl}/discussion?maps=a,b`)).status).toBe(200);
    expect((await fetch(`${app.baseUrl}/discussions`)).status).toBe(404);
  });
});

describe('the built-in discussion of the worked example', () => {
  const { childrenCycleToSchool, parkingForDisabled, fewCyclistsToday } = elmStreetReasons;
  const thread = [
    'help-example-alice-1',
    'help-example-bob-1',
    'help-example-carol-1',
    'help-example-dan-1',
    'help-example-erin-1',
  ];

  it('shows Alice’s first map and the four built-in maps answering it in every region', async ({
    page,
    errors,
  }) => {
    await openDiscussion(page, '/discussion/help-example-alice-1');
    const maps = region(page, 'Maps in this discussion');
    const hrefs = await maps
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname));
    expect(hrefs.filter((href) => href.startsWith('/map/')).sort()).toEqual(thread.map((id) => `/map/${id}`));
    // Where each map stands: a row for each of the five maps under the header.
    expect(await region(page, 'Where each map stands').getByRole('table').getByRole('row').count()).toBe(6);
    // [N15] The five share one title: each is told apart by its description's first sentence.
    await maps.getByRole('checkbox', { name: "Leave out Carol's answer to Alice's first map." }).waitFor();
    expect(await maps.locator('.discussion-map-note').allTextContents()).toContain(
      "Carol's answer to Alice's first map.",
    );
    expect(await region(page, 'Where each map stands').getByRole('table').textContent()).toContain(
      "Dan's answer to Bob's first map.",
    );

    expect(
      await reasonItem(page, 'Where the group agrees', childrenCycleToSchool.title).textContent(),
    ).toContain('In 5 of 5 maps');
    expect(
      await reasonItem(page, 'Where the group agrees', parkingForDisabled.title).textContent(),
    ).toContain('In 3 of 5 maps');
    const reversal = reasonItem(page, 'Where the group splits', fewCyclistsToday.title);
    expect(await reversal.textContent()).toContain('Counts the other way for some');
    expect(await reversal.textContent()).toContain('In 3 of 5 maps');

    const groups = region(page, 'Opinion groups');
    for (const name of ['Group A', 'Group B'])
      expect(await groups.getByRole('heading', { level: 3, name }).count(), name).toBe(1);
    expect(await groups.getByRole('heading', { level: 3, name: 'Group C' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('is linked from the page of a built-in map that built-in maps answer', async ({ page, errors }) => {
    await openMap(page, 'help-example-alice-1');
    await page.getByRole('link', { name: 'See the discussion (5 maps)' }).click();
    await h1(page, 'Discussion').waitFor();
    expect(new URL(page.url()).pathname).toBe('/discussion/help-example-alice-1');
    await region(page, 'All reasons').waitFor();
    // A map nothing answers has no discussion to lead to.
    await openMap(page, 'help-example-carol-1');
    expect(await page.getByRole('link', { name: /See the discussion/ }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('is linked from Help’s worked example', async ({ page, errors }) => {
    await openPage(page, '/help', 'Help');
    const link = page
      .getByRole('main')
      .getByRole('link', { name: 'See the discussion of Alice’s first map' });
    expect(await link.getAttribute('href')).toBe('/discussion/help-example-alice-1');
    await link.click();
    await h1(page, 'Discussion').waitFor();
    await region(page, 'Opinion groups').getByRole('heading', { level: 3, name: 'Group B' }).waitFor();
    expect(errors).toEqual([]);
  });
});

describe('the ways into a discussion', () => {
  it('leads from a map’s responses, from a comparison and back to the choice of maps', async ({
    page,
    ids,
  }) => {
    await openMap(page, ids[0]);
    await region(page, 'Responses').getByRole('link', { name: 'See the discussion (6 maps)' }).click();
    await h1(page, 'Discussion').waitFor();
    await region(page, 'All reasons').waitFor();
    expect(new URL(page.url()).pathname).toBe(`/discussion/${ids[0]}`);

    await openPage(page, `/compare/${ids[0]}/${ids[1]}`, 'Compare maps');
    await page.getByRole('link', { name: 'Add more maps' }).click();
    await region(page, 'All reasons').waitFor();
    expect(new URL(page.url()).search).toBe(`?maps=${ids[0]},${ids[1]}`);
    await page.getByRole('link', { name: 'Add or remove maps' }).click();
    const field = region(page, 'Compare several maps').getByRole('textbox', {
      name: 'Maps, one link or id a line',
    });
    await expect.poll(() => field.inputValue()).toBe(`${[ids[0], ids[1]].sort().join('\n')}`);
  });
});

describe('by keyboard', () => {
  it('leaves a map out, sorts and adds a reason without a mouse', async ({ page, ids }) => {
    await openDiscussion(page, `/discussion/${ids[0]}`);
    const checkbox = region(page, 'Maps in this discussion').getByRole('checkbox', {
      name: `Leave out ${titleOf(5)}`,
    });
    await tabTo(page, checkbox, { max: 60 });
    await page.keyboard.press('Space');
    await expect.poll(() => checkbox.isChecked()).toBe(true);
    await expect
      .poll(() => reasonItem(page, 'Where the group agrees', safer.title).textContent())
      .toContain('In 5 of 5 maps');
    const sort = region(page, 'All reasons').getByRole('combobox', { name: 'Sort by' });
    await sort.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => sort.inputValue()).toBe('most-contested');
    const add = reasonItem(page, 'All reasons', parking.title).getByRole('button', {
      name: 'Add to my draft',
    });
    await tabTo(page, add, { max: 80 });
    await page.keyboard.press('Enter');
    await draftUpdatedFlash(page).waitFor();
  });
});

describe.for(colourModesAndWidths)('axe-core in %s mode at %i px', ([colorScheme, width]) => {
  it.override('contextOptions', { colorScheme, viewport: { width, height: 800 } });

  it('finds no violation on the discussion page, which never scrolls sideways', async ({
    page,
    context,
    ids,
    errors,
  }) => {
    await installAxe(context);
    await openDiscussion(page, `/discussion/${ids[0]}`);
    await pageReady(page);
    // With one reason's versions open, too.
    await reasonItem(page, 'All reasons', shops.title)
      .getByRole('button', { name: /Each map’s version/ })
      .click();
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(errors).toEqual([]);
  });
});
