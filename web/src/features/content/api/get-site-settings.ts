import { useEffect, useState } from 'react';
import type { SiteSettingsRow } from '@contract/wire';
import useSWR from 'swr';
import { popupClosedKeyPrefix } from '../popup-rules';

/** GET /user/site_settings: two popups, contact links, social links and whether the shop sells. */
export type SiteSettings = SiteSettingsRow;

export const siteSettingsKey = '/user/site_settings';

/** The site settings, loaded once at start and shared by the header, footer, popups, shop banner and contact page. */
export function useSiteSettings() {
  return useSWR<SiteSettings>(siteSettingsKey);
}

/**
 * Draws its component again when another tab of this device closes a popup (the storage event),
 * so that a popup open here too closes with it.
 */
export function usePopupClosingsElsewhere(): void {
  const [, setClosings] = useState(0);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key?.startsWith(popupClosedKeyPrefix)) setClosings((count) => count + 1);
    };
    addEventListener('storage', onStorage);
    return () => removeEventListener('storage', onStorage);
  }, []);
}

/** The closed shop's message, from the site settings every page already reads; undefined while it sells (or before they are in). */
export function shopClosedMessage(settings: SiteSettings | undefined): string | undefined {
  return settings && settings.shopStatus !== 1 ? settings.errorMessage : undefined;
}
