import { lazy, type ComponentType } from 'react';
import { Redirect, Route, Switch } from 'wouter';

// PRODUCT §6: the app's addresses, declared once. Each page is its own chunk, loaded when first
// visited, so the first page loads only what it needs (PRODUCT §13, the first-load budget).
// wouter tries the routes in this order: static segments match ignoring case, a trailing slash
// is allowed, and the last route catches every other address.

const MapPage = lazy(() => import('../pages/map/MapPage').then((m) => ({ default: m.MapPage })));
const ChooseComparePage = lazy(() =>
  import('../pages/compare/ChooseComparePage').then((m) => ({ default: m.ChooseComparePage })),
);
const ComparePage = lazy(() =>
  import('../pages/compare/ComparePage').then((m) => ({ default: m.ComparePage })),
);
const DiscussionPage = lazy(() =>
  import('../pages/discussion/DiscussionPage').then((m) => ({ default: m.DiscussionPage })),
);
const HelpPage = lazy(() => import('../pages/help/HelpPage').then((m) => ({ default: m.HelpPage })));
const MapsPage = lazy(() => import('../pages/maps/MapsPage').then((m) => ({ default: m.MapsPage })));
const SharedPage = lazy(() => import('../pages/map/SharedPage').then((m) => ({ default: m.SharedPage })));
const EmbeddedMapPage = lazy(() =>
  import('../pages/map/EmbeddedMapPage').then((m) => ({ default: m.EmbeddedMapPage })),
);
const NotFoundPage = lazy(() => import('./NotFoundPage').then((m) => ({ default: m.NotFoundPage })));

/** PRODUCT §11.5: the compact page of a published map that other sites frame, without the app's frame. */
export const embeddedMapRoute = '/embed/:mapId';

/** Where a new visitor lands: `/` and `/map` lead to the default draft. */
export const startPath = '/map/draft.default';

export type AppRoute = { path: string } & ({ page: ComponentType } | { redirectTo: string });

export const appRoutes: readonly AppRoute[] = [
  { path: '/', redirectTo: startPath },
  { path: '/map', redirectTo: startPath },
  { path: '/map/:mapId', page: MapPage },
  { path: '/compare', page: ChooseComparePage },
  { path: '/compare/:baseId/:modId', page: ComparePage },
  { path: '/discussion', page: DiscussionPage },
  { path: '/discussion/:mapId', page: DiscussionPage },
  { path: '/help', page: HelpPage },
  { path: '/maps', page: MapsPage },
  { path: '/shared', page: SharedPage },
  { path: embeddedMapRoute, page: EmbeddedMapPage },
  { path: '*', page: NotFoundPage },
];

/** The page of the first route in `appRoutes` that matches the location. */
export function AppRoutes() {
  return (
    <Switch>
      {appRoutes.map((route) => (
        <Route key={route.path} path={route.path}>
          {'redirectTo' in route ? <Redirect to={route.redirectTo} replace /> : <route.page />}
        </Route>
      ))}
    </Switch>
  );
}
