import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { logInAdmin, uniquePlayerId } from '../../support/admin';
import { callApi } from '../../support/http';
import { balanceOf, freshVoucher, fundedAccount } from '../../support/money';

const blockedMessage = 'This purchase cannot be completed. Please contact support.';

const asAdmin = async (path: string, form: Record<string, string>) =>
  callApi<{ message: string }>(path, { method: 'POST', token: await logInAdmin(), form });

const topUp = (token: string, playerId: string) =>
  callApi<{ message: string }>('/user/request/', {
    token,
    form: { plan_id: 'ff-25', saccount_type: 'UID Free Fire', saccount_id: playerId, paid_from_wallet: 22 },
  });

describe('the blocklist', () => {
  it('refuses a blocked player ID however it is spaced, says nothing of why, charges nothing, and lets it through once lifted', async () => {
    const playerId = uniquePlayerId();
    const added = await asAdmin('/admin/blocklist', { kind: 'player', value: `  ${playerId} `, reason: 'Chargeback on bKash' });
    expect([added.status, added.body.message]).toEqual([200, 'Blocked']);
    expect((await asAdmin('/admin/blocklist', { kind: 'player', value: playerId, reason: 'again' })).status).toBe(409);
    const buyer = await fundedAccount(100, 'blocked-player');
    const refused = await topUp(buyer.token, playerId);
    expect([refused.status, refused.body.message]).toEqual([409, blockedMessage]);
    expect(await balanceOf(buyer.code)).toBe(100);
    const checkout = await callApi<{ message: string }>('/user/request_webview', {
      token: buyer.token,
      form: { plan_id: 'ff-25', saccount_type: 'UID Free Fire', saccount_id: playerId, amount: 22 },
    });
    expect([checkout.status, checkout.body.message]).toEqual([409, blockedMessage]);
    expect((await topUp(buyer.token, uniquePlayerId())).status).toBe(200);

    const listed = await callApi<{ data: { items: { kind: string; value: string; reason: string }[] } }>('/admin/blocklist', {
      method: 'GET',
      token: await logInAdmin(),
    });
    expect(listed.body.data.items).toContainEqual(
      expect.objectContaining({ kind: 'player', value: playerId, reason: 'Chargeback on bKash' }),
    );
    expect((await asAdmin('/admin/blocklist/remove', { kind: 'player', value: playerId })).body.message).toBe('Block lifted');
    expect((await asAdmin('/admin/blocklist/remove', { kind: 'player', value: playerId })).status).toBe(404);
    expect((await topUp(buyer.token, playerId)).status).toBe(200);
    const audit = await callApi<{ data: { items: { action: string; target: string }[] } }>('/admin/audit', {
      method: 'GET',
      token: await logInAdmin(),
    });
    for (const action of ['block-add', 'block-remove'])
      expect(audit.body.data.items).toContainEqual(expect.objectContaining({ action, target: `player:${playerId}` }));
  });

  it('refuses an account whose mobile number or e-mail is blocked at every checkout: top-up, code purchase, adding money', async () => {
    const byNumber = await fundedAccount(100, 'blocked-number');
    const byEmail = await fundedAccount(100, 'blocked-email');
    expect(
      (await asAdmin('/admin/blocklist', { kind: 'mobile', value: `+88${byNumber.mobileNo}`, reason: 'Reported stolen' })).status,
    ).toBe(200);
    expect(
      (await asAdmin('/admin/blocklist', { kind: 'email', value: byEmail.email.toUpperCase(), reason: 'Reported stolen' })).status,
    ).toBe(200);
    const voucher = await freshVoucher(2, 10);
    for (const buyer of [byNumber, byEmail]) {
      expect((await topUp(buyer.token, uniquePlayerId())).body.message).toBe(blockedMessage);
      const codes = await callApi<{ message: string }>('/user/buy_voucher/', {
        token: buyer.token,
        form: { voucher_id: voucher.id, qty: 1 },
      });
      expect([codes.status, codes.body.message]).toEqual([409, blockedMessage]);
      const money = await callApi<{ message: string }>('/user/wallet_request_webview', {
        token: buyer.token,
        form: { amount: 100, txn_id: `${Date.now()}${Math.floor(Math.random() * 10_000)}` },
      });
      expect([money.status, money.body.message]).toEqual([409, blockedMessage]);
      expect(await balanceOf(buyer.code)).toBe(100);
    }
    const bad = await asAdmin('/admin/blocklist', { kind: 'phone', value: 'x', reason: 'y' });
    expect(bad.status).toBe(400);
  });

  it('refuses a blocked device (the browser’s first-party id) at every checkout, whichever account buys on it', async () => {
    const deviceId = randomUUID();
    expect(
      (await asAdmin('/admin/blocklist', { kind: 'device', value: deviceId.toUpperCase(), reason: 'Many stolen accounts' })).status,
    ).toBe(200);
    const buyer = await fundedAccount(100, 'blocked-device');
    const onDevice = { 'x-device-id': deviceId };
    const refused = await callApi<{ message: string }>('/user/request/', {
      token: buyer.token,
      headers: onDevice,
      form: { plan_id: 'ff-25', saccount_type: 'UID Free Fire', saccount_id: uniquePlayerId(), paid_from_wallet: 22 },
    });
    expect([refused.status, refused.body.message]).toEqual([409, blockedMessage]);
    const money = await callApi<{ message: string }>('/user/wallet_request_webview', {
      token: buyer.token,
      headers: onDevice,
      form: { amount: 100, txn_id: `${Date.now()}${Math.floor(Math.random() * 10_000)}` },
    });
    expect([money.status, money.body.message]).toEqual([409, blockedMessage]);
    expect(await balanceOf(buyer.code)).toBe(100);
    // Another device is not blocked.
    expect((await topUp(buyer.token, uniquePlayerId())).status).toBe(200);
  });
});
