import type { SiteSettingsRow } from '@contract/wire';

/**
 * Which popup a page opens with. Plain functions over the settings and the address, without React
 * or the app's modules: the start script in index.html runs `firstPopup` too (web/first-page.ts
 * bundles this module into it), so keep every import here a type.
 */

export interface Popup {
  text: string;
  image: string;
}

/** A popup of the shop's settings: its slot (`id`) and the version of what it shows. */
export interface SitePopup extends Popup {
  id: '1' | '2';
  version: string;
}

/** The popups switched on: each whose status is the string "1" (spec §2), first one first. */
export function activePopups(settings: SiteSettingsRow): SitePopup[] {
  const slots: (SitePopup & { status: string })[] = [
    { id: '1', status: settings.popup_status, text: settings.popup_text, image: settings.popup_image, version: settings.popup_version },
    { id: '2', status: settings.popup_status2, text: settings.popup_text2, image: settings.popup_image2, version: settings.popup_version2 },
  ];
  return slots.filter((slot) => slot.status === '1').map(({ status: _status, ...popup }) => popup);
}

/**
 * Closing a popup is remembered on the device (every tab, after a restart) for that version of
 * it: an operator's change of its image or text shows it once more.
 */
export const popupClosedKeyPrefix = 'popupClosed.';

const closedKey = (popup: SitePopup) => `${popupClosedKeyPrefix}${popup.id}`;

const wasClosed = (popup: SitePopup) => {
  try {
    return localStorage.getItem(closedKey(popup)) === popup.version;
  } catch {
    return false;
  }
};

export function rememberPopupClosed(popup: SitePopup): void {
  try {
    localStorage.setItem(closedKey(popup), popup.version);
  } catch {
    // Storage refused (a private window's quota): the popup shows again next time, nothing worse.
  }
}

/** The popups this device has not closed yet. */
const popupsToShow = (settings: SiteSettingsRow): SitePopup[] => activePopups(settings).filter((popup) => !wasClosed(popup));

/**
 * Whether this address is where a shopper starts (home, a game's page, a voucher brand's page),
 * the only pages a popup opens over: never sign-in, payment results, the profile or the console.
 * A page the gateway sends the payer back to (`payment`, `invoice_id`) is a result, not a start.
 */
export function isShopperStart(pathname: string, search: string): boolean {
  if (!/^\/(?:(?:category|voucher)\/[^/]+\/?)?$/.test(pathname)) return false;
  const params = new URLSearchParams(search);
  return !params.has('payment') && !params.has('invoice_id');
}

/** The popups this address opens with, first one first: those this device has not closed, where a shopper starts. */
export function popupsAt(settings: SiteSettingsRow, pathname: string, search: string): SitePopup[] {
  return isShopperStart(pathname, search) ? popupsToShow(settings) : [];
}

/**
 * The popup this address opens with, if any. Its image is often the largest thing a first visit
 * paints: the start script asks for it as soon as the settings answer, long before the app's code
 * has arrived on a slow network.
 */
export const firstPopup = (settings: SiteSettingsRow, pathname: string, search: string): SitePopup | undefined =>
  popupsAt(settings, pathname, search)[0];
