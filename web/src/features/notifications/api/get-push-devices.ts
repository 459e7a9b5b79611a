import type { pushDevicesBody } from '@contract/accounts';
import type { PushDevice, PushDevices } from '@contract/wire';
import useSWR from 'swr';
import type * as v from 'valibot';
import { apiRequest } from '../../../lib/api';
import { browserPushSubscription } from '../../../lib/push-here';

/** The SWR key of the account's devices that get notifications (the writes to them revalidate it). */
export const pushDevicesKey = 'push-devices';

async function readPushDevices(): Promise<PushDevice[]> {
  const endpoint = (await browserPushSubscription())?.endpoint;
  return (
    await apiRequest<PushDevices>('POST', '/user/push_devices', { body: { endpoint } satisfies v.InferInput<typeof pushDevicesBody> })
  ).data.items;
}

/**
 * POST /user/push_devices: the account's devices that get notifications, newest first, this
 * browser's marked `this_device` (the shop still pushing to it, not only the browser holding a
 * subscription: a password change elsewhere ends every device's). Read only while `enabled`.
 */
export function usePushDevices(enabled = true) {
  return useSWR<PushDevice[]>(enabled ? pushDevicesKey : null, readPushDevices);
}
