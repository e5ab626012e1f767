import { resolve } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Belief, Support } from '../../../src/domain/ratings';

// Steps on the map page, by role and accessible name as PRODUCT §6 names them.

export interface StoredDraft {
  version: string;
  published: string | null;
  updatedAt: string;
  data: {
    title: string;
    description: string | null;
    reasons: {
      id: string;
      title: string;
      relevance: string | null;
      belief: Belief | null;
      support: Support | null;
    }[];
  };
}

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

const axePath = resolve(import.meta.dirname, '../../../node_modules/axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  help: string;
  nodes: { target: unknown[] }[];
}

/** Runs axe-core with its default rules and returns its violations, one readable line each. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    return (await axe.run()).violations;
  });
  return violations.map(
    (v) => `${v.id}: ${v.help} at ${v.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`,
  );
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
