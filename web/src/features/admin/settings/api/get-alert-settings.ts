import type { AdminAlertSettings } from '@contract/admin-wire';
import useSWR from 'swr';

/** GET /admin/alert_settings; saving puts its answer in place. */
export const alertSettingsKey = '/admin/alert_settings';

/** Where operator alerts go (the Telegram chat) and which are sent. */
export function useAlertSettings() {
  return useSWR<AdminAlertSettings>(alertSettingsKey);
}
