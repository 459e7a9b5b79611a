import type { AdminContent, AdminSiteSettings } from '@contract/wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { contentKey } from '../../content/api/get-content';
import { refreshShopReads } from '../../kit/api/shop-reads';

/** Any subset of the settings; what is absent stays as it is. `social` is a JSON list of `{name, url}`. */
export type SiteSettingsInput = Partial<{
  popup_status: '1' | '0';
  popup_text: string;
  popup_image: string;
  popup_status2: '1' | '0';
  popup_text2: string;
  popup_image2: string;
  phone: string;
  messenger_link: string;
  app_link: string;
  social: string;
  shopStatus: 1 | 0;
  errorMessage: string;
  upay: string;
}>;

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
