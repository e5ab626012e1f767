import { useMemo } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createPersistence, type BeliefMapHost } from '../persistence/host';
import { Layout } from './Layout';
import { PersistenceProvider } from './persistence-context';
import { RouteError } from './RouteError';

// SPEC §2: the routes. Each page is its own chunk, loaded when first visited, so the first page
// loads only what it needs.
const router = createBrowserRouter([
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <Navigate to="/map/draft.default" replace /> },
      { path: '/map', element: <Navigate to="/map/draft.default" replace /> },
      {
        path: '/map/:mapId',
        lazy: () => import('../pages/map/MapPage').then((m) => ({ Component: m.MapPage })),
      },
      {
        path: '/compare',
        lazy: () =>
          import('../pages/compare/ChooseComparePage').then((m) => ({ Component: m.ChooseComparePage })),
      },
      {
        path: '/compare/:baseId/:modId',
        lazy: () => import('../pages/compare/ComparePage').then((m) => ({ Component: m.ComparePage })),
      },
      {
        path: '/help',
        lazy: () => import('../pages/help/HelpPage').then((m) => ({ Component: m.HelpPage })),
      },
      { path: '*', lazy: () => import('./NotFoundPage').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
]);

export function App({ host }: { host?: BeliefMapHost | undefined }) {
  const persistence = useMemo(() => createPersistence(host), [host]);
  return (
    <PersistenceProvider value={persistence}>
      <RouterProvider router={router} />
    </PersistenceProvider>
  );
}
