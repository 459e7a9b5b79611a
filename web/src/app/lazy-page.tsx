import { Component, type ReactNode, Suspense, lazy } from 'react';
import { type RouteObject, matchRoutes, useLocation, useRoutes } from 'react-router-dom';
import { chunkLoadTimeoutMs } from '../config/site';
import { RouteError } from './routes/route-error';

type RouteModule = { Component: React.ComponentType };

/** What a page route keeps beside its element: the start of its chunk's download. */
interface PageHandle {
  preload: () => Promise<RouteModule>;
}

/** Loads a route's chunk once, failing with a load error after the spec's 120 s (§8). */
function chunkLoader(load: () => Promise<RouteModule>): () => Promise<RouteModule> {
  let chunk: Promise<RouteModule> | undefined;
  return () =>
    (chunk ??= new Promise<RouteModule>((resolve, reject) => {
      const timer = window.setTimeout(() => reject(new Error('Loading the page timed out')), chunkLoadTimeoutMs);
      load().then(resolve, reject).finally(() => window.clearTimeout(timer));
    }));
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
export function page(path: string | undefined, load: () => Promise<RouteModule>, children?: RouteObject[]): RouteObject {
  const preload = chunkLoader(load);
  const Page = lazy(() => preload().then((module) => ({ default: module.Component })));
  const element = (
    <RouteErrorBoundary key={path ?? 'index'}>
      <Suspense fallback={<div className="route-progress" role="progressbar" aria-label="Loading page" />}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>
  );
  const handle: PageHandle = { preload };
  return path === undefined ? { index: true, element, handle } : { path, element, handle, children };
}

/**
 * Renders the route of the address from `routes`, having started the chunks of every route it
 * matches at once, so that a nested page does not wait for its layout's chunk to ask for its own.
 * `base` is where these routes are mounted, for a table rendered under another route.
 */
export function RouteTable({ routes, base }: { routes: RouteObject[]; base?: string }) {
  const location = useLocation();
  for (const { route } of matchRoutes(routes, location, base) ?? []) void (route.handle as PageHandle | undefined)?.preload();
  return useRoutes(routes);
}
