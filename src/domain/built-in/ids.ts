import type { PublishedMap } from '../belief-map';

// PRODUCT §4.3: the built-in ids and the default map, without the help examples' text. The client
// imports this module on its first page and loads the help examples only when one is opened
// (src/client/draft/storage/host.ts), which keeps them out of the first load (PRODUCT §13.5).

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
  'help-example-carol-1',
  'help-example-dan-1',
  'help-example-erin-1',
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
 * What each built-in map answers (rule B4): in the worked example Bob's first map and Carol's answer
 * Alice's, Dan's and Erin's answer Bob's. The API answers it as a published map's `basedOn`
 * (PRODUCT §5.2).
 */
const builtInAnswers: Readonly<Partial<Record<string, HelpExampleId>>> = {
  'help-example-bob-1': 'help-example-alice-1',
  'help-example-carol-1': 'help-example-alice-1',
  'help-example-dan-1': 'help-example-bob-1',
  'help-example-erin-1': 'help-example-bob-1',
};

/** What the built-in map `id` answers (rule B4), or null. */
export function builtInBasedOn(id: string): HelpExampleId | null {
  return Object.hasOwn(builtInAnswers, id) ? (builtInAnswers[id] ?? null) : null;
}

/**
 * The built-in maps that answer `rootId`, breadth first (as PRODUCT §5.7 reads a thread), each
 * with what it answers; empty for a map nothing built in answers. Pure.
 */
export function builtInThread(rootId: string): { id: HelpExampleId; basedOn: HelpExampleId }[] {
  const thread: { id: HelpExampleId; basedOn: HelpExampleId }[] = [];
  let depth = [rootId];
  while (depth.length > 0) {
    const next: HelpExampleId[] = [];
    for (const id of helpExampleIds) {
      const basedOn = builtInBasedOn(id);
      if (basedOn !== null && depth.includes(basedOn)) {
        thread.push({ id, basedOn });
        next.push(id);
      }
    }
    depth = next;
  }
  return thread;
}
