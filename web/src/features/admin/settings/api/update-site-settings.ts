import type { AdminContent, AdminSiteSettings } from '@contract/admin-wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { contentKey } from '../../content/api/get-content';
import { refreshShopReads } from '../../kit/api/shop-reads';
import type { siteSettingsBody } from '@contract/admin-content';
import type * as v from 'valibot';

type SiteSettingsRequest = v.InferInput<typeof siteSettingsBody>;
type Switch = 'popup_status' | 'popup_status2' | 'shopStatus';

/** A change of the settings as the console makes it: the endpoint's request (functions/contract/admin-content.ts) with its switches as booleans. */
export type SiteSettingsInput = Omit<SiteSettingsRequest, Switch> & Partial<Record<Switch, boolean>>;

const digit = (on: boolean | undefined) => (on === undefined ? undefined : on ? '1' : '0');

/** The request the endpoint takes: each switch as the wire's "1" (shown, open) or "0", absent when unchanged. */
export const siteSettingsRequest = ({ popup_status, popup_status2, shopStatus, ...change }: SiteSettingsInput): SiteSettingsRequest => ({
  ...change,
  popup_status: digit(popup_status),
  popup_status2: digit(popup_status2),
  shopStatus: digit(shopStatus),
});

/**
 * POST /admin/site_settings: changes the fields sent. Puts the whole settings it answers in place
 * and revalidates the shop's reads (shop status, popups, links); answers them and the message.
 */
export function useUpdateSiteSettings() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/admin/site_settings',
    async (path: string, { arg }: { arg: SiteSettingsInput }) => {
      const { data, message } = await apiRequest<AdminSiteSettings>('POST', path, { body: siteSettingsRequest(arg) });
      await Promise.all([
        mutate(contentKey, (content: AdminContent | undefined) => content && { ...content, settings: data }, { revalidate: false }),
        refreshShopReads(mutate, 'settings'),
      ]);
      return { settings: data, message };
    },
    writeOptions,
  );
}
