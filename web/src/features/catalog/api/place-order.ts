import { apiRequest } from '../../../lib/api';
import { type CheckoutAnswer, payInNewWindow } from '../../../lib/payment-window';
import { refreshUserInfo } from '../../../lib/user-info';

/** What the order form hands over once its input is valid. */
export interface PlanOrderInput {
  plan: { plans_id: string; pname: string; price: number };
  group: { id: string; cname: string };
  mode: 'wallet' | 'gateway';
  /** FB, Google, VK or Twitter; empty for a player-ID (UID TOPUP) group. */
  saccount_type: string;
  /** The player ID, or the game account's email or ID. */
  saccount_id: string;
  /** The game account's password; "0" for a player-ID group (spec §3). */
  saccount_password: string;
  /** Optional; empty for a player-ID group. */
  backup_code: string;
}

/** How an order went: paid from the wallet, sent to the gateway's page, or refused there. */
export type OrderOutcome = { kind: 'placed'; message: string } | { kind: 'paying' } | { kind: 'refused'; message: string };

/**
 * Places a plan order (spec §4). Wallet: POST /user/request/ with the order payload of spec §3,
 * then the user info is refreshed. Instant payment: POST /user/request_webview, whose payment
 * link opens in a new window.
 */
export async function placePlanOrder(order: PlanOrderInput): Promise<OrderOutcome> {
  const payload = {
    plan_id: order.plan.plans_id,
    paid_amount: 0,
    payment_reference: 0,
    saccount_type: order.saccount_type,
    saccount_id: order.saccount_id,
    saccount_password: order.saccount_password,
    backup_code: order.backup_code,
    coupan_code: '',
    paid_from_wallet: order.plan.price,
  };
  if (order.mode === 'gateway') {
    const refusal = await payInNewWindow(async () => {
      const { data } = await apiRequest<CheckoutAnswer>('POST', '/user/request_webview', { body: { ...payload, amount: order.plan.price } });
      return data;
    });
    return refusal === undefined ? { kind: 'paying' } : { kind: 'refused', message: refusal };
  }
  const { message } = await apiRequest('POST', '/user/request/', { body: payload });
  await refreshUserInfo().catch(() => undefined);
  return { kind: 'placed', message };
}
