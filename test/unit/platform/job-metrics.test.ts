import type { Context } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The two scheduled jobs write their gauge every run, 0 included, and before a failed run throws. */
vi.mock('../../../functions/shared/metrics', () => ({
  businessMetrics: { paymentsPendingPastWindow: vi.fn(), paidOrdersUndelivered: vi.fn(), paymentVerifyFailed: vi.fn() },
}));
vi.mock('../../../functions/payments/reconciler', () => ({ reconcilePayments: vi.fn() }));
vi.mock('../../../functions/notifications/alert-settings', () => ({ alertSettings: async () => ({ paymentPendingMinutes: 15 }) }));
vi.mock('../../../functions/shared/lease', () => ({
  withLease: (_job: string, _holder: string, _ms: number, work: () => Promise<unknown>) => work(),
}));
vi.mock('../../../functions/orders/delivery-job', () => ({
  advanceDeliveries: vi.fn(),
  alertOverdueHolds: vi.fn(async () => 0),
  alertOverdueClaims: vi.fn(async () => 0),
  countOverdueOrders: vi.fn(),
  refreshSupplierStatus: vi.fn(),
}));
vi.stubEnv('POWERTOOLS_LOG_LEVEL', 'SILENT');

const { businessMetrics } = await import('../../../functions/shared/metrics');
const payments = await import('../../../functions/payments/reconciler');
const delivery = await import('../../../functions/orders/delivery-job');
const reconciler = (await import('../../../functions/payments/jobs/reconcile-payments')).handler;
const deliveryJob = (await import('../../../functions/orders/jobs/advance-deliveries')).handler;

const context = { awsRequestId: 'run-1', functionName: 'job', getRemainingTimeInMillis: () => 60_000 } as unknown as Context;
const reconciled = {
  hintsAnswered: 0,
  hintsGivenUp: 0,
  checked: 0,
  paid: 0,
  cancelled: 0,
  unanswered: 0,
  withoutInvoice: 0,
  failed: 0,
  left: 0,
  pendingPastWindow: 0,
};
const advanced = { open: 0, started: 0, asked: 0, delivered: 0, failed: 0, toQueue: 0, errors: 0 };

beforeEach(() => {
  vi.clearAllMocks();
});

describe('the reconciler', () => {
  it('writes the payments pending past the window every run, 0 included, with the alert settings as the window', async () => {
    vi.mocked(payments.reconcilePayments).mockResolvedValueOnce(reconciled);
    await reconciler({}, context);
    expect(businessMetrics.paymentsPendingPastWindow).toHaveBeenCalledWith(0);
    expect(vi.mocked(payments.reconcilePayments).mock.calls[0]![0]).toMatchObject({ stuckAfterMinutes: 15 });
  });

  it('writes it before a failed run throws', async () => {
    vi.mocked(payments.reconcilePayments).mockResolvedValueOnce({ ...reconciled, failed: 1, pendingPastWindow: 4 });
    await expect(reconciler({}, context)).rejects.toThrow('1 payments could not be reconciled');
    expect(businessMetrics.paymentsPendingPastWindow).toHaveBeenCalledWith(4);
  });
});

describe('the delivery job', () => {
  it('writes the paid orders undelivered past their window, automatic and manual together, 0 included', async () => {
    vi.mocked(delivery.advanceDeliveries).mockResolvedValue(advanced);
    vi.mocked(delivery.countOverdueOrders).mockResolvedValueOnce({ automatic: 0, manual: 0 });
    await deliveryJob({}, context);
    expect(businessMetrics.paidOrdersUndelivered).toHaveBeenCalledWith(0);
    vi.mocked(delivery.countOverdueOrders).mockResolvedValueOnce({ automatic: 2, manual: 1 });
    await deliveryJob({}, context);
    expect(businessMetrics.paidOrdersUndelivered).toHaveBeenLastCalledWith(3);
  });

  it('writes it before a run with failed steps throws, counted after the steps', async () => {
    const order: string[] = [];
    vi.mocked(delivery.advanceDeliveries).mockImplementationOnce(async () => {
      order.push('advance');
      return { ...advanced, open: 1, errors: 1 };
    });
    vi.mocked(delivery.countOverdueOrders).mockImplementationOnce(async () => {
      order.push('count');
      return { automatic: 1, manual: 0 };
    });
    await expect(deliveryJob({}, context)).rejects.toThrow('1 deliveries could not be advanced');
    expect(order).toEqual(['advance', 'count']);
    expect(businessMetrics.paidOrdersUndelivered).toHaveBeenCalledWith(1);
  });
});
