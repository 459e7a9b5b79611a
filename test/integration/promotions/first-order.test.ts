import { randomBytes } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { db, tableName } from '../../../functions/shared/db';
import { backfillCustomerMarks } from '../../../scripts/migrations/customer-marks';
import { type TestAccount, verifyMobileNumber } from '../../support/accounts';
import { logInAdmin, uniquePlayerId } from '../../support/admin';
import { callApi } from '../../support/http';
import { balanceOf, freshVoucher, fundedAccount, payInvoice, storedItem } from '../../support/money';

/** The seeded manual UID plan of Free Fire: ৳22, delivered by the operators. */
const plan = { plan_id: 'ff-25', price: 22 };

/** A new first-order code, ৳5 off. */
async function firstOrderCode(prefix = 'WELCOME'): Promise<string> {
  const code = `${prefix}${randomBytes(4).toString('hex').toUpperCase()}`;
  const created = await callApi<{ data: { first_order_only: number } }>('/admin/promo_codes', {
    method: 'POST',
    token: await logInAdmin(),
    form: { code, kind: 'fixed', value: 5, first_order_only: 1 },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect(created.body.data.first_order_only).toBe(1);
  return code;
}

const topUp = (account: TestAccount, fields: { code?: string; playerId?: string; total: number }) =>
  callApi<{ message: string; data: { order_id: string } }>('/user/request/', {
    token: account.token,
    form: {
      plan_id: plan.plan_id,
      saccount_type: 'UID Free Fire',
      saccount_id: fields.playerId ?? uniquePlayerId(),
      coupan_code: fields.code ?? '',
      paid_from_wallet: fields.total,
    },
  });

const checkout = (account: TestAccount, fields: { code: string; playerId?: string }) =>
  callApi<{ message: string; data: { payment_url: string; id: string } }>('/user/request_webview', {
    token: account.token,
    form: {
      plan_id: plan.plan_id,
      saccount_type: 'UID Free Fire',
      saccount_id: fields.playerId ?? uniquePlayerId(),
      coupan_code: fields.code,
      amount: plan.price - 5,
    },
  });

async function verifiedBuyer(label: string): Promise<TestAccount> {
  const account = await fundedAccount(100, label);
  await verifyMobileNumber(account);
  return account;
}

describe('first-order codes', () => {
  it('need a verified number, apply to the first paid order only, and charge nothing when refused', async () => {
    const code = await firstOrderCode();
    const unverified = await fundedAccount(100, 'fo-unverified');
    const asked = await topUp(unverified, { code, total: 17 });
    expect([asked.status, asked.body.message]).toEqual([400, 'Verify your mobile number in your profile to use this promo code']);

    const buyer = await verifiedBuyer('fo-first');
    const first = await topUp(buyer, { code, total: 17 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await balanceOf(buyer.code)).toBe(83);
    const again = await topUp(buyer, { code: await firstOrderCode('AGAIN'), total: 17 });
    expect([again.status, again.body.message]).toEqual([400, 'This promo code is for a first order only']);
    expect(await balanceOf(buyer.code)).toBe(83);
    expect(await storedItem(`CUSTOMER#account#${buyer.code}`, '#ORDERED')).toMatchObject({ firstOrderId: first.body.data.order_id });
  });

  it('count a player ID that bought before, from another account, and a voucher purchase as a first order', async () => {
    const playerId = uniquePlayerId();
    const earlier = await fundedAccount(100, 'fo-earlier');
    expect((await topUp(earlier, { playerId, total: plan.price })).status).toBe(200);
    const newcomer = await verifiedBuyer('fo-newcomer');
    const refused = await topUp(newcomer, { code: await firstOrderCode(), playerId, total: 17 });
    expect([refused.status, refused.body.message]).toEqual([400, 'This promo code is for a first order only']);

    const voucher = await freshVoucher(1, 10);
    const codesBuyer = await verifiedBuyer('fo-codes');
    const bought = await callApi('/user/buy_voucher/', { token: codesBuyer.token, form: { voucher_id: voucher.id, qty: 1 } });
    expect(bought.status, JSON.stringify(bought.body)).toBe(200);
    expect((await topUp(codesBuyer, { code: await firstOrderCode(), total: 17 })).body.message).toBe(
      'This promo code is for a first order only',
    );
  });

  it('give one of two parallel first orders by one person the code, never both', async () => {
    const buyer = await verifiedBuyer('fo-race');
    const [one, two] = await Promise.all([firstOrderCode('RACEA'), firstOrderCode('RACEB')]);
    const answers = await Promise.all([topUp(buyer, { code: one, total: 17 }), topUp(buyer, { code: two, total: 17 })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(await balanceOf(buyer.code)).toBe(83);
  });

  it('hold at a gateway checkout: a cancelled one leaves the buyer new, a paid one makes them a customer', async () => {
    const buyer = await verifiedBuyer('fo-gateway');
    const code = await firstOrderCode('GW');
    const cancelled = await checkout(buyer, { code });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(
      (await callApi('/user/cancel_payment', { token: buyer.token, form: { kind: 'order', id: cancelled.body.data.id } })).status,
    ).toBe(200);
    expect(await storedItem(`CUSTOMER#account#${buyer.code}`, '#ORDERED')).toBeUndefined();

    const paid = await checkout(buyer, { code });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    await payInvoice(paid.body.data.payment_url);
    await expect
      .poll(async () => (await storedItem(`CUSTOMER#mobile#${buyer.mobileNo}`, '#ORDERED'))?.firstOrderId, { timeout: 15_000 })
      .toBe(paid.body.data.id);
    const next = await checkout(buyer, { code: await firstOrderCode('GWNEXT') });
    expect([next.status, next.body.message]).toEqual([400, 'This promo code is for a first order only']);
  });
});

describe('the backfill of customer marks for the orders of before', () => {
  it('marks the account and the player ID of earlier orders with the earliest, once, so that they are no longer new', async () => {
    const buyer = await fundedAccount(100, 'fo-before');
    const playerId = uniquePlayerId();
    const first = await topUp(buyer, { playerId, total: plan.price });
    const second = await topUp(buyer, { playerId, total: plan.price });
    expect([first.status, second.status]).toEqual([200, 200]);
    // As the table stood before marks existed.
    const marks = [`CUSTOMER#account#${buyer.code}`, `CUSTOMER#player#${playerId}`];
    for (const pk of marks) await db.send(new DeleteCommand({ TableName: tableName, Key: { pk, sk: '#ORDERED' } }));

    expect((await backfillCustomerMarks({ dryRun: true })).marked).toBeGreaterThanOrEqual(4);
    expect(await storedItem(marks[0]!, '#ORDERED')).toBeUndefined();
    const outcome = await backfillCustomerMarks();
    expect(outcome.marked).toBeGreaterThanOrEqual(2);
    for (const pk of marks) expect(await storedItem(pk, '#ORDERED'), pk).toMatchObject({ firstOrderId: first.body.data.order_id });
    expect((await backfillCustomerMarks()).marked).toBe(0);

    await verifyMobileNumber(buyer);
    const refused = await topUp(buyer, { code: await firstOrderCode('BEFORE'), total: 17 });
    expect([refused.status, refused.body.message]).toEqual([400, 'This promo code is for a first order only']);
  });
});
