import { prefetchRead } from '../../../lib/api';
import { type SiteSettings, activePopups, popupsClosedThisSession, siteSettingsKey } from './get-site-settings';

/**
 * Asks for the site settings as the app starts, beside the first page's chunk; the first popup's
 * image, often the largest thing a first visit paints, is asked for as soon as they name it, at
 * high priority and without waiting for the dialog's code.
 */
export async function preloadSiteSettings(): Promise<void> {
  const settings = await prefetchRead<SiteSettings>(siteSettingsKey);
  const image = settings && !popupsClosedThisSession() ? activePopups(settings)[0]?.image : undefined;
  if (!image) return;
  const early = new Image();
  early.fetchPriority = 'high';
  early.src = image;
}
