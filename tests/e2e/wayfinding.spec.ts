import type { Locator, Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import { reason } from '../../src/domain/test-support/builders';
import { formatPublished } from '../../src/client/draft/entries';
import { axeViolations, installAxe } from './support/axe';
import { publishTestMap, testWithPublishedMap } from './support/published-maps';
import { justAddedMs } from '../../src/client/pages/map/use-just-added';
import { pauseClock, timeFlashes } from './support/flash-bar';
import {
  addItem,
  heading,
  isFocused,
  submitThenFocus,
  layOutDraft,
  openMap,
  openPage,
  pathOf,
  tabTo,
} from './support/map-page';

// PRODUCT §6.2, §6.5, §7.3, §13: the small things that tell a person where they are. A draft names
// the map it copies by its title; a built-in map says it never expires; after moving to another
// page the focus is on its heading; the compare form says which field it needs; and a new reason
// shows where it went in the sorted list.

const title = 'Night buses on weekdays';
// Fifteen reasons: at 360 px the list is several screens long, so a reason sorted to the top lands
// far from the "Add item" button under the list.
const it = testWithPublishedMap({
  title,
  description: null,
  reasons: Array.from({ length: 15 }, (_, i) => reason(i + 1, { title: `Shift workers need them ${i + 1}` })),
});

const noticeText = 'Published maps are deleted automatically after 90 days.';

/** True when the whole of `locator` is on screen, its outline too. */
function inViewport(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.top >= 5 && box.bottom <= window.innerHeight - 5;
  });
}

/** The polite live region of the reasons list, which says where a new reason went. */
function reasonsAnnouncer(page: Page): Locator {
  return page.getByRole('region', { name: 'Reasons' }).locator('[aria-live=polite]');
}

describe('a draft of a published map', () => {
  it("is subtitled with the published map's title, linked to it, when opened by its own link", async ({
    page,
    mapId,
    errors,
  }) => {
    // A fresh browser that never opened the published map: the draft page loads its title.
    await openMap(page, `draft.${mapId}`);
    await page.getByText(`Draft of ${title}`, { exact: true }).waitFor();
    expect(await page.getByText(`Draft of ${mapId}`).count()).toBe(0);
    const link = page.locator('.subtitle').getByRole('link', { name: title });
    expect(await link.getAttribute('href')).toBe(`/map/${mapId}`);

    await link.click();
    await expect.poll(() => pathOf(page)).toBe(`/map/${mapId}`);
    await heading(page).filter({ hasText: title }).waitFor();
    expect(errors).toEqual([]);
  });

  it('is subtitled with the id while the published map cannot be loaded, and stays editable', async ({
    page,
    mapId,
  }) => {
    await openMap(page, `draft.${mapId}`);
    await addItem(page, { title: 'Kept while offline' });
    await page.route(`**/api/map/${mapId}`, (route) => route.abort('internetdisconnected'));
    await page.reload();
    await page.getByText(`Draft of ${mapId}`, { exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: 'Kept while offline' }).count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Add item' }).isEnabled()).toBe(true);
  });
});

describe('a built-in map', () => {
  it('says it never expires instead of a publication date; a published map keeps its date', async ({
    page,
    app,
    mapId,
    errors,
  }) => {
    await openMap(page, 'help-example-alice-1');
    expect(await page.locator('.subtitle').textContent()).toBe('Built into Belief Map: never expires');
    expect(await page.getByText('Published January 1, 2026').count()).toBe(0);
    const notice = page.getByText(noticeText);
    expect(await notice.textContent()).toBe(`${noticeText} Built-in maps like this one never are.`);

    const published = (await publishTestMap(app, { title: 'Dated', description: null, reasons: [] })).id;
    await openPage(page, `/map/${published}`, 'Dated');
    const answer = (await (await fetch(`${app.baseUrl}/api/map/${published}`)).json()) as {
      published: string;
    };
    expect(await page.locator('.subtitle').textContent()).toBe(
      `Published ${formatPublished(answer.published)}`,
    );
    const deletedOn = new Date(Date.parse(answer.published) + 90 * 24 * 60 * 60 * 1000).toLocaleDateString(
      'en',
      { dateStyle: 'long', timeZone: 'UTC' },
    );
    // The days left come once the page is taken over, with the notice's lazily loaded code.
    await expect
      .poll(() => page.getByText(noticeText).textContent())
      .toBe(`${noticeText} This one will be deleted on ${deletedOn}, in 90 days.`);
    expect(mapId).toBeTruthy();
    expect(errors).toEqual([]);
  });
});

describe('moving between pages', () => {
  it('puts the focus on the heading of the compare pages, as on every other page', async ({
    page,
    mapId,
  }) => {
    await openMap(page, mapId);
    // The map's "Compare" link: the choose page focuses the field still to fill, the modified map.
    await tabTo(page, page.getByRole('link', { name: 'Compare', exact: true }));
    await page.keyboard.press('Enter');
    await expect.poll(() => pathOf(page)).toBe('/compare');
    await expect.poll(() => isFocused(page.getByLabel('Modified map'))).toBe(true);
    await page.keyboard.type('help-example-bob-1');
    await page.keyboard.press('Enter');
    await expect.poll(() => pathOf(page)).toBe(`/compare/${mapId}/help-example-bob-1`);
    await expect.poll(() => isFocused(heading(page))).toBe(true);
    expect(await heading(page).textContent()).toBe('Compare maps');

    // From a draft's "Compare with base map" link (the link is gone after the move).
    await openMap(page, `draft.${mapId}`);
    await addItem(page, { title: 'A change to compare' });
    await tabTo(page, page.getByRole('link', { name: /Compare with/ }));
    await page.keyboard.press('Enter');
    await expect.poll(() => pathOf(page)).toBe(`/compare/${mapId}/draft.${mapId}`);
    await expect.poll(() => isFocused(heading(page))).toBe(true);

    // And to Help, through a link inside the page that leads to a section: the focus goes to the
    // section's heading rather than the page's.
    await openMap(page, mapId);
    await tabTo(page, page.getByRole('link', { name: 'What the icons mean' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => pathOf(page)).toBe('/help');
    const section = page.getByRole('heading', { level: 2, name: 'The two ratings', exact: true });
    await expect.poll(() => isFocused(section)).toBe(true);
  });

  it('leaves the focus alone on a first load', async ({ page }) => {
    await openPage(page, '/compare/help-example-alice-1/help-example-bob-1', 'Compare maps');
    await page.getByRole('heading', { name: 'Differences' }).waitFor();
    expect(await isFocused(heading(page))).toBe(false);
  });
});

describe('the compare form', () => {
  it('says beside each empty field what it needs and focuses the first, clearing as it is typed in', async ({
    page,
    context,
    errors,
  }) => {
    await installAxe(context);
    await openPage(page, '/compare', 'Compare maps');
    const base = page.getByLabel('Base map');
    const modified = page.getByLabel('Modified map');
    const compare = page.getByRole('button', { name: 'Compare' });
    const baseError = 'Enter the link or id of the base map.';
    const modifiedError = 'Enter the link or id of the modified map.';

    await compare.click();
    await page.getByText(baseError).waitFor();
    await page.getByText(modifiedError).waitFor();
    expect(await base.getAttribute('aria-invalid')).toBe('true');
    expect(await modified.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => isFocused(base)).toBe(true);
    // A screen reader reads the error with the field.
    expect(await base.evaluate((input) => input.getAttribute('aria-describedby'))).toContain(
      await page.getByText(baseError).getAttribute('id'),
    );
    expect(await axeViolations(page)).toEqual([]);

    // Typing in a field clears its error only; the next Compare focuses the field still empty.
    await base.fill('help-example-alice-1');
    expect(await page.getByText(baseError).count()).toBe(0);
    expect(await base.getAttribute('aria-invalid')).toBeNull();
    expect(await modified.getAttribute('aria-invalid')).toBe('true');
    await page.keyboard.press('Enter');
    await expect.poll(() => isFocused(modified)).toBe(true);

    // A link with nothing after /map/ is told so.
    await modified.fill('https://belief-map.example/map/');
    await page.keyboard.press('Enter');
    await page.getByText('This link has no map id after “/map/”. Paste the whole link.').waitFor();
    expect(pathOf(page)).toBe('/compare');
    // PRODUCT §6.5: every refused Compare still writes its error to the console.
    expect(errors).toHaveLength(3);

    await modified.fill('help-example-bob-1');
    await page.keyboard.press('Enter');
    await expect.poll(() => pathOf(page)).toBe('/compare/help-example-alice-1/help-example-bob-1');
  });

  it('leaves the focus where the person went straight after a refused Compare', async ({ page }) => {
    // A quick person (or a busy phone) moves on before the next frame: the refusal's focus may not
    // follow them later and send what they type into the field they left.
    await openPage(page, '/compare', 'Compare maps');
    const base = page.getByLabel('Base map');
    const modified = page.getByLabel('Modified map');
    await base.fill('help-example-alice-1');
    await submitThenFocus(page.getByRole('button', { name: 'Compare' }), base);
    expect(await modified.getAttribute('aria-invalid')).toBe('true');
    expect(await isFocused(base)).toBe(true);
  });
});

describe('a long draft on a phone', () => {
  it.override('contextOptions', { viewport: { width: 360, height: 740 } });

  it('stays put once scrolled straight to "Add item", so a press lands where it was aimed', async ({
    page,
    mapId,
  }) => {
    // A jump to the end of the list (a link, a key, the focus moving) lands among reasons the
    // page has not drawn yet; none may then change its height and push "Add item" away.
    await openMap(page, `draft.${mapId}`);
    const moves = await page.getByRole('button', { name: 'Add item' }).evaluate(async (button) => {
      const frame = () => new Promise((done) => requestAnimationFrame(done));
      button.scrollIntoView({ block: 'center' });
      const tops = [button.getBoundingClientRect().top];
      for (let i = 0; i < 3; i++) {
        await frame();
        tops.push(button.getBoundingClientRect().top);
      }
      return tops.map((top) => Math.round(top - tops[0]!));
    });
    expect(moves).toEqual([0, 0, 0, 0]);
  });
});

describe('a new reason', () => {
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    describe(`with ${reducedMotion} motion`, () => {
      it.override('contextOptions', { viewport: { width: 360, height: 740 }, reducedMotion });

      it('is scrolled into view at its sorted place, marked for a while and announced; focus stays on Add item', async ({
        page,
        mapId,
      }) => {
        await openMap(page, `draft.${mapId}`);
        const addButton = page.getByRole('button', { name: 'Add item' });
        await addItem(page, {
          title: 'Night nurses have no car',
          belief: 'strong-agree',
          support: 'strong-support',
        });

        const added = page.getByRole('listitem').filter({ hasText: 'Night nurses have no car' });
        expect(await page.locator('main li h3').first().textContent()).toBe('Night nurses have no car');
        await expect.poll(() => inViewport(added)).toBe(true);
        expect(await added.evaluate((item) => getComputedStyle(item).outlineStyle)).toBe('solid');
        expect(await reasonsAnnouncer(page).textContent()).toBe(
          'Added “Night nurses have no car”, reason 1 of 16.',
        );
        expect(await isFocused(addButton)).toBe(true);

        // The mark goes after a few seconds; the next reason gets its own.
        await expect
          .poll(() => added.evaluate((item) => getComputedStyle(item).outlineStyle), { timeout: 8000 })
          .toBe('none');
        await addItem(page, { title: 'Buses are cheaper than taxis', belief: 'agree', support: 'support' });
        expect(await reasonsAnnouncer(page).textContent()).toBe(
          'Added “Buses are cheaper than taxis”, reason 17 of 17.',
        );
      });
    });
  }
});

describe("a new reason's announcement", () => {
  it('is emptied when the mark goes, and at once when the reason is renamed', async ({ page, context }) => {
    await timeFlashes(context);
    await layOutDraft(page, { title: 'Night buses' });
    await pauseClock(page);
    const announcer = reasonsAnnouncer(page);

    await addItem(page, { title: 'Nurses work nights' });
    expect(await announcer.textContent()).toBe('Added “Nurses work nights”, reason 1 of 1.');
    await page.clock.runFor(justAddedMs - 1);
    expect(await announcer.textContent()).toBe('Added “Nurses work nights”, reason 1 of 1.');
    await page.clock.runFor(1);
    await expect.poll(() => announcer.textContent()).toBe('');

    // Renamed while still announced: the region does not keep the title the draft no longer has.
    await addItem(page, { title: 'Taxis cost too much' });
    expect(await announcer.textContent()).toBe('Added “Taxis cost too much”, reason 2 of 2.');
    await page
      .getByRole('listitem')
      .filter({ hasText: 'Taxis cost too much' })
      .getByRole('button', { name: 'Edit item' })
      .click();
    const form = page.getByRole('form', { name: 'Edit item' });
    await form.getByLabel('Title', { exact: true }).fill('Taxis cost a night’s pay');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    expect(await page.getByRole('listitem').filter({ hasText: 'Taxis cost a night’s pay' }).count()).toBe(1);
    expect(await announcer.textContent()).toBe('');
  });
});
