import type { SiteSettingsRow } from '@contract/wire';
import useSWR from 'swr';

/** GET /user/site_settings: two popups, contact links and social links. */
export type SiteSettings = SiteSettingsRow;

export const siteSettingsKey = '/user/site_settings';

/** The site settings, loaded once at start and shared by the header, footer, popups and contact page. */
export function useSiteSettings() {
  return useSWR<SiteSettings>(siteSettingsKey);
}

export interface Popup {
  text: string;
  image: string;
}

/** The popups to show: each whose status is the string "1" (spec §2), first one first. */
export function activePopups(settings: SiteSettings): Popup[] {
  const slots = [
    { status: settings.popup_status, text: settings.popup_text, image: settings.popup_image },
    { status: settings.popup_status2, text: settings.popup_text2, image: settings.popup_image2 },
  ];
  return slots.filter((slot) => slot.status === '1').map(({ text, image }) => ({ text, image }));
}

/** Closing the popups is remembered for the browser tab's session, so a reload does not nag again. */
const popupsClosedKey = 'popupsClosed';

export const popupsClosedThisSession = () => sessionStorage.getItem(popupsClosedKey) === '1';

export const rememberPopupsClosed = () => sessionStorage.setItem(popupsClosedKey, '1');
