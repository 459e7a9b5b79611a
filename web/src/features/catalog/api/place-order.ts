import type { OrderRow } from '@contract/wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../lib/api';
import { userKey } from '../../../lib/auth';
import { ordersKey } from '../../../lib/cache-keys';
import type { AppliedPromo } from '../../promotions/api/get-quote';
import { playerIdsKey } from './get-player-ids';
import type { placeOrderBody } from '@contract/orders';
import type * as v from 'valibot';

/** The request of POST /user/request/ as its schema takes it (functions/contract/orders.ts). */
type OrderRequest = v.InferInput<typeof placeOrderBody>;

/**
 * What the order form hands over once its input is valid: the plan, the game (whose recent player
 * IDs an order by player ID updates) and the game-account fields, all sent (spec §3): for a
 * player-ID (UID TOPUP) group the player ID, an empty type and backup code and the password "0".
 */
export type PlanOrderInput = {
  /** The pack and its price when Buy Now was pressed (a sale's while one runs). */
  plan: { plans_id: string; price: number };
  masterCategoryId: string;
  /** A promo code applied in the confirm step, with the total the server quoted for it. */
  promo?: AppliedPromo;
  /** The total the server priced the order at when it refused the one sent (a sale ended or sold out meanwhile). */
  repriced?: number;
} & Required<Pick<OrderRequest, 'saccount_type' | 'saccount_id' | 'saccount_password' | 'backup_code'>>;

/** The fields of spec §3's payload that the server does not read, sent as the spec has them. */
type UnreadFields = Record<'paid_amount' | 'payment_reference', number | string>;

/** What the order will charge: the quoted total with a code, else the server's new price, else the pack's (the server refuses any other, 409). */
export const orderTotal = (order: PlanOrderInput) => order.promo?.total ?? order.repriced ?? order.plan.price;

/** The order payload of spec §3, paid from the wallet unless the gateway takes it. */
export const orderPayload = (order: PlanOrderInput): OrderRequest & UnreadFields => ({
  plan_id: order.plan.plans_id,
  paid_amount: 0,
  payment_reference: 0,
  saccount_type: order.saccount_type,
  saccount_id: order.saccount_id,
  saccount_password: order.saccount_password,
  backup_code: order.backup_code,
  coupan_code: order.promo?.code ?? '',
  paid_from_wallet: orderTotal(order),
});

/** POST /user/request/: a plan order paid from the wallet. Revalidates the user (balance), the orders and the game's recent player IDs; answers the server's message. */
export function usePlaceOrder() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    '/user/request/',
    async (path: string, { arg }: { arg: PlanOrderInput }) => {
      const { message } = await apiRequest<OrderRow>('POST', path, { body: orderPayload(arg) });
      await Promise.all([mutate(userKey), mutate(ordersKey), mutate(playerIdsKey(arg.masterCategoryId))]);
      return message;
    },
    writeOptions,
  );
}
