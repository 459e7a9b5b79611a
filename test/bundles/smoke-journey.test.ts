import { describe, expect, inject, it } from 'vitest';
import { FunctionHost } from '../../scripts/local/function-host';
import { readOnlyChecks } from '../../scripts/smoke';
import { type CallOptions, callApiAt } from '../support/http';
import { httpEvent } from '../support/lambda-event';

/**
 * The shop through the synthesized bundles, unmodified, each with its template environment: the
 * read-only checks `npm run smoke` makes against a deployed stage, then a shopper's journey with
 * writes (register, log in, top up through the sandbox, buy a code, the webhook) and what a
 * caller who skips CloudFront gets.
 */
const stack = inject('bundleStack');
// The journey reads deep into the answers; each read is checked by the expectation around it.
const api = (path: string, options?: CallOptions) => callApiAt<{ data: any }>(stack.url, path, options);

describe('the deployed bundles', () => {
  it('pass the read-only smoke checks of a deployed stage', async () => {
    const checks = await readOnlyChecks(stack.url);
    expect(checks.filter((check) => !check.ok)).toEqual([]);
    expect(checks.length).toBeGreaterThanOrEqual(9);
  });

  it('list the home page: games, banners, blog, and the plans of a game, posted or through the GET twin', async () => {
    const games = await api('/user/master_category_list');
    expect(games.body.data.map((game: { id: string }) => game.id)).toContain('free-fire');
    expect((await api('/user/event_list')).body.data.length).toBeGreaterThan(0);
    expect((await api('/user/blog_list')).body.data.length).toBeGreaterThan(0);
    const posted = await api('/user/plan_list/', { form: { category_id: 'ff-uid' } });
    expect(posted.body.data.length).toBeGreaterThan(0);
    // The GET twin reaches the same function (one per handler module) and answers the same.
    expect((await api('/user/plan_list?category_id=ff-uid')).body).toEqual(posted.body);
  });

  let token = '';
  it('register a shopper and log them in', async () => {
    const registered = await api('/auth/register_user', {
      form: {
        name: 'Bundle Shopper',
        email: stack.shopper.email,
        mobile_no: `017${String(Date.now()).slice(-8)}`,
        password: stack.shopper.password,
      },
    });
    expect(registered).toMatchObject({ status: 200, body: { message: 'Registered successfully' } });
    const { emails } = (await (await fetch(`${stack.mailboxUrl}/store`)).json()) as {
      emails: { destination: { to: string[] }; subject: string }[];
    };
    expect(
      emails.filter((email) => email.destination.to.some((to) => to.includes(stack.shopper.email))).map((email) => email.subject),
    ).toEqual(['Confirm your email address']);
    const loggedIn = await api('/auth/login', { form: { email: stack.shopper.email, password: stack.shopper.password } });
    expect(loggedIn.status).toBe(200);
    token = loggedIn.body.data.authToken;
    expect((await api('/user/user_data', { form: {}, token })).body.data).toMatchObject({ email: stack.shopper.email, wallet_balance: 0 });
  });

  it('top up through the sandbox gateway, credited by the webhook, and refuse a webhook with a wrong key', async () => {
    const started = await api('/user/wallet_request_webview', { token, form: { amount: 600, txn_id: `${Date.now()}1234` } });
    expect(started.status).toBe(200);
    const paymentUrl: string = started.body.data.payment_url;
    expect(paymentUrl).toMatch(new RegExp(`^${stack.gatewayUrl}/payment/[0-9a-f]{40}$`));
    const paid = await fetch(`${paymentUrl}/complete`, {
      method: 'POST',
      body: new URLSearchParams({ payment_method: 'nagad' }),
      redirect: 'manual',
    });
    const back = new URL(paid.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(`${stack.url}/profile/userWallet`);
    expect(back.searchParams.get('payment')).toBe(started.body.data.id);
    const invoiceId = back.searchParams.get('invoice_id')!;
    expect((await api('/user/user_data', { form: {}, token })).body.data.wallet_balance).toBe(600);
    const wrongKey = await api('/payment/webhook', {
      json: { invoice_id: invoiceId },
      headers: { 'rt-uddoktapay-api-key': 'not-the-key' },
    });
    expect(wrongKey.status).toBe(401);
    const replay = await api('/payment/webhook', {
      json: { invoice_id: invoiceId },
      headers: { 'rt-uddoktapay-api-key': stack.gatewayApiKey },
    });
    expect(replay.status).toBe(200);
    expect((await api('/user/user_data', { form: {}, token })).body.data.wallet_balance).toBe(600);
  });

  it('buy a code from the wallet', async () => {
    const bought = await api('/user/buy_voucher/', { token, form: { voucher_id: 'gp-500', qty: 1 } });
    expect(bought.status).toBe(200);
    expect(bought.body.data.codes).toMatch(/^GP500-[\w-]+$/);
    expect((await api('/user/user_data', { form: {}, token })).body.data.wallet_balance).toBe(80);
    const history = await api('/user/get_voucher_history', { token, form: {} });
    expect(history.body.data[0].codes).toBe(bought.body.data.codes);
  });

  it('check a nickname and deliver an instant top-up through the supplier, with the stage secret of its credentials', async () => {
    const lookup = await api('/user/player_lookup', { token, form: { master_category: 'free-fire', player_id: '123456781' } });
    expect(lookup.body.data).toEqual({ player_name: 'Player6781', region: 'BD' });
    const placed = await api('/user/request/', {
      token,
      form: { plan_id: 'ff-100-instant', saccount_id: '123456781', paid_from_wallet: 75 },
    });
    expect(placed.status).toBe(200);
    expect(placed.body.data).toMatchObject({ status: '0', delivery: { mode: 'supplier', state: 'delivering', player_name: 'Player6781' } });
    // The dispatcher's bundle, fed the new order by the stream, sends it from the stage's fixed address.
    await expect
      .poll(async () => (await api(`/user/order/${placed.body.data.order_id}`, { token, form: {} })).body.data, { timeout: 20_000 })
      .toMatchObject({ status: '1', delivery: { mode: 'supplier', state: 'delivered' } });
    expect((await api('/user/user_data', { form: {}, token })).body.data.wallet_balance).toBe(5);
  });

  it('text a verification code through the SMS provider with the stage secret of its key, and prove the number with it', async () => {
    const sent = await api('/user/send_mobile_code', { method: 'POST', token });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const texts = (await (await fetch(`${stack.smsUrl}/messages`)).json()) as { msg: string }[];
    const code = /(\d{6})/.exec(texts.at(-1)!.msg)![1]!;
    expect((await api('/user/verify_mobile', { form: { code }, token })).status).toBe(200);
    expect((await api('/user/user_data', { form: {}, token })).body.data.mobile_verified).toBe(true);
  });

  it("hand out the stage's VAPID public key from its secret, to anyone", async () => {
    const answer = await api('/user/push_key');
    expect(answer.status).toBe(200);
    expect(Buffer.from(answer.body.data.public_key, 'base64url')).toHaveLength(65);
  });

  it('answer an unknown path with the contract 404 and a wrong method with 405', async () => {
    expect(await api('/user/nothing_here')).toMatchObject({ status: 404, body: { status: 0 } });
    expect((await fetch(`${stack.url}/api/user/event_list`, { method: 'DELETE' })).status).toBe(405);
  });

  it('refuse with 403 a request that skipped CloudFront (no origin secret), in the bundle itself', async () => {
    const host = new FunctionHost();
    try {
      const [id, fn] = Object.entries(stack.functions).find(([, f]) => f.environment.ORIGIN_VERIFY_SECRET)!;
      const environment = { ...fn.environment, AWS_REGION: 'us-east-1', POWERTOOLS_LOG_LEVEL: 'SILENT' };
      const result = (await host.invoke(
        { name: `direct-${id}`, module: fn.module, environment, timeoutMs: 10_000 },
        httpEvent({ method: 'GET', path: '/api/user/event_list', viaCloudFront: false }),
      )) as { statusCode: number; body: string };
      expect(result.statusCode).toBe(403);
      expect(JSON.parse(result.body)).toEqual({ status: 0, message: 'Forbidden' });
    } finally {
      await host.stop();
    }
  });
});
