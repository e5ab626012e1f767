import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  createMemoryHistory,
  Link,
  matchRoutes,
  MemoryRouter,
  NavLink,
  Outlet,
  parseLocation,
  resolvePath,
  Route,
  Router,
  Routes,
  routesFromChildren,
  useLocation,
  useParams,
  useSearchParams,
  type RouteConfig,
} from './router';

// The in-house router (lib/router.tsx): matching, history, and what its components render. The
// browser side (clicks, the address bar, back and forward) is covered by tests/e2e/navigation.spec.ts.

/** The app's route table (SPEC §2), as App.tsx declares it. */
const appRoutes: RouteConfig[] = [
  {
    element: 'layout',
    children: [
      { path: '/', element: 'root' },
      { path: '/map', element: 'map-root' },
      { path: '/map/:mapId', element: 'map' },
      { path: '/compare', element: 'choose' },
      { path: '/compare/:baseId/:modId', element: 'compare' },
      { path: '/help', element: 'help' },
      { path: '*', element: 'not-found' },
    ],
  },
];

function matched(pathname: string): { element: unknown; params: Record<string, string> } | null {
  const match = matchRoutes(appRoutes, pathname);
  return match ? { element: match.routes.at(-1)!.element, params: match.params } : null;
}

describe('matchRoutes', () => {
  it.each([
    ['/', 'root', {}],
    ['/map', 'map-root', {}],
    ['/map/', 'map-root', {}],
    ['/map/draft.default', 'map', { mapId: 'draft.default' }],
    ['/compare', 'choose', {}],
    ['/compare/a-1/draft.b', 'compare', { baseId: 'a-1', modId: 'draft.b' }],
    ['/help', 'help', {}],
    ['/help/', 'help', {}],
    ['/HELP', 'help', {}],
    ['/map/a/b', 'not-found', { '*': 'map/a/b' }],
    ['/compare/only-one', 'not-found', { '*': 'compare/only-one' }],
    ['/nothing', 'not-found', { '*': 'nothing' }],
  ])('%s renders %s with params %j', (pathname, element, params) => {
    expect(matched(pathname)).toEqual({ element, params });
  });

  it('prefers the more specific route whatever the order written', () => {
    const routes: RouteConfig[] = [
      { path: '*', element: 'splat' },
      { path: '/map/:id', element: 'param' },
      { path: '/map/new', element: 'static' },
    ];
    expect(matchRoutes(routes, '/map/new')?.routes[0]?.element).toBe('static');
    expect(matchRoutes(routes, '/map/old')?.routes[0]?.element).toBe('param');
    expect(matchRoutes(routes, '/other')?.routes[0]?.element).toBe('splat');
  });

  it('decodes params, keeps their case, and keeps a malformed escape as it is', () => {
    expect(matched('/map/Caf%C3%A9%20Map')?.params).toEqual({ mapId: 'Café Map' });
    expect(matched('/map/100%')?.params).toEqual({ mapId: '100%' });
  });

  it('matches nothing when no route fits and there is no catch-all', () => {
    expect(matchRoutes([{ path: '/help', element: 'help' }], '/map/x')).toBeNull();
    expect(matchRoutes([{ path: '/map/:id', element: 'map' }], '/map')).toBeNull();
  });

  it('reads nested <Route> elements, layout routes included', () => {
    const routes = routesFromChildren(
      <>
        <Route element="layout">
          <Route path="/a" element="a" />
          {false}
          <Route path="/b/:x" element="b" />
        </Route>
      </>,
    );
    expect(routes).toEqual([
      {
        path: undefined,
        element: 'layout',
        children: [
          { path: '/a', element: 'a', children: [] },
          { path: '/b/:x', element: 'b', children: [] },
        ],
      },
    ]);
  });
});

describe('paths and memory history', () => {
  it('resolves absolute, relative and query-only targets against the current path', () => {
    expect(resolvePath('/help', '/map/x')).toBe('/help');
    expect(resolvePath('?baseMapId=a', '/compare')).toBe('/compare?baseMapId=a');
    expect(resolvePath('b', '/map/a')).toBe('/map/b');
    expect(resolvePath('/compare?baseMapId=a%20b#top', '/')).toBe('/compare?baseMapId=a%20b#top');
  });

  it('splits a path into pathname, search and hash', () => {
    expect(parseLocation('/compare?baseMapId=x#y', 'state', 'k')).toEqual({
      pathname: '/compare',
      search: '?baseMapId=x',
      hash: '#y',
      state: 'state',
      key: 'k',
    });
  });

  it('pushes, replaces and goes back and forward, with a new key for every entry', () => {
    const history = createMemoryHistory(['/map/draft.default']);
    const seen: string[] = [];
    const stop = history.listen(() => seen.push(history.location.pathname));
    const first = history.location;
    expect(first.key).toBe('default');

    history.push('/help');
    history.push('/help');
    const [a, b] = [history.location.key, (history.go(-1), history.location.key)];
    expect(a).not.toBe(b);
    history.go(-1);
    expect(history.location).toBe(first);
    history.go(-5);
    expect(history.location).toBe(first);
    history.go(1);
    history.replace('/compare', { from: 'help' });
    expect(history.location).toMatchObject({ pathname: '/compare', state: { from: 'help' } });
    history.go(1);
    expect(history.location.pathname).toBe('/help');
    history.go(-1);
    history.push('/map/x');
    history.go(1);
    expect(history.location.pathname).toBe('/map/x');

    stop();
    history.push('/unheard');
    expect(seen).toEqual([
      '/help',
      '/help',
      '/help',
      '/map/draft.default',
      '/help',
      '/compare',
      '/help',
      '/compare',
      '/map/x',
    ]);
  });
});

function render(path: string, routes: React.ReactNode): string {
  return renderToStaticMarkup(<MemoryRouter initialEntries={[path]}>{routes}</MemoryRouter>);
}

function Params() {
  return <output>{JSON.stringify(useParams())}</output>;
}

function Layout() {
  return (
    <div className="layout">
      <Outlet />
    </div>
  );
}

describe('components', () => {
  const routes = (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/compare/:baseId/:modId" element={<Params />} />
        <Route path="/help" element={<p>help</p>} />
      </Route>
    </Routes>
  );

  it('renders the matched route inside its layout, with its params', () => {
    expect(render('/compare/a/b', routes)).toBe(
      '<div class="layout"><output>{&quot;baseId&quot;:&quot;a&quot;,&quot;modId&quot;:&quot;b&quot;}</output></div>',
    );
    expect(render('/help', routes)).toBe('<div class="layout"><p>help</p></div>');
    expect(render('/nothing', routes)).toBe('');
  });

  it('renders links with their href and passes other attributes through', () => {
    const html = render(
      '/map/x',
      <Link to="/compare?baseMapId=x" className="button" title="Compare x">
        Compare
      </Link>,
    );
    expect(html).toBe('<a class="button" title="Compare x" href="/compare?baseMapId=x">Compare</a>');
  });

  it('marks the NavLink of the current page, and its parents unless `end`', () => {
    const links = (
      <>
        <NavLink to="/compare" end>
          exact
        </NavLink>
        <NavLink to="/compare">parent</NavLink>
        <NavLink to="/help" className="nav">
          other
        </NavLink>
        <NavLink to="/comp">prefix</NavLink>
      </>
    );
    expect(render('/compare/a/b', links)).toBe(
      '<a href="/compare">exact</a>' +
        '<a class="active" aria-current="page" href="/compare">parent</a>' +
        '<a class="nav" href="/help">other</a>' +
        '<a href="/comp">prefix</a>',
    );
    expect(render('/compare', links)).toContain(
      '<a class="active" aria-current="page" href="/compare">exact</a>',
    );
  });

  it('gives the location and its query parameters', () => {
    function Where() {
      const location = useLocation();
      const [params] = useSearchParams();
      return (
        <output>
          {location.pathname} {params.get('baseMapId')}
        </output>
      );
    }
    expect(render('/compare?baseMapId=a%20b', <Where />)).toBe('<output>/compare a b</output>');
  });

  it('follows a history it is given', () => {
    const history = createMemoryHistory(['/help']);
    const app = (
      <Router history={history}>
        <Routes>
          <Route path="/help" element="help" />
          <Route path="/map/:mapId" element={<Params />} />
        </Routes>
      </Router>
    );
    expect(renderToStaticMarkup(app)).toBe('help');
    history.push('/map/draft.x');
    expect(renderToStaticMarkup(app)).toBe('<output>{&quot;mapId&quot;:&quot;draft.x&quot;}</output>');
  });

  it('refuses links outside a router with a clear message', () => {
    expect(() => renderToStaticMarkup(<Link to="/">x</Link>)).toThrow(
      /inside a BrowserRouter or MemoryRouter/,
    );
  });
});
