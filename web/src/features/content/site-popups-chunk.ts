import type { SitePopups } from './components/site-popups';

let loaded: typeof SitePopups | undefined;
let loading: Promise<typeof SitePopups> | undefined;

/** The popups' code (and the HTML sanitiser it needs), loaded once and only when there is a popup to show. */
export function loadSitePopups(): Promise<typeof SitePopups> {
  loading ??= import('./components/site-popups').then(
    (module) => (loaded = module.SitePopups),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The popups' component once its code is in: drawn in the same render, without suspending for a chunk already there. */
export function loadedSitePopups(): typeof SitePopups | undefined {
  return loaded;
}
