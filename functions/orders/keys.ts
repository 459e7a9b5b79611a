/** The orders' item keys (single table), shared by the orders' repos. */
import { normalizePlayerId } from '../contract/rules';
import { dayIndexKeys } from '../shared/days';
import type { OrderStatus, PlanOrder } from './types';

export const keys = {
  order: (userId: string, orderId: string) => ({ pk: `USER#${userId}`, sk: `ORDER#${orderId}` }),
  queue: (status: OrderStatus) => `ORDERS#${status}`,
  /** Automatic deliveries under way: out of the operators' queue until they close or fall back. */
  deliveryQueue: 'ORDERS#delivering',
  /** Held orders: the review queue, out of both the above until released or refunded. */
  heldQueue: 'ORDERS#held',
  fulfilmentQueue: (order: PlanOrder) => ({
    gsi1pk:
      order.hold?.state === 'held'
        ? 'ORDERS#held'
        : order.delivery && order.delivery.state !== 'manual'
          ? 'ORDERS#delivering'
          : `ORDERS#${order.status}`,
    gsi1sk: `${order.createdAt}#${order.userId}#${order.orderId}`,
  }),
  lookup: (masterCategoryId: string, playerId: string) => ({ pk: `LOOKUP#${masterCategoryId}#${playerId}`, sk: '#PLAYER' }),
  shopperLookup: (userId: string, playerId: string) => ({ pk: `USER#${userId}`, sk: `PLAYERNAME#${playerId}` }),
  day: (orderId: string) => dayIndexKeys('ORDER', orderId),
  pendingOrder: (userId: string, orderId: string) => ({ pk: `USER#${userId}`, sk: `PORDER#${orderId}` }),
  /** Who tops up a player ID: the remembered player IDs' index (gsi2), for the fraud rules' linkage counts. */
  playerFeed: (playerId: string) => `PLAYERFEED#${normalizePlayerId(playerId)}`,
  playerId: (userId: string, masterCategoryId: string, playerId: string) => ({
    pk: `USER#${userId}`,
    sk: `PLAYERID#${masterCategoryId}#${playerId}`,
  }),
};
