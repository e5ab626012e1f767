import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Draft } from '../../../src/domain/belief-map';
import type { Belief, Support } from '../../../src/domain/ratings';

// Steps on the map page, by role and accessible name as PRODUCT §6 names them.

/** A draft as local storage holds it (PRODUCT §3), parsed. */
export type StoredDraft = Draft;

/** Opens /map/{id} and waits until the map (or its error page) is shown. */
export async function openMap(page: Page, id: string): Promise<void> {
  await page.goto(`/map/${id}`);
  await page.getByRole('heading', { level: 1 }).waitFor();
}

export const pathOf = (page: Page) => decodeURIComponent(new URL(page.url()).pathname);

/** The raw value under `map.` + draft id in local storage (PRODUCT §3). */
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

export function flashBar(page: Page): Locator {
  return page.getByRole('status');
}

/** The flash bar's message without its Undo button. */
export async function flashText(page: Page): Promise<string> {
  return (
    await flashBar(page).evaluate((el) => {
      const clone = el.cloneNode(true) as HTMLElement;
      clone.querySelectorAll('button').forEach((b) => b.remove());
      return clone.textContent ?? '';
    })
  ).trim();
}

export function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((el) => el === document.activeElement);
}

export interface FlashEntry {
  text: string;
  /** performance.now() when the text appeared */
  at: number;
}

/**
 * Records every message the flash bar shows, with the time it appeared, in every page of
 * `context` from its next navigation on; read it with `flashLog`.
 */
export async function recordFlashes(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const log: { text: string; at: number }[] = [];
    (window as unknown as { flashLog: typeof log }).flashLog = log;
    const read = () => {
      const bar = document.querySelector('[role="status"]');
      if (!bar) return;
      const clone = bar.cloneNode(true) as HTMLElement;
      clone.querySelectorAll('button').forEach((b) => b.remove());
      const text = (clone.textContent ?? '').trim();
      if (log.at(-1)?.text !== text && !(log.length === 0 && text === ''))
        log.push({ text, at: performance.now() });
    };
    new MutationObserver(read).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

export function flashLog(page: Page): Promise<FlashEntry[]> {
  return page.evaluate(() => (window as unknown as { flashLog: FlashEntry[] }).flashLog);
}

/** How long `text` stayed in the bar, in ms, once it has been replaced or cleared. */
export async function shownFor(page: Page, text: string): Promise<number | null> {
  const log = await flashLog(page);
  const index = log.findIndex((entry) => entry.text === text);
  const next = log[index + 1];
  return index >= 0 && next ? next.at - log[index]!.at : null;
}

/** Waits for `text` to leave the bar and checks it stayed about `ms` (timers are not exact). */
export async function expectShownFor(page: Page, text: string, ms: number): Promise<void> {
  await expect.poll(() => shownFor(page, text), { timeout: ms + 5000, interval: 100 }).not.toBeNull();
  const shown = (await shownFor(page, text))!;
  expect(shown, `"${text}" was shown for ${Math.round(shown)} ms`).toBeGreaterThanOrEqual(ms - 150);
  expect(shown, `"${text}" was shown for ${Math.round(shown)} ms`).toBeLessThan(ms + 1000);
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
