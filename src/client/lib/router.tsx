import {
  Children,
  createContext,
  Fragment,
  isValidElement,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
} from 'react';

// The app's router: exactly what its pages use, with React Router's names and behaviour, in a
// few KB. React Router 7 kept about 12 KB gzip in the first load however it was built (its one
// module builds every component at its top level, so Rollup cannot drop the unused ones), which
// put the first page over its 100 KB budget (PRODUCT §9). Routes are matched by a score, like
// React Router's: static segments beat `:params`, which beat `*`, whatever the order written.

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** Unique per history entry: a new one on every navigation, even to the same URL. */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export type NavigateFunction = (to: string | number, options?: NavigateOptions) => void;

/** Where the app's location lives: the address bar, or memory (when embedded in a host page). */
export interface History {
  readonly location: Location;
  push(path: string, state?: unknown): void;
  replace(path: string, state?: unknown): void;
  go(delta: number): void;
  /** Calls `listener` after every change of location; returns the unsubscribe function. */
  listen(listener: () => void): () => void;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

/** Splits "/a/b?c=d#e" into a location with `key` and `state`. */
export function parseLocation(path: string, state: unknown = null, key = newKey()): Location {
  const url = new URL(path, 'http://x');
  return { pathname: url.pathname, search: url.search, hash: url.hash, state, key };
}

/** An in-memory history starting at the last of `initialEntries`. */
export function createMemoryHistory(initialEntries: readonly string[] = ['/']): History {
  const entries = (initialEntries.length ? initialEntries : ['/']).map((path, index) =>
    parseLocation(path, null, index === 0 ? 'default' : newKey()),
  );
  let index = entries.length - 1;
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  return {
    get location() {
      return entries[index]!;
    },
    push(path, state) {
      entries.splice(index + 1, entries.length, parseLocation(path, state));
      index = entries.length - 1;
      notify();
    },
    replace(path, state) {
      entries[index] = parseLocation(path, state);
      notify();
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      notify();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

interface HistoryState {
  key?: string;
  usr?: unknown;
}

/** The browser's history; each entry keeps its key and state in `history.state` (as React Router does). */
export function createBrowserHistory(): History {
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    const state = (window.history.state ?? {}) as HistoryState;
    return { pathname, search, hash, state: state.usr ?? null, key: state.key ?? 'default' };
  };
  let location = read();
  const listeners = new Set<() => void>();
  const update = () => {
    location = read();
    listeners.forEach((listener) => listener());
  };
  const write = (method: 'pushState' | 'replaceState', path: string, state: unknown) => {
    const entry: HistoryState = { key: newKey(), usr: state ?? null };
    window.history[method](entry, '', path);
    update();
  };
  return {
    get location() {
      return location;
    },
    push: (path, state) => write('pushState', path, state),
    replace: (path, state) => write('replaceState', path, state),
    go: (delta) => window.history.go(delta),
    listen(listener) {
      if (listeners.size === 0) window.addEventListener('popstate', update);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('popstate', update);
      };
    },
  };
}

interface RouterContextValue {
  location: Location;
  history: History;
}
const RouterContext = createContext<RouterContextValue | null>(null);

interface RouteContextValue {
  params: Readonly<Record<string, string>>;
  outlet: ReactNode;
}
const RouteContext = createContext<RouteContextValue>({ params: {}, outlet: null });

function useRouter(): RouterContextValue {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router hooks and links must be used inside a BrowserRouter or MemoryRouter');
  return router;
}

/** Provides `history` and its current location to the routes and links inside. */
export function Router({ history, children }: { history: History; children?: ReactNode }) {
  const location = useSyncExternalStore(
    history.listen,
    () => history.location,
    () => history.location,
  );
  const value = useMemo(() => ({ location, history }), [location, history]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [history] = useState(createBrowserHistory);
  return <Router history={history}>{children}</Router>;
}

export function MemoryRouter({
  initialEntries,
  children,
}: {
  initialEntries?: readonly string[];
  children?: ReactNode;
}) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

export interface RouteProps {
  /** "/map/:mapId", "*"; none for a layout route that renders its children in an <Outlet />. */
  path?: string;
  element?: ReactNode;
  children?: ReactNode;
}

/** Declares a route inside <Routes>; renders nothing itself. */
export function Route(_props: RouteProps): ReactElement | null {
  return null;
}

export interface RouteConfig {
  path?: string | undefined;
  element?: ReactNode;
  children?: RouteConfig[];
}

export function routesFromChildren(children: ReactNode): RouteConfig[] {
  const routes: RouteConfig[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    if (child.type === Fragment) {
      routes.push(...routesFromChildren(child.props.children));
      return;
    }
    const { path, element, children: nested } = child.props;
    routes.push({ path, element, children: nested ? routesFromChildren(nested) : [] });
  });
  return routes;
}

export interface RouteMatch {
  /** The routes from the outermost (a layout) to the one that matched the whole path. */
  routes: RouteConfig[];
  params: Record<string, string>;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The best route for `pathname`, or null. Static segments match case-insensitively; `:name`
 * matches one non-empty segment (decoded); a trailing `*` matches the rest, as `params['*']`.
 * The most specific route wins (static 10, param 3, splat -2 per segment), then the first written.
 */
export function matchRoutes(routes: readonly RouteConfig[], pathname: string): RouteMatch | null {
  const target = segmentsOf(pathname);
  let best: RouteMatch | null = null;
  let bestScore = -Infinity;
  const visit = (route: RouteConfig, parents: RouteConfig[], pattern: string[]) => {
    const chain = [...parents, route];
    const full = route.path === undefined ? pattern : [...pattern, ...segmentsOf(route.path)];
    if (route.children?.length) {
      for (const child of route.children) visit(child, chain, full);
    } else if (route.path !== undefined) {
      const matched = matchPattern(full, target);
      if (matched && matched.score > bestScore) {
        best = { routes: chain, params: matched.params };
        bestScore = matched.score;
      }
    }
  };
  for (const route of routes) visit(route, [], []);
  return best;
}

function matchPattern(
  pattern: readonly string[],
  target: readonly string[],
): { params: Record<string, string>; score: number } | null {
  const params: Record<string, string> = {};
  let score = 0;
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i]!;
    if (part === '*') {
      params['*'] = target.slice(i).map(decode).join('/');
      return { params, score: score - 2 };
    }
    const segment = target[i];
    if (segment === undefined) return null;
    if (part.startsWith(':')) {
      params[part.slice(1)] = decode(segment);
      score += 3;
    } else if (part.toLowerCase() === decode(segment).toLowerCase()) {
      score += 10;
    } else {
      return null;
    }
  }
  return pattern.length === target.length ? { params, score } : null;
}

/** Renders the element of the route that best matches the location, inside its layout routes. */
export function Routes({ children }: { children?: ReactNode }) {
  const { location } = useRouter();
  const routes = useMemo(() => routesFromChildren(children), [children]);
  const match = matchRoutes(routes, location.pathname);
  if (!match) return null;
  return match.routes.reduceRight<ReactNode>(
    (outlet, route) => (
      <RouteContext.Provider value={{ params: match.params, outlet }}>
        {route.element === undefined ? outlet : route.element}
      </RouteContext.Provider>
    ),
    null,
  );
}

/** Where a layout route renders the route matched inside it. */
export function Outlet() {
  return <>{useContext(RouteContext).outlet}</>;
}

export function useLocation(): Location {
  return useRouter().location;
}

/** The `:params` of the matched route, decoded. */
export function useParams(): Readonly<Partial<Record<string, string>>> {
  return useContext(RouteContext).params;
}

/** Resolves `to` (absolute, relative, or "?query") against the current path. */
export function resolvePath(to: string, from: string): string {
  const url = new URL(to, `http://x${from}`);
  return url.pathname + url.search + url.hash;
}

/** A function that navigates; the same function for the router's lifetime. */
export function useNavigate(): NavigateFunction {
  const { history } = useRouter();
  return useCallback<NavigateFunction>(
    (to, options = {}) => {
      if (typeof to === 'number') return history.go(to);
      const path = resolvePath(to, history.location.pathname);
      if (options.replace) history.replace(path, options.state);
      else history.push(path, options.state);
    },
    [history],
  );
}

/** Navigates once rendered (in an effect, so never during render). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

export function useSearchParams(): [
  URLSearchParams,
  (next: Record<string, string> | URLSearchParams) => void,
] {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback(
    (next: Record<string, string> | URLSearchParams) => {
      const query = new URLSearchParams(next).toString();
      navigate(`${pathname}${query ? `?${query}` : ''}`);
    },
    [navigate, pathname],
  );
  return [params, set];
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * An <a href> that navigates inside the app on a plain left click; a click with a modifier key,
 * or on a link with a target, is left to the browser (new tab, new window, download).
 */
export function Link({ to, replace, state, onClick, ...props }: LinkProps) {
  const { history, location } = useRouter();
  const href = resolvePath(to, location.pathname);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.altKey ||
      event.ctrlKey ||
      event.shiftKey ||
      (props.target && props.target !== '_self')
    )
      return;
    event.preventDefault();
    // A link to where the reader already is replaces the entry rather than adding a duplicate.
    const here = location.pathname + location.search + location.hash;
    if (replace ?? href === here) history.replace(href, state);
    else history.push(href, state);
  };
  return <a {...props} href={href} onClick={handleClick} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Only the exact path is active, not the paths below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
}

/** A Link that knows whether it leads to the current page: class "active" and aria-current="page". */
export function NavLink({ end, className, ...props }: NavLinkProps) {
  const { location } = useRouter();
  const target = new URL(props.to, `http://x${location.pathname}`).pathname.toLowerCase();
  const current = location.pathname.toLowerCase();
  const isActive =
    current === target || (!end && current.startsWith(target.endsWith('/') ? target : `${target}/`));
  const classes =
    typeof className === 'function'
      ? className({ isActive })
      : [className, isActive ? 'active' : null].filter(Boolean).join(' ') || undefined;
  return <Link {...props} className={classes} aria-current={isActive ? 'page' : undefined} />;
}
