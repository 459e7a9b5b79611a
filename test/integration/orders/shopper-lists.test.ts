import { beforeAll, describe, expect, inject, it } from 'vitest';
import type {
  CodeOrderRow,
  OrderDetail,
  OrderRow,
  RecentPlayerId,
  WalletRequestRow,
  WalletStatement,
} from '../../../functions/contract/wire';
import { mailedToken, mailsTo, registerAndLogIn, uniqueContact } from '../../support/accounts';
import { callApi } from '../../support/http';
import { balanceOf, freshVoucher, fundedAccount, payInvoice, startTopUp } from '../../support/money';

let adminToken = '';
beforeAll(async () => {
  const { admin } = inject('stack').logins;
  adminToken = (await callApi<{ data: { authToken: string } }>('/auth/login', { form: { email: admin.email, password: admin.password } }))
    .body.data.authToken;
});

const uidOrder = (token: string, playerId: string, plan = 'ff-25', price = 22) =>
  callApi<{ data: OrderRow }>('/user/request/', { token, form: { plan_id: plan, saccount_id: playerId, paid_from_wallet: price } });

describe('the wallet statement', () => {
  it('lists the ledger newest first, a page at a time, the newest line being the balance, and only the caller’s own', async () => {
    const shopper = await fundedAccount(500, 'statement');
    for (let i = 0; i < 3; i += 1) expect((await uidOrder(shopper.token, `12345678${i}`)).status).toBe(200);
    const order = (await uidOrder(shopper.token, '987654321')).body.data;
    await callApi(`/admin/orders/${order.order_id}/refund`, { token: adminToken, form: { remark: 'Wrong server' } });

    const lines: WalletStatement['items'] = [];
    let cursor: string | null = '';
    let first: WalletStatement | undefined;
    while (cursor !== null) {
      const page: { body: { data: WalletStatement } } = await callApi<{ data: WalletStatement }>('/user/wallet_statement', {
        token: shopper.token,
        form: cursor ? { cursor } : {},
      });
      first ??= page.body.data;
      lines.push(...page.body.data.items);
      cursor = page.body.data.next_cursor;
    }
    expect(lines.map((line) => line.reason)).toEqual(['refund', 'purchase', 'purchase', 'purchase', 'purchase', 'adjustment']);
    expect(lines[0]).toMatchObject({ delta: 22, reference: order.order_id, balance_after: await balanceOf(shopper.code) });
    expect(lines.map((line) => line.seq)).toEqual([6, 5, 4, 3, 2, 1]);
    expect(lines.reduce((sum, line) => sum + line.delta, 0)).toBe(await balanceOf(shopper.code));

    const other = await fundedAccount(0, 'nosy');
    expect((await callApi<{ data: WalletStatement }>('/user/wallet_statement', { token: other.token, form: {} })).body.data.items).toEqual(
      [],
    );
    expect(
      (await callApi('/user/wallet_statement', { token: other.token, form: { cursor: first!.next_cursor ?? 'eyJwayI6IlVTRVIjWCJ9' } }))
        .status,
    ).toBe(400);
  });
});

describe('orders', () => {
  it('shows an order page with its timeline, the game and how it was paid; another user gets a 404', async () => {
    const shopper = await fundedAccount(100, 'orderpage');
    const order = (await uidOrder(shopper.token, '11223344')).body.data;
    expect(order).toMatchObject({ game: 'Free Fire', paid_by: 'wallet', awaiting_payment: false });
    await callApi(`/admin/orders/${order.order_id}/complete`, { token: adminToken, form: { remark: 'Sent 25 diamonds' } });

    const page = await callApi<{ data: OrderDetail }>(`/user/order/${order.order_id}`, { token: shopper.token, form: {} });
    expect(page.body.data).toMatchObject({
      order_id: order.order_id,
      status: '1',
      game: 'Free Fire',
      plan_name: '25 Diamonds',
      saccount_id: '11223344',
      remark: 'Sent 25 diamonds',
    });
    expect(page.body.data.timeline.map((step) => step.status)).toEqual(['placed', 'paid', 'completed']);
    expect(page.body.data.timeline[2]).toMatchObject({ remark: 'Sent 25 diamonds' });
    expect(JSON.stringify(page.body)).not.toMatch(/sealed|password/i);

    const other = await registerAndLogIn('notmine');
    expect((await callApi(`/user/order/${order.order_id}`, { token: other.token, form: {} })).status).toBe(404);
    expect((await callApi('/user/order/0KQ3ZD7M2X', { token: shopper.token, form: {} })).status).toBe(404);
  });

  it('lists a gateway order awaiting payment with its payment link, and cancels it on request', async () => {
    const shopper = await registerAndLogIn('awaiting');
    const started = await callApi<{ data: { payment_url: string; id: string } }>('/user/request_webview', {
      token: shopper.token,
      form: { plan_id: 'ff-50', saccount_id: '55667788', amount: 40 },
    });
    const list = (await callApi<{ data: OrderRow[] }>('/user/get_request_list', { token: shopper.token, form: {} })).body.data;
    expect(list).toEqual([
      expect.objectContaining({
        awaiting_payment: true,
        payment_url: started.body.data.payment_url,
        plan_name: '50 Diamonds',
        paid_by: 'gateway',
      }),
    ]);
    const detail = await callApi<{ data: OrderDetail }>(`/user/order/${list[0]!.order_id}`, { token: shopper.token, form: {} });
    expect(detail.body.data.timeline.map((step) => step.status)).toEqual(['placed', 'awaiting_payment']);

    const cancelled = await callApi<{ data: { status: string } }>('/user/cancel_payment', {
      token: shopper.token,
      form: { kind: 'order', id: started.body.data.id },
    });
    expect(cancelled.body).toMatchObject({ message: 'Payment cancelled', data: { status: '2' } });
    expect((await callApi<{ data: OrderRow[] }>('/user/get_request_list', { token: shopper.token, form: {} })).body.data).toEqual([]);
    const afterCancel = (await callApi<{ data: OrderDetail }>(`/user/order/${list[0]!.order_id}`, { token: shopper.token, form: {} })).body
      .data;
    expect(afterCancel).toMatchObject({ awaiting_payment: false, payment_cancelled: true, payment_url: '' });
    expect(afterCancel.timeline.map((step) => step.status)).toEqual(['placed', 'payment_cancelled']);
    expect(
      (
        await callApi('/user/cancel_payment', {
          token: (await registerAndLogIn('stranger')).token,
          form: { kind: 'order', id: started.body.data.id },
        })
      ).status,
    ).toBe(404);
    // Paid all the same in another tab: the money taken is honoured, in the wallet (the order was cancelled).
    await payInvoice(started.body.data.payment_url);
    expect((await callApi<{ data: OrderRow[] }>('/user/get_request_list', { token: shopper.token, form: {} })).body.data).toEqual([
      expect.objectContaining({ awaiting_payment: false, status: '2' }),
    ]);
    expect(await balanceOf(shopper.code)).toBe(40);
  });

  it('checks a player ID against its game’s format, in the order and again on the server', async () => {
    const shopper = await fundedAccount(100, 'format');
    for (const playerId of ['12345', '1234567890123', '12ab5678']) {
      const refused = await uidOrder(shopper.token, playerId);
      expect(refused.status, playerId).toBe(400);
      expect(refused.body.message).toBe('Player ID must be 6 to 12 digits');
    }
    const groups = await callApi<{ data: { id: string; player_id_format: unknown }[] }>('/user/category_list', {
      form: { master_category: 'free-fire' },
    });
    expect(groups.body.data.find((group) => group.id === 'ff-uid')?.player_id_format).toEqual({ min_digits: 6, max_digits: 12 });
    expect(groups.body.data.find((group) => group.id === 'ff-id-password')?.player_id_format).toBeNull();
    expect((await uidOrder(shopper.token, '123456')).status).toBe(200);
  });

  it("remembers a shopper's recent player IDs per game, newest first, for that shopper only", async () => {
    const shopper = await fundedAccount(200, 'recentids');
    for (const playerId of ['10000001', '10000002', '10000001']) await uidOrder(shopper.token, playerId);
    await uidOrder(shopper.token, '20000001', 'pubg-60', 95);
    const freeFire = await callApi<{ data: RecentPlayerId[] }>('/user/player_ids', {
      token: shopper.token,
      form: { master_category: 'free-fire' },
    });
    expect(freeFire.body.data.map((entry) => entry.player_id)).toEqual(['10000001', '10000002']);
    const pubg = await callApi<{ data: RecentPlayerId[] }>('/user/player_ids', {
      token: shopper.token,
      form: { master_category: 'pubg-mobile' },
    });
    expect(pubg.body.data.map((entry) => entry.player_id)).toEqual(['20000001']);
    const other = await registerAndLogIn('otherids');
    expect(
      (await callApi<{ data: RecentPlayerId[] }>('/user/player_ids', { token: other.token, form: { master_category: 'free-fire' } })).body
        .data,
    ).toEqual([]);
  });
});

describe('newest first, by when each was created', () => {
  /** The rows' creation times, which a list that says "newest first" must give in descending order. */
  const expectNewestFirst = (rows: { created_at: string }[]) => {
    const times = rows.map((row) => row.created_at);
    expect(times).toEqual([...times].sort().reverse());
  };

  it('lists plan orders placed in quick succession newest first, a gateway order awaiting payment among the paid ones', async () => {
    const shopper = await fundedAccount(500, 'ordering');
    const placed: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      if (i === 2) {
        const started = await callApi('/user/request_webview', {
          token: shopper.token,
          form: { plan_id: 'ff-50', saccount_id: '55667788', amount: 40 },
        });
        expect(started.status).toBe(200);
        placed.push('awaiting payment');
      } else {
        const order = await uidOrder(shopper.token, `1234567${i}`);
        expect(order.status).toBe(200);
        placed.push(order.body.data.order_id);
      }
    }
    const list = (await callApi<{ data: OrderRow[] }>('/user/get_request_list', { token: shopper.token, form: {} })).body.data;
    expect(list.map((order) => (order.awaiting_payment ? 'awaiting payment' : order.order_id))).toEqual(placed.reverse());
    expectNewestFirst(list);
  });

  it('lists top-ups and code purchases made in quick succession newest first', async () => {
    const shopper = await fundedAccount(500, 'ordering');
    const topUps: string[] = [];
    for (let i = 0; i < 4; i += 1) topUps.push((await startTopUp(shopper, 10 + i)).requestId);
    const requests = (await callApi<{ data: WalletRequestRow[] }>('/user/get_wallet_request', { token: shopper.token, form: {} })).body
      .data;
    expect(requests.map((request) => request.rq_id)).toEqual(topUps.reverse());
    expectNewestFirst(requests);

    const voucher = await freshVoucher(4, 10);
    const sales: string[] = [];
    for (let i = 0; i < 4; i += 1)
      sales.push(
        (
          await callApi<{ data: { order_id: string } }>('/user/buy_voucher/', {
            token: shopper.token,
            form: { voucher_id: voucher.id, qty: 1 },
          })
        ).body.data.order_id,
      );
    const history = (await callApi<{ data: CodeOrderRow[] }>('/user/get_voucher_history', { token: shopper.token, form: {} })).body.data;
    expect(history.map((sale) => sale.order_id)).toEqual(sales.reverse());
    expectNewestFirst(history);
  });
});

describe('adding money', () => {
  it('takes ৳10 to ৳25,000 a top-up, saying so before any gateway call', async () => {
    const shopper = await registerAndLogIn('limits');
    for (const amount of [9, 25_001]) {
      const refused = await callApi('/user/wallet_request_webview', {
        token: shopper.token,
        form: { amount, txn_id: `${Date.now()}${amount}` },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Add between ৳10 and ৳25,000 at a time');
    }
    const settings = await callApi<{ data: { top_up_min: number; top_up_max: number } }>('/user/site_settings');
    expect(settings.body.data).toMatchObject({ top_up_min: 10, top_up_max: 25_000 });
    const { paymentUrl, requestId } = await startTopUp(shopper, 10);
    const pending = (await callApi<{ data: WalletRequestRow[] }>('/user/get_wallet_request', { token: shopper.token, form: {} })).body
      .data[0]!;
    expect(pending).toMatchObject({ rq_id: requestId, status: '0', invoice_id: '', payment_url: paymentUrl });
  });
});

describe('password reset', () => {
  it('answers the same whether or not the address has an account, mails a single-use link, and ends older sessions', async () => {
    const shopper = await registerAndLogIn('forgot');
    const known = await callApi('/auth/forgot_password', { form: { email: shopper.email } });
    const unknown = await callApi('/auth/forgot_password', { form: { email: uniqueContact('nobody').email } });
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(known.body.message).toBe('If an account has this email, we sent it a link to set a new password.');

    const token = await mailedToken(shopper.email, '/reset-password');
    const short = await callApi('/auth/reset_password', { form: { token, new_password: 'abc' } });
    expect(short.status).toBe(400);
    const reset = await callApi('/auth/reset_password', { form: { token, new_password: 'brand-new-pw' } });
    expect(reset.body).toMatchObject({ status: 1, message: 'Password Change Successfully' });
    expect((await callApi('/user/user_data', { token: shopper.token, form: {} })).status).toBe(401);
    expect((await callApi('/auth/login', { form: { email: shopper.email, password: 'brand-new-pw' } })).status).toBe(200);
    expect((await callApi('/auth/reset_password', { form: { token, new_password: 'another-pw' } })).status).toBe(400);
  });

  it('refuses an expired link, and limits how often one address may be sent links', async () => {
    const { emailTokenItem } = await import('../../../functions/users/repo');
    const { transact } = await import('../../../functions/shared/transactions');
    const { createHash } = await import('node:crypto');
    const shopper = await registerAndLogIn('expired');
    const token = 'expired-token-for-a-test-0123456789abcdef';
    const hash = createHash('sha256').update(token).digest('base64url');
    await transact([
      emailTokenItem(
        hash,
        {
          purpose: 'reset-password',
          userId: shopper.code,
          email: shopper.email,
          expiresAt: Math.floor(Date.now() / 1000) - 1,
          stateVersion: 1,
        },
        new Date().toISOString(),
      ),
    ]);
    expect((await callApi('/auth/reset_password', { form: { token, new_password: 'too-late-pw' } })).status).toBe(400);

    const target = await registerAndLogIn('flooded');
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await callApi('/auth/forgot_password', { form: { email: target.email } })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await mailsTo(target.email)).filter((mail) => mail.subject === 'Set a new password')).toHaveLength(3);
  });
});
