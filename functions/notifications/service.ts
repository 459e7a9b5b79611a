import { maxPushDevices } from '../contract/accounts';
import { stage } from '../shared/config';
import type { PageRequest } from '../shared/cursor';
import { Conflict, Invalid, ServiceUnavailable } from '../shared/errors';
import { vapidKeys } from '../shared/secrets';
import { TransactionCancelled, transact } from '../shared/transactions';
import {
  type Notification,
  type PushSubscription,
  countUnread,
  deletePushSubscription,
  markReadItem,
  notificationPage,
  pushSubscriptionsOf,
  putPushSubscription,
} from './repo';

/** A page of the user's notifications, newest first, with how many are unread. */
export async function notificationsOf(userId: string, request: PageRequest) {
  const [page, unread] = await Promise.all([notificationPage(userId, request), countUnread(userId)]);
  return { ...page, unread };
}

/**
 * Marks the user's notifications read and answers how many stay unread. Ids that are not the
 * user's are skipped, so a stale or foreign id never fails the others.
 */
export async function markRead(userId: string, ids: readonly string[]): Promise<number> {
  await Promise.all(
    ids.map((id) =>
      transact([markReadItem(userId, id)]).catch((error: unknown) => {
        if (!(error instanceof TransactionCancelled)) throw error;
      }),
    ),
  );
  return countUnread(userId);
}

/** The stage's VAPID public key, which browsers subscribe with; 503 until the operator has set the keys. */
export async function pushPublicKey(): Promise<string> {
  const keys = await vapidKeys();
  if (!keys) throw new ServiceUnavailable('Notifications on this device are not available right now');
  return keys.publicKey;
}

/**
 * Adds a device to the user's notifications (or renews its keys), up to `maxPushDevices`. A
 * plain-http endpoint is the local stack's push stand-in, so only the local stage takes one: a
 * deployed function never posts to an address on its own machine.
 */
export async function subscribePush(subscription: PushSubscription): Promise<void> {
  if (stage !== 'local' && !subscription.endpoint.startsWith('https://'))
    throw new Invalid('endpoint must be a push service address', { endpoint: 'endpoint must be a push service address' });
  const devices = await pushSubscriptionsOf(subscription.userId);
  const known = devices.some((device) => device.endpoint === subscription.endpoint);
  if (!known && devices.length >= maxPushDevices)
    throw new Conflict(`Notifications are on for ${maxPushDevices} devices already; turn them off on one of them first`);
  await putPushSubscription(subscription);
}

/** Stops notifications on a device of the user's. */
export const unsubscribePush = (userId: string, endpoint: string) => deletePushSubscription(userId, endpoint);

export type { Notification };
