import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import { BrowserRouter, MemoryRouter, Navigate, Route, Routes } from '../lib/router';
import { createPersistence, type BeliefMapHost } from '../persistence/host';
import { MapsStoreProvider } from '../state/maps-context';
import { ErrorBoundary } from './ErrorBoundary';
import { Layout } from './Layout';
import { PersistenceProvider } from './persistence-context';

// SPEC §2: the routes. Each page is its own chunk, loaded when first visited, so the first page
// loads only what it needs (PRODUCT §9, the 100 KB budget, which is also why the router is the
// app's own small one: lib/router.tsx).
const MapPage = lazy(() => import('../pages/map/MapPage').then((m) => ({ default: m.MapPage })));
const ChooseComparePage = lazy(() =>
  import('../pages/compare/ChooseComparePage').then((m) => ({ default: m.ChooseComparePage })),
);
const ComparePage = lazy(() =>
  import('../pages/compare/ComparePage').then((m) => ({ default: m.ComparePage })),
);
const HelpPage = lazy(() => import('../pages/help/HelpPage').then((m) => ({ default: m.HelpPage })));
const NotFoundPage = lazy(() => import('./NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/" element={<Navigate to="/map/draft.default" replace />} />
        <Route path="/map" element={<Navigate to="/map/draft.default" replace />} />
        <Route path="/map/:mapId" element={<MapPage />} />
        <Route path="/compare" element={<ChooseComparePage />} />
        <Route path="/compare/:baseId/:modId" element={<ComparePage />} />
        <Route path="/help" element={<HelpPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export interface AppProps {
  host?: BeliefMapHost | undefined;
  /**
   * Where the app keeps its location: the browser's address bar (a standalone page), or memory
   * starting at `initialPath` (embedded in a host page whose URL it must not change).
   */
  routing?: { kind: 'browser' } | { kind: 'memory'; initialPath: string };
}

export function App({ host, routing = { kind: 'browser' } }: AppProps) {
  const persistence = useMemo(() => createPersistence(host), [host]);
  const content: ReactNode = (
    <ErrorBoundary>
      <Suspense fallback={null}>
        <AppRoutes />
      </Suspense>
    </ErrorBoundary>
  );
  return (
    <PersistenceProvider value={persistence}>
      <MapsStoreProvider>
        {routing.kind === 'browser' ? (
          <BrowserRouter>{content}</BrowserRouter>
        ) : (
          <MemoryRouter initialEntries={[routing.initialPath]}>{content}</MemoryRouter>
        )}
      </MapsStoreProvider>
    </PersistenceProvider>
  );
}
