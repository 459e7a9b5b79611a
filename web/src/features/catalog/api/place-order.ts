import type { OrderRow } from '@contract/wire';
import { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { apiRequest, writeOptions } from '../../../lib/api';
import { userKey } from '../../../lib/auth';
import { ordersKey } from '../../../lib/cache-keys';
import { playerIdsKey } from './get-player-ids';

/** What the order form hands over once its input is valid. */
export interface PlanOrderInput {
  plan: { plans_id: string; price: number };
  /** The game (master category), whose recent player IDs an order by player ID updates. */
  masterCategoryId: string;
  /** FB, Google, VK or Twitter; empty for a player-ID (UID TOPUP) group. */
  saccount_type: string;
  /** The player ID, or the game account's email or ID. */
  saccount_id: string;
  /** The game account's password; "0" for a player-ID group (spec §3). */
  saccount_password: string;
  /** Optional; empty for a player-ID group. */
  backup_code: string;
}

/** The order payload of spec §3, paid from the wallet unless the gateway takes it. */
export const orderPayload = (order: PlanOrderInput) => ({
  plan_id: order.plan.plans_id,
  paid_amount: 0,
  payment_reference: 0,
  saccount_type: order.saccount_type,
  saccount_id: order.saccount_id,
  saccount_password: order.saccount_password,
  backup_code: order.backup_code,
  coupan_code: '',
  paid_from_wallet: order.plan.price,
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
