/**
 * "Find my orders" (contract: Guest checkout): a guest who lost their order links asks for a
 * one-time code at their contact (./guest-orders-code.ts), then trades it here for their orders,
 * each with a new link (the table keeps only the links' hashes, so an old link cannot be shown again).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { type GuestContact, typedMobileCode } from '../contract/rules';
import type { GuestOrderRow } from '../contract/wire';
import { siteUrl } from '../shared/config';
import { Invalid } from '../shared/errors';
import { type RateLimit, takeAttempt, tryAgainIn } from '../shared/rate-limit';
import { keyRing } from '../shared/secrets';
import { TransactionCancelled, transact } from '../shared/transactions';
import { spendGuestOrdersCodeItem, tryGuestOrdersCode } from './guest-code-repo';
import { type LinkedOrder, guestIdOf, newLinkToken, orderLinkItem, orderLinkPath } from './guests';
import { listOrders } from './repo';
import { listVoucherOrders } from '../vouchers/repo';
import { orderView, orderWireStatus } from './views';

/** The code's shape and life, as the account's mobile code's. */
export const guestCodeRules = { digits: 6, lifetimeMinutes: 10, maxTries: 5, resendGapSeconds: 60 } as const;

/** The orders one code opens: the newest, as many as one transaction can link besides spending the code. */
const ordersPerCode = 50;

/** Codes asked for from one address (the local stack's tests, all from one address, raise it). */
export const perAddress = Number(process.env.GUEST_FIND_LIMIT_PER_ADDRESS ?? 10);

/** Codes tried from one address: two for each code asked for (each code allows five tries of its own). */
const triedPerAddress: RateLimit = {
  name: 'guest-find-tries',
  max: perAddress * 2,
  windowSeconds: 3600,
  message: tryAgainIn('Too many codes tried.'),
};

const refusals = {
  expired: 'This code has expired or was tried too often. Ask for a new one.',
  wrong: 'This code is not right. Please check it and try again.',
} as const;

export const guestCodeHash = (key: Uint8Array, guestId: string, code: string) =>
  createHmac('sha256', key).update(`guest-orders:${guestId}:${code}`).digest('base64url');

/**
 * A contact's orders for the right code: each try is counted before it is compared, the right
 * one is spent in the transaction that writes the new links, so a code opens the orders once.
 */
export async function guestOrdersForCode(contact: GuestContact, typed: string, clientIp: string): Promise<GuestOrderRow[]> {
  const code = typedMobileCode(typed);
  if (!code) throw new Invalid(refusals.wrong, { otp: refusals.wrong });
  await takeAttempt(triedPerAddress, clientIp);
  const guestId = guestIdOf(contact);
  const record = await tryGuestOrdersCode(guestId, guestCodeRules.maxTries, Math.floor(Date.now() / 1000));
  const key = record && (await keyRing()).get(record.keyId);
  if (!record || !key) throw new Invalid(refusals.expired, { otp: refusals.expired });
  const expected = Buffer.from(record.codeHash);
  const given = Buffer.from(guestCodeHash(key.codeKey, guestId, code));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new Invalid(refusals.wrong, { otp: refusals.wrong });
  const found = await guestOrdersOf(guestId, ordersPerCode);
  const now = new Date().toISOString();
  const links = found.map((order) => ({ order, token: newLinkToken() }));
  try {
    await transact([
      spendGuestOrdersCodeItem(guestId, record.codeHash),
      ...links.map(({ order, token }) => orderLinkItem(token, { userId: guestId, orderId: order.order_id, ...order.link }, now)),
    ]);
  } catch (error) {
    // A parallel try of the same code spent it first: this one opens nothing.
    if (error instanceof TransactionCancelled) throw new Invalid(refusals.expired, { otp: refusals.expired });
    throw error;
  }
  return links.map(({ order, token }) => ({
    order_link: `${siteUrl()}${orderLinkPath(token)}`,
    order_id: order.order_id,
    created_at: order.created_at,
    status: order.status,
    paid_amount: order.paid_amount,
    plan_name: order.plan_name,
  }));
}

/** A guest order as "Find my orders" lists it, without its link yet, and what its link opens. */
type FoundOrder = Omit<GuestOrderRow, 'order_link'> & { link: Pick<LinkedOrder, 'kind'> };

/**
 * A contact's newest placed orders, top-ups and codes together (`limit` of them): two Queries of
 * its partition, newest first. A code order's total is its codes' price less the promo code's part.
 */
export async function guestOrdersOf(guestId: string, limit: number): Promise<FoundOrder[]> {
  const [orders, codeOrders] = await Promise.all([listOrders(guestId, limit), listVoucherOrders(guestId, limit)]);
  const found: FoundOrder[] = [
    ...orders.map((order) => {
      const row = orderView(order);
      const { order_id, created_at, status, paid_amount, plan_name } = row;
      return { order_id, created_at, status, paid_amount, plan_name, link: {} };
    }),
    ...codeOrders.map((order) => ({
      order_id: order.orderId,
      created_at: order.createdAt,
      status: orderWireStatus.completed,
      paid_amount: order.unitPrice * order.qty - (order.discount ?? 0),
      plan_name: order.voucherName,
      link: { kind: 'codes' as const },
    })),
  ];
  return found.sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, limit);
}
