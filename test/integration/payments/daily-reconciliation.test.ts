import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { AdminPaymentDays, PaymentBookLine } from '@contract/admin-wire';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { dhakaDay } from '../../../functions/shared/days';
import { db, tableName } from '../../../functions/shared/db';
import { type TestAccount, registerAndLogIn } from '../../support/accounts';
import { callApi } from '../../support/http';
import { balanceOf, payInvoice, startTopUp } from '../../support/money';

let adminToken = '';
beforeAll(async () => {
  const { admin } = inject('stack').logins;
  const login = await callApi<{ data: { authToken: string } }>('/auth/login', { form: { email: admin.email, password: admin.password } });
  adminToken = login.body.data.authToken;
});

const csvHeader = 'day,payment_method,payments,amount,fees,charged,refunds,refunded,net';

const report = (query: string, token = adminToken) => callApi<{ data: AdminPaymentDays }>(`/admin/payments/daily?${query}`, { token });

/** The report as CSV, as a browser downloads it: the raw answer. */
const csvReport = (query: string) =>
  fetch(`${inject('stack').url}/api/admin/payments/daily?${query}&format=csv`, { headers: { authorization: adminToken } });

/** The CSV's rows as objects by header name (our values need no quoting). */
function csvRows(text: string): Record<string, string>[] {
  const [header, ...rows] = text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean);
  const names = header!.split(',');
  return rows.map((row) => Object.fromEntries(row.split(',').map((cell, i) => [names[i], cell])));
}

/** Every ledger entry with reason 'topup' of a Dhaka day, over all users: a Scan, as only a test may. */
async function topUpLedgerOf(day: string): Promise<{ userId: string; delta: number; reference: string }[]> {
  const entries: { userId: string; delta: number; reference: string }[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: 'entity = :entity AND reason = :reason',
        ExpressionAttributeValues: { ':entity': 'LedgerEntry', ':reason': 'topup' },
        ExclusiveStartKey: startKey,
        ConsistentRead: true,
      }),
    );
    for (const item of page.Items ?? []) {
      if (dhakaDay(Date.parse(String(item.createdAt))) === day)
        entries.push({ userId: String(item.userId), delta: Number(item.delta), reference: String(item.reference) });
    }
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return entries;
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('daily reconciliation of gateway money', () => {
  it('lists each settled top-up by channel with a masked payer number, and its CSV adds up to the ledger', async () => {
    const payers: TestAccount[] = [];
    for (const label of ['recon-a', 'recon-b', 'recon-c']) payers.push(await registerAndLogIn(label));
    const amounts = [137, 211, 389];
    const topUps = await Promise.all(payers.map((payer, i) => startTopUp(payer, amounts[i]!)));
    expect((await payInvoice(topUps[0]!.paymentUrl)).status).toBe(303);
    expect((await payInvoice(topUps[1]!.paymentUrl)).status).toBe(303);
    const nagad = await fetch(`${topUps[2]!.paymentUrl}/complete`, {
      method: 'POST',
      body: new URLSearchParams({ payment_method: 'nagad', sender_number: '01811223344' }),
      redirect: 'manual',
    });
    expect(nagad.status).toBe(303);
    for (const [i, payer] of payers.entries()) expect(await balanceOf(payer.code)).toBe(amounts[i]);
    // A plan order paid through the gateway (৳40, by Rocket): gateway money that is no top-up.
    const orderer = await registerAndLogIn('recon-order');
    const order = await callApi<{ data: { payment_url: string; id: string } }>('/user/request_webview', {
      token: orderer.token,
      form: { plan_id: 'ff-50', saccount_id: '55667788', amount: 40 },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const rocket = await fetch(`${order.body.data.payment_url}/complete`, {
      method: 'POST',
      body: new URLSearchParams({ payment_method: 'rocket', sender_number: '01911223344' }),
      redirect: 'manual',
    });
    expect(rocket.status).toBe(303);

    const today = dhakaDay(Date.now());
    const range = `from=${today}&to=${today}`;
    // Other payments may settle meanwhile (the local reconciler runs on a timer): the ledger is read before and after the report, until both agree.
    let attempt = 0;
    for (;;) {
      attempt += 1;
      const ledgerBefore = await topUpLedgerOf(today);
      const detailed = await report(`${range}&detail=1`);
      const csv = await csvReport(range);
      const ledgerAfter = await topUpLedgerOf(today);
      if (ledgerBefore.length !== ledgerAfter.length && attempt < 5) continue;

      expect(detailed.status, JSON.stringify(detailed.body)).toBe(200);
      const { days, totals } = detailed.body.data;
      expect(days.map((day) => day.day)).toEqual([today]);
      const lines: PaymentBookLine[] = days[0]!.lines!;

      for (const [i, topUp] of topUps.entries()) {
        const line = lines.find((entry) => entry.ref_kind === 'wallet' && entry.ref_id === topUp.requestId);
        expect(line, `book line of ${topUp.requestId}`).toMatchObject({
          kind: 'payment',
          user_id: payers[i]!.code,
          amount: amounts[i],
          payment_method: i === 2 ? 'nagad' : 'bkash',
          sender_number: `${'•'.repeat(8)}344`,
        });
        expect(line!.invoice_id).toMatch(/^[A-Za-z0-9]{10,}$/);
        expect(line!.transaction_id).toMatch(/^[A-Z0-9]{6,}$/);
        expect(line!.charged_amount).toBe(`${amounts[i]}.00`);
      }
      expect(lines.find((line) => line.ref_kind === 'order' && line.ref_id === order.body.data.id)).toMatchObject({
        kind: 'payment',
        user_id: orderer.code,
        amount: 40,
        payment_method: 'rocket',
        sender_number: `${'•'.repeat(8)}344`,
      });
      expect(JSON.stringify(lines)).not.toContain('0171122');
      expect(JSON.stringify(lines)).not.toContain('0181122');
      expect(JSON.stringify(lines)).not.toContain('0191122');

      // The channels and totals are the lines summed.
      const channels = days[0]!.channels;
      expect(channels.map((channel) => channel.payment_method)).toEqual([...channels.map((channel) => channel.payment_method)].sort());
      for (const channel of channels) {
        const own = lines.filter((line) => line.payment_method === channel.payment_method);
        expect(channel.payments).toBe(own.filter((line) => line.kind === 'payment').length);
        expect(channel.amount).toBe(sum(own.filter((line) => line.kind === 'payment').map((line) => line.amount)));
        expect(channel.net).toBe(channel.amount - channel.refunded);
        expect(channel.fees).toMatch(/^\d+\.\d{2}$/);
      }
      expect(totals.amount).toBe(sum(channels.map((channel) => channel.amount)));
      expect(totals).toEqual(days[0]!.totals);

      // The CSV: a download with the header row, one row per channel of the day.
      expect(csv.status).toBe(200);
      expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="payments-${today}-${today}.csv"`);
      const bytes = Buffer.from(await csv.arrayBuffer());
      // A byte-order mark first, so that a spreadsheet opens the file as UTF-8 (a decoder drops it).
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.toString('utf8');
      expect(text.startsWith(`\uFEFF${csvHeader}\r\n`)).toBe(true);
      const rows = csvRows(text);
      expect(rows.map((row) => row.payment_method)).toEqual(channels.map((channel) => channel.payment_method));
      expect(rows.every((row) => row.day === today)).toBe(true);
      expect(rows.find((row) => row.payment_method === 'nagad')).toBeDefined();

      // The CSV adds up to the ledger: the top-ups credited today (reason 'topup', every user) and the gateway orders (a plan, a
      // guest's codes) paid today, which no wallet holds, nothing else.
      const csvAmount = sum(rows.map((row) => Number(row.amount)));
      const orderLines = lines.filter((line) => line.kind === 'payment' && line.ref_kind !== 'wallet');
      expect(csvAmount).toBe(sum(ledgerAfter.map((entry) => entry.delta)) + sum(orderLines.map((line) => line.amount)));
      expect(csvAmount).toBe(totals.amount);
      // And every top-up credited today has its payment line, of the same amount.
      for (const entry of ledgerAfter) {
        const line = lines.find(
          (candidate) => candidate.kind === 'payment' && candidate.ref_kind === 'wallet' && candidate.ref_id === entry.reference,
        );
        expect(line, `payment line of top-up ${entry.reference}`).toMatchObject({ user_id: entry.userId, amount: entry.delta });
      }
      expect(lines.filter((line) => line.kind === 'payment' && line.ref_kind === 'wallet')).toHaveLength(ledgerAfter.length);
      break;
    }
  });

  it('reports the last seven days by default, every day listed, lines only when asked', async () => {
    const answer = await report('');
    expect(answer.status).toBe(200);
    const { days } = answer.body.data;
    expect(days).toHaveLength(7);
    expect(days.at(-1)!.day).toBe(dhakaDay(Date.now()));
    expect(days.map((day) => day.day)).toEqual([...days.map((day) => day.day)].sort());
    expect(days.every((day) => day.lines === undefined)).toBe(true);
  });

  it('refuses a range over 31 days, a reversed or malformed one, and anyone but an operator', async () => {
    const today = dhakaDay(Date.now());
    const fortyDaysAgo = dhakaDay(Date.now() - 39 * 86_400_000);
    const tooLong = await report(`from=${fortyDaysAgo}&to=${today}`);
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toMatchObject({
      status: 0,
      message: 'A report covers at most 31 days',
      errors: { to: 'A report covers at most 31 days' },
    });
    expect((await csvReport(`from=${fortyDaysAgo}&to=${today}`)).status).toBe(400);
    expect((await report(`from=${today}&to=${fortyDaysAgo}`)).body.message).toBe('From must not be after To');
    expect((await report('from=2026-02-30')).body).toMatchObject({ status: 0, errors: { from: 'From must be a date written YYYY-MM-DD' } });
    expect((await report(`from=${today}&to=${today}&format=pdf`)).status).toBe(400);

    const shopper = await registerAndLogIn('recon-nosy');
    const forbidden = await report(`from=${today}&to=${today}`, shopper.token);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ status: 0, message: 'Forbidden' });
    expect(
      (await fetch(`${inject('stack').url}/api/admin/payments/daily?format=csv`, { headers: { authorization: shopper.token } })).status,
    ).toBe(403);
  });
});
