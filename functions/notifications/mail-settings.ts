import { SignJWT, jwtVerify } from 'jose';
import { badUnsubscribeMessage } from '../contract/accounts';
import { Invalid } from '../shared/errors';
import { firstKeyId, keyRing } from '../shared/secrets';
import { TransactionCancelled, transact } from '../shared/transactions';
import { type User, getUser, mailOptOutsItem } from '../users/repo';
import type { NotificationKind } from './repo';

/**
 * The mail a shopper may turn off. Receipts (orders paid, codes bought, money added), refunds and
 * security notices are always sent: they are the record of money and of the account.
 */
export const mailTopics = ['delivery_updates', 'payment_updates'] as const;
export type MailTopic = (typeof mailTopics)[number];

const topicOfKind: Record<NotificationKind, MailTopic | undefined> = {
  order_paid: undefined,
  order_delivered: 'delivery_updates',
  order_refunded: undefined,
  codes_bought: undefined,
  wallet_credited: undefined,
  payment_cancelled: 'payment_updates',
  password_changed: undefined,
  claim_reply: undefined,
};

/** The topic a notification's mail belongs to; none for mail that is always sent. */
export const mailTopicOf = (kind: NotificationKind) => topicOfKind[kind];

/** Which optional mail a user gets. */
export type MailSettings = Record<MailTopic, boolean>;

export const mailSettingsFrom = (user: Pick<User, 'mailOptOuts'>): MailSettings =>
  Object.fromEntries(mailTopics.map((topic) => [topic, !user.mailOptOuts?.includes(topic)])) as MailSettings;

/** Whether a user wants the mail of a notification of this kind. */
export const wantsMail = (user: Pick<User, 'mailOptOuts'>, kind: NotificationKind) => {
  const topic = mailTopicOf(kind);
  return topic === undefined || !user.mailOptOuts?.includes(topic);
};

export async function saveMailSettings(userId: string, settings: MailSettings): Promise<MailSettings> {
  const optOuts = mailTopics.filter((topic) => !settings[topic]);
  await transact([mailOptOutsItem(userId, optOuts, new Date().toISOString())]);
  return settings;
}

const audience = 'storefront-unsubscribe';
const issuer = 'storefront';

/** A mailed one-click unsubscribe link's token: signed (HS256, the ring's mail-link key), for one user and topic, a year long. */
export async function unsubscribeToken(userId: string, topic: MailTopic): Promise<string> {
  const { current } = await keyRing();
  return new SignJWT({ topic })
    .setProtectedHeader({ alg: 'HS256', kid: current.id })
    .setSubject(userId)
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime('365d')
    .sign(current.mailLinkKey);
}

const badUnsubscribeLink = () => new Invalid(badUnsubscribeMessage);

/**
 * Turns off one topic's mail for the user an unsubscribe token names (RFC 8058 one click: no
 * sign-in, the signature is the proof). Unsubscribing twice is the same as once.
 */
export async function unsubscribe(token: string): Promise<MailTopic> {
  const ring = await keyRing();
  let userId: string;
  let topic: MailTopic;
  try {
    const { payload } = await jwtVerify(
      token,
      (header: { kid?: string }) => {
        const key = ring.get(header.kid ?? firstKeyId);
        if (!key) throw badUnsubscribeLink();
        return key.mailLinkKey;
      },
      { issuer, audience, algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] },
    );
    if (!mailTopics.includes(payload.topic as MailTopic)) throw badUnsubscribeLink();
    userId = payload.sub!;
    topic = payload.topic as MailTopic;
  } catch {
    throw badUnsubscribeLink();
  }
  const user = await getUser(userId);
  if (!user) throw badUnsubscribeLink();
  const optOuts = [...new Set([...(user.mailOptOuts ?? []), topic])];
  await transact([mailOptOutsItem(userId, optOuts, new Date().toISOString())]).catch((error: unknown) => {
    throw error instanceof TransactionCancelled ? badUnsubscribeLink() : error;
  });
  return topic;
}
