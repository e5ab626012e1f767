import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

// The flash bar (PRODUCT §6.4): what it says, what it has said, and for how long, on Playwright's
// clock rather than the wall clock.

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

export interface FlashEntry {
  text: string;
  /** The page's performance.now() when the text appeared: fake time once the clock is paused. */
  at: number;
}

/**
 * Records every message the flash bar shows, with the time it appeared, in every page of
 * `context` from its next navigation on; read it with `flashLog` or `flashHistory`. Call it before
 * the first navigation (or `timeFlashes`, which also installs the clock).
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
 * Puts the pages of `context` on Playwright's clock and records their flash messages: call it
 * before the first navigation, then `pauseClock` before the action whose message is timed.
 */
export async function timeFlashes(context: BrowserContext): Promise<void> {
  await context.clock.install();
  await recordFlashes(context);
}

/**
 * Stops the page's clock (installed by `timeFlashes` before the page loaded): from now on no
 * timer of the page runs until the test moves the clock on. The clock stops a second ahead of the
 * page's time, which cannot have passed when the call arrives, as `pauseAt` needs; call it when
 * no timer of the app is pending, since the jump fires those due by then.
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
