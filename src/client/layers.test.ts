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

describe('client layers (lint)', () => {
  it.each([
    ['src/client/state/maps-context.tsx', '../app/App', 'state sits below pages and app'],
    ['src/client/state/maps-context.tsx', '../pages/map/MapPage', 'state sits below pages and app'],
    ['src/client/state/test-support/fake.ts', '../../app/Layout', 'state sits below pages and app'],
    ['src/client/persistence/host.ts', '../state/maps-store', 'persistence is imported by state'],
    ['src/client/components/Header.tsx', '../state/maps-context', 'components and lib are the bottom layer'],
    ['src/client/components/Header.tsx', '../persistence/host', 'components and lib are the bottom layer'],
    ['src/client/lib/visits.ts', '../app/routes', 'components and lib are the bottom layer'],
    ['src/client/pages/map/MapPage.tsx', '../../app/App', 'pages sit below app'],
    ['src/client/pages/map/DraftView.tsx', '../compare/DiffViews', 'A page never imports another page'],
    ['src/client/pages/help/HelpPage.tsx', '../../pages/map/ReasonList', 'pages sit below app'],
    ['src/client/pages/map/MapPage.tsx', '../../../server/app', 'server'],
  ])('refuses, in %s, an import of %s', async (filePath, source, reason) => {
    const messages = await restrictions(filePath, source);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(reason);
  });

  it.each([
    ['src/client/state/use-draft-actions.ts', '../components/flash'],
    ['src/client/state/maps-context.tsx', '../persistence/host'],
    ['src/client/pages/map/DraftView.tsx', '../../state/use-draft-actions'],
    ['src/client/pages/map/DraftView.tsx', './ReasonForm'],
    ['src/client/pages/compare/ComparePage.tsx', '../../../domain/compare'],
    ['src/client/app/App.tsx', '../pages/map/MapPage'],
    ['src/client/components/Header.tsx', '../lib/visits'],
    ['src/client/mount.tsx', './app/App'],
  ])('allows, in %s, an import of %s', async (filePath, source) => {
    expect(await restrictions(filePath, source)).toEqual([]);
  });
});
