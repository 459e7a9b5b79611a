import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../lib/api';
import { pushDevicesKey } from './get-push-devices';

/** A device's subscription as the API takes it (`PushSubscription.toJSON()`, flattened). */
export interface PushSubscriptionForm {
  endpoint: string;
  p256dh: string;
  auth: string;
}

async function savePushSubscription(_key: string, { arg: device }: { arg: PushSubscriptionForm }): Promise<void> {
  await apiRequest('POST', '/user/push_subscriptions', { body: { ...device } });
}

/** POST /user/push_subscriptions: notifications on, for this device. */
export function useSavePushSubscription() {
  return useSWRMutation(pushDevicesKey, savePushSubscription, { ...writeOptions, revalidate: true });
}
