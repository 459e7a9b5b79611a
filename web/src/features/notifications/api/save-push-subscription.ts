import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../lib/api';

/** The SWR key of this device's push state (push-device.ts reads it; the two writes below set it). */
export const pushDeviceKey = 'push-device';

/** A device's subscription as the API takes it (`PushSubscription.toJSON()`, flattened). */
export interface PushDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
}

async function savePushSubscription(_key: string, { arg: device }: { arg: PushDevice }): Promise<void> {
  await apiRequest('POST', '/user/push_subscriptions', { body: { ...device } });
}

/** POST /user/push_subscriptions: notifications on, for this device. */
export function useSavePushSubscription() {
  return useSWRMutation(pushDeviceKey, savePushSubscription, { ...writeOptions, revalidate: true });
}
