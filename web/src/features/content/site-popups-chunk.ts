import { withMessages } from '../../lib/i18n';
// The popups' type, without an import line: to test/unit/languages/message-catalogs.test.ts, which reads those, the first
// load does not show the popups (their chunk loads their words).
type SitePopups = typeof import('./components/site-popups')['SitePopups'];

let loaded: SitePopups | undefined;
let loading: Promise<SitePopups> | undefined;

/** The popups' code (and the HTML sanitiser it needs), loaded once and only when there is a popup to show. */
export function loadSitePopups(): Promise<SitePopups> {
  loading ??= import('./components/site-popups').then(withMessages).then(
    (module) => (loaded = module.SitePopups),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The popups' component once its code is in: drawn in the same render, without suspending for a chunk already there. */
export function loadedSitePopups(): SitePopups | undefined {
  return loaded;
}
