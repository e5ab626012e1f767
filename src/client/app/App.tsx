import { useMemo, useState } from 'react';
import type { PublishedMap } from '../../domain/belief-map';
import { Router, type BaseLocationHook, type SsrContext } from 'wouter';
import { useBrowserLocation } from 'wouter/use-browser-location';
import { guardHistory, guardLocation } from '../lib/leave-guard';
import { countVisits, noVisits, VisitsProvider, type Visits } from '../lib/visits';
import { createPersistence, type BeliefMapHost } from '../draft/storage/host';
import { MapsStoreProvider } from '../draft';
import { ErrorBoundary } from './ErrorBoundary';
import { Layout } from './Layout';
import { AppRoutes } from './routes';

/**
 * Where the app keeps its location: the browser's address bar (a standalone page); a location
 * hook of its own, such as wouter's memory location (embedded in a host page whose address it
 * must not change); or one fixed address, for rendering a page where there is no browser (the
 * server), which records a redirect in `ssrContext`.
 */
export type Routing =
  | { kind: 'browser' }
  | { kind: 'memory'; hook: BaseLocationHook }
  | { kind: 'static'; path: string; ssrContext?: SsrContext };

export interface AppProps {
  host?: BeliefMapHost | undefined;
  routing?: Routing;
  /** Published maps at hand: those a page rendered on the server carries (PRODUCT §13.6). */
  maps?: Readonly<Record<string, PublishedMap>> | undefined;
  /** The titles of the maps those answer, by id, which such a page names (PRODUCT §6.2). */
  titles?: Readonly<Record<string, string>> | undefined;
}

export function App({ host, routing = { kind: 'browser' }, maps, titles }: AppProps) {
  const persistence = useMemo(() => createPersistence(host), [host]);
  // Chosen once: the app keeps its location hook, and so its history, for as long as it is mounted.
  const [location] = useState(() => locationOf(routing));
  return (
    <MapsStoreProvider persistence={persistence} maps={maps} titles={titles}>
      <VisitsProvider value={location.visits}>
        <Router {...location.router}>
          <ErrorBoundary>
            <Layout>
              <AppRoutes />
            </Layout>
          </ErrorBoundary>
        </Router>
      </VisitsProvider>
    </MapsStoreProvider>
  );
}

interface AppLocation {
  router: { hook?: BaseLocationHook; ssrPath?: string; ssrContext?: SsrContext };
  visits: Visits;
}

function locationOf(routing: Routing): AppLocation {
  switch (routing.kind) {
    case 'browser': {
      // Back and Forward with unsaved typing ask first (PRODUCT §7.5); links ask in the hook.
      guardHistory();
      const { hook, visits } = countVisits(useBrowserLocation, { history: true });
      return { router: { hook: guardLocation(hook) }, visits };
    }
    case 'memory': {
      const { hook, visits } = countVisits(routing.hook);
      return { router: { hook: guardLocation(hook) }, visits };
    }
    case 'static':
      return {
        router: { ssrPath: routing.path, ...(routing.ssrContext && { ssrContext: routing.ssrContext }) },
        visits: noVisits,
      };
  }
}
