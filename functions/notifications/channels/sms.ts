import { siteUrl } from '../../shared/config';
import { logger } from '../../shared/logger';
import { SmsError } from '../../sms/port';
import { smsProvider } from '../../sms/registry';
import { type Notification, notificationKey, wordsIn } from '../repo';
import { sendOnce } from './claim';

/** A guest's notice as a text message: its title and the page it opens, in the guest's language. */
export const guestSmsText = (notification: Notification, language: 'bn' | 'en') =>
  `${wordsIn(notification, language).title}\n${siteUrl()}${notification.link}`;

/**
 * A guest's notice (their receipt with the order's link) texted to the mobile number they gave,
 * once. A provider that may have sent it (no answer) or refused the number for good is not asked
 * again: logged, never retried blindly; one that could not be reached is, by the stream's retry.
 */
export async function smsGuestNotification(notification: Notification): Promise<boolean> {
  const to = notification.to;
  if (to?.contact.kind !== 'mobile') return false;
  const sent = await sendOnce(notificationKey(notification), 'sms', async () => {
    try {
      await smsProvider.send({ to: to.contact.value, text: guestSmsText(notification, to.language), reference: notification.subject });
    } catch (error) {
      if (!(error instanceof SmsError) || error.kind === 'unavailable') throw error;
      logger.warn('guest notification not texted', { notificationId: notification.id, kind: error.kind, reason: error.message });
    }
  });
  if (sent) logger.info('guest notification texted', { notificationId: notification.id, kind: notification.kind });
  return sent;
}
