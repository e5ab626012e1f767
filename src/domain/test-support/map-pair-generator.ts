import type { MapData, Reason, ReasonId } from '../belief-map';
import { beliefValues, supportValues } from '../ratings';
import { sortReasons } from '../sort-reasons';
import { seededRandom } from '../discussion/seeded-random';

// Test and benchmark support (never imported by the app): a large, deterministic pair of maps with
// a known mix of added, deleted, changed and unchanged reasons. It builds typed data directly and
// may exceed the 1,000-reason limit of stored maps (V5), which compareMaps does not check.

export interface MapPairMix {
  /** Share of the base's reasons missing from the modified map. */
  deleted: number;
  /** Share of the base's reasons, in number, that are new in the modified map. */
  added: number;
  /** Share of the kept reasons with one field edited. */
  changed: number;
}

const defaultMix: MapPairMix = { deleted: 0.1, added: 0.1, changed: 0.25 };

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

const hexDigits = [...'0123456789abcdef'];
const variantDigits = [...'89ab'];

/** A random version-4 UUID (with the RFC 9562 variant bits, as `z.uuid()` requires). */
function uuidV4(random: () => number): ReasonId {
  const hex = (count: number) => Array.from({ length: count }, () => pick(hexDigits, random)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(variantDigits, random)}${hex(3)}-${hex(12)}` as ReasonId;
}

function makeReason(index: number, random: () => number): Reason {
  return {
    id: uuidV4(random),
    title: `Reason ${index}`,
    relevance: random() < 0.5 ? null : `Why reason ${index} matters`,
    belief: random() < 0.1 ? null : pick(beliefValues, random),
    support: random() < 0.1 ? null : pick(supportValues, random),
  };
}

/** A copy of `reason` (a new object, as after a round trip through JSON) with one field edited. */
function editReason(reason: Reason, random: () => number): Reason {
  switch (Math.floor(random() * 4)) {
    case 0:
      return { ...reason, title: `${reason.title} (revised)` };
    case 1:
      return { ...reason, relevance: reason.relevance === null ? 'New relevance' : null };
    case 2:
      return { ...reason, belief: reason.belief === 'agree' ? 'disagree' : 'agree' };
    default:
      return { ...reason, support: reason.support === 'support' ? 'disconfirm' : 'support' };
  }
}

/**
 * A base map of `size` reasons and a modified version of it, both in S order, with counts of each
 * kind of difference following `mix`. The same seed gives the same maps. Shared reasons are
 * separate objects in the two maps.
 */
export function generateMapPair(
  size: number,
  seed = 1,
  mix: MapPairMix = defaultMix,
): { base: MapData; modified: MapData } {
  const random = seededRandom(seed);
  const baseReasons = Array.from({ length: size }, (_, index) => makeReason(index, random));
  const modifiedReasons: Reason[] = [];
  for (const reason of baseReasons) {
    const roll = random();
    if (roll < mix.deleted) continue;
    modifiedReasons.push(random() < mix.changed ? editReason(reason, random) : { ...reason });
  }
  const addedCount = Math.round(size * mix.added);
  for (let index = 0; index < addedCount; index++) modifiedReasons.push(makeReason(size + index, random));
  const pair = {
    base: { title: 'Base map', description: null, reasons: sortReasons(baseReasons) },
    modified: { title: 'Modified map', description: 'Edited', reasons: sortReasons(modifiedReasons) },
  };
  // As if loaded from storage or the API: every string flat and every object fresh, laid out in
  // the maps' order, rather than the string ropes and scattered objects built above.
  return JSON.parse(JSON.stringify(pair)) as { base: MapData; modified: MapData };
}
