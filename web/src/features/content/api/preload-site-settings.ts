import { mutate } from 'swr';
import { prefetchRead } from '../../../lib/api';
import { type SiteSettings, isShopperStart, popupsToShow, siteSettingsKey } from './get-site-settings';

let started: Promise<SiteSettings | undefined> | undefined;

/**
 * Asks for the site settings as the app starts, beside the first page's chunk, and puts them in
 * the cache once in, so that the first render draws the shop's state (the closed banner) without
 * a shift; the first popup's image, often the largest thing a first visit paints, is asked for
 * as soon as they name it, at high priority and without waiting for the dialog's code.
 */
export function preloadSiteSettings(): Promise<SiteSettings | undefined> {
  started ??= prefetchRead<SiteSettings>(siteSettingsKey).then((settings) => {
    if (!settings) return settings;
    void mutate(siteSettingsKey, settings, { revalidate: false });
    const image = isShopperStart(window.location.pathname, window.location.search) ? popupsToShow(settings)[0]?.image : undefined;
    if (image) {
      const early = new Image();
      early.fetchPriority = 'high';
      early.src = image;
    }
    return settings;
  });
  return started;
}
