import { getUser } from '../users/repo';
import { mailGuestNotification, mailNotification } from './channels/mail';
import { pushNotification } from './channels/push';
import { smsGuestNotification } from './channels/sms';
import type { Notification } from './repo';

/**
 * Carries one notification from the outbox to the shopper's channels, each at most once (each
 * send claimed on the notification; see channels/claim.ts). Every channel is tried; the first
 * failure is then thrown, so that the stream retries the ones that failed.
 */
export async function fanOut(notification: Notification): Promise<{ mailed: boolean; pushed: number }> {
  // A guest has no account, no devices: their receipt goes to the contact they gave.
  if (notification.to) {
    const [mailed] = await Promise.all([mailGuestNotification(notification), smsGuestNotification(notification)]);
    return { mailed, pushed: 0 };
  }
  const user = await getUser(notification.userId);
  const [mailed, pushed] = await Promise.allSettled([mailNotification(notification, user), pushNotification(notification, user)]);
  if (mailed.status === 'rejected') throw mailed.reason;
  if (pushed.status === 'rejected') throw pushed.reason;
  return { mailed: mailed.value, pushed: pushed.value };
}
