import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { Persistence } from '../persistence/host';
import { MapsStore, type DraftHistory } from './maps-store';
import { viewMap, type MapView, type MapsState } from './maps-state';

// React's view of the MapsStore: one store per mounted app, following other tabs while mounted.

const MapsStoreContext = createContext<MapsStore | null>(null);

/** Provides one MapsStore over `persistence` and keeps it in step with other tabs. */
export function MapsStoreProvider({
  persistence,
  children,
}: {
  persistence: Persistence;
  children: ReactNode;
}) {
  const store = useMemo(() => new MapsStore(persistence), [persistence]);
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

/** The draft's Undo history in this tab's session (PRODUCT §7.6), following every step. */
export function useDraftHistory(draftId: string): DraftHistory {
  const store = useMapsStore();
  const read = () => store.history(draftId);
  return useSyncExternalStore(store.subscribe, read, read);
}
