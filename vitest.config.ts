import { defineConfig } from 'vitest/config';

// Three projects: `unit` (domain, server API over inject and real SQLite files, client logic),
// `e2e` (real Chromium through playwright-core against the real server; see tests/e2e/README.md)
// and `reliability` (tests/reliability: kill -9 under load, fuzzing, database outages, slow
// clients; `npm run test:reliability`, which CI runs too). Only `reliability` asserts times: what a
// slow client receives is tested in `unit` too (tests/api/request-timeout.test.ts), how soon only
// there.

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'src/**/*.test.tsx',
            'tests/api/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          // Vitest's 5 s default is a timing assertion on a loaded machine: CI once saw the first
          // lint of layers.test.ts (loading ESLint, its parser and plugins) take longer. A test
          // that hangs still fails, and the ones that need more say so themselves.
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.spec.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: true,
          maxWorkers: 2,
          // Files share their worker's process, so the one Chromium of each worker (the `browser`
          // fixture, tests/e2e/support/fixtures.ts) serves every file it runs; each file still has
          // its own server and database, and each test its own browser context.
          isolate: false,
        },
      },
      {
        test: {
          name: 'reliability',
          include: ['tests/reliability/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 60_000,
          // Each file loads the machine on its own (a server process under 1,000 publishes, a
          // fuzzer); one at a time keeps their timings meaningful on a 2-core machine.
          fileParallelism: false,
        },
      },
    ],
  },
});
