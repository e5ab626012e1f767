import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The client's one-way layers (eslint.config.js): components and lib <- state and persistence
// <- pages <- app, pages never importing each other. Each row lints one import as if written in
// a file of that folder, with the repository's own ESLint configuration, as `npm run lint` does.

const eslint = new ESLint({ cwd: process.cwd() });

/** The no-restricted-imports messages for `source` imported from a file at `filePath`. */
async function restrictions(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import '${source}';\n`, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

/** Imports each layer refuses, by the file that tries them, with the reason the lint gives. */
const refused = {
  'src/client/state/maps-context.tsx': { '../app/App': 'state sits below pages and app' },
  'src/client/state/use-draft-actions.ts': { '../pages/map/MapPage': 'state sits below pages and app' },
  'src/client/state/test-support/fake.ts': { '../../app/Layout': 'state sits below pages and app' },
  'src/client/persistence/host.ts': { '../state/maps-store': 'persistence is imported by state' },
  'src/client/components/Header.tsx': { '../state/maps-context': 'components and lib are the bottom layer' },
  'src/client/components/FormField.tsx': { '../persistence/host': 'components and lib are the bottom layer' },
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
  'src/client/state/use-draft-actions.ts': ['../components/flash', '../persistence/host'],
  'src/client/pages/map/DraftView.tsx': [
    '../../state/use-draft-actions',
    './ReasonForm',
    '../../../domain/draft',
  ],
  'src/client/app/App.tsx': ['../pages/map/MapPage', '../lib/visits'],
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
