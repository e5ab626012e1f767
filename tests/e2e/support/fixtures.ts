import { basename, resolve } from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page, Request } from 'playwright-core';
import { test as base, type RunnerTestCase } from 'vitest';
import { launchBrowser, startApp } from './harness';

// The fixtures every browser test takes its browser, server and page from (Vitest's test.extend;
// see tests/e2e/README.md). What a fixture starts, the fixture closes, after the test or the file
// is done, whether it passed or failed; no test closes anything by hand.

const screenshotDir = resolve(import.meta.dirname, '../../../test-results/e2e');

/**
 * Saves every page of `sessions` to test-results/e2e/, named after the test, and says where, with
 * how each API request of the page ended: a failure that comes now and then is read from these.
 */
async function reportPages(task: RunnerTestCase, sessions: Session[]): Promise<void> {
  const names = [task.name];
  for (let suite = task.suite; suite && suite !== task.file; suite = suite.suite) names.unshift(suite.name);
  const name = `${basename(task.file.name)} - ${names.join(' - ')}`.replace(/[/\\:*?"<>|]/g, '_');
  for (const [i, { page, apiRequests }] of sessions.entries()) {
    const path = resolve(screenshotDir, `${name}${i ? ` (${i + 1})` : ''}.png`);
    await page.screenshot({ path, fullPage: true }).then(
      () => console.error(`The page when the test failed: ${path}`),
      (error: Error) => console.error(`No screenshot of the failed test: ${error.message}`),
    );
    console.error(`Its API requests, as each ended:\n${apiRequests.join('\n') || '(none)'}`);
  }
}

export interface Session {
  context: BrowserContext;
  page: Page;
  /** Console errors and uncaught page errors seen so far, in the order they came. */
  errors: string[];
  /** The page's requests to /api/ as each ended: method, path, then status or failure. */
  apiRequests: string[];
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
  // When the test has failed, each of its pages is saved first, as it was, to test-results/e2e/
  // (git ignores it) and the path printed.
  .extend('openSession', async ({ browser, app, task }, { onCleanup }) => {
    const contexts: BrowserContext[] = [];
    const sessions: Session[] = [];
    onCleanup(async () => {
      if (task.result?.state === 'fail') await reportPages(task, sessions);
      await Promise.all(contexts.map((context) => context.close()));
    });
    return async (options: BrowserContextOptions = {}): Promise<Session> => {
      // Service workers are blocked unless a test asks for them (`serviceWorkers: 'allow'`): the
      // app's worker precaches every page's code on the first visit, work the other tests need
      // not wait for, and offline.spec.ts tests it on its own.
      const context = await browser.newContext({ baseURL: app.baseUrl, serviceWorkers: 'block', ...options });
      contexts.push(context);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      const apiRequests: string[] = [];
      const ended = (request: Request, outcome: string) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith('/api/'))
          apiRequests.push(`${request.method()} ${url.pathname} ${outcome}`);
      };
      page.on(
        'requestfinished',
        (request) =>
          void request.response().then(
            (response) => {
              const from = response?.fromServiceWorker() ? ' (from the service worker)' : '';
              ended(request, `${response?.status() ?? 'no answer'}${from}`);
            },
            // The page closed before its answer could be read: the test is over.
            () => ended(request, 'answer unread: the page closed'),
          ),
      );
      page.on('requestfailed', (request) => ended(request, request.failure()?.errorText ?? 'failed'));
      const session = { context, page, errors, apiRequests };
      sessions.push(session);
      return session;
    };
  })
  // The test's own context and page, fresh for each test.
  .extend('session', async ({ openSession, contextOptions }) => openSession(contextOptions))
  .extend('context', ({ session }) => session.context)
  .extend('page', ({ session }) => session.page)
  .extend('errors', ({ session }) => session.errors);

export { test as it };
