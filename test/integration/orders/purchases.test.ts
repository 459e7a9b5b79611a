import { describe, expect, it } from 'vitest';
import { listVouchers } from '../../../functions/vouchers/repo';
import { registerAndLogIn } from '../../support/accounts';
import { callApi } from '../../support/http';
import {
  balanceOf,
  expectLedgerMatchesBalance,
  freshVoucher,
  fundedAccount,
  fundedAccounts,
  setShopStatus,
  storedItem,
} from '../../support/money';

type OrderRow = {
  order_id: string;
  status: string;
  paid_amount: number;
  plan_name: string;
  saccount_id: string;
  remark: string;
  created_at: string;
};
type CodeRow = { order_id: string; voucher_name: string; price: number; codes: string; created_at: string };

const uidPlan = { plan_id: 'ff-25', price: 22 };
const accountPlan = { plan_id: 'ffa-520', price: 350 };

const stockOf = async (voucherId: string) => (await listVouchers('google-play')).find((v) => v.id === voucherId)?.stock;

describe('plan orders from the wallet', () => {
  it('debits the plan price, records the order as Pending and writes one ledger entry', async () => {
    const buyer = await fundedAccount(100);
    const response = await callApi<{ data: OrderRow }>('/user/request/', {
      token: buyer.token,
      form: {
        plan_id: uidPlan.plan_id,
        paid_amount: 0,
        payment_reference: 0,
        saccount_type: 'UID Free Fire',
        saccount_id: '123456789',
        saccount_password: '0',
        backup_code: '',
        coupan_code: '',
        paid_from_wallet: uidPlan.price,
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ status: '0', paid_amount: 22, plan_name: '25 Diamonds', saccount_id: '123456789' });
    expect(await balanceOf(buyer.code)).toBe(78);
    await expectLedgerMatchesBalance(buyer.code);
    const list = await callApi<{ data: OrderRow[] }>('/user/get_request_list', { token: buyer.token, form: {} });
    expect(list.body.data.map((order) => order.order_id)).toEqual([response.body.data.order_id]);
  });

  it('seals the game-account password and never returns it', async () => {
    const buyer = await fundedAccount(400);
    const response = await callApi<{ data: OrderRow }>('/user/request', {
      token: buyer.token,
      form: {
        plan_id: accountPlan.plan_id,
        saccount_type: 'FB',
        saccount_id: 'gamer@mail.com',
        saccount_password: 'hunter2-secret',
        backup_code: '8811',
        paid_from_wallet: accountPlan.price,
      },
    });
    expect(response.status).toBe(200);
    expect(JSON.stringify(response.body)).not.toContain('hunter2-secret');
    const stored = await storedItem(`USER#${buyer.code}`, `ORDER#${response.body.data.order_id}`);
    expect(stored?.accountType).toBe('FB');
    expect(JSON.stringify(stored)).not.toContain('hunter2-secret');
    expect(JSON.stringify(stored)).not.toContain('8811');
    expect(String(stored?.sealedSecret)).toMatch(/^v2\.master\./);
    const { unseal } = await import('../../../functions/shared/sealed');
    expect(JSON.parse(await unseal(String(stored?.sealedSecret)))).toEqual({ password: 'hunter2-secret', backupCode: '8811' });
    const list = await callApi('/user/get_request_list', { token: buyer.token, form: {} });
    expect(JSON.stringify(list.body)).not.toContain('sealed');
  });

  it.each([
    [{ plan_id: 'ff-25', paid_from_wallet: 22 }, 'Please fill player ID'],
    [{ plan_id: 'ffa-520', paid_from_wallet: 350, saccount_id: 'a@b.co', saccount_password: 'x' }, 'Please choose account type'],
    [
      { plan_id: 'ffa-520', paid_from_wallet: 350, saccount_type: 'Steam', saccount_id: 'a@b.co', saccount_password: 'x' },
      'Please choose account type',
    ],
    [{ plan_id: 'ffa-520', paid_from_wallet: 350, saccount_type: 'VK', saccount_password: 'x' }, 'Please fill email'],
    [{ plan_id: 'ffa-520', paid_from_wallet: 350, saccount_type: 'Twitter', saccount_id: 'a@b.co' }, 'Please fill password'],
    [{ plan_id: 'ff-25', paid_from_wallet: '22.5', saccount_id: '1' }, 'Price must be a whole number of taka'],
    [{ plan_id: 'bad id!', paid_from_wallet: 22, saccount_id: '1' }, 'Invalid plan'],
  ])('refuses %o with 400 "%s" and writes nothing', async (form, message) => {
    const buyer = await fundedAccount(500);
    const response = await callApi('/user/request/', { token: buyer.token, form: form as Record<string, string | number> });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await balanceOf(buyer.code)).toBe(500);
    await expectLedgerMatchesBalance(buyer.code);
  });

  it('refuses an unknown plan (404), an out-of-stock plan, a changed price and a short balance (409)', async () => {
    const buyer = await fundedAccount(30);
    const cases: [Record<string, string | number>, number, string][] = [
      [{ plan_id: 'no-such-plan', paid_from_wallet: 22, saccount_id: '123456789' }, 404, 'Plan not found'],
      [{ plan_id: 'ff-2530', paid_from_wallet: 1620, saccount_id: '123456789' }, 409, 'This plan is out of stock'],
      [{ plan_id: 'ff-25', paid_from_wallet: 20, saccount_id: '123456789' }, 409, 'Price changed, please review your order'],
      [{ plan_id: 'ff-50', paid_from_wallet: 40, saccount_id: '123456789' }, 409, 'Insufficient balance'],
    ];
    for (const [form, status, message] of cases) {
      const response = await callApi('/user/request/', { token: buyer.token, form });
      expect(response.status, message).toBe(status);
      expect(response.body.message).toBe(message);
    }
    expect(await balanceOf(buyer.code)).toBe(30);
    await expectLedgerMatchesBalance(buyer.code);
  });

  it('places exactly three of twenty parallel orders when the balance pays for three', async () => {
    const buyer = await fundedAccount(uidPlan.price * 3);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        callApi('/user/request/', {
          token: buyer.token,
          form: { plan_id: uidPlan.plan_id, saccount_id: `9000000${i}`, paid_from_wallet: uidPlan.price },
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(17);
    expect(await balanceOf(buyer.code)).toBe(0);
    await expectLedgerMatchesBalance(buyer.code);
    const list = await callApi<{ data: OrderRow[] }>('/user/get_request_list', { token: buyer.token, form: {} });
    expect(list.body.data).toHaveLength(3);
  });

  it('refuses purchases while the shop is closed, with its message', async () => {
    const buyer = await fundedAccount(100);
    await setShopStatus(0);
    try {
      const response = await callApi('/user/request/', {
        token: buyer.token,
        form: { plan_id: 'ff-25', saccount_id: '1', paid_from_wallet: 22 },
      });
      expect(response.status).toBe(409);
      expect(response.body.message).toMatch(/closed/);
    } finally {
      await setShopStatus(1);
    }
    expect(await balanceOf(buyer.code)).toBe(100);
  });
});

describe('voucher codes', () => {
  it('sells two codes, debits price × qty and lists them in the buyer’s codes', async () => {
    const voucher = await freshVoucher(5, 150);
    const buyer = await fundedAccount(400);
    const response = await callApi<{ data: { order_id: string; codes: string } }>('/user/buy_voucher/', {
      token: buyer.token,
      form: { voucher_id: voucher.id, qty: 2 },
    });
    expect(response.status).toBe(200);
    const codes = response.body.data.codes.split(',');
    expect(new Set(codes).size).toBe(2);
    for (const code of codes) expect(voucher.codes).toContain(code);
    expect(await balanceOf(buyer.code)).toBe(100);
    expect(await stockOf(voucher.id)).toBe(3);
    await expectLedgerMatchesBalance(buyer.code);
    const history = await callApi<{ data: CodeRow[] }>('/user/get_voucher_history', { token: buyer.token, form: {} });
    expect(history.body.data).toEqual([
      expect.objectContaining({ order_id: response.body.data.order_id, price: 150, codes: response.body.data.codes }),
    ]);
  });

  it('sells exactly 10 distinct codes to 30 parallel buyers of a 10-code voucher; the rest pay nothing', async () => {
    // Thirty at once: three buyers per code is contention enough, and the local stack runs every
    // request of a function in one thread (Lambda would give each its own instance), so fifty on a
    // loaded 2-core machine measured the machine, not the sale (10 s timeouts).
    const voucher = await freshVoucher(10, 100);
    const buyers = await fundedAccounts(30, 100, 'rush');
    const responses = await Promise.all(
      buyers.map((buyer) =>
        callApi<{ data: { codes: string } }>('/user/buy_voucher', { token: buyer.token, form: { voucher_id: voucher.id, qty: 1 } }),
      ),
    );
    const winners = responses.filter((response) => response.status === 200);
    expect(responses.map((response) => response.status).filter((status) => status !== 200 && status !== 409)).toEqual([]);
    expect(winners).toHaveLength(10);
    expect(responses.filter((response) => response.status === 409).every((response) => response.body.message === 'Out of stock')).toBe(
      true,
    );
    const sold = winners.map((response) => response.body.data.codes);
    expect(new Set(sold).size).toBe(10);
    expect(sold.sort()).toEqual([...voucher.codes].sort());
    for (const [i, buyer] of buyers.entries()) {
      expect(await balanceOf(buyer.code)).toBe(responses[i]!.status === 200 ? 0 : 100);
      await expectLedgerMatchesBalance(buyer.code);
    }
    expect(await stockOf(voucher.id)).toBe(0);
  }, 60_000);

  it.each([
    [{ qty: 0 }, 400, 'Quantity must be between 1 and 10'],
    [{ qty: 11 }, 400, 'Quantity must be between 1 and 10'],
    [{ qty: 'abc' }, 400, 'Quantity must be between 1 and 10'],
    [{ qty: 1, voucher_id: 'no-such-voucher' }, 404, 'Voucher not found'],
    [{ qty: 1, voucher_id: '../etc' }, 400, 'Invalid voucher'],
  ])('refuses %o with %i "%s" and writes nothing', async (form, status, message) => {
    const voucher = await freshVoucher(2);
    const buyer = await fundedAccount(1000);
    const response = await callApi('/user/buy_voucher/', {
      token: buyer.token,
      form: { voucher_id: voucher.id, ...form } as Record<string, string | number>,
    });
    expect(response.status).toBe(status);
    expect(response.body.message).toBe(message);
    expect(await balanceOf(buyer.code)).toBe(1000);
    expect(await stockOf(voucher.id)).toBe(2);
  });

  it('refuses more codes than are left, and a short balance, with 409', async () => {
    const voucher = await freshVoucher(2, 300);
    const buyer = await fundedAccount(500);
    expect((await callApi('/user/buy_voucher/', { token: buyer.token, form: { voucher_id: voucher.id, qty: 1 } })).status).toBe(200);
    const tooMany = await callApi('/user/buy_voucher/', { token: buyer.token, form: { voucher_id: voucher.id, qty: 2 } });
    expect(tooMany.status).toBe(409);
    const broke = await callApi('/user/buy_voucher/', { token: buyer.token, form: { voucher_id: voucher.id, qty: 1 } });
    expect(broke.status).toBe(409);
    expect(broke.body.message).toBe('Insufficient balance');
    expect(await balanceOf(buyer.code)).toBe(200);
    expect(await stockOf(voucher.id)).toBe(1);
    await expectLedgerMatchesBalance(buyer.code);
  });

  it('sells a zero-stock voucher to nobody', async () => {
    const buyer = await fundedAccount(5000);
    const response = await callApi('/user/buy_voucher/', { token: buyer.token, form: { voucher_id: 'itunes-10', qty: 1 } });
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('Out of stock');
  });
});

describe('bad bodies on money routes', () => {
  it('refuses an oversized body and malformed multipart with 400, writing nothing', async () => {
    const buyer = await fundedAccount(100);
    const huge = await callApi('/user/buy_voucher/', {
      token: buyer.token,
      form: { voucher_id: 'gp-500', qty: 1, padding: 'x'.repeat(70_000) },
    });
    expect(huge.status).toBe(400);
    expect(huge.body.message).toBe('Request body is too large');
    const malformed = await callApi('/user/request/', {
      token: buyer.token,
      raw: {
        body: '--b0undary\r\nContent-Disposition: form-data; name="plan_id"\r\n\r\nff-25',
        contentType: 'multipart/form-data; boundary=b0undary',
      },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.status).toBe(0);
    const wrongType = await callApi('/user/request/', { token: buyer.token, raw: { body: 'plan_id=ff-25', contentType: 'text/plain' } });
    expect(wrongType.status).toBe(400);
    expect(await balanceOf(buyer.code)).toBe(100);
    await expectLedgerMatchesBalance(buyer.code);
  });

  it('answers a visitor on every money route with 401', async () => {
    for (const path of [
      '/user/request/',
      '/user/buy_voucher/',
      '/user/wallet_request_webview',
      '/user/request_webview',
      '/user/get_wallet_request',
    ]) {
      expect((await callApi(path, { form: {} })).status, path).toBe(401);
    }
    const account = await registerAndLogIn('nobal');
    expect((await callApi('/user/get_voucher_history', { token: account.token, form: {} })).body.data).toEqual([]);
  });
});
