import { describe, expect, it, vi } from 'vitest';

vi.stubEnv('TABLE_NAME', 'unit-test');
const alerts = await import('../../../functions/notifications/alerts');

const order = { orderId: '2QB0000000AB', gameName: 'Free Fire', planName: '100 Diamonds', price: 75 };
const now = '2026-11-25T20:30:00.000Z';
const stored = (item: ReturnType<typeof alerts.alertItem>) => item.Put!;

describe('operator alerts', () => {
  it('are written once: a deterministic id in a partition of its own, conditioned on being new, kept 30 days', () => {
    const put = stored(alerts.orderWaitingAlert(order, '', now));
    expect(put.Item).toMatchObject({ pk: 'ALERT#order-waiting#2QB0000000AB', sk: 'ALERT', entity: 'Alert', kind: 'order_waiting' });
    expect(put.ConditionExpression).toBe('attribute_not_exists(pk)');
    expect(put.Item!.expiresAt).toBe(Date.parse(now) / 1000 + 30 * 86_400);
    expect(stored(alerts.orderWaitingAlert(order, 'again', '2026-11-26T09:00:00.000Z')).Item!.pk).toBe(put.Item!.pk);
  });

  it('name what the operator needs (order id, item, amount) and the console page, never the shopper', () => {
    const item = stored(alerts.deliveryFailedAlert(order, 'No player with this ID', now)).Item!;
    expect(item.text).toBe('Delivery failed and was refunded: No player with this ID. Order 2QB0000000AB: Free Fire 100 Diamonds, ৳75.');
    expect(item.link).toBe('/admin/orders/2QB0000000AB');
    expect(
      stored(alerts.lowStockAlert({ voucherId: 'gp-500', voucherName: 'Google Play 500', stock: 1, mark: 5 }, now)).Item,
    ).toMatchObject({
      text: 'Low stock: Google Play 500 has 1 code left (mark 5).',
      link: '/admin/codes?voucher=gp-500',
    });
  });

  it('tell an unknown delivery once per lost answer, low stock and the supplier balance once per Dhaka day', () => {
    expect(stored(alerts.deliveryUnknownAlert(order, 1, now)).Item!.pk).not.toBe(
      stored(alerts.deliveryUnknownAlert(order, 3, now)).Item!.pk,
    );
    // 20:30 UTC is 02:30 the next day in Dhaka.
    expect(stored(alerts.supplierBalanceAlert('digiflazz', '2QB0000000AB', now)).Item!.pk).toBe(
      'ALERT#supplier-balance#digiflazz#2026-11-26',
    );
    const voucher = { voucherId: 'gp-500', voucherName: 'Google Play 500', stock: 5, mark: 5 };
    expect(stored(alerts.lowStockAlert(voucher, now)).Item!.pk).toBe('ALERT#low-stock#gp-500#2026-11-26');
  });
});
