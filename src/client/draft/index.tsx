import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { PublishedMap } from '../../domain/belief-map';
import type { Persistence } from './storage/host';
import { MapsStore, type DraftHistory } from './store';
import { viewMap, type MapView, type MapsState } from './entries';

// React's view of the MapsStore: one store per mounted app, following other tabs while mounted.

const MapsStoreContext = createContext<MapsStore | null>(null);

/**
 * Provides one MapsStore over `persistence` and keeps it in step with other tabs. `maps` are
 * published maps already at hand (a page rendered on the server carries the one it shows), and
 * `titles` the titles of others, by id (the maps that one answers).
 */
export function MapsStoreProvider({
  persistence,
  maps,
  titles,
  children,
}: {
  persistence: Persistence;
  maps?: Readonly<Record<string, PublishedMap>> | undefined;
  titles?: Readonly<Record<string, string>> | undefined;
  children: ReactNode;
}) {
  const store = useMemo(() => {
    const created = new MapsStore(persistence);
    if (maps) created.preload(maps, titles);
    return created;
    // The maps at hand are read once, when the store is made.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [persistence]);
  useEffect(() => store.watch(), [store]);
  return <MapsStoreContext.Provider value={store}>{children}</MapsStoreContext.Provider>;
}

export function useMapsStore(): MapsStore {
  const store = useContext(MapsStoreContext);
  if (!store) throw new Error('useMapsStore needs a MapsStoreProvider');
  return store;
}

function useMapsState(): MapsState {
  const store = useMapsStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/**
 * The view of map id `input`, loading it on first use and again whenever `reloadKey` changes
 * (the map page passes its visit number, so every visit re-reads the draft). An error from an
 * earlier visit is not shown until this visit's load has answered.
 */
export function useLoadedMap(input: string, reloadKey?: unknown): MapView {
  const store = useMapsStore();
  const state = useMapsState();
  const [answered, setAnswered] = useState<{ input: string; key: unknown } | null>(null);
  useEffect(() => {
    let current = true;
    void store.load(input).then(() => {
      if (current) setAnswered({ input, key: reloadKey });
    });
    return () => {
      current = false;
    };
  }, [store, input, reloadKey]);
  const view = useMemo(() => viewMap(state, input), [state, input]);
  const isAnswered = answered !== null && answered.input === input && answered.key === reloadKey;
  return view.status === 'failed' && !isAnswered ? { status: 'loading' } : view;
}

/**
 * The title of the published map `baseId`, for a draft's subtitle (PRODUCT §6.2): loaded when it
 * is not yet (a draft opened by its own link), null until known or when it cannot be loaded.
 */
export function usePublishedTitle(baseId: string | null): string | null {
  const store = useMapsStore();
  const state = useMapsState();
  const entry = baseId === null ? undefined : state.entries[baseId];
  const unknown = baseId !== null && entry === undefined;
  useEffect(() => {
    if (unknown) void store.loadPublished(baseId);
  }, [store, baseId, unknown]);
  return entry?.kind === 'published' ? entry.map.data.title : null;
}

/**
 * What a published map answers (PRODUCT §5.5, §6.2): loading, its title, or gone when the server no
 * longer has it (it expired). Null for a map that answers none. A title the server's page named is
 * known from the first render, the server's too; the map is still read, to say so once it is gone.
 */
export function useAnsweredMap(
  basedOn: string | null,
): { status: 'loading' } | { status: 'found'; title: string } | { status: 'gone' } | null {
  const title = usePublishedTitle(basedOn);
  const entry = useMapsState().entries[basedOn ?? ''];
  const { knownTitles } = useMapsStore();
  if (basedOn === null) return null;
  if (title !== null) return { status: 'found', title };
  if (entry?.kind === 'failed') return { status: 'gone' };
  const known = knownTitles?.[basedOn];
  return known === undefined ? { status: 'loading' } : { status: 'found', title: known };
}

/** The draft's Undo history in this tab's session (PRODUCT §7.6), following every step. */
export function useDraftHistory(draftId: string): DraftHistory {
  const store = useMapsStore();
  const read = () => store.history(draftId);
  return useSyncExternalStore(store.subscribe, read, read);
}
