import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { describe, expect, inject, it } from 'vitest';
import type { SalesItemRow } from '../../../functions/contract/admin-wire';
import { handler as sumReportEvents } from '../../../functions/reports/jobs/sum-report-events';
import { db, tableName } from '../../../functions/shared/db';
import { callApi } from '../../support/http';
import { asAdmin, freshPlan, salesToday, today } from '../../support/reports';
import { lambdaContext } from '../../support/lambda-event';
import { freshVoucher, fundedAccounts, payForInvoice, sendWebhook } from '../../support/money';

/**
 * The sales report (issue 42, decision 0023): each sale and refund writes a report event in its
 * own transaction; the stream's consumer sums them into the day's aggregates once each.
 */

const itemToday = async (itemId: string): Promise<SalesItemRow | undefined> =>
  (await salesToday()).items.find((item) => item.item_id === itemId);

/** The report events of these orders, as stream records of their insert. */
async function eventRecords(orderIds: string[]): Promise<DynamoDBStreamEvent['Records']> {
  const items = (
    await Promise.all(
      orderIds.map(async (orderId) => {
        const { Items = [] } = await db.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': `REPORTEVENT#${orderId}` },
          }),
        );
        return Items;
      }),
    )
  ).flat();
  return items.map((item, index) => {
    const { appliedAt: _applied, ...inserted } = item;
    return { eventName: 'INSERT', dynamodb: { NewImage: marshall(inserted) as never, SequenceNumber: String(index) } };
  });
}

describe('the sales report', () => {
  it('sums parallel code sales into the day once, however often the stream hands their events over', async () => {
    const voucher = await freshVoucher(30, 50);
    const buyers = await fundedAccounts(10, 200, 'report-codes');
    const sales = await Promise.all(
      buyers.map((buyer, i) =>
        callApi<{ data: { order_id: string } }>('/user/buy_voucher/', {
          token: buyer.token,
          form: { voucher_id: voucher.id, qty: 1 + (i % 2) },
        }),
      ),
    );
    expect(sales.map((sale) => sale.status)).toEqual(Array(10).fill(200));
    const expected = {
      orders: 10,
      units: 15,
      gross: 750,
      discount: 0,
      net: 750,
      refunds_wallet: 0,
      refunds_method: 0,
      cost: 0,
      margin: 750,
    };
    await expect.poll(() => itemToday(voucher.id), { timeout: 20_000, interval: 300 }).toMatchObject(expected);

    // The stream hands every event over again, twice at once: nothing is added twice.
    const records = await eventRecords(sales.map((sale) => sale.body.data.order_id));
    expect(records).toHaveLength(10);
    const answers = await Promise.all([
      sumReportEvents({ Records: records }, lambdaContext),
      sumReportEvents({ Records: records }, lambdaContext),
    ]);
    expect(answers).toEqual([{ batchItemFailures: [] }, { batchItemFailures: [] }]);
    expect(await itemToday(voucher.id)).toMatchObject(expected);

    // The day table's CSV says what the screen says.
    const csv = await fetch(`${inject('stack').url}/api/admin/reports/sales?from=${today()}&to=${today()}&format=csv`, {
      headers: { authorization: await asAdmin() },
    });
    expect(csv.status).toBe(200);
    const row = (await csv.text()).split('\r\n').find((line) => line.includes(`,voucher,${voucher.id},`));
    expect(row?.split(',').slice(-9).map(Number)).toEqual([10, 15, 750, 0, 750, 0, 0, 0, 750]);
  });

  it('counts a plan paid from the wallet and one paid through the gateway once each, and a refund once under parallel clicks', async () => {
    const planId = await freshPlan(30, 'Report', 98);
    const [walletBuyer, gatewayBuyer] = await fundedAccounts(2, 100, 'report-plan');
    const placed = await callApi<{ data: { order_id: string } }>('/user/request/', {
      token: walletBuyer!.token,
      form: { plan_id: planId, saccount_id: '123456781', paid_from_wallet: 30 },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const started = await callApi<{ data: { payment_url: string } }>('/user/request_webview', {
      token: gatewayBuyer!.token,
      form: { plan_id: planId, saccount_id: '123456782', amount: 30 },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const invoice = await payForInvoice(started.body.data.payment_url);
    await Promise.all([sendWebhook(invoice), sendWebhook(invoice), sendWebhook(invoice)]);
    await expect.poll(() => itemToday(planId), { timeout: 20_000, interval: 300 }).toMatchObject({ orders: 2, units: 2, net: 60 });

    const refunds = await Promise.all(
      Array.from({ length: 5 }, async () =>
        callApi(`/admin/orders/${placed.body.data.order_id}/refund`, {
          token: await asAdmin(),
          form: { remark: 'Out of stock at the game' },
        }),
      ),
    );
    expect(refunds.map((refund) => refund.status).sort()).toEqual([200, 409, 409, 409, 409]);
    await expect.poll(() => itemToday(planId), { timeout: 20_000, interval: 300 }).toMatchObject({ refunds_wallet: 30, margin: 30 });
    const report = await salesToday();
    expect(report.channels.find((channel) => channel.channel === 'bkash')?.payments).toBeGreaterThanOrEqual(1);
    expect(report.totals.net).toBe(report.items.reduce((sum, item) => sum + item.net, 0));
    expect(report.days).toEqual([{ day: today(), totals: report.totals }]);
    expect(report.games.find((game) => game.game_id === 'free-fire')?.net).toBe(
      report.items.filter((item) => item.game_id === 'free-fire').reduce((sum, item) => sum + item.net, 0),
    );
  });
});
