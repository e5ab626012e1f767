import type { PublishedMap } from '../belief-map';

// PRODUCT §4.3: the built-in ids and the default map, without the help examples' text. The client
// imports this module on its first page and loads the help examples only when one is opened
// (src/client/draft/storage/host.ts), which keeps them out of the first load's 100 KB budget.

/** Built-in maps carry a fixed publication time so their answers are stable (and cacheable). */
export const builtInPublished = '2026-01-01T00:00:00.000Z';

export const defaultMap: PublishedMap = {
  version: '1.0',
  published: builtInPublished,
  data: { title: 'New belief', description: null, reasons: [] },
};

export const helpExampleIds = [
  'help-example-icons',
  'help-example-initial',
  'help-example-alice-1',
  'help-example-bob-1',
  'help-example-combined-reasons',
  'help-example-alice-2',
  'help-example-bob-2',
] as const;
export type HelpExampleId = (typeof helpExampleIds)[number];

export function isHelpExampleId(id: string): id is HelpExampleId {
  return (helpExampleIds as readonly string[]).includes(id);
}

/** True for the id of a map that ships with the app (rules B1, B2): the default map and the help examples. */
export function isBuiltInMapId(id: string): boolean {
  return id === 'default' || isHelpExampleId(id);
}

/**
 * What a built-in map answers (rule B4): in the worked example Bob's first map answers Alice's.
 * The API answers it as a published map's `basedOn` (PRODUCT §5.2). Null for the others.
 */
export function builtInBasedOn(id: string): HelpExampleId | null {
  return id === 'help-example-bob-1' ? 'help-example-alice-1' : null;
}
