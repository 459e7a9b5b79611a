import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { DeleteCommand, GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { shiftDay } from '../../../functions/contract/report-range';
import { listOrders } from '../../../functions/orders/repo';
import type { DayCheck, Figure } from '../../../functions/reports/reconcile';
import { db, tableName } from '../../../functions/shared/db';
import { backfillReports } from '../../../scripts/reports/backfill';
import { checkReports } from '../../../scripts/reports/day-records';
import { callApi } from '../../support/http';
import { asAdmin, freshPlan, salesToday, today } from '../../support/reports';
import { freshVoucher, fundedAccounts, payForInvoice, sendWebhook } from '../../support/money';

/**
 * The reports' reconciliation and backfill (issue 42, parts 4 and 5) on the local stack: a small
 * day of sales is reported live, checked against its records, then built again by the backfill
 * from the orders alone, to the same figures, once however often it runs. The table is the whole
 * tier's, so the assertions keep to this test's own plan, voucher and orders.
 */

/** The day's aggregates whose sort keys pass `keep`, as stored (less the time of their last write). */
async function aggregatesOfDay(keep: (sk: string) => boolean): Promise<Record<string, unknown>[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :day)',
      ExpressionAttributeValues: { ':pk': 'REPORTS', ':day': `${today()}#` },
      ConsistentRead: true,
    }),
  );
  return Items.filter((item) => keep(String(item.sk))).map(({ updatedAt: _at, ...item }) => item);
}

/** Adds to an aggregate's numbers (negative to take off). */
const addTo = (sk: string, add: Record<string, number>) =>
  db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: { pk: 'REPORTS', sk },
      UpdateExpression: `ADD ${Object.keys(add)
        .map((_, i) => `#c${i} :c${i}`)
        .join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(Object.keys(add).map((column, i) => [`#c${i}`, column])),
      ExpressionAttributeValues: Object.fromEntries(Object.values(add).map((value, i) => [`:c${i}`, value])),
    }),
  );

/** Deletes every report event of an order: the order as it was before report events existed. */
async function forgetEvents(orderId: string): Promise<void> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `REPORTEVENT#${orderId}` },
    }),
  );
  await Promise.all(Items.map((item) => db.send(new DeleteCommand({ TableName: tableName, Key: { pk: item.pk, sk: item.sk } }))));
}

/** A day of sales, the consumer's lag, and the operators' command started as a process of its own. */
const slow = 120_000;

const named = (figure: Figure) => [figure.day, figure.figure, figure.report, figure.records];

describe('the reports held against the records, and built again by the backfill', () => {
  it(
    'finds the live report matching the day, builds the same figures from the orders once, and names a corrupted item',
    async () => {
      const day = today();
      const channelDifferences = (checks: DayCheck[]) =>
        checks.flatMap((check) => check.differences).filter((row) => row.figure.startsWith('channel'));
      // The day's channels as the files before this one left them, once the consumer has caught up with their last sales.
      let baseline = channelDifferences(await checkReports(day, day, 1));
      for (let settled = false; !settled; ) {
        await new Promise((resolve) => setTimeout(resolve, 6_000));
        const again = channelDifferences(await checkReports(day, day, 1));
        settled = JSON.stringify(again) === JSON.stringify(baseline);
        baseline = again;
      }

      const planId = await freshPlan(30, 'Backfill', 97);
      const voucher = await freshVoucher(5, 40);
      const [walletBuyer, gatewayBuyer] = await fundedAccounts(2, 300, 'backfill');
      const placed = [];
      for (const player of ['123456771', '123456772']) {
        const order = await callApi<{ data: { order_id: string } }>('/user/request/', {
          token: walletBuyer!.token,
          form: { plan_id: planId, saccount_id: player, paid_from_wallet: 30 },
        });
        expect(order.status, JSON.stringify(order.body)).toBe(200);
        placed.push(order.body.data.order_id);
      }
      const codes = await callApi<{ data: { order_id: string } }>('/user/buy_voucher/', {
        token: walletBuyer!.token,
        form: { voucher_id: voucher.id, qty: 2 },
      });
      expect(codes.status, JSON.stringify(codes.body)).toBe(200);
      const started = await callApi<{ data: { payment_url: string } }>('/user/request_webview', {
        token: gatewayBuyer!.token,
        form: { plan_id: planId, saccount_id: '123456773', amount: 30 },
      });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      await sendWebhook(await payForInvoice(started.body.data.payment_url));
      const refund = await callApi(`/admin/orders/${placed[0]}/refund`, {
        token: await asAdmin(),
        form: { remark: 'Out of stock at the game' },
      });
      expect(refund.status, JSON.stringify(refund.body)).toBe(200);

      // The live path's aggregates, once the stream's consumer has summed every event.
      const itemOf = async (id: string) => (await salesToday()).items.find((item) => item.item_id === id);
      await expect.poll(() => itemOf(planId), { timeout: 20_000, interval: 300 }).toMatchObject({ orders: 3, net: 90, refunds_wallet: 30 });
      await expect.poll(() => itemOf(voucher.id), { timeout: 20_000, interval: 300 }).toMatchObject({ orders: 1, units: 2, net: 80 });
      const [gatewayOrder] = await listOrders(gatewayBuyer!.code);
      const gatewayChannel = gatewayOrder!.receipt!.paymentMethod;
      const orderIds = [...placed, codes.body.data.order_id, gatewayOrder!.orderId];

      // The check finds the day's records and its report agree: on this test's items, and its channels differ no more than before.
      const mine = (sk: string) => sk.includes(`#${planId}`) || sk.includes(`#${voucher.id}`);
      const ours = (row: Figure) => row.figure.includes(` ${planId} `) || row.figure.includes(` ${voucher.id} `);
      const checked = await checkReports(day, day, 1);
      const figures = checked.flatMap((check) => check.figures);
      expect(figures.filter(ours).map(named)).toContainEqual([day, `item plan ${planId} net`, 90, 90]);
      expect(checked.flatMap((check) => check.differences).filter(ours)).toEqual([]);
      expect(channelDifferences(checked).map(named)).toEqual(baseline.map(named));

      // Before report events existed: the orders without events, the day without their figures.
      const channels = [`${day}#CHANNEL#wallet`, `${day}#CHANNEL#${gatewayChannel}`];
      const live = await aggregatesOfDay((sk) => mine(sk) || channels.includes(sk));
      await Promise.all(orderIds.map(forgetEvents));
      for (const item of live.filter((aggregate) => mine(String(aggregate.sk))))
        await db.send(new DeleteCommand({ TableName: tableName, Key: { pk: 'REPORTS', sk: item.sk } }));
      await addTo(channels[0]!, { payments: -3, amount: -(30 + 30 + 80) });
      await addTo(channels[1]!, { payments: -1, amount: -30 });

      // A range that reaches the first day of live events is refused.
      await expect(backfillReports({ from: day, to: day, liveSince: day })).rejects.toThrow(/live since/);

      // A dry run counts and writes nothing.
      const dry = await backfillReports({ from: day, to: day, liveSince: shiftDay(day, 1), dryRun: true });
      expect(dry).toMatchObject({ sales: 4, refunds: 1, already: 0 });
      expect(await aggregatesOfDay(mine)).toEqual([]);

      // The backfill builds them again from the orders: the same figures, to the taka.
      const first = await backfillReports({ from: day, to: day, liveSince: shiftDay(day, 1) });
      expect(first).toMatchObject({ sales: 4, refunds: 1, already: 0 });
      expect(await aggregatesOfDay((sk) => mine(sk) || channels.includes(sk))).toEqual(live);

      // Again: nothing is added twice.
      const second = await backfillReports({ from: day, to: day, liveSince: shiftDay(day, 1) });
      expect(second).toMatchObject({ sales: 0, refunds: 0, already: 5 });
      expect(await aggregatesOfDay((sk) => mine(sk) || channels.includes(sk))).toEqual(live);
      const { Item: kept } = await db.send(
        new GetCommand({ TableName: tableName, Key: { pk: `REPORTEVENT#${placed[0]}`, sk: 'refund#backfill' }, ConsistentRead: true }),
      );
      expect(kept).toMatchObject({ kind: 'refund', amount: 30, to: 'wallet' });
      expect(kept?.appliedAt).toBeTruthy();

      // An aggregate 5 taka over: the check names the day and the item, with both figures.
      const itemKey = String(live.find((aggregate) => String(aggregate.sk).endsWith(`#plan#${planId}`))!.sk);
      await addTo(itemKey, { net: 5 });
      try {
        const corrupted = (await checkReports(day, day, 1)).flatMap((check) => check.differences).filter(ours);
        expect(corrupted.map(named)).toEqual([[day, `item plan ${planId} net`, 95, 90]]);
        // The operators' command says so too, and fails (the table named by the environment, as the tests do).
        const run = await promisify(execFile)('npx', ['tsx', 'scripts/report-check.ts', '--from', day, '--to', day, '--lookback', '1'], {
          env: process.env,
        }).then(
          () => ({ code: 0, stdout: '' }),
          (error: { code: number; stdout: string }) => error,
        );
        expect(run.code).toBe(1);
        expect(run.stdout).toContain(`${day} item plan ${planId} net: report 95, records 90 (+5)`);
      } finally {
        await addTo(itemKey, { net: -5 });
      }
    },
    slow,
  );
});
