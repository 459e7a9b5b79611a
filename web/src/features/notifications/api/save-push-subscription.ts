import type { pushSubscriptionBody } from '@contract/accounts';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../lib/api';
import { pushDevicesKey } from './get-push-devices';

/** A device's subscription as its schema takes it (`PushSubscription.toJSON()`, flattened; functions/contract/accounts.ts). */
type PushSubscriptionRequest = v.InferInput<typeof pushSubscriptionBody>;

async function savePushSubscription(_key: string, { arg: device }: { arg: PushSubscriptionRequest }): Promise<void> {
  await apiRequest('POST', '/user/push_subscriptions', { body: { ...device } });
}

/** POST /user/push_subscriptions: notifications on, for this device. */
export function useSavePushSubscription() {
  return useSWRMutation(pushDevicesKey, savePushSubscription, { ...writeOptions, revalidate: true });
}
