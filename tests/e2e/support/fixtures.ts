import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { test as base } from 'vitest';
import { launchBrowser, startApp } from './harness';

// The fixtures every browser test takes its browser, server and page from (Vitest's test.extend;
// see tests/e2e/README.md). What a fixture starts, the fixture closes, after the test or the file
// is done, whether it passed or failed; no test closes anything by hand.

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far, in the order they came. */
  errors: string[];
}

export const test = base
  // One Chromium per worker process: starting it takes a second or more; contexts keep tests apart.
  // Vitest reads a fixture's dependencies from the pattern of its first parameter: none here.
  // eslint-disable-next-line no-empty-pattern
  .extend('browser', { scope: 'worker' }, async ({}, { onCleanup }) => {
    const browser = await launchBrowser();
    onCleanup(() => browser.close());
    return browser;
  })
  // Settings of the file's server on top of the defaults (config.ts names them). A file that needs
  // others says so at its top level: `test.override('serverSettings', { scope: 'file' }, {...})`.
  .extend('serverSettings', { scope: 'file' }, {} as Record<string, string>)
  // One server per file, with a fresh SQLite database: what one file publishes, another never sees.
  .extend('app', { scope: 'file' }, async ({ serverSettings }, { onCleanup }) => {
    const app = await startApp(serverSettings);
    onCleanup(() => app.close());
    return app;
  })
  // Options of the test's browser context (viewport, colour scheme...). Tests in a describe block
  // that need others say so in it: `test.override('contextOptions', { colorScheme: 'dark' })`.
  .extend('contextOptions', {} as BrowserContextOptions)
  // Opens a further context, a second browser with its own local storage; closed after the test.
  .extend('openSession', async ({ browser, app }, { onCleanup }) => {
    const opened: BrowserContext[] = [];
    onCleanup(async () => {
      await Promise.all(opened.map((context) => context.close()));
    });
    return async (options: BrowserContextOptions = {}): Promise<Session> => {
      const context = await browser.newContext({ baseURL: app.baseUrl, ...options });
      opened.push(context);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      return { context, page, errors };
    };
  })
  // The test's own context and page, fresh for each test.
  .extend('session', async ({ openSession, contextOptions }) => openSession(contextOptions))
  .extend('context', ({ session }) => session.context)
  .extend('page', ({ session }) => session.page)
  .extend('errors', ({ session }) => session.errors);

export { test as it };
