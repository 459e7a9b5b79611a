import type { OrderDelivery } from '@contract/wire';
import { beforeAll, describe, expect, it } from 'vitest';
import { playerCheckOf } from '../../../web/src/features/catalog/order-rules';
import { deliveryLabel } from '../../../web/src/features/orders/delivery';
import { ordersMessages } from '../../../web/src/features/orders/messages';
import { loadMessages } from '../../../web/src/lib/i18n';

// The words come from the area's catalog, as a page loads it (English: Node has no page).
beforeAll(() => loadMessages(ordersMessages));

describe("the confirm step's player check", () => {
  it('names the player once found, and waits before any answer', () => {
    expect(playerCheckOf({})).toEqual({ kind: 'checking' });
    expect(playerCheckOf({ answer: { player_name: 'Player6781', region: 'BD' } })).toEqual({
      kind: 'found',
      name: 'Player6781',
      region: 'BD',
    });
  });

  it('warns of an unknown player only; any other failure says nothing (a lookup never blocks a sale)', () => {
    expect(playerCheckOf({ failedWith: 404 })).toEqual({ kind: 'missing' });
    for (const status of [503, 429, 500, 400, 0]) expect(playerCheckOf({ failedWith: status })).toEqual({ kind: 'unchecked' });
  });
});

describe("an order's delivery in the shopper's words", () => {
  const delivery = (state: OrderDelivery['state'], checkingMinutes = 0): OrderDelivery => ({
    mode: 'supplier',
    state,
    player_name: '',
    code: '',
    checking_minutes: checkingMinutes,
  });
  const paid = { awaiting_payment: false, payment_cancelled: false };

  it('says where a pending order stands', () => {
    expect(deliveryLabel({ ...paid, status: 'pending', delivery: delivery('waiting') })).toBe('Waiting for delivery');
    expect(deliveryLabel({ ...paid, status: 'pending', delivery: delivery('delivering') })).toBe('Delivering');
    expect(deliveryLabel({ ...paid, status: 'pending', delivery: delivery('unknown') })).toBe('Checking with the supplier');
  });

  it('says a held order is being checked, usually within the minutes the shop promises', () => {
    expect(deliveryLabel({ ...paid, status: 'pending', delivery: delivery('checking', 60) })).toBe(
      'Being checked before delivery, usually within 60 minutes',
    );
    expect(deliveryLabel({ ...paid, status: 'pending', delivery: delivery('checking') })).toBe('Being checked before delivery');
  });

  it('calls a completed order delivered, and a failed one refunded to the wallet', () => {
    expect(deliveryLabel({ ...paid, status: 'completed', delivery: delivery('waiting') })).toBe('Delivered');
    expect(deliveryLabel({ ...paid, status: 'refunded', delivery: delivery('failed') })).toBe('Delivery failed — refunded to your wallet');
  });

  it('says nothing before the payment, nor for an order refunded by hand', () => {
    expect(deliveryLabel({ ...paid, awaiting_payment: true, status: 'pending', delivery: delivery('waiting') })).toBeUndefined();
    expect(deliveryLabel({ ...paid, payment_cancelled: true, status: 'refunded', delivery: delivery('waiting') })).toBeUndefined();
    expect(deliveryLabel({ ...paid, status: 'refunded', delivery: delivery('waiting') })).toBeUndefined();
  });
});
