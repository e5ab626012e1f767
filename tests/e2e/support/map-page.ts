import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { Draft } from '../../../src/domain/belief-map';
import type { Belief, Support } from '../../../src/domain/ratings';

// Steps on the app's pages, the map page above all, by role and accessible name as PRODUCT §6
// names them, and the drafts they keep in local storage.

/** A draft as local storage holds it (PRODUCT §7), parsed. */
export type StoredDraft = Draft;

/** The page's level-1 heading named exactly `name`. */
export function h1(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

/**
 * Waits until the app's code runs. A page rendered on the server (PRODUCT §13.6) runs the reader's
 * script first, and loads the app once the browser is idle, or sooner when a reader shows they want
 * it: here a pointer resting on the header's "Create map" (in the closed menu on a narrow screen),
 * which leads into the app, without moving the test's own pointer or focus.
 */
export async function pageReady(page: Page): Promise<void> {
  await page.locator('html[data-reader], html[data-page-ready]').waitFor({ state: 'attached' });
  if (await page.locator('html[data-page-ready]').count()) return;
  await page
    .getByRole('navigation', { name: 'Main', includeHidden: true })
    .getByRole('link', { name: 'Create map', includeHidden: true })
    .dispatchEvent('pointerover', { pointerType: 'mouse', bubbles: true });
  await page.locator('html[data-page-ready]').waitFor({ state: 'attached' });
}

/** Goes to `path` and waits until the page shows its level-1 heading `name` and is ready. */
export async function openPage(page: Page, path: string, name: string): Promise<void> {
  await page.goto(path);
  await h1(page, name).waitFor();
  await pageReady(page);
}

/** Opens /map/{id} and waits until the map (or its error page) is shown and ready. */
export async function openMap(page: Page, id: string): Promise<void> {
  await page.goto(`/map/${id}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await pageReady(page);
}

export const pathOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname);

/** The raw value under `map.` + draft id in local storage (PRODUCT §7). */
export function rawStoredDraft(page: Page, draftId: string): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), `map.${draftId}`);
}

export async function storedDraft(page: Page, draftId: string): Promise<StoredDraft | null> {
  const raw = await rawStoredDraft(page, draftId);
  return raw === null ? null : (JSON.parse(raw) as StoredDraft);
}

/**
 * Puts `value` (a draft, or any text) under `map.` + draft id in local storage, as earlier editing
 * in this browser would have; the page must be on the app's origin already.
 */
export async function putStoredDraft(
  page: Page,
  draftId: string,
  value: StoredDraft | string,
): Promise<void> {
  const raw = typeof value === 'string' ? value : JSON.stringify(value);
  await page.evaluate(([key, text]) => localStorage.setItem(key!, text!), [`map.${draftId}`, raw]);
}

/**
 * Makes local storage refuse every draft in `context` (from its next navigation on) as a full
 * one does, with a QuotaExceededError, until `makeRoomInStorage` runs in the page.
 */
export async function fillStorage(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (key.startsWith('map.') && (window as unknown as { storageFull?: boolean }).storageFull !== false) {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      return setItem.call(this, key, value);
    };
  });
}

export async function makeRoomInStorage(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { storageFull: boolean }).storageFull = false));
}

export function heading(page: Page): Locator {
  return page.getByRole('heading', { level: 1 });
}

/** The reasons' titles as listed (level-3 headings inside the list). */
export function reasonTitles(page: Page): Promise<string[]> {
  return page.locator('main li h3').allTextContents();
}

export function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement);
}

/** Clicks `submit` and focuses `next` in one task, then lets two frames pass. */
export async function submitThenFocus(submit: Locator, next: Locator): Promise<void> {
  const target = await next.elementHandle();
  await submit.evaluate(async (button, field) => {
    (button as HTMLElement).click();
    (field as HTMLElement).focus();
    for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
  }, target);
}

export interface ReasonInput {
  title: string;
  relevance?: string;
  belief?: Belief;
  support?: Support;
}

/** Adds a reason through "Add item" and its form, saving with Enter in the title field. */
export async function addItem(page: Page, reason: ReasonInput): Promise<void> {
  await page.getByRole('button', { name: 'Add item' }).click();
  const form = page.getByRole('form', { name: 'Add item' });
  if (reason.relevance) await form.getByLabel('Relevance', { exact: true }).fill(reason.relevance);
  if (reason.belief) await form.getByLabel('Belief', { exact: true }).selectOption(reason.belief);
  if (reason.support) await form.getByLabel('Support', { exact: true }).selectOption(reason.support);
  await form.getByLabel('Title', { exact: true }).fill(reason.title);
  await form.getByLabel('Title', { exact: true }).press('Enter');
  await form.waitFor({ state: 'detached' });
}

/** Sets the map's title (and description) through "Edit belief". */
export async function editBelief(page: Page, title: string, description?: string): Promise<void> {
  await page.getByRole('button', { name: 'Edit belief' }).click();
  const form = page.getByRole('form', { name: 'Edit belief' });
  if (description !== undefined) await form.getByLabel('Description', { exact: true }).fill(description);
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByRole('button', { name: 'Save' }).click();
  await form.waitFor({ state: 'detached' });
}

/**
 * Opens the default draft and lays it out as a person would: the belief through "Edit belief",
 * then each reason, in turn, through "Add item". Answers the draft as local storage then holds it.
 */
export async function layOutDraft(
  page: Page,
  belief: { title: string; description?: string },
  reasons: ReasonInput[] = [],
): Promise<StoredDraft | null> {
  await openMap(page, 'draft.default');
  await editBelief(page, belief.title, belief.description);
  for (const reason of reasons) await addItem(page, reason);
  return storedDraft(page, 'draft.default');
}

/** Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user would; fails after `max`. */
export async function tabTo(
  page: Page,
  target: Locator,
  { backwards = false, max = 40 } = {},
): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${String(target)}`);
}
