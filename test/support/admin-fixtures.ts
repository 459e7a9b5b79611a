import type { AdminOrderDelivery, AdminOrderRow } from '@contract/admin-wire';
import { orderRowBase } from './order-fixtures';

/** The console's component tests' shared fixtures: rows as the console's endpoints answer them. */

/** A moment `minutes` before now, as the wire carries it. */
export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** What a fixture changes of an order row: any field, and any of its delivery's. */
export type AdminOrderChanges = Partial<Omit<AdminOrderRow, 'delivery'>> & { delivery?: Partial<AdminOrderDelivery> };

/**
 * A plan order as the console's lists answer it (GET /admin/orders, and inside a claim or a held
 * order), with `changes`: by default a completed wallet order of 25 diamonds for player ID
 * 1234567897, delivered by hand, never held.
 */
export function adminOrderRow({ delivery = {}, ...changes }: AdminOrderChanges = {}): AdminOrderRow {
  return {
    ...orderRowBase('OORDER1234', minutesAgo(200)),
    game_icon: '',
    user_id: 'U7',
    paid_by: 'wallet',
    account_type: '',
    hold: null,
    ...changes,
    delivery: {
      mode: 'manual',
      state: 'delivered',
      player_name: '',
      checking_minutes: 0,
      reason: '',
      attempts: 0,
      supplier: '',
      cost: 0,
      supplier_price: null,
      supplier_currency: '',
      cost_paid: null,
      has_code: false,
      ...delivery,
    },
  };
}
