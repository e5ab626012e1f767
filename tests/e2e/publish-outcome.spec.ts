import type { Page, Request } from 'playwright-core';
import { describe, expect } from 'vitest';
import { it } from './support/fixtures';
import { axeViolations, colourModesAndWidths, installAxe } from './support/axe';
import { flashText } from './support/flash-bar';
import { isFocused, layOutDraft, openMap, pathOf, storedDraft, tabTo } from './support/map-page';

// PRODUCT §8.1, §8.5, §12.1: what a person sees after publishing. The published page confirms it with
// the link to copy and says the draft was removed; an empty map asks first; a failed publish says
// why, and when to retry, with "Try again", the draft untouched.

const publishedPath = /^\/map\/[a-z0-9-]+-[a-z0-9]{10,}$/;

function draftActions(page: Page) {
  return page.getByRole('region', { name: 'Draft actions' });
}

function publishRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/map/create')) requests.push(request);
  });
  return requests;
}

/** Makes the server refuse every publish with `status`, `Retry-After` and the API's error body. */
async function refusePublishes(
  page: Page,
  status: number,
  retryAfterSeconds: number,
  message: string,
): Promise<void> {
  await page.route('**/api/map/create', (route) =>
    route.fulfill({
      status,
      headers: { 'retry-after': String(retryAfterSeconds) },
      contentType: 'application/json',
      body: JSON.stringify({ status: 'error', message }),
    }),
  );
}

async function publishByKeyboard(page: Page): Promise<void> {
  const button = draftActions(page).getByRole('button', { name: 'Publish draft' });
  await tabTo(page, button);
  await page.keyboard.press('Enter');
}

describe('after a publish', () => {
  it('confirms it with the full link, copies the link by keyboard and says the draft was removed', async ({
    page,
    context,
    errors,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await layOutDraft(page, { title: 'Main Street bike lane' }, [
      { title: 'Safer cycling', support: 'support' },
    ]);
    await publishByKeyboard(page);
    await expect.poll(() => pathOf(page), { timeout: 10_000 }).toMatch(publishedPath);
    const link = new URL(page.url()).href;

    const notice = page.getByRole('region', { name: 'Published' });
    await notice.waitFor();
    expect(await notice.getByRole('textbox', { name: 'Link to this map' }).inputValue()).toBe(link);
    expect(await notice.textContent()).toContain('Your draft was removed from this browser.');
    expect(await storedDraft(page, 'draft.default')).toBeNull();
    // The redirect message is done once the published page shows.
    await expect.poll(() => flashText(page)).toBe('');
    // The focus is on the page heading, as on every page.
    expect(await isFocused(page.getByRole('heading', { level: 1 }))).toBe(true);
    // Desktop Chromium here has no share sheet: no button that would do nothing.
    expect(await notice.getByRole('button', { name: 'Share…' }).count()).toBe(0);

    const copy = notice.getByRole('button', { name: 'Copy link' });
    await tabTo(page, copy);
    await page.keyboard.press('Enter');
    await expect.poll(() => notice.locator('[aria-live=polite]').textContent()).toBe('Link copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // A reload is an ordinary visit to the map: no confirmation again.
    await page.reload();
    await page.getByRole('link', { name: 'Edit a copy' }).waitFor();
    expect(await page.getByRole('region', { name: 'Published' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('selects the link and says to press Ctrl+C when the clipboard is refused', async ({ page, context }) => {
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', {
        value: { writeText: () => Promise.reject(new DOMException('Refused', 'NotAllowedError')) },
      });
    });
    await layOutDraft(page, { title: 'Refused clipboard' });
    await draftActions(page).getByRole('button', { name: 'Publish draft' }).click();
    const notice = page.getByRole('region', { name: 'Published' });
    await notice.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => notice.locator('[aria-live=polite]').textContent()).toBe('Press Ctrl+C to copy');
    const field = notice.getByRole('textbox', { name: 'Link to this map' });
    expect(await isFocused(field)).toBe(true);
    expect(
      await page.evaluate(
        () =>
          window.getSelection()?.toString() ||
          (document.activeElement as HTMLInputElement).value.slice(
            (document.activeElement as HTMLInputElement).selectionStart ?? 0,
            (document.activeElement as HTMLInputElement).selectionEnd ?? 0,
          ),
      ),
    ).toBe(await field.inputValue());
  });

  it('offers "Share…" where the browser has a share sheet, with the link', async ({ page, context }) => {
    await context.addInitScript(() => {
      const shared: unknown[] = [];
      Object.assign(window, { shared });
      Object.defineProperty(navigator, 'share', {
        value: (data: unknown) => (shared.push(data), Promise.resolve()),
      });
    });
    await layOutDraft(page, { title: 'Shared sheet' });
    await draftActions(page).getByRole('button', { name: 'Publish draft' }).click();
    const notice = page.getByRole('region', { name: 'Published' });
    await notice.getByRole('button', { name: 'Share…' }).click();
    const link = new URL(page.url()).href;
    expect(await page.evaluate(() => (window as unknown as { shared: unknown[] }).shared)).toEqual([
      { title: 'Shared sheet', url: link },
    ]);
  });
});

describe('publishing an empty map', () => {
  it('asks first: "Keep editing" (or Escape) sends nothing, "Publish anyway" publishes', async ({ page }) => {
    const requests = publishRequests(page);
    await openMap(page, 'draft.default');
    const publish = draftActions(page).getByRole('button', { name: 'Publish draft' });

    await publishByKeyboard(page);
    const dialog = page.getByRole('dialog', { name: 'Publish an empty map?' });
    await dialog.waitFor();
    // The safe answer has the focus.
    expect(await isFocused(dialog.getByRole('button', { name: 'Keep editing' }))).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await isFocused(publish)).toBe(true);

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    expect(await isFocused(publish)).toBe(true);
    expect(requests).toHaveLength(0);
    expect(pathOf(page)).toBe('/map/draft.default');

    await page.keyboard.press('Enter');
    await dialog.waitFor();
    await tabTo(page, dialog.getByRole('button', { name: 'Publish anyway' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => pathOf(page), { timeout: 10_000 }).toMatch(/^\/map\/new-belief-[a-z0-9]+$/);
    expect(requests).toHaveLength(1);
  });

  it('asks again when "Publish draft" is pressed the moment Escape has closed the question', async ({
    page,
  }) => {
    await openMap(page, 'draft.default');
    await draftActions(page).getByRole('button', { name: 'Publish draft' }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish an empty map?' });
    await dialog.waitFor();
    // The browser closes a dialog at once (as on Escape) and tells the page a task later: a press
    // in between, as a quick keyboard user or a busy machine makes, must still ask.
    await page.evaluate(() => {
      document.querySelector('dialog')!.close();
      document.querySelector<HTMLButtonElement>('.map-draft-actions .form-buttons .primary')!.click();
    });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: 'Keep editing' }).count()).toBe(1);
  });

  it('does not ask when the map has a title of its own', async ({ page }) => {
    await layOutDraft(page, { title: 'A title of its own' });
    await draftActions(page).getByRole('button', { name: 'Publish draft' }).click();
    await expect
      .poll(() => pathOf(page), { timeout: 10_000 })
      .toMatch(/^\/map\/a-title-of-its-own-[a-z0-9]+$/);
  });
});

describe('a failed publish', () => {
  it('says when to retry after a 429 with Retry-After, and "Try again" publishes, the draft untouched', async ({
    page,
  }) => {
    const before = await layOutDraft(page, { title: 'Busy server' }, [
      { title: 'A reason', support: 'support' },
    ]);
    await refusePublishes(page, 429, 30, 'Too many maps published from here');
    await publishByKeyboard(page);
    const alert = draftActions(page).getByRole('alert');
    await expect
      .poll(() => alert.textContent())
      .toBe(
        'Not published. Too many maps published from here. Try again in 30 seconds. Your draft is kept as it was.Try again',
      );
    // The flash still says it too (PRODUCT §6.4).
    expect(await flashText(page)).toBe('Error publishing map');
    expect(await storedDraft(page, 'draft.default')).toEqual(before);

    await page.unroute('**/api/map/create');
    await tabTo(page, alert.getByRole('button', { name: 'Try again' }));
    await page.keyboard.press('Enter');
    await expect.poll(() => pathOf(page), { timeout: 10_000 }).toMatch(/^\/map\/busy-server-[a-z0-9]+$/);
    await page.getByRole('region', { name: 'Published' }).waitFor();
  });

  it('falls back to the general message when the server gives no reason', async ({ page }) => {
    await layOutDraft(page, { title: 'No reason given' });
    await page.route('**/api/map/create', (route) => route.fulfill({ status: 500, body: 'oops' }));
    await draftActions(page).getByRole('button', { name: 'Publish draft' }).click();
    await expect
      .poll(() => draftActions(page).getByRole('alert').textContent())
      .toBe('Not published. Error persisting belief map Your draft is kept as it was.Try again');
  });
});

describe.for(colourModesAndWidths)('the publish outcome in %s mode at %i px', ([colorScheme, width]) => {
  it.override('contextOptions', { colorScheme, viewport: { width, height: 800 } });

  it('has no axe violation and no horizontal scroll', async ({ page, context }) => {
    await installAxe(context);
    const shot = (name: string) =>
      page.screenshot({
        path: `test-results/publish-outcome-${name}-${colorScheme}-${width}.png`,
        fullPage: true,
      });
    const noScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    const found: string[] = [];

    await openMap(page, 'draft.default');
    await draftActions(page).getByRole('button', { name: 'Publish draft' }).click();
    await page.getByRole('dialog', { name: 'Publish an empty map?' }).waitFor();
    found.push(...(await axeViolations(page)).map((line) => `dialog: ${line}`));
    await shot('dialog');
    await page.keyboard.press('Escape');

    await refusePublishes(page, 503, 5, 'The server is busy');
    await draftActions(page).getByRole('button', { name: 'Publish draft' }).click();
    await page.getByRole('button', { name: 'Publish anyway' }).click();
    await draftActions(page).getByRole('alert').waitFor();
    found.push(...(await axeViolations(page)).map((line) => `alert: ${line}`));
    expect(await noScroll()).toBe(true);
    await draftActions(page).screenshot({
      path: `test-results/publish-outcome-alert-${colorScheme}-${width}.png`,
    });

    await page.unroute('**/api/map/create');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('region', { name: 'Published' }).waitFor();
    found.push(...(await axeViolations(page)).map((line) => `published: ${line}`));
    expect(await noScroll()).toBe(true);
    await shot('published');
    expect(found).toEqual([]);
  });
});
