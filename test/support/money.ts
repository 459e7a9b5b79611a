import { randomBytes } from 'node:crypto';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { expect, inject } from 'vitest';
import { db, tableName } from '../../functions/shared/db';
import { getWallet, listLedger } from '../../functions/wallet/repo';
import { adjustBalance } from '../../functions/wallet/service';
import { type TestAccount, registerAndLogIn } from './accounts';
import { newVoucher, stockCodes } from './catalog';
import { callApi } from './http';

/** A fresh account whose wallet holds `balance` taka, credited with a ledger entry. */
export async function fundedAccount(balance: number, label = 'buyer'): Promise<TestAccount> {
  const account = await registerAndLogIn(label);
  if (balance > 0) await adjustBalance(account.code, balance, 'adjustment', 'test-funding');
  return account;
}

/**
 * `count` fresh funded accounts, ten at a time: every test signs in from one address, whose
 * login bucket (30 a window) a crowd of parallel sign-ins would empty before the test began.
 */
export async function fundedAccounts(count: number, balance: number, label = 'buyer'): Promise<TestAccount[]> {
  const accounts: TestAccount[] = [];
  while (accounts.length < count) {
    const batch = Math.min(10, count - accounts.length);
    accounts.push(
      ...(await Promise.all(Array.from({ length: batch }, (_, i) => fundedAccount(balance, `${label}${accounts.length + i}`)))),
    );
  }
  return accounts;
}

/** The wallet balance as stored. */
export const balanceOf = async (userId: string) => (await getWallet(userId)).balance;

/**
 * The buyers' balances once a rush has settled: under npm test's load the local host may answer
 * an order after its 10 s deadline (a 500 while the order still runs), so what counts is what was
 * charged, read until two reads 2 s apart agree on how many balances moved from `start`.
 */
export async function settledBalances(buyers: TestAccount[], start: number): Promise<number[]> {
  let charged = -1;
  for (;;) {
    const balances = await Promise.all(buyers.map((buyer) => balanceOf(buyer.code)));
    const now = balances.filter((balance) => balance !== start).length;
    if (now === charged) return balances;
    charged = now;
    await new Promise((done) => setTimeout(done, 2_000));
  }
}

/** The money invariant: the ledger's deltas sum to the balance, and its entries are numbered 1..n. */
export async function expectLedgerMatchesBalance(userId: string): Promise<void> {
  const [ledger, wallet] = await Promise.all([listLedger(userId), getWallet(userId)]);
  expect(
    ledger.reduce((sum, entry) => sum + entry.delta, 0),
    `ledger of ${userId}`,
  ).toBe(wallet.balance);
  expect(ledger.map((entry) => entry.seq)).toEqual(ledger.map((_, i) => i + 1));
  expect(wallet.version).toBe(ledger.length);
}

/** A new voucher of its own (unique id) with `count` unsold codes, in the seeded Google Play brand. */
export async function freshVoucher(count: number, price = 100): Promise<{ id: string; codes: string[] }> {
  const id = `test-${randomBytes(4).toString('hex')}`;
  await newVoucher({
    id,
    masterCategoryId: 'google-play',
    name: `Test voucher ${id}`,
    image: '/images/voucher-gp-500.svg',
    price,
    description: '<p>Test</p>',
    position: 900,
  });
  const codes = Array.from({ length: count }, (_, i) => `${id.toUpperCase()}-CODE-${i}`);
  await stockCodes(id, codes);
  return { id, codes };
}

/** Opens or closes the shop; tests that close it reopen it in `finally`. */
export async function setShopStatus(status: 0 | 1): Promise<void> {
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: { pk: 'SITE', sk: 'SETTINGS' },
      UpdateExpression: 'SET shopStatus = :s',
      ExpressionAttributeValues: { ':s': status },
    }),
  );
}

/** An item as stored, or undefined. */
export const storedItem = async (pk: string, sk: string) =>
  (await db.send(new GetCommand({ TableName: tableName, Key: { pk, sk }, ConsistentRead: true }))).Item;

/** Starts a wallet top-up through the API; answers the payment URL (a payment token, not the invoice) and our request id. */
export async function startTopUp(account: TestAccount, amount: number, txnId = `${Date.now()}${Math.floor(Math.random() * 10000)}`) {
  const response = await callApi<{ data: { status: number; payment_url: string; id: string } }>('/user/wallet_request_webview', {
    token: account.token,
    form: { amount, txn_id: txnId },
  });
  if (response.status !== 200) throw new Error(`top-up failed: ${JSON.stringify(response.body)}`);
  return { paymentUrl: response.body.data.payment_url, requestId: response.body.data.id, txnId };
}

/** Pays on the stand-in gateway's page (its test shortcut: the webhook is sent unless `webhook: false` plays a lost callback). */
export async function payInvoice(paymentUrl: string, options: { webhook?: boolean } = {}): Promise<Response> {
  return fetch(`${paymentUrl}/complete${options.webhook === false ? '?webhook=0' : ''}`, {
    method: 'POST',
    body: new URLSearchParams({ payment_method: 'bkash', sender_number: '01711223344' }),
    redirect: 'manual',
  });
}

/** The invoice id the gateway appended to the payer's return (303 to our redirect URL). */
export const returnedInvoice = (paid: Response) => new URL(paid.headers.get('location')!).searchParams.get('invoice_id')!;

/** Pays and answers the invoice id, as the payer's return brings it. */
export const payForInvoice = async (paymentUrl: string, options: { webhook?: boolean } = {}) =>
  returnedInvoice(await payInvoice(paymentUrl, options));

/** What the stand-in gateway holds of a payment token: its invoice, once the payer acted on its page. */
export async function invoiceOfToken(
  paymentUrl: string,
): Promise<{ invoice_id: string; status: string; transaction_id: string } | undefined> {
  const invoices = (await (await fetch(`${inject('stack').gatewayUrl}/test/invoices`)).json()) as {
    token: string;
    invoice_id: string;
    status: string;
    transaction_id: string;
  }[];
  return invoices.find((invoice) => paymentUrl.endsWith(`/${invoice.token}`));
}

/** "Leave pending" on the gateway's page: the payer stays on the gateway's pending page; answers the invoice id. */
export async function leavePending(paymentUrl: string): Promise<string> {
  const response = await fetch(`${paymentUrl}/pending`, {
    method: 'POST',
    body: new URLSearchParams({ payment_method: 'nagad', sender_number: '01811223344' }),
    redirect: 'manual',
  });
  expect(response.status).toBe(200);
  return (await invoiceOfToken(paymentUrl))!.invoice_id;
}

/** The merchant acts in the gateway's panel: approve or reject a pending payment, or send its webhook. */
export async function merchantPanel(invoiceId: string, action: 'approve' | 'reject' | 'webhook'): Promise<{ webhook: number | null }> {
  const response = await fetch(`${inject('stack').gatewayUrl}/panel/${invoiceId}/${action}`, {
    method: 'POST',
    headers: { accept: 'application/json' },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { webhook: number | null };
}

/** The gateway's callback for an invoice, as the gateway would send it (or forged, with another key). */
export function sendWebhook(invoiceId: string, apiKey: string | null = inject('stack').gatewayApiKey, body: Record<string, unknown> = {}) {
  return callApi('/payment/webhook', {
    json: { invoice_id: invoiceId, status: 'COMPLETED', ...body },
    headers: apiKey === null ? {} : { 'rt-uddoktapay-api-key': apiKey },
  });
}

/**
 * Waits until an order shows `status` ("1" delivered, "2" refunded) to its shopper: a supplier's
 * top-up is sent by the delivery dispatcher, fed the new order by the table's stream, a moment after
 * the order's own answer.
 */
export async function orderOnceStatus(token: string, orderId: string, status: '1' | '2'): Promise<void> {
  await expect
    .poll(async () => (await callApi<{ data: { status: string } }>(`/user/order/${orderId}`, { token, form: {} })).body.data.status, {
      timeout: 15_000,
      interval: 200,
    })
    .toBe(status);
}

/**
 * A checkout at the sandbox gateway naming one of our payables, as someone holding the merchant key
 * (or the gateway's own double charge) could open it: its payment URL.
 */
export async function checkoutNaming(kind: 'wallet' | 'order', userId: string, id: string, amount: number): Promise<string> {
  const response = await fetch(`${inject('stack').gatewayUrl}/api/checkout-v2`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'RT-UDDOKTAPAY-API-KEY': inject('stack').gatewayApiKey },
    body: JSON.stringify({
      full_name: 'x',
      email: 'x@x.x',
      amount: String(amount),
      metadata: { kind, user_id: userId, ref_id: id },
      redirect_url: 'http://localhost/',
      return_type: 'GET',
      cancel_url: 'http://localhost/',
      webhook_url: `${inject('stack').url}/api/payment/webhook`,
    }),
  });
  return ((await response.json()) as { payment_url: string }).payment_url;
}
