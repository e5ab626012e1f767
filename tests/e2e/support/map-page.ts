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
  /** The page's performance.now() when the text appeared: fake time once the clock is paused. */
  at: number;
}

/**
 * Records every message the flash bar shows, with the time it appeared, in every page of
 * `context` from its next navigation on; read it with `flashLog`. Call it before the first
 * navigation, together with `context.clock.install()` when the test times messages.
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

/** The texts the flash bar has shown, in order; '' is the bar emptied. */
export async function flashHistory(page: Page): Promise<string[]> {
  return (await flashLog(page)).map((entry) => entry.text);
}

/**
 * Stops the page's clock (installed with `context.clock.install()` before the page loaded): from
 * now on no timer of the page runs until the test moves the clock on. The clock stops a second
 * ahead of the page's time, which cannot have passed when the call arrives, as `pauseAt` needs;
 * call it when no timer of the app is pending, since the jump fires those due by then.
 */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
}

/**
 * With the clock paused since before `text` appeared, runs it on and expects `text` to leave the
 * bar exactly `ms` after it came: not at `ms - 1`, and at `ms`.
 */
export async function expectShownFor(page: Page, text: string, ms: number): Promise<void> {
  await flashBar(page).filter({ hasText: text }).waitFor();
  await page.clock.runFor(ms - 1);
  expect(await flashText(page), `"${text}" after ${ms - 1} ms`).toBe(text);
  await page.clock.runFor(1);
  await expect.poll(() => flashText(page), { message: `"${text}" after ${ms} ms` }).not.toBe(text);
  const log = await flashLog(page);
  const shown = log.findLastIndex((entry) => entry.text === text);
  expect(log[shown + 1]!.at - log[shown]!.at, `how long "${text}" was shown`).toBe(ms);
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
