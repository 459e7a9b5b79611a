import { useEffect, useState } from 'react';
import type { SiteSettingsRow } from '@contract/wire';
import useSWR from 'swr';

/** GET /user/site_settings: two popups, contact links, social links and whether the shop sells. */
export type SiteSettings = SiteSettingsRow;

export const siteSettingsKey = '/user/site_settings';

/** The site settings, loaded once at start and shared by the header, footer, popups, shop banner and contact page. */
export function useSiteSettings() {
  return useSWR<SiteSettings>(siteSettingsKey);
}

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
export function activePopups(settings: SiteSettings): SitePopup[] {
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
const closedKey = (popup: SitePopup) => `popupClosed.${popup.id}`;

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

/**
 * Draws its component again when another tab of this device closes a popup (the storage event),
 * so that a popup open here too closes with it.
 */
export function usePopupClosingsElsewhere(): void {
  const [, setClosings] = useState(0);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key?.startsWith('popupClosed.')) setClosings((count) => count + 1);
    };
    addEventListener('storage', onStorage);
    return () => removeEventListener('storage', onStorage);
  }, []);
}

/** The popups this device has not closed yet. */
export const popupsToShow = (settings: SiteSettings): SitePopup[] => activePopups(settings).filter((popup) => !wasClosed(popup));

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

/** The closed shop's message, from the site settings every page already reads; undefined while it sells (or before they are in). */
export function shopClosedMessage(settings: SiteSettings | undefined): string | undefined {
  return settings && settings.shopStatus !== 1 ? settings.errorMessage : undefined;
}
