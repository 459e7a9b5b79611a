import { Component, type ReactNode, Suspense, lazy } from 'react';
import { type Params, type RouteObject, matchRoutes, useLocation, useRoutes } from 'react-router-dom';
import { chunkLoadTimeoutMs } from '../config/site';
import { type Catalog, withMessages } from '../lib/i18n';
import { t, useT } from '../lib/i18n';
import { RouteError } from './routes/route-error';

/** A page's module: its component, and the catalogs of the areas it shows (loaded before it renders). */
type RouteModule = { Component: React.ComponentType; messages?: Catalog[] };

/** What a page route keeps beside its element: the start of its chunk's download, and of its data's. */
interface PageHandle {
  preload: () => Promise<RouteModule>;
  prefetch?: (params: Params) => void;
}

interface PageOptions {
  children?: RouteObject[];
  /** Asks for the data the page shows first, beside its chunk rather than after it (one round trip less before it paints). */
  prefetch?: (params: Params) => void;
}

/** A route's chunk, loaded once; `loaded` is the module once it is in. */
interface Chunk {
  preload: () => Promise<RouteModule>;
  loaded?: RouteModule;
}

/** Loads a route's chunk once, failing with a load error after the spec's 120 s (§8). */
function chunkLoader(load: () => Promise<RouteModule>): Chunk {
  let pending: Promise<RouteModule> | undefined;
  const chunk: Chunk = {
    preload: () =>
      (pending ??= new Promise<RouteModule>((resolve, reject) => {
        const timer = window.setTimeout(() => reject(new Error(t('common.pageTimedOut'))), chunkLoadTimeoutMs);
        load()
          .then((module) => withMessages(module))
          .then((module) => {
            chunk.loaded = module;
            resolve(module);
          }, reject)
          .finally(() => window.clearTimeout(timer));
      })),
  };
  return chunk;
}

/** The progress bar that stands in for a page while its chunk loads. */
function RouteProgress() {
  const { t } = useT();
  return <div className="route-progress" role="progressbar" aria-label={t('common.loadingPage')} />;
}

/** Shows a page that failed to load or crashed as such, until the address changes. */
class PageErrorBoundary extends Component<{ pathname: string; children: ReactNode }, { failed: boolean; pathname: string }> {
  override state = { failed: false, pathname: this.props.pathname };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: { pathname: string }) {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** An error boundary for a route (or the whole shell): a crash shows the error page, and the next address starts afresh. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <PageErrorBoundary pathname={pathname}>{children}</PageErrorBoundary>;
}

/**
 * A route with its own lazily loaded chunk and its own error boundary; no path makes it the index.
 * Keyed by its path, a page is another page to React than the one before it: leaving a page
 * unmounts it at once, and the progress bar stands in for the next until its chunk is there
 * (React Router navigates in a transition, which would otherwise keep the old page on screen).
 */
export function page(path: string | undefined, load: () => Promise<RouteModule>, { children, prefetch }: PageOptions = {}): RouteObject {
  const chunk = chunkLoader(load);
  const LazyPage = lazy(() => chunk.preload().then((module) => ({ default: module.Component })));
  // A chunk already in renders at once: suspending on it anyway would show the progress bar and
  // hold the page back for React's reveal throttle (300 ms) for nothing.
  // biome-ignore lint/correctness/noComponentHookFactories: called once per route when the route table is built, never during a render.
  function Page() {
    const Loaded = chunk.loaded?.Component;
    return Loaded ? <Loaded /> : <LazyPage />;
  }
  const element = (
    <RouteErrorBoundary key={path ?? 'index'}>
      <Suspense fallback={<RouteProgress />}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>
  );
  const handle: PageHandle = { preload: chunk.preload, prefetch };
  return path === undefined ? { index: true, element, handle } : { path, element, handle, children };
}

/** The address each route table last asked data for: a query change (a chosen quantity) is not a new page. */
const prefetchedPath = new WeakMap<RouteObject[], string>();

/**
 * Starts the chunks of every route of `routes` that matches the address at once (so that a nested
 * page does not wait for its layout's chunk to ask for its own), and the data they show first;
 * answers once the chunks are in.
 */
export function startPage(routes: RouteObject[], location: { pathname: string }, base?: string): Promise<unknown> {
  const matches = matchRoutes(routes, location, base) ?? [];
  const chunks = matches.map(({ route }) => (route.handle as PageHandle | undefined)?.preload());
  if (prefetchedPath.get(routes) !== location.pathname) {
    prefetchedPath.set(routes, location.pathname);
    for (const { route, params } of matches) (route.handle as PageHandle | undefined)?.prefetch?.(params);
  }
  return Promise.all(chunks);
}

/**
 * Renders the route of the address from `routes`, its chunks and first data started together.
 * `base` is where these routes are mounted, for a table rendered under another route.
 */
export function RouteTable({ routes, base }: { routes: RouteObject[]; base?: string }) {
  // A failed chunk is shown by its page's error boundary, when its lazy component asks again.
  startPage(routes, useLocation(), base).catch(() => undefined);
  return useRoutes(routes);
}
