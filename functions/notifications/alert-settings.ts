import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../shared/db';
import { fromItem, toItem } from '../shared/items';
import type { TransactionItem } from '../shared/transactions';
import { type AlertKind, alertKinds } from './alerts';

/** What the operators chose to hear: the Telegram chat, the kinds of alert, and when a pending payment counts as stuck. */
export interface AlertSettings {
  /** The Telegram chat (a group's negative id, a user's id, or @channel) alerts go to; empty: none is sent. */
  chatId: string;
  /** The kinds sent; a kind left out is skipped. */
  kinds: Record<Exclude<AlertKind, 'test'>, boolean>;
  /** Minutes a payment may be pending at the gateway before it is told. */
  paymentPendingMinutes: number;
  /** Minutes promised for an answer to a shopper's report: an open claim older is marked in the queue and told once. */
  claimAnswerMinutes: number;
}

export const defaultAlertSettings: AlertSettings = {
  chatId: '',
  kinds: Object.fromEntries(alertKinds.map((kind) => [kind, true])) as AlertSettings['kinds'],
  paymentPendingMinutes: 15,
  claimAnswerMinutes: 120,
};

/** The one item of the alert settings, in a partition no public function may touch. */
const key = { pk: 'OPS#ALERTS', sk: 'SETTINGS' };

/** The alert settings: GetItem OPS#ALERTS / SETTINGS (the defaults until an operator saves). */
export async function alertSettings(): Promise<AlertSettings> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: key }));
  if (!Item) return defaultAlertSettings;
  const stored = fromItem<Partial<AlertSettings>>(Item);
  return { ...defaultAlertSettings, ...stored, kinds: { ...defaultAlertSettings.kinds, ...stored.kinds } };
}

/** The alert settings as saved, for the transaction that also writes the operator's audit entry. */
export function alertSettingsItem(settings: AlertSettings, now: string): TransactionItem {
  return { Put: { TableName: tableName, Item: toItem('AlertSettings', key, settings, now) } };
}
