import type { DeviceKind } from './device-names';
import type { Language } from '../contract/fields';
import type { GuestContact } from '../contract/rules';
import type { NotificationRow } from '../contract/wire';
import { createHash } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Page, PageRequest } from '../shared/cursor';
import { countPartition, db, queryAll, queryPage, tableName } from '../shared/db';
import { creationStamp } from '../shared/ids';
import { fromItem, toItem } from '../shared/items';
import type { TransactionItem } from '../shared/transactions';

/**
 * What a shopper hears about: a top-up order paid (its receipt), delivered, refunded (a failed
 * delivery among them), codes bought (their receipt), money credited to the wallet, a payment
 * cancelled, the password changed, an answer to a report; the wire's list names them.
 */
export type NotificationKind = NotificationRow['kind'];

/** The receipt of a purchase, carried by its notification into the mail. */
export interface Receipt {
  /** The order or top-up request it is the receipt of. */
  reference: string;
  item: string;
  /** The player ID a top-up goes to. */
  playerId?: string;
  /** Integer taka. */
  amount: number;
  /** The list price, when a promo code or a sale took something off it; with the code, if a code did. */
  listPrice?: number;
  coupanCode?: string;
  /** "Wallet", or the provider the gateway names (bKash, Nagad, …). */
  paidWith: string;
  gatewayTransactionId?: string;
  paidAt: string;
  /** The codes bought: mailed only to a proven address, never shown in the account's list or logged. */
  codes?: string[];
}

/**
 * A notification in a shopper's account. It is also the outbox: it is written in the same
 * transaction as the change it tells of, so that a change is never told twice or lost, and the
 * channels that carry it further (mail, push) read it from there.
 */
/** What a notification says: its title and its sentence. */
export interface NoticeWords {
  title: string;
  body: string;
}

/** A notification's words in a language (English where it has no Bengali). */
export const wordsIn = (notification: Pick<Notification, 'title' | 'body' | 'bn'>, language: Language | undefined): NoticeWords =>
  language === 'bn' && notification.bn ? notification.bn : { title: notification.title, body: notification.body };

export interface Notification {
  id: string;
  userId: string;
  kind: NotificationKind;
  /** In English; `bn` has the Bengali (a notification from before the shop spoke Bengali has none). */
  title: string;
  body: string;
  bn?: NoticeWords;
  /** The shop's own path the notification opens (an order's page, the wallet). */
  link: string;
  /** What it is about (an order id, a top-up request id), for the channels and for support. */
  subject: string;
  receipt?: Receipt;
  /** A guest's notice (no account): the contact it goes to, and its language. */
  to?: { contact: GuestContact; language: Language };
  read: boolean;
  at: string;
}

/** How long a notification stays in the account. */
const keptDays = 90;

/** A device a shopper gets notifications on: its Web Push subscription (`PushSubscription.toJSON()`). */
export interface PushSubscription {
  userId: string;
  /** The push service's address for this device; a capability, never logged. */
  endpoint: string;
  /** The browser's P-256 public key, base64url. */
  p256dh: string;
  /** The browser's auth secret, base64url. */
  auth: string;
  /**
   * The token version of the session that subscribed: a device belongs to that session's holder,
   * and an identity change that ends sessions (the version moving on) ends its devices with it.
   * Absent on devices saved before it was recorded, which are ended too.
   */
  tokenVersion?: number;
  /** What its owner knows it as, from its browser's User-Agent. */
  kind?: DeviceKind;
  createdAt?: string;
}

/**
 * What names a device without telling its endpoint: the first 22 base64url characters of the
 * endpoint's SHA-256 (132 bits). Its first 8 are what logs and send claims carry.
 */
export const endpointHash = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url').slice(0, 22);

const keys = {
  notification: (userId: string, id: string) => ({ pk: `USER#${userId}`, sk: `NOTE#${id}` }),
  pushSubscription: (userId: string, endpoint: string) => ({ pk: `USER#${userId}`, sk: `PUSH#${endpointHash(endpoint)}` }),
};

/** Where a notification is stored, for the channels' claims. */
export const notificationKey = (notification: Pick<Notification, 'userId' | 'id'>) =>
  keys.notification(notification.userId, notification.id);

/** The notification a change writes in its own transaction, conditioned on its id being new. */
export function notificationItem(notification: Omit<Notification, 'id' | 'read' | 'at'>, now = new Date().toISOString()): TransactionItem {
  const { id } = creationStamp(Date.parse(now));
  const stored: Notification = { ...notification, id, read: false, at: now };
  return {
    Put: {
      TableName: tableName,
      Item: {
        ...toItem('Notification', keys.notification(notification.userId, id), stored, now),
        expiresAt: Math.floor(Date.parse(now) / 1000) + keptDays * 86_400,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** A user's notifications, newest first, a page at a time: Query USER#id, begins_with NOTE#, descending. */
export async function notificationPage(userId: string, request: PageRequest): Promise<Page<Notification>> {
  const page = await queryPage({ key: 'pk', value: `USER#${userId}`, sortPrefix: 'NOTE#' }, { ascending: false, ...request });
  return { ...page, items: page.items.map((item) => fromItem<Notification>(item)) };
}

/** How many of a user's notifications are unread: Query USER#id, begins_with NOTE#, filtered, count only. */
export const countUnread = (userId: string) =>
  countPartition(
    { key: 'pk', value: `USER#${userId}`, sortPrefix: 'NOTE#' },
    { expression: '#read = :unread', names: { '#read': 'read' }, values: { ':unread': false } },
  );

/** Marks one of the user's notifications read, if it is theirs (a notification of another user does not exist under their key). */
export function markReadItem(userId: string, id: string): TransactionItem {
  return {
    Update: {
      TableName: tableName,
      Key: keys.notification(userId, id),
      UpdateExpression: 'SET #read = :read',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#read': 'read' },
      ExpressionAttributeValues: { ':read': true },
    },
  };
}

/** A user's devices: Query USER#id, begins_with PUSH#. */
export async function pushSubscriptionsOf(userId: string): Promise<PushSubscription[]> {
  const items = await queryAll({ key: 'pk', value: `USER#${userId}`, sortPrefix: 'PUSH#' });
  return items.map((item) => fromItem<PushSubscription>(item));
}

/** Saves a device's subscription (PutItem USER#id / PUSH#hash): the same endpoint again replaces its keys. */
export async function putPushSubscription(subscription: PushSubscription): Promise<void> {
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: toItem('PushSubscription', keys.pushSubscription(subscription.userId, subscription.endpoint), subscription),
    }),
  );
}

/** Forgets a device (DeleteItem USER#id / PUSH#hash); one that is not there is already forgotten. */
export async function deletePushSubscription(userId: string, endpoint: string): Promise<void> {
  await deletePushDevice(userId, endpointHash(endpoint));
}

/** Forgets a device by its id (the endpoint's hash), as its owner's device list names it. */
export async function deletePushDevice(userId: string, deviceId: string): Promise<void> {
  await db.send(new DeleteCommand({ TableName: tableName, Key: { pk: `USER#${userId}`, sk: `PUSH#${deviceId}` } }));
}
