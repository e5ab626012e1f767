import type { Draft, PublishedMap } from '../../domain/belief-map';
import { isBuiltInMapId } from '../../domain/built-in/ids';
import { defaultMapId, isLocalBaseId, parseMapId, type MapIdParts } from '../../domain/map-id';
import { formatLongDate } from '../../domain/format';

// PRODUCT §7.2: client state keeps a dictionary of maps by id. An id not in it is not loaded yet. A
// published id holds its published map, or why it failed to load; a `draft.` id holds its draft,
// or "absent" when there is none (never made, discarded, or published: PRODUCT §7.4, §8.1). Everything here
// is pure: the store in store.ts does the loading and saving and replaces the state with what
// these functions return.

interface PublishedEntry {
  readonly kind: 'published';
  readonly map: PublishedMap;
}

export interface DraftEntry {
  readonly kind: 'draft';
  readonly draft: Draft;
  /** True when the draft's persistence (local storage or the host) holds some version of it. */
  readonly stored: boolean;
  /** Why the latest version could not be stored; the draft is then held in this tab only. */
  readonly saveError: string | null;
}

/** A draft id with no draft: none was made yet, or it was discarded or published. */
export interface AbsentEntry {
  readonly kind: 'absent';
}

/** A published id that could not be loaded: an unknown map, or a network or server failure. */
interface FailedEntry {
  readonly kind: 'failed';
  /** Why, for the error page's detail line. */
  readonly message: string;
}

export type MapEntry = PublishedEntry | DraftEntry | AbsentEntry | FailedEntry;

export const absent: AbsentEntry = { kind: 'absent' };

export interface MapsState {
  /** Entries by map id or draft id; an id without one is not loaded yet. */
  readonly entries: Readonly<Record<string, MapEntry | undefined>>;
}

export const emptyMapsState: MapsState = { entries: {} };

/** What a page shows for a map id from its URL. */
export type MapView =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'draft'; id: MapIdParts; entry: DraftEntry }
  | {
      status: 'published';
      id: MapIdParts;
      map: PublishedMap;
      /** null when no draft exists */ draft: DraftEntry | null;
    };

export function isDraftEntry(entry: MapEntry | undefined): entry is DraftEntry {
  return entry?.kind === 'draft';
}

/** A draft the user has made: stored, or edited but refused by storage. A fresh copy is none. */
function isUserDraft(entry: MapEntry | undefined): entry is DraftEntry {
  return isDraftEntry(entry) && (entry.stored || entry.saveError !== null);
}

/**
 * The view of `input` in `state` (PRODUCT §6.2, §7.2): a malformed id fails at once; a draft
 * id shows its draft, or the failure of its base map; a published id shows the map with its
 * draft, if the user has one. Anything not yet loaded (or a draft id whose draft is absent, until
 * it is loaded again as a fresh copy) is "loading".
 */
export function viewMap(state: MapsState, input: string): MapView {
  const parsed = parseMapId(input);
  if (!parsed.ok) return { status: 'failed', message: parsed.error };
  const id = parsed.value;
  const base = state.entries[id.baseId];
  const draft = state.entries[id.draftId];
  if (id.isDraft && isDraftEntry(draft)) return { status: 'draft', id, entry: draft };
  if (base?.kind === 'failed') return { status: 'failed', message: base.message };
  if (!id.isDraft && base?.kind === 'published')
    return { status: 'published', id, map: base.map, draft: isUserDraft(draft) ? draft : null };
  return { status: 'loading' };
}

/** Returns `state` with `id` set to `entry`, or no longer loaded when `entry` is undefined. */
export function setEntry(state: MapsState, id: string, entry: MapEntry | undefined): MapsState {
  const entries = { ...state.entries };
  if (entry === undefined) delete entries[id];
  else entries[id] = entry;
  return { entries };
}

/** True when `a` was saved later than `b` (ISO timestamps of any precision). */
export function isNewer(a: Draft, b: Draft): boolean {
  return Date.parse(a.updatedAt) > Date.parse(b.updatedAt);
}

/**
 * What a freshly loaded draft entry should become, given the one in state: a version held only in
 * this tab (storage refused it) is never replaced by an older stored one, so nothing typed is lost
 * (PRODUCT §7.5); an unchanged draft keeps its entry, so a reload does not re-render the page.
 */
export function reconcileDraft(current: MapEntry | undefined, loaded: DraftEntry | AbsentEntry): MapEntry {
  if (!isDraftEntry(current)) return loaded;
  if (current.saveError !== null && (loaded.kind === 'absent' || !isNewer(loaded.draft, current.draft)))
    return current;
  if (loaded.kind === 'absent') return loaded;
  if (!current.stored && !loaded.stored) return current; // both fresh copies of the base
  if (current.stored && loaded.stored && current.draft.updatedAt === loaded.draft.updatedAt) return current;
  return loaded;
}

/** PRODUCT §7.3: after an edit made on the published URL, the page moves to the draft's URL. */
export function pathAfterEdit(pathname: string, id: MapIdParts): string | null {
  return pathname === `/map/${id.baseId}` ? `/map/${id.draftId}` : null;
}

/** PRODUCT §7.4: discarding goes to the base map, or to a fresh draft.default for the default draft. */
export function pathAfterDiscard(id: MapIdParts): string {
  if (isLocalBaseId(id.baseId)) return '/maps';
  return id.baseId === defaultMapId ? `/map/${id.draftId}` : `/map/${id.baseId}`;
}

/**
 * PRODUCT §6.2: "New draft", "Draft of {base id}" or "Published {date}"; a built-in map, which
 * never expires (rule B3), says so instead of a publication date. The map page shows the base
 * map's title in place of its id once it is known (MapHeading).
 */
export function subtitleOf(view: Extract<MapView, { status: 'draft' | 'published' }>): string {
  if (view.status === 'published')
    return isBuiltInMapId(view.id.baseId)
      ? builtInSubtitle
      : `Published ${formatPublished(view.map.published)}`;
  return view.id.baseId === defaultMapId || isLocalBaseId(view.id.baseId)
    ? 'New draft'
    : `Draft of ${view.id.baseId}`;
}

export const builtInSubtitle = 'Built into Belief Map: never expires';

/** A readable date such as "November 20, 2026", in UTC so the server's render and the browser's agree. */
export function formatPublished(iso: string): string {
  return formatLongDate(iso);
}
