import { resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

// axe-core in the browser tests (PRODUCT §13: no violation on any screen, in both colour modes).

/** The looks every screen must pass axe-core in: each colour mode, on a desktop and a phone. */
export const colourModesAndWidths = [
  ['light', 1280],
  ['light', 360],
  ['dark', 1280],
  ['dark', 360],
] as const;

const axePath = resolve(import.meta.dirname, '../../../node_modules/axe-core/axe.min.js');

/**
 * Makes axe-core available on every page of `context`. It goes in as an init script, which the
 * page's Content-Security-Policy does not apply to, so the pages under test keep the real, strict
 * policy (`page.addScriptTag` would add an inline script, which that policy rightly refuses).
 */
export async function installAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ path: axePath });
}

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/**
 * Runs axe-core with its default rules on the whole document and answers one readable line per
 * violation: its rule id, impact, what it asks for, and the selector of every failing element.
 * An empty list means none, so `expect(await axeViolations(page)).toEqual([])` fails showing all.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe?: { run(context: Document): Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    if (!axe) throw new Error('axe-core is not on this page: call installAxe(context) before opening it');
    return (await axe.run(document)).violations;
  });
  return violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'no impact'}): ${v.help} at ${v.nodes
        .map(
          (node) =>
            `${JSON.stringify(node.target)}${node.failureSummary ? ` [${oneLine(node.failureSummary)}]` : ''}`,
        )
        .join(', ')}`,
  );
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
