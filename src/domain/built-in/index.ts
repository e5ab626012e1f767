import type { PublishedMap } from '../belief-map';
import type { MapId } from '../map-id';
import { helpExampleMaps } from './help-examples';
import { defaultMap, helpExampleIds } from './ids';

export {
  builtInBasedOn,
  builtInPublished,
  builtInThread,
  defaultMap,
  helpExampleIds,
  isBuiltInMapId,
  type HelpExampleId,
} from './ids';

// PRODUCT §4.3: maps that ship with the app. The client shows them without a request and the API
// answers them too; they never expire.

const builtInMaps: ReadonlyMap<string, PublishedMap> = new Map<string, PublishedMap>([
  ['default', defaultMap],
  ...helpExampleIds.map((id) => [id, helpExampleMaps[id]] as const),
]);

export const builtInMapIds: readonly MapId[] = [...builtInMaps.keys()] as MapId[];

/** The built-in map with this id, or null. */
export function getBuiltInMap(id: string): PublishedMap | null {
  return builtInMaps.get(id) ?? null;
}
