/**
 * Guests (contract: Guest checkout): a visitor who buys without an account. A guest's orders live
 * in a partition of their contact (`USER#guest-<hash of the contact>`), so the order machinery
 * (the payment's settle step, delivery, claims) works on them unchanged; each order is reached
 * only through its secret link, a random token of 144 bits looked up by its SHA-256.
 */
import { createHash, randomBytes } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { type GuestContact, guestContactOf } from '../contract/rules';
import { db, tableName } from '../shared/db';
import { toItem } from '../shared/items';
import type { TransactionItem } from '../shared/transactions';
import { type User, verifiedMobileOf } from '../users/repo';
import type { PlanOrder } from './types';

/** Who buys: a signed-in shopper, or a guest as a checkout sees one. */
export type Purchaser = Pick<User, 'id' | 'name' | 'email' | 'mobileNo' | 'mobileVerified' | 'createdAt'>;

/** The partition id of a contact's guest orders. */
export const guestIdOf = (contact: GuestContact) =>
  `guest-${createHash('sha256').update(`guest:${contact.kind}:${contact.value}`).digest('base64url').slice(0, 22)}`;

/**
 * A guest as the checkout's rules see them: an account made this instant (every rule for young
 * accounts applies: guests are held to the stricter rules), with no verified number.
 */
export const guestPurchaser = (contact: GuestContact, now: string): Purchaser => ({
  id: guestIdOf(contact),
  name: 'Guest',
  email: contact.kind === 'email' ? contact.value : '',
  mobileNo: contact.kind === 'mobile' ? contact.value : '',
  createdAt: now,
});

/** A new order link's secret: 18 random bytes, 24 base64url characters. */
export const newLinkToken = () => randomBytes(18).toString('base64url');

/** The shop's page of a guest's order. */
export const orderLinkPath = (token: string) => `/order/${token}`;

const linkKey = (token: string) => ({ pk: `ORDERLINK#${createHash('sha256').update(token).digest('hex')}`, sk: '#LINK' });

/** What an order link opens: a guest's partition and order, and which kind of order (absent: a plan order; `codes`: a code order). */
export interface LinkedOrder {
  userId: string;
  orderId: string;
  kind?: 'codes';
}

/** An order link: its secret's hash to the order it opens, conditioned on being new. */
export const orderLinkItem = (token: string, order: LinkedOrder, now: string): TransactionItem => ({
  Put: {
    TableName: tableName,
    Item: toItem(
      'OrderLink',
      linkKey(token),
      { userId: order.userId, orderId: order.orderId, ...(order.kind ? { kind: order.kind } : {}) },
      now,
    ),
    ConditionExpression: 'attribute_not_exists(pk)',
  },
});

/** The order a link's secret opens, or undefined: GetItem ORDERLINK#<sha256>. */
export async function orderOfLink(token: string): Promise<LinkedOrder | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName, Key: linkKey(token) }));
  if (!Item) return undefined;
  return { userId: String(Item.userId), orderId: String(Item.orderId), ...(Item.kind === 'codes' ? { kind: 'codes' as const } : {}) };
}

/**
 * Whether a guest's order may move into an account now: finished (delivered or refunded), with no
 * open claim and no hold; one still under way moves when asked again after it finishes.
 */
export const guestOrderMovable = (order: Pick<PlanOrder, 'status' | 'openClaimId' | 'hold'>) =>
  order.status !== 'pending' && !order.openClaimId && order.hold?.state !== 'held';

/** The guest partitions an account may take orders from: those of its verified e-mail address and verified mobile number. */
export function verifiedGuestIdsOf(user: Pick<User, 'email' | 'emailVerified' | 'mobileNo' | 'mobileVerified'>): string[] {
  const contacts = [user.emailVerified ? user.email : undefined, verifiedMobileOf(user)];
  return contacts.flatMap((typed) => {
    const contact = typed ? guestContactOf(typed) : undefined;
    return contact ? [guestIdOf(contact)] : [];
  });
}
