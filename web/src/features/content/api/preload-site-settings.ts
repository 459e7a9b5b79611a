import { mutate } from 'swr';
import { prefetchRead } from '../../../lib/api';
import { firstPopup } from '../popup-rules';
import { loadSitePopups } from '../site-popups-chunk';
import { type SiteSettings, siteSettingsKey } from './get-site-settings';

let started: Promise<SiteSettings | undefined> | undefined;

/**
 * How long the first render waits for a popup's picture. Usually it is in long before the app's
 * code (the start script asked for it as the settings answered); an operator's large picture on a
 * slow network should not hold the whole page back: the dialog keeps its place for it.
 */
const popupImageWaitMs = 500;

/**
 * An image, fetched and decoded, or the wait above over (an image that fails is no reason to
 * wait): the first frame that opens a popup draws its picture too, rather than an empty dialog
 * and the picture a frame later.
 */
function decoded(src: string): Promise<void> {
  const image = new Image();
  image.src = src;
  return Promise.race([image.decode().catch(() => undefined), new Promise<void>((done) => setTimeout(done, popupImageWaitMs))]);
}

/**
 * Asks for the site settings as the app starts, beside the first page's chunk, and puts them in
 * the cache once in, so that the first render draws the shop's state (the closed banner) without
 * a shift. When they name a popup for this page, the dialog's code is asked for at once (its image
 * already was, by the start script in index.html: web/first-page.ts), and the answer waits for the
 * code and the decoded image, so that the first render draws the whole popup rather than a later one.
 */
export function preloadSiteSettings(): Promise<SiteSettings | undefined> {
  started ??= prefetchRead<SiteSettings>(siteSettingsKey).then(async (settings) => {
    if (!settings) return settings;
    void mutate(siteSettingsKey, settings, { revalidate: false });
    const popup = firstPopup(settings, window.location.pathname, window.location.search);
    if (popup) await Promise.all([loadSitePopups().catch(() => undefined), popup.image && decoded(popup.image)]);
    return settings;
  });
  return started;
}
