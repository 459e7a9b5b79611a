import { maxPushDevices, pushEndpointMessage } from '../contract/accounts';
import { pushServiceOf } from '../contract/push-services';
import { stage } from '../shared/config';
import { Conflict, Invalid } from '../shared/errors';
import type { User } from '../users/repo';
import { type DeviceKind, deviceKindOf } from './device-names';
import {
  type PushSubscription,
  deletePushDevice,
  deletePushSubscription,
  endpointHash,
  pushSubscriptionsOf,
  putPushSubscription,
} from './repo';

/** The push service a stored endpoint is at; the loopback stand-in counts on the local stage only. */
export const pushServiceAt = (endpoint: string) => pushServiceOf(endpoint, stage === 'local');

/**
 * Whether a device still gets the user's notifications: it subscribed under the user's present
 * sessions (an identity change that ended them ended it too, in the same write that moved the
 * token version on), and at a push service browsers use.
 */
export const isLiveDevice = (device: PushSubscription, user: Pick<User, 'tokenVersion'>) =>
  device.tokenVersion === user.tokenVersion && pushServiceAt(device.endpoint) !== undefined;

/**
 * Adds the device of this session to the user's notifications (or renews its keys), up to
 * `maxPushDevices` live ones. It belongs to the session's token version: a password change, a reset
 * or a takeover ends it. A plain-http endpoint is the local stack's push stand-in, so only the local
 * stage takes one: a deployed function never posts to an address on its own machine.
 */
export async function subscribePush(
  user: Pick<User, 'id' | 'tokenVersion'>,
  device: { endpoint: string; p256dh: string; auth: string },
  userAgent: string | undefined,
): Promise<void> {
  if (!pushServiceAt(device.endpoint)) throw new Invalid(pushEndpointMessage, { endpoint: pushEndpointMessage });
  const live = (await pushSubscriptionsOf(user.id)).filter((known) => isLiveDevice(known, user));
  if (!live.some((known) => known.endpoint === device.endpoint) && live.length >= maxPushDevices)
    throw new Conflict(`Notifications are on for ${maxPushDevices} devices already; turn them off on one of them first`);
  await putPushSubscription({
    userId: user.id,
    ...device,
    tokenVersion: user.tokenVersion,
    kind: deviceKindOf(userAgent),
    createdAt: new Date().toISOString(),
  });
}

/** A device as its owner's list shows it. */
export interface OwnedDevice {
  id: string;
  kind: DeviceKind;
  service: string;
  createdAt: string;
  thisDevice: boolean;
}

/** The user's live devices, newest first, the one at `currentEndpoint` marked. */
export async function pushDevicesOf(user: Pick<User, 'id' | 'tokenVersion'>, currentEndpoint?: string): Promise<OwnedDevice[]> {
  const devices = (await pushSubscriptionsOf(user.id)).filter((device) => isLiveDevice(device, user));
  return devices
    .map((device) => ({
      id: endpointHash(device.endpoint),
      kind: device.kind ?? deviceKindOf(undefined),
      service: pushServiceAt(device.endpoint)!,
      createdAt: device.createdAt ?? '',
      thisDevice: device.endpoint === currentEndpoint,
    }))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** Stops notifications on one of the user's devices, by its endpoint (the device itself) or its id (the list). */
export const unsubscribePush = (userId: string, endpoint: string) => deletePushSubscription(userId, endpoint);
export const removePushDevice = (userId: string, deviceId: string) => deletePushDevice(userId, deviceId);
