import type { pushDeviceDeleteBody } from '@contract/accounts';
import useSWRMutation from 'swr/mutation';
import type * as v from 'valibot';
import { apiRequest, writeOptions } from '../../../lib/api';
import { pushDevicesKey } from './get-push-devices';

async function deletePushDevice(_key: string, { arg: id }: { arg: string }): Promise<string> {
  return (await apiRequest('POST', '/user/push_devices/delete', { body: { id } satisfies v.InferInput<typeof pushDeviceDeleteBody> }))
    .message;
}

/** POST /user/push_devices/delete: notifications off on one of the account's devices, from the list. */
export function useDeletePushDevice() {
  return useSWRMutation(pushDevicesKey, deletePushDevice, { ...writeOptions, revalidate: true });
}
