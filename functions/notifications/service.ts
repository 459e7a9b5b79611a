import type { PageRequest } from '../shared/cursor';
import { ServiceUnavailable } from '../shared/errors';
import { vapidKeys } from '../shared/secrets';
import { TransactionCancelled, transact } from '../shared/transactions';
import { type Notification, countUnread, markReadItem, notificationPage } from './repo';

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

export type { Notification };
