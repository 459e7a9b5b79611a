import { mutate } from 'swr';
import { prefetchRead } from '../../../lib/api';
import { loadSitePopups } from '../site-popups-chunk';
import { type SiteSettings, isShopperStart, popupsToShow, siteSettingsKey } from './get-site-settings';

let started: Promise<SiteSettings | undefined> | undefined;

/**
 * Asks for the site settings as the app starts, beside the first page's chunk, and puts them in
 * the cache once in, so that the first render draws the shop's state (the closed banner) without
 * a shift. When they name a popup for this page, its image (often the largest thing a first visit
 * paints) and the dialog's code are asked for at once, and the answer waits for the code, so that
 * the first render draws the popup rather than a later one.
 */
export function preloadSiteSettings(): Promise<SiteSettings | undefined> {
  started ??= prefetchRead<SiteSettings>(siteSettingsKey).then(async (settings) => {
    if (!settings) return settings;
    void mutate(siteSettingsKey, settings, { revalidate: false });
    const popup = isShopperStart(window.location.pathname, window.location.search) ? popupsToShow(settings)[0] : undefined;
    if (popup?.image) {
      const preload = Object.assign(document.createElement('link'), {
        rel: 'preload',
        as: 'image',
        href: popup.image,
        fetchPriority: 'high',
      });
      document.head.append(preload);
    }
    if (popup) await loadSitePopups().catch(() => undefined);
    return settings;
  });
  return started;
}
