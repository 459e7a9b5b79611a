import { getUser } from '../users/repo';
import { mailNotification } from './channels/mail';
import type { Notification } from './repo';

/**
 * Carries one notification from the outbox to the shopper's channels, each at most once (each
 * send claimed on the notification; see channels/claim.ts).
 */
export async function fanOut(notification: Notification): Promise<{ mailed: boolean }> {
  const user = await getUser(notification.userId);
  const mailed = await mailNotification(notification, user);
  return { mailed };
}
