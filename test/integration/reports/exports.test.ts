import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { AdminSalesReport } from '../../../functions/contract/admin-wire';
import type { RaisedClaim } from '../../../functions/contract/wire';
import { shiftDay } from '../../../functions/contract/report-range';
import type { TestAccount } from '../../support/accounts';
import { uniquePlayerId } from '../../support/admin';
import { stockPlanWith } from '../../support/catalog';
import { callApi } from '../../support/http';
import { asAdmin, freshPlan, today } from '../../support/reports';
import { freshVoucher, fundedAccounts } from '../../support/money';

/**
 * The accountants' CSV exports (issue 42): every order placed on a range of Dhaka days, its player
 * ID and codes masked, and every claim opened on them, read from the day index.
 */

/** A CSV export as the console downloads it: its status, headers and text (the byte-order mark kept). */
async function download(path: string) {
  const response = await fetch(`${inject('stack').url}/api${path}`, { headers: { authorization: await asAdmin() } });
  // `text()` would drop the byte-order mark; the file's bytes keep it.
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    disposition: response.headers.get('content-disposition'),
    text,
  };
}

/** A CSV's rows by column name (no cell of these exports holds a comma). */
function rowsOf(text: string): Record<string, string>[] {
  const [header, ...lines] = text
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  const columns = header!.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [columns[i], cell])));
}

/** A wallet order of `planId` for `playerId` paying `total` (with a promo code when named): its id. */
async function placed(buyer: TestAccount, planId: string, playerId: string, total: number, code?: string): Promise<string> {
  const answer = await callApi<{ data: { order_id: string } }>('/user/request/', {
    token: buyer.token,
    form: {
      plan_id: planId,
      saccount_type: 'UID Free Fire',
      saccount_id: playerId,
      paid_from_wallet: total,
      ...(code ? { coupan_code: code } : {}),
    },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data.order_id;
}

const raiseClaim = async (buyer: TestAccount, orderId: string) => {
  const raised = await callApi<{ data: RaisedClaim }>(`/user/order/${orderId}/claim`, {
    token: buyer.token,
    form: { reason: 'not_received', message: 'Nothing arrived' },
  });
  expect(raised.status, JSON.stringify(raised.body)).toBe(200);
  return raised.body.data.claim_id;
};

describe('the CSV exports', () => {
  it('write every order of the day once, oldest first, masked, and their net sums to the sales report’s', async () => {
    const planId = await freshPlan(30, 'Export', 97);
    const promo = `EXP${randomBytes(4).toString('hex').toUpperCase()}`;
    const made = await callApi('/admin/promo_codes', {
      token: await asAdmin(),
      form: { code: promo, kind: 'percent', value: 10, max_uses: 5 },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const voucher = await freshVoucher(4, 50);
    const stock = await stockPlanWith(2);
    const [walletBuyer, promoBuyer, refunded, codeBuyer, stockBuyer] = await fundedAccounts(5, 200, 'export');
    const playerIds = Array.from({ length: 4 }, () => uniquePlayerId());

    const walletOrder = await placed(walletBuyer!, planId, playerIds[0]!, 30);
    const promoOrder = await placed(promoBuyer!, planId, playerIds[1]!, 27, promo);
    const refundedOrder = await placed(refunded!, planId, playerIds[2]!, 30);
    const refund = await callApi(`/admin/orders/${refundedOrder}/refund`, { token: await asAdmin(), form: { remark: 'Out of stock' } });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const stockOrder = await placed(stockBuyer!, stock.planId, playerIds[3]!, 80);
    const codes = await callApi<{ data: { order_id: string } }>('/user/buy_voucher/', {
      token: codeBuyer!.token,
      form: { voucher_id: voucher.id, qty: 2 },
    });
    expect(codes.status, JSON.stringify(codes.body)).toBe(200);
    const codeOrder = codes.body.data.order_id;

    const csv = await download(`/admin/reports/orders?from=${today()}&to=${today()}`);
    expect([csv.status, csv.type]).toEqual([200, 'text/csv; charset=utf-8']);
    expect(csv.disposition).toBe(`attachment; filename="orders-${today()}-${today()}.csv"`);
    expect(csv.text.startsWith('\uFEFF')).toBe(true);
    expect(csv.text.slice(1).split('\r\n')[0]).toBe(
      'order_id,day,placed_at,kind,game_id,game,item_id,item,units,list_price,discount,promo_code,net,channel,status,refunded,refunded_to,supplier,cost,user,player_id,codes',
    );
    const rows = rowsOf(csv.text);
    const ours = [walletOrder, promoOrder, refundedOrder, stockOrder, codeOrder];
    for (const id of ours)
      expect(
        rows.filter((row) => row.order_id === id),
        id,
      ).toHaveLength(1);
    const placedAt = rows.map((row) => `${row.placed_at}#${row.order_id}`);
    expect(placedAt).toEqual([...placedAt].sort());
    const row = (id: string) => rows.find((each) => each.order_id === id)!;

    expect(row(walletOrder)).toMatchObject({
      day: today(),
      kind: 'plan',
      game_id: 'free-fire',
      item_id: planId,
      units: '1',
      list_price: '30',
      discount: '0',
      net: '30',
      channel: 'wallet',
      status: 'pending',
      refunded: '0',
      refunded_to: '',
      cost: '0',
      user: walletBuyer!.code,
      player_id: `******${playerIds[0]!.slice(-3)}`,
      codes: '',
    });
    expect(row(promoOrder)).toMatchObject({ list_price: '30', discount: '3', promo_code: promo, net: '27' });
    expect(row(refundedOrder)).toMatchObject({ status: 'refunded', refunded: '30', refunded_to: 'wallet' });
    expect(row(stockOrder).codes).toMatch(/^•••• .{4}$/);
    expect(row(codeOrder)).toMatchObject({
      kind: 'voucher',
      game_id: 'google-play',
      item_id: voucher.id,
      units: '2',
      list_price: '100',
      net: '100',
      channel: 'wallet',
      status: 'completed',
      player_id: '',
    });
    expect(row(codeOrder).codes).toMatch(/^•••• .{4} •••• .{4}$/);
    for (const secret of [...playerIds, ...voucher.codes, ...stock.codes]) expect(csv.text).not.toContain(secret);

    // The same orders' net, summed, is the sales report's for their items (its consumer lags the sales by seconds).
    const netOf = (itemId: string) => rows.filter((each) => each.item_id === itemId).reduce((sum, each) => sum + Number(each.net), 0);
    expect([netOf(planId), netOf(voucher.id)]).toEqual([87, 100]);
    const reported = async () => {
      const report = await callApi<{ data: AdminSalesReport }>(`/admin/reports/sales?from=${today()}&to=${today()}`, {
        method: 'GET',
        token: await asAdmin(),
      });
      const { items, promos } = report.body.data;
      return {
        net: [planId, voucher.id, stock.planId].map((id) => items.find((item) => item.item_id === id)?.net),
        // The promo code's discount moves its item's discount column and its own row once.
        discount: items.find((item) => item.item_id === planId)?.discount,
        promo: promos.find((row) => row.coupan_code === promo),
      };
    };
    await expect.poll(reported, { timeout: 20_000, interval: 300 }).toEqual({
      net: [netOf(planId), netOf(voucher.id), netOf(stock.planId)],
      discount: 3,
      promo: { coupan_code: promo, uses: 1, discount: 3, revenue: 27 },
    });
  });

  it('write every claim of the day: open, and closed by an operator’s refund with its amount', async () => {
    const planId = await freshPlan(40, 'Export', 97);
    const [waiting, refundedBuyer] = await fundedAccounts(2, 100, 'export-claim');
    const openClaim = await raiseClaim(waiting!, await placed(waiting!, planId, uniquePlayerId(), 40));
    const refundedOrder = await placed(refundedBuyer!, planId, uniquePlayerId(), 40);
    const refundedClaim = await raiseClaim(refundedBuyer!, refundedOrder);
    const refund = await callApi(`/admin/claims/${refundedClaim}/refund`, { token: await asAdmin(), form: { to: 'wallet' } });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);

    const csv = await download(`/admin/reports/claims?from=${today()}&to=${today()}`);
    expect([
      csv.status,
      csv.type,
      csv.text.startsWith('\uFEFFclaim_id,order_id,opened_at,reason,status,closed_at,closed_by,hours_to_close,refund\r\n'),
    ]).toEqual([200, 'text/csv; charset=utf-8', true]);
    expect(csv.disposition).toBe(`attachment; filename="claims-${today()}-${today()}.csv"`);
    const rows = rowsOf(csv.text);
    expect(rows.find((row) => row.claim_id === openClaim)).toMatchObject({
      reason: 'not_received',
      status: 'open',
      closed_at: '',
      closed_by: '',
      hours_to_close: '',
      refund: '',
    });
    expect(rows.find((row) => row.claim_id === refundedClaim)).toMatchObject({
      order_id: refundedOrder,
      status: 'closed',
      closed_by: 'operator',
      hours_to_close: '0',
      refund: '40',
    });
  });

  it('refuse a range longer than 90 days with the reason, and no file', async () => {
    const from = shiftDay(today(), -90);
    for (const report of ['orders', 'claims']) {
      const answer = await callApi<{ message: string }>(`/admin/reports/${report}?from=${from}&to=${today()}`, {
        method: 'GET',
        token: await asAdmin(),
      });
      expect([answer.status, answer.body.message, answer.headers.get('content-disposition')]).toEqual([
        400,
        'A report covers at most 90 days',
        null,
      ]);
    }
  });
});
