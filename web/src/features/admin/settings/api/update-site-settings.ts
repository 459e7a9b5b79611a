import type { AdminContent, AdminSiteSettings } from '@contract/wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { contentKey } from '../../content/api/get-content';
import { refreshShopReads } from '../../kit/api/shop-reads';
import type { siteSettingsBody } from '@contract/admin-content';
import type * as v from 'valibot';

/** The request as the endpoint's schema takes it (functions/contract/admin-content.ts). */
export type SiteSettingsInput = v.InferInput<typeof siteSettingsBody>;

/**
 * POST /admin/site_settings: changes the fields sent. Puts the whole settings it answers in place
 * and revalidates the shop's reads (shop status, popups, links); answers them and the message.
 */
export function useUpdateSiteSettings() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/admin/site_settings',
    async (path: string, { arg }: { arg: SiteSettingsInput }) => {
      const { data, message } = await apiRequest<AdminSiteSettings>('POST', path, { body: arg });
      await Promise.all([
        mutate(contentKey, (content: AdminContent | undefined) => content && { ...content, settings: data }, { revalidate: false }),
        refreshShopReads(mutate, 'settings'),
      ]);
      return { settings: data, message };
    },
    writeOptions,
  );
}
