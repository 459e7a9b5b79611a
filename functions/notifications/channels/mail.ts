import { sendMail } from '../../mail/mailer';
import { siteUrl } from '../../shared/config';
import { logger } from '../../shared/logger';
import type { User } from '../../users/repo';
import { type Notification, notificationKey } from '../repo';
import { sendOnce } from './claim';

/** The mail of a notification: its words, the page it links to, and why the shopper gets it. */
export function noticeMail(notification: Notification, to: string) {
  return {
    to,
    subject: notification.title,
    text: `${notification.body}\n\n${siteUrl()}${notification.link}\n\nYou get this mail because it is about your account at ${siteUrl()}.`,
  };
}

/** Mails a notification once, and only to an address its owner proved. */
export async function mailNotification(notification: Notification, user: User | undefined): Promise<boolean> {
  if (!user?.email || !user.emailVerified) return false;
  const to = user.email;
  const mailed = await sendOnce(notificationKey(notification), 'mail', () => sendMail(noticeMail(notification, to)));
  if (mailed) logger.info('notification mailed', { notificationId: notification.id, kind: notification.kind });
  return mailed;
}
