import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { sendMail } from '../mail/mailer';
import { siteUrl } from '../shared/config';
import { db, tableName } from '../shared/db';
import { logger } from '../shared/logger';
import { getUser } from '../users/repo';
import type { Notification } from './repo';

const noteKey = (notification: Pick<Notification, 'userId' | 'id'>) => ({
  pk: `USER#${notification.userId}`,
  sk: `NOTE#${notification.id}`,
});

const isConditionFailure = (error: unknown) => (error as Error).name === 'ConditionalCheckFailedException';

/**
 * Claims a channel's send of a notification, once: a conditional write of `<channel>At` on the
 * notification itself. A replayed stream record or a second consumer finds it claimed and sends
 * nothing; a send that fails gives the claim back, so the stream's retry sends it once.
 */
async function claim(notification: Notification, channel: 'mail'): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: noteKey(notification),
        UpdateExpression: 'SET #at = :now',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#at)',
        ExpressionAttributeNames: { '#at': `${channel}At` },
        ExpressionAttributeValues: { ':now': new Date().toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

async function release(notification: Notification, channel: 'mail'): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: noteKey(notification),
      UpdateExpression: 'REMOVE #at',
      ExpressionAttributeNames: { '#at': `${channel}At` },
    }),
  );
}

/** The mail of a notification: its words, the page it links to, and why the shopper gets it. */
export function noticeMail(notification: Notification, to: string) {
  return {
    to,
    subject: notification.title,
    text: `${notification.body}\n\n${siteUrl()}${notification.link}\n\nYou get this mail because it is about your account at ${siteUrl()}.`,
  };
}

/**
 * Carries one notification from the outbox to the shopper's channels, each at most once: e-mail,
 * only to an address its owner proved. (Web push and the operators' Telegram join here.)
 */
export async function fanOut(notification: Notification): Promise<{ mailed: boolean }> {
  const user = await getUser(notification.userId);
  if (!user?.email || !user.emailVerified) return { mailed: false };
  if (!(await claim(notification, 'mail'))) return { mailed: false };
  try {
    await sendMail(noticeMail(notification, user.email));
  } catch (error) {
    await release(notification, 'mail');
    throw error;
  }
  logger.info('notification mailed', { notificationId: notification.id, kind: notification.kind });
  return { mailed: true };
}
