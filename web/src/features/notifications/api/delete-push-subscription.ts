import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../lib/api';
import { pushDeviceKey } from './save-push-subscription';

async function deletePushSubscription(_key: string, { arg: endpoint }: { arg: string }): Promise<void> {
  await apiRequest('POST', '/user/push_subscriptions/delete', { body: { endpoint } });
}

/** POST /user/push_subscriptions/delete: notifications off, for this device. */
export function useDeletePushSubscription() {
  return useSWRMutation(pushDeviceKey, deletePushSubscription, { ...writeOptions, revalidate: true });
}
