import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The client's one-way layers (eslint.config.js): components and lib <- draft/storage <- the rest
// of draft <- pages <- app, pages never importing each other. Each row lints one import as if
// written in a file of that folder, with the repository's own ESLint configuration, as `npm run
// lint` does.

const eslint = new ESLint({ cwd: process.cwd() });

// The first lint loads the configuration, the TypeScript parser and the plugins: seconds on a busy
// machine, paid here once rather than by whichever row runs first.
beforeAll(() => eslint.lintText('export {};\n', { filePath: 'src/client/mount.tsx' }), 120_000);

/** The no-restricted-imports messages for `source` imported from a file at `filePath`. */
async function restrictions(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import '${source}';\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

/** Imports each layer refuses, by the file that tries them, with the reason the lint gives. */
const refused = {
  'src/client/draft/index.tsx': { '../app/App': 'draft sits below pages and app' },
  'src/client/draft/commands.ts': { '../pages/map/MapPage': 'draft sits below pages and app' },
  'src/client/draft/history.ts': { '../app/App': 'draft sits below pages and app' },
  'src/client/draft/form/open-form.ts': { '../../pages/map/DraftView': 'draft sits below pages and app' },
  'src/client/draft/test-support/fake.ts': { '../../app/Layout': 'draft sits below pages and app' },
  'src/client/draft/storage/host.ts': {
    '../store': 'draft/storage sits below the rest of draft',
    '../history': 'draft/storage sits below the rest of draft',
    '../form/session-copy': 'draft/storage sits below the rest of draft',
    '../../pages/map/MapPage': 'draft/storage sits below the rest of draft',
  },
  'src/client/components/Header.tsx': { '../draft': 'components and lib are the bottom layer' },
  'src/client/components/FormField.tsx': {
    '../draft/storage/host': 'components and lib are the bottom layer',
  },
  'src/client/components/flash.tsx': { '../draft/commands': 'components and lib are the bottom layer' },
  'src/client/lib/visits.ts': { '../app/routes': 'components and lib are the bottom layer' },
  'src/client/pages/map/MapPage.tsx': {
    '../../app/App': 'pages sit below app',
    '../../../server/app': 'server',
  },
  'src/client/pages/map/DraftView.tsx': { '../compare/DiffViews': 'A page never imports another page' },
  'src/client/pages/help/HelpPage.tsx': { '../../pages/map/ReasonList': 'pages sit below app' },
};

/** Imports that follow the layers, by the file that makes them. */
const allowed = {
  'src/client/draft/use-commands.ts': ['../components/flash', './storage/host', './index'],
  'src/client/draft/store.ts': ['./history', './storage/host'],
  'src/client/draft/storage/host.ts': ['./api-client', '../../lib/visits', '../../components/flash'],
  'src/client/draft/storage/test-support/memory.ts': ['../host'],
  'src/client/pages/map/DraftView.tsx': ['../../draft/use-commands', './ReasonForm', '../../../domain/draft'],
  'src/client/app/App.tsx': ['../pages/map/MapPage', '../lib/visits', '../draft'],
  'src/client/components/Header.tsx': ['../lib/visits', './DisclosureButton'],
  'src/client/mount.tsx': ['./app/App'],
};

describe('client layers (lint)', () => {
  const refusals = Object.entries(refused).flatMap(([file, imports]) =>
    Object.entries(imports).map(([source, reason]) => ({ file, source, reason })),
  );
  it.each(refusals)('refuses, in $file, an import of $source', async ({ file, source, reason }) => {
    const messages = await restrictions(file, source);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(reason);
  });

  const permitted = Object.entries(allowed).flatMap(([file, sources]) =>
    sources.map((source) => ({ file, source })),
  );
  it.each(permitted)('allows, in $file, an import of $source', async ({ file, source }) => {
    expect(await restrictions(file, source)).toEqual([]);
  });
});

describe('import cycles (lint)', () => {
  /** The import-x/no-cycle messages for `source` imported from a file at `filePath`. */
  async function cycles(filePath: string, source: string): Promise<string[]> {
    const [result] = await eslint.lintText(`import '${source}';\nexport {};\n`, { filePath });
    return (result?.messages ?? [])
      .filter((message) => message.ruleId === 'import-x/no-cycle')
      .map((message) => message.message);
  }

  it.each([
    // host.ts imports api-client.ts and local-drafts.ts: either importing host back is a cycle.
    ['src/client/draft/storage/api-client.ts', './host'],
    ['src/client/draft/storage/local-drafts.ts', './host'],
    // store.ts imports load-map.ts, and through it the domain's draft code.
    ['src/client/draft/load-map.ts', './store'],
    ['src/domain/draft.ts', '../client/draft/store'],
  ])('refuses, in %s, an import of %s that closes a cycle', async (file, source) => {
    expect(await cycles(file, source)).toEqual([expect.stringContaining('Dependency cycle')]);
  });

  it('allows an import that closes no cycle', async () => {
    expect(await cycles('src/client/draft/storage/host.ts', './api-client')).toEqual([]);
  });
});
