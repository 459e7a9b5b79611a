import type { alertSettingsBody } from '@contract/admin-operations';
import type { AdminAlertSettings } from '@contract/admin-wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../../lib/api';
import { alertSettingsKey } from './get-alert-settings';

/** The request POST /admin/alert_settings takes (functions/contract/admin-operations.ts). */
export type AlertSettingsRequest = v.InferInput<typeof alertSettingsBody>;

/** POST /admin/alert_settings: saves the chat, the kinds and the minutes; puts the saved settings in place. */
export function useUpdateAlertSettings() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    alertSettingsKey,
    async (path: string, { arg }: { arg: AlertSettingsRequest }) => {
      const { data, message } = await apiRequest<AdminAlertSettings>('POST', path, { body: arg });
      await mutate(alertSettingsKey, data, { revalidate: false });
      return { settings: data, message };
    },
    writeOptions,
  );
}
