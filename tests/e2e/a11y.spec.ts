import { compressToEncodedURIComponent } from 'lz-string';
import type { Page } from 'playwright-core';
import { describe, expect } from 'vitest';
import type { MapData } from '../../src/domain/belief-map';
import { newReason } from '../../src/domain/test-support/builders';
import { axeViolations, colourModesAndWidths, installAxe } from './support/axe';
import { test } from './support/fixtures';
import { openPage, putStoredDraft } from './support/map-page';
import { publishTestMap } from './support/published-maps';

// PRODUCT §13 (accessibility): axe-core finds no violation on any screen, in light and dark mode,
// at 1280 px and at 360 px. Each screen is reached as a user reaches it, and checked once it shows
// its content (and again with its forms, menu or flash message open). The pages keep their real
// Content-Security-Policy: axe comes in as an init script.

const safer = newReason('A protected lane would make cycling safer', {
  relevance: 'Most cycling injuries on Elm Street happen where cars park and doors open.',
  belief: 'strong-agree',
  support: 'strong-support',
});
const children = newReason('More children would cycle to school', { belief: 'agree', support: 'support' });
const base: MapData = {
  title: 'Elm Street should get a protected bike lane',
  description:
    'The council proposes to replace the parking lane on the east side of Elm Street with a two-way ' +
    'bike lane behind a kerb.\n\nThis map weighs what the residents said at the meeting.',
  reasons: [
    safer,
    // Only in the base: deleted in the comparison.
    newReason('The shops would lose trade', {
      relevance: 'Shop owners fear that customers who drive will go elsewhere.',
      belief: 'disagree',
      support: 'disconfirm',
    }),
    children,
    newReason('Nobody has counted the parked cars', { belief: 'neutral', support: 'neutral' }),
    newReason('A reason not rated yet'),
  ],
};
const modified: MapData = {
  title: 'Elm Street bike lane',
  description: null,
  reasons: [
    safer,
    { ...children, belief: 'strong-agree', relevance: 'Two schools are on the route.' },
    newReason('The parking lane is rarely full', { belief: 'strong-agree', support: 'support' }),
  ],
};

// Written apart from the base (PRODUCT §9.4): a reason like a deleted one, and changed words.
const shopsElsewhere = newReason('The shops on Elm Street would lose trade', {
  belief: 'agree',
  support: 'disconfirm',
});
const independent: MapData = {
  title: base.title,
  description: base.description,
  reasons: [
    {
      ...safer,
      title: 'A protected lane would make cycling much safer',
      support: 'disconfirm',
      belief: 'agree',
    },
    shopsElsewhere,
    newReason('Deliveries would need a loading bay', { belief: 'agree', support: 'disconfirm' }),
  ],
};

interface Maps {
  baseId: string;
  basePublished: string;
  modifiedId: string;
  independentId: string;
}

const it = test.extend('maps', { scope: 'file' }, async ({ app }): Promise<Maps> => {
  const [published, other, third] = await Promise.all([
    publishTestMap(app, base),
    publishTestMap(app, modified),
    publishTestMap(app, independent),
  ]);
  return {
    baseId: published.id,
    basePublished: published.published,
    modifiedId: other.id,
    independentId: third.id,
  };
});

/** Stores a draft of the base map in local storage, as editing it in this browser would. */
async function seedDraft(page: Page, maps: Maps): Promise<void> {
  await page.goto('/help');
  await putStoredDraft(page, `draft.${maps.baseId}`, {
    version: '1.0',
    published: maps.basePublished,
    updatedAt: '2026-01-02T00:00:00.000Z',
    data: base,
  });
}

/** A screen: how to reach it, and the states of it to check, each after `open` has run. */
interface Screen {
  name: string;
  open(page: Page, maps: Maps): Promise<void>;
  /** Further states of the same screen (a form open, the menu open), checked in turn. */
  states?: { name: string; enter(page: Page): Promise<void> }[];
}

/** A screen that shows once `path` shows its level-1 heading `heading`. */
function screenAt(name: string, path: string, heading: string, states?: Screen['states']): Screen {
  return { name, open: (page) => openPage(page, path, heading), ...(states && { states }) };
}

const screens: Screen[] = [
  screenAt(
    'a new draft, with the belief form and then the reason form open',
    '/map/draft.default',
    'New belief',
    [
      {
        name: 'Edit belief form',
        async enter(page) {
          await page.getByRole('button', { name: 'Edit belief' }).click();
          await page.getByRole('textbox', { name: 'Title' }).waitFor();
        },
      },
      {
        name: 'Add item form, after the belief form is cancelled',
        async enter(page) {
          await page.getByRole('button', { name: 'Cancel' }).click();
          await page.getByRole('button', { name: 'Add item' }).click();
          await page.getByRole('combobox', { name: 'Support' }).waitFor();
        },
      },
      {
        name: 'Add item form showing a missing title',
        async enter(page) {
          await page.getByRole('button', { name: 'Save' }).click();
          await page.locator('[aria-invalid="true"]').first().waitFor();
        },
      },
    ],
  ),
  {
    name: 'a draft of a published map, with reasons, and its Edit item form',
    async open(page, maps) {
      await seedDraft(page, maps);
      await openPage(page, `/map/draft.${maps.baseId}`, base.title);
      await page.getByText(safer.title, { exact: true }).first().waitFor();
    },
    states: [
      {
        name: 'Edit item form',
        async enter(page) {
          await page.getByRole('button', { name: 'Edit item' }).first().click();
          await page.getByRole('button', { name: 'Delete' }).waitFor();
        },
      },
      {
        name: "the question of a save over another tab's change",
        async enter(page) {
          // Another tab renames every reason (the storage event is what that tab's write fires here).
          await page.evaluate(() => {
            const key = Object.keys(localStorage).find((k) => k.startsWith('map.draft.'))!;
            const draft = JSON.parse(localStorage.getItem(key)!) as {
              updatedAt: string;
              data: { reasons: { title: string }[] };
            };
            draft.updatedAt = '2030-01-01T00:00:00.000Z';
            for (const reason of draft.data.reasons) reason.title += ' (renamed)';
            localStorage.setItem(key, JSON.stringify(draft));
            window.dispatchEvent(new StorageEvent('storage', { key }));
          });
          await page.getByText('(renamed)').first().waitFor();
          await page.getByRole('button', { name: 'Save' }).click();
          await page.getByRole('button', { name: 'Keep mine' }).waitFor();
        },
      },
    ],
  },
  {
    name: 'a published map',
    async open(page, maps) {
      await openPage(page, `/map/${maps.baseId}`, base.title);
      await page.getByRole('main').getByRole('link', { name: 'Compare', exact: true }).waitFor();
    },
    states: [
      {
        name: 'what weight is, opened',
        async enter(page) {
          await page.getByText('What is weight?', { exact: true }).click();
          await page.getByText(/^Weight = how strongly/).waitFor();
        },
      },
    ],
  },
  screenAt(
    'a help example map',
    '/map/help-example-icons',
    'Reading the icons: every belief and support rating',
  ),
  screenAt('the error page', '/map/no-such-map-abcdefghijkl', 'Error loading map'),
  {
    name: 'the choose-compare page',
    async open(page, maps) {
      await openPage(page, `/compare?baseMapId=${maps.baseId}`, 'Compare maps');
      await page.getByRole('textbox', { name: 'Modified map' }).waitFor();
    },
  },
  {
    name: 'a comparison of two published maps (no merge buttons)',
    async open(page, maps) {
      await page.goto(`/compare/${maps.baseId}/${maps.modifiedId}`);
      await page.getByText(children.title, { exact: true }).first().waitFor();
      expect(await page.getByRole('button', { name: 'Apply changes' }).count()).toBe(0);
    },
    states: [
      {
        name: 'what disagreement and weight are, opened',
        async enter(page) {
          await page.getByText('What are disagreement and weight?', { exact: true }).click();
          await page.getByText(/^Disagreement = how far apart/).waitFor();
        },
      },
    ],
  },
  {
    name: 'a comparison with a draft as the base (merge buttons), then the "Draft updated" flash',
    async open(page, maps) {
      await seedDraft(page, maps);
      await page.goto(`/compare/draft.${maps.baseId}/${maps.modifiedId}`);
      await page.getByRole('button', { name: 'Add to draft' }).first().waitFor();
      await page.getByRole('button', { name: 'Delete from draft' }).first().waitFor();
      await page.getByRole('button', { name: 'Apply changes' }).first().waitFor();
    },
    states: [
      {
        name: 'flash with Undo',
        async enter(page) {
          await page.getByRole('button', { name: 'Add to draft' }).first().click();
          await page.getByRole('status').filter({ hasText: 'Draft updated' }).waitFor();
        },
      },
    ],
  },
  {
    name: 'a comparison with changed words, a possible match and Apply all',
    async open(page, maps) {
      await seedDraft(page, maps);
      await page.goto(`/compare/draft.${maps.baseId}/${maps.independentId}`);
      await page.getByText(/^Possibly the same as/).waitFor();
      // A changed text's words are marked once its row nears the screen.
      await page.locator('.change-text').first().scrollIntoViewIfNeeded();
      await page.locator('ins').first().waitFor();
      await page.getByRole('group', { name: 'Apply all' }).waitFor();
    },
    states: [
      {
        name: 'the whole id shown on focus',
        async enter(page) {
          await page
            .getByRole('link', { name: /^[a-z0-9-]{10}\.\.\.$/ })
            .last()
            .focus();
          await page.getByRole('tooltip').last().waitFor();
        },
      },
      {
        name: 'the similar-reason question',
        async enter(page) {
          await page
            .getByRole('listitem')
            .filter({ has: page.getByRole('heading', { name: shopsElsewhere.title }) })
            .getByRole('button', { name: 'Add to draft' })
            .click();
          await page.getByText(/^Your draft has a similar reason/).waitFor();
        },
      },
    ],
  },
  {
    name: 'a comparison that fails to load',
    async open(page, maps) {
      await page.goto(`/compare/${maps.baseId}/no-such-map-abcdefghijkl`);
      await page.getByRole('heading', { name: 'Error loading maps' }).waitFor();
    },
  },
  {
    name: 'a published map with Download open',
    async open(page, maps) {
      await openPage(page, `/map/${maps.baseId}`, base.title);
      await page.getByRole('button', { name: 'Download', exact: true }).click();
      await page.getByRole('button', { name: 'Download Argdown' }).waitFor();
    },
  },
  {
    name: 'Your maps, empty, then refusing an import and previewing one',
    async open(page) {
      await openPage(page, '/maps', 'Your maps');
      await page.getByText('No drafts in this browser.').waitFor();
    },
    states: [
      {
        name: 'import refused',
        async enter(page) {
          await page.getByRole('textbox', { name: 'Or paste the map' }).fill('<html></html>');
          await page.getByRole('button', { name: 'Import map' }).click();
          await page.getByRole('alert').waitFor();
        },
      },
      {
        name: 'import previewed, with a choice of main statement',
        async enter(page) {
          await page
            .getByRole('textbox', { name: 'Or paste the map' })
            .fill(
              '[Cats are better than dogs]\n  + They are quiet\n\n[Trains beat planes]\n  - They are slower\n',
            );
          await page.getByRole('button', { name: 'Import map' }).click();
          await page.getByRole('combobox', { name: 'Main statement' }).waitFor();
        },
      },
    ],
  },
  {
    name: 'Your maps with a draft and published maps, one deleted',
    async open(page, maps) {
      await seedDraft(page, maps);
      await page.evaluate(
        ([mapId, title]) =>
          localStorage.setItem(
            'publishedMaps',
            JSON.stringify([
              { mapId, title, published: new Date().toISOString() },
              { mapId: 'old-map-aaaaaaaaaaaa', title: 'An old map', published: '2020-01-01T00:00:00.000Z' },
            ]),
          ),
        [maps.baseId, base.title],
      );
      await openPage(page, '/maps', 'Your maps');
      await page.getByRole('button', { name: 'Remove from list' }).waitFor();
      await page.getByRole('button', { name: 'Discard' }).waitFor();
    },
  },
  {
    name: 'a shared draft, asking before it replaces a draft',
    async open(page, maps) {
      await seedDraft(page, maps);
      const fragment = compressToEncodedURIComponent(
        JSON.stringify({
          draftId: `draft.${maps.baseId}`,
          draft: {
            version: '1.0',
            published: maps.basePublished,
            updatedAt: '2026-01-03T00:00:00.000Z',
            data: modified,
          },
        }),
      );
      await openPage(page, `/shared#${fragment}`, modified.title);
    },
    states: [
      {
        name: 'the question',
        async enter(page) {
          await page.getByRole('button', { name: 'Save as my draft' }).click();
          await page.getByRole('button', { name: 'Keep both' }).waitFor();
        },
      },
    ],
  },
  screenAt('the help page', '/help', 'Help'),
  screenAt('the page-not-found page, with the narrow-screen menu open', '/no/such/page', 'Page not found', [
    {
      name: 'menu open',
      async enter(page) {
        const menu = page.getByRole('button', { name: 'Menu' });
        if (await menu.isVisible()) await menu.click();
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' }).waitFor();
      },
    },
  ]),
];

describe.for(colourModesAndWidths)('axe-core in %s mode at %i px', ([colorScheme, width]) => {
  it.override('contextOptions', { colorScheme, viewport: { width, height: 800 } });

  for (const screen of screens) {
    it(`finds no violation on ${screen.name}`, async ({ page, context, errors, maps }) => {
      await installAxe(context);
      await screen.open(page, maps);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(colorScheme);
      const found: string[] = (await axeViolations(page)).map((line) => `${screen.name}: ${line}`);
      for (const state of screen.states ?? []) {
        await state.enter(page);
        found.push(...(await axeViolations(page)).map((line) => `${screen.name}, ${state.name}: ${line}`));
      }
      expect(found).toEqual([]);
      // A page that logs an error (a CSP refusal, a failed chunk) is not one a reader can rely on.
      // The pages that fail to load a map fetch a 404 on purpose; Chromium logs that.
      expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
    });
  }
});

describe('motion and announcements', () => {
  describe('for a reader who asks for reduced motion', () => {
    it.override('contextOptions', { reducedMotion: 'reduce' });

    it('moves nothing', async ({ page, maps }) => {
      await seedDraft(page, maps);
      const moving = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('*')]
            .map((element) => {
              const style = getComputedStyle(element);
              const longest = (list: string) =>
                Math.max(...list.split(',').map((time) => parseFloat(time) || 0));
              const seconds = Math.max(longest(style.transitionDuration), longest(style.animationDuration));
              return seconds > 0.001 || style.scrollBehavior === 'smooth'
                ? element.outerHTML.slice(0, 80)
                : null;
            })
            .filter(Boolean),
        );
      for (const path of [
        `/map/draft.${maps.baseId}`,
        `/compare/draft.${maps.baseId}/${maps.modifiedId}`,
        '/help',
      ]) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page
          .getByRole('main')
          .getByRole('button')
          .or(page.getByRole('main').getByRole('link'))
          .first()
          .waitFor();
        expect(await moving(), path).toEqual([]);
      }
      // The flash message arrives without sliding in.
      await page.goto(`/compare/draft.${maps.baseId}/${maps.modifiedId}`);
      await page.getByRole('button', { name: 'Add to draft' }).first().click();
      await page.getByRole('status').filter({ hasText: 'Draft updated' }).waitFor();
      expect(await moving()).toEqual([]);
    });
  });

  it('announces flash messages in a status region that was on the page before the message', async ({
    page,
    maps,
  }) => {
    await seedDraft(page, maps);
    await page.goto(`/compare/draft.${maps.baseId}/${maps.modifiedId}`);
    await page.getByRole('button', { name: 'Add to draft' }).first().waitFor();
    // A live region added together with its text is not announced by every screen reader, so
    // the message must arrive in a region that was already there, empty.
    const region = await page.locator('.flash-region [role="status"]').elementHandle();
    expect(region).not.toBeNull();
    expect((await region!.textContent())?.trim()).toBe('');
    await page.getByRole('button', { name: 'Add to draft' }).first().click();
    await expect.poll(() => region!.textContent()).toContain('Draft updated');
    expect(await region!.evaluate((element) => element.isConnected)).toBe(true);
  });
});
