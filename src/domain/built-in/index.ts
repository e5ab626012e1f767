import type { PublishedMap } from '../belief-map';
import type { MapId } from '../map-id';
import { helpExampleMaps } from './help-examples';

// PRODUCT §4: maps that ship with the app. The client shows them without a request and the API
// answers them too; they never expire.

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

const builtInMaps: ReadonlyMap<string, PublishedMap> = new Map<string, PublishedMap>([
  ['default', defaultMap],
  ...helpExampleIds.map((id) => [id, helpExampleMaps[id]] as const),
]);

export const builtInMapIds: readonly MapId[] = [...builtInMaps.keys()] as MapId[];

/** The built-in map with this id, or null. */
export function getBuiltInMap(id: string): PublishedMap | null {
  return builtInMaps.get(id) ?? null;
}

export function isBuiltInMapId(id: string): boolean {
  return builtInMaps.has(id);
}
