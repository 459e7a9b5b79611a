import type { notificationSettingsBody, unsubscribeBody } from '@contract/accounts';
import type { NotificationSettings, Unsubscribed } from '@contract/wire';
import useSWR from 'swr';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../lib/api';
import { t } from '../messages';

const settingsPath = '/user/notification_settings';

export type MailSettings = NotificationSettings['mail'];

/** POST /user/notification_settings: which optional mail the signed-in shopper gets. */
export function useMailSettings() {
  return useSWR<NotificationSettings>([settingsPath, {}]);
}

/** POST /user/notification_settings/update: saves the choices, and the answer becomes the settings shown. */
export function useSaveMailSettings() {
  return useSWRMutation(
    [settingsPath, {}],
    async (_key, { arg }: { arg: MailSettings }) => {
      const flag = (on: boolean) => (on ? '1' : '0');
      const { data } = await apiRequest<NotificationSettings>('POST', `${settingsPath}/update`, {
        body: {
          delivery_updates: flag(arg.delivery_updates),
          payment_updates: flag(arg.payment_updates),
        } satisfies v.InferInput<typeof notificationSettingsBody>,
      });
      return data;
    },
    { ...writeOptions, populateCache: true, revalidate: false },
  );
}

/** What the shopper reads once a kind of mail is off, in the language of the moment. */
const unsubscribedWords: Record<Unsubscribed['topic'], () => string> = {
  delivery_updates: () => t('notifications.unsubscribed.delivery'),
  payment_updates: () => t('notifications.unsubscribed.payment'),
};

/** POST /mail/unsubscribe: a mailed one-click link's token; answers what the shopper reads. */
export async function unsubscribe(token: string): Promise<string> {
  const { data } = await apiRequest<Unsubscribed>('POST', '/mail/unsubscribe', {
    body: { token } satisfies v.InferInput<typeof unsubscribeBody>,
  });
  return unsubscribedWords[data.topic]();
}
