import type { OrderRow } from '@contract/wire';

/**
 * What every plan order row carries on the wire, the shopper's and the console's alike: a
 * completed order of 25 Free Fire diamonds for player ID 1234567897, by player ID, paid in full.
 */
export const orderRowBase = (orderId: string, createdAt: string): Omit<OrderRow, 'paid_by' | 'delivery'> => ({
  order_id: orderId,
  created_at: createdAt,
  status: '1',
  paid_amount: 25,
  discount: 0,
  coupan_code: '',
  plan_name: '25 Diamonds',
  saccount_id: '1234567897',
  remark: '',
  game: 'Free Fire',
  game_id: 'free-fire',
  plan_id: 'ff-25',
  group_name: 'UID TOPUP',
  by_player_id: true,
  awaiting_payment: false,
  payment_confirming: false,
  payment_cancelled: false,
  payment_url: '',
  invoice_id: '',
  transaction_id: '',
});
