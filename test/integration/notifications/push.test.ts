import { randomInt } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { NotificationList, PushKey } from '../../../functions/contract/wire';
import { fanOut } from '../../../functions/notifications/fan-out';
import { notificationPage, pushSubscriptionsOf } from '../../../functions/notifications/repo';
import type { ReceivedPush, TestSubscription } from '../../../scripts/local/push-stand-in';
import type { PushDevices, UserInfo } from '../../../functions/contract/wire';
import { type TestAccount, googleSignIn, mailedToken, mintGoogleToken, registerAndLogIn } from '../../support/accounts';
import { callApi } from '../../support/http';
import { fundedAccount, orderOnceStatus, payInvoice, startTopUp } from '../../support/money';

const stack = inject('stack');

/** A device whose keys the push stand-in keeps, so that it decrypts what the shop pushes to it. */
const newDevice = async (): Promise<TestSubscription> =>
  (await (await fetch(`${stack.pushServiceUrl}/test/subscriptions`, { method: 'POST' })).json()) as TestSubscription;

/** The stand-in's id of a device (the last segment of its endpoint). */
const deviceId = (device: TestSubscription) => device.endpoint.split('/').pop()!;

/** Tells the stand-in how the device's push resource answers from now on: `gone` (410), or `fail-once` (one 500). */
const pushServiceWill = (what: 'gone' | 'fail-once', device: TestSubscription) =>
  fetch(`${stack.pushServiceUrl}/test/${what}/${deviceId(device)}`, { method: 'POST' });

const subscribe = (account: TestAccount, device: TestSubscription) =>
  callApi('/user/push_subscriptions', {
    token: account.token,
    json: { endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth },
  });

/** What the stand-in accepted for a device, oldest first. */
const allPushesTo = async (device: TestSubscription): Promise<ReceivedPush[]> =>
  ((await (await fetch(`${stack.pushServiceUrl}/messages`)).json()) as ReceivedPush[]).filter(
    (message) => message.endpoint === device.endpoint,
  );

/** The pushes of deliveries a device got (an order also pushes its receipt, "Order received"). */
const pushesTo = async (device: TestSubscription): Promise<ReceivedPush[]> =>
  (await allPushesTo(device)).filter((message) => message.payload?.includes('"title":"Delivered'));

const deliveredOrder = async (account: TestAccount) => {
  const placed = await callApi<{ data: { order_id: string; status: string } }>('/user/request/', {
    token: account.token,
    form: { plan_id: 'ff-100-instant', saccount_id: `${randomInt(1e8, 1e9)}1`, paid_from_wallet: 75 },
  });
  await orderOnceStatus(account.token, placed.body.data.order_id, '1');
  return placed.body.data.order_id;
};

/** Lets the stream poller (every 0.5 s) and a retry or two run, so that a second push would have arrived. */
const settle = () => new Promise((done) => setTimeout(done, 2_500));

describe("web push to the shopper's devices (the outbox's push channel)", () => {
  it("hands out the stage's VAPID public key to anyone", async () => {
    const answer = await callApi<{ data: PushKey }>('/user/push_key');
    expect(answer.status).toBe(200);
    const key = Buffer.from(answer.body.data.public_key, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(0x04);
  });

  it("pushes an order's delivery once to each device, with its words and page, whatever replays follow", async () => {
    const buyer = await fundedAccount(100);
    const devices = [await newDevice(), await newDevice()];
    for (const device of devices) expect((await subscribe(buyer, device)).status).toBe(200);
    const orderId = await deliveredOrder(buyer);
    for (const device of devices) await expect.poll(async () => (await pushesTo(device)).length, { timeout: 15_000 }).toBe(1);

    const { items } = await notificationPage(buyer.code, { limit: 10 });
    const [notification] = items;
    for (const device of devices) {
      const [push] = await pushesTo(device);
      expect(push).toMatchObject({ urgency: 'high', ttl: 86_400 });
      expect(push!.error).toBeUndefined();
      expect(JSON.parse(push!.payload!)).toEqual({
        title: 'Delivered: 100 Diamonds · instant',
        body: notification!.body,
        url: `${stack.url}/profile/order/${orderId}`,
        tag: notification!.id,
      });
    }
    const replays = await Promise.all([fanOut(notification!), fanOut(notification!), fanOut(notification!)]);
    expect(replays.map((replay) => replay.pushed)).toEqual([0, 0, 0]);
    await settle();
    for (const device of devices) expect(await pushesTo(device)).toHaveLength(1);
  });

  it('pushes again to a device whose push service failed, once, and not again to the device that got it', async () => {
    const buyer = await fundedAccount(100);
    const [failing, healthy] = [await newDevice(), await newDevice()];
    for (const device of [failing, healthy]) expect((await subscribe(buyer, device)).status).toBe(200);
    await pushServiceWill('fail-once', failing);
    await deliveredOrder(buyer);
    await expect.poll(async () => (await pushesTo(failing)).length, { timeout: 15_000 }).toBe(1);
    await settle();
    expect(await pushesTo(failing)).toHaveLength(1);
    expect(await pushesTo(healthy)).toHaveLength(1);
  });

  it('forgets a device whose subscription ended (410) and still pushes to the others', async () => {
    const buyer = await fundedAccount(100);
    const [ended, kept] = [await newDevice(), await newDevice()];
    for (const device of [ended, kept]) expect((await subscribe(buyer, device)).status).toBe(200);
    await pushServiceWill('gone', ended);
    await deliveredOrder(buyer);
    await expect.poll(async () => (await pushesTo(kept)).length, { timeout: 15_000 }).toBe(1);
    await expect
      .poll(async () => (await pushSubscriptionsOf(buyer.code)).map((device) => device.endpoint), { timeout: 15_000 })
      .toEqual([kept.endpoint]);
    expect(await pushesTo(ended)).toHaveLength(0);
  });

  it('pushes nothing to a device turned off, and nothing to another shopper', async () => {
    const [buyer, other] = await Promise.all([fundedAccount(100), fundedAccount(0, 'other')]);
    const [off, others] = [await newDevice(), await newDevice()];
    expect((await subscribe(buyer, off)).status).toBe(200);
    expect((await subscribe(other, others)).status).toBe(200);
    const deleted = await callApi('/user/push_subscriptions/delete', { token: buyer.token, json: { endpoint: off.endpoint } });
    expect(deleted.status).toBe(200);
    await deliveredOrder(buyer);
    await expect
      .poll(
        async () => (await callApi<{ data: NotificationList }>('/user/notifications', { token: buyer.token, form: {} })).body.data.unread,
        { timeout: 15_000 },
      )
      .toBe(2);
    await settle();
    expect(await allPushesTo(off)).toHaveLength(0);
    expect(await allPushesTo(others)).toHaveLength(0);
  });

  it('refuses a subscription that is not one with a 400 envelope, a stranger with a 401, and an eleventh device with a 409', async () => {
    const shopper = await fundedAccount(0, 'devices');
    const device = await newDevice();
    const valid = { endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth };
    const refusals = [
      [{ ...valid, endpoint: 'http://push.example.com/abc' }, 'endpoint', 'endpoint must be a push service address'],
      [{ ...valid, endpoint: 'javascript:alert(1)' }, 'endpoint', 'endpoint must be a push service address'],
      [{ ...valid, p256dh: device.keys.p256dh.slice(1) }, 'p256dh', "p256dh must be the browser's P-256 key"],
      [{ ...valid, auth: `${device.keys.auth}AA` }, 'auth', "auth must be the browser's 16-byte secret"],
      [{ p256dh: valid.p256dh, auth: valid.auth }, 'endpoint', 'endpoint is required'],
    ] as const;
    for (const [json, field, message] of refusals) {
      const refused = await callApi('/user/push_subscriptions', { token: shopper.token, json });
      expect(refused.status, field).toBe(400);
      expect(refused.body).toMatchObject({ status: 0, errors: { [field]: message } });
    }
    expect((await callApi('/user/push_subscriptions', { json: valid })).status).toBe(401);
    expect(await pushSubscriptionsOf(shopper.code)).toEqual([]);

    for (let i = 0; i < 10; i += 1) expect((await subscribe(shopper, await newDevice())).status).toBe(200);
    const eleventh = await subscribe(shopper, device);
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.message).toBe('Notifications are on for 10 devices already; turn them off on one of them first');
    const [first] = await pushSubscriptionsOf(shopper.code);
    const renewed = await callApi('/user/push_subscriptions', {
      token: shopper.token,
      json: { endpoint: first!.endpoint, p256dh: first!.p256dh, auth: first!.auth },
    });
    expect(renewed.status).toBe(200);
    expect(await pushSubscriptionsOf(shopper.code)).toHaveLength(10);
  });
});

describe('a device belongs to the session that turned it on', () => {
  /** Money in through the gateway: the account is told ("wallet credited"), on every live device. */
  const creditWallet = async (account: TestAccount) => {
    const { paymentUrl } = await startTopUp(account, 50);
    await payInvoice(paymentUrl);
  };
  const notificationsOf = async (token: string) =>
    (await callApi<{ data: NotificationList }>('/user/notifications', { token, form: {} })).body.data.items;

  /**
   * After `change` (which answers the owner's session from then on), the earlier device hears
   * nothing, not even of the change itself, while a device the owner turns on afterwards does.
   */
  async function expectDeviceEndedBy(account: TestAccount, change: () => Promise<string>) {
    const earlier = await newDevice();
    expect((await subscribe(account, earlier)).status).toBe(200);
    const token = await change();
    const owner = { ...account, token };
    const later = await newDevice();
    expect((await subscribe(owner, later)).status).toBe(200);
    await creditWallet(owner);
    await expect.poll(async () => (await allPushesTo(later)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    expect((await notificationsOf(token)).map((note) => note.kind)).toContain('wallet_credited');
    await settle();
    expect(await allPushesTo(earlier)).toEqual([]);
    const listed = await callApi<{ data: PushDevices }>('/user/push_devices', { token, form: { endpoint: later.endpoint } });
    expect(listed.body.data.items.map((device) => device.this_device)).toEqual([true]);
    await expect.poll(async () => (await pushSubscriptionsOf(account.code)).map((device) => device.endpoint)).toEqual([later.endpoint]);
  }

  it('ends with a password change', async () => {
    const account = await registerAndLogIn('pushpw');
    await expectDeviceEndedBy(account, async () => {
      const changed = await callApi<{ data: { authToken: string } }>('/user/update_user', {
        token: account.token,
        form: { password: account.password, new_password: 'a-new-long-secret' },
      });
      expect(changed.status).toBe(200);
      return changed.body.data.authToken;
    });
  });

  it('ends with a password reset', async () => {
    const account = await registerAndLogIn('pushreset');
    await expectDeviceEndedBy(account, async () => {
      expect((await callApi('/auth/forgot_password', { form: { email: account.email } })).status).toBe(200);
      const reset = await callApi('/auth/reset_password', {
        form: { token: await mailedToken(account.email, '/reset-password'), new_password: 'a-new-long-secret' },
      });
      expect(reset.status).toBe(200);
      const login = await callApi<{ data: { authToken: string } }>('/auth/login', {
        form: { email: account.email, password: 'a-new-long-secret' },
      });
      return login.body.data.authToken;
    });
  });

  it("ends with the real owner's Google takeover of an account someone registered in their name", async () => {
    const squatter = await registerAndLogIn('pushsquat');
    await expectDeviceEndedBy(squatter, async () => {
      const owner = await googleSignIn(squatter.email);
      const login = await callApi<{ data: UserInfo & { authToken: string } }>('/auth/login', {
        form: { email: squatter.email, password: 'x', google_token: await mintGoogleToken(owner.claims) },
        headers: owner.headers,
      });
      expect(login.body.data).toMatchObject({ code: squatter.code, has_password: false });
      return login.body.data.authToken;
    });
  });

  it('ends with a logout: the page forgets its own device before the session goes', async () => {
    const account = await fundedAccount(100, 'pushout');
    const [loggedOut, kept] = [await newDevice(), await newDevice()];
    for (const device of [loggedOut, kept]) expect((await subscribe(account, device)).status).toBe(200);
    // What lib/push-here.ts sends as the page logs out.
    const forgotten = await callApi('/user/push_subscriptions/delete', { token: account.token, form: { endpoint: loggedOut.endpoint } });
    expect(forgotten.status).toBe(200);
    await deliveredOrder(account);
    await expect.poll(async () => (await pushesTo(kept)).length, { timeout: 15_000 }).toBe(1);
    await settle();
    expect(await allPushesTo(loggedOut)).toEqual([]);
  });

  it("lists the owner's devices without their addresses, and turns one off from the list", async () => {
    const account = await fundedAccount(100, 'pushlist');
    const [phone, laptop] = [await newDevice(), await newDevice()];
    const subscribeAs = (device: TestSubscription, userAgent: string) =>
      callApi('/user/push_subscriptions', {
        token: account.token,
        json: { endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth },
        headers: { 'user-agent': userAgent },
      });
    expect(
      (
        await subscribeAs(
          phone,
          'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
        )
      ).status,
    ).toBe(200);
    expect((await subscribeAs(laptop, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).status).toBe(
      200,
    );
    const listed = await callApi<{ data: PushDevices }>('/user/push_devices', { token: account.token, form: { endpoint: phone.endpoint } });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(deviceId(phone));
    const byName = Object.fromEntries(listed.body.data.items.map((device) => [`${device.browser} on ${device.system}`, device]));
    expect(Object.keys(byName).sort()).toEqual(['Chrome on Android', 'Firefox on Windows']);
    expect(byName['Chrome on Android']).toMatchObject({ this_device: true, service: 'Local stand-in' });
    expect(byName['Firefox on Windows']!.this_device).toBe(false);

    const removed = await callApi('/user/push_devices/delete', { token: account.token, form: { id: byName['Firefox on Windows']!.id } });
    expect(removed.status).toBe(200);
    await deliveredOrder(account);
    await expect.poll(async () => (await pushesTo(phone)).length, { timeout: 15_000 }).toBe(1);
    await settle();
    expect(await allPushesTo(laptop)).toEqual([]);
    // Another shopper's device id turns nothing off.
    const stranger = await fundedAccount(0, 'pushstranger');
    expect(
      (await callApi('/user/push_devices/delete', { token: stranger.token, form: { id: byName['Chrome on Android']!.id } })).status,
    ).toBe(200);
    expect((await pushSubscriptionsOf(account.code)).map((device) => device.endpoint)).toEqual([phone.endpoint]);
  });
});

describe('push goes only to push services', () => {
  it('refuses a subscription at an IP literal, a private or an unknown host, with credentials or a port', async () => {
    const shopper = await fundedAccount(0, 'pushhosts');
    const device = await newDevice();
    const subscribeAt = (endpoint: string) =>
      callApi('/user/push_subscriptions', { token: shopper.token, json: { endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth } });
    for (const endpoint of [
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.7/push/abc',
      'https://[::1]/push/abc',
      'https://localhost/push/abc',
      'https://push.example.com/abc',
      'https://fcm.googleapis.com.evil.example/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'http://fcm.googleapis.com/fcm/send/abc',
    ]) {
      const refused = await subscribeAt(endpoint);
      expect(refused.status, endpoint).toBe(400);
      expect(refused.body).toMatchObject({ errors: { endpoint: 'endpoint must be a push service address' } });
    }
    expect(await pushSubscriptionsOf(shopper.code)).toEqual([]);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/abc',
      'https://wns2-by3p.notify.windows.com/w/?token=abc',
    ])
      expect((await subscribeAt(endpoint)).status, endpoint).toBe(200);
  });

  it('never follows a redirect from a push endpoint, forgets that device, and still pushes to the others', async () => {
    const buyer = await fundedAccount(100, 'pushredirect');
    const [redirecting, elsewhere, kept] = [await newDevice(), await newDevice(), await newDevice()];
    for (const device of [redirecting, kept]) expect((await subscribe(buyer, device)).status).toBe(200);
    const told = await fetch(
      `${stack.pushServiceUrl}/test/redirect/${deviceId(redirecting)}?to=${encodeURIComponent(elsewhere.endpoint)}`,
      {
        method: 'POST',
      },
    );
    expect(told.status).toBe(200);
    await deliveredOrder(buyer);
    await expect.poll(async () => (await pushesTo(kept)).length, { timeout: 15_000 }).toBe(1);
    await expect
      .poll(async () => (await pushSubscriptionsOf(buyer.code)).map((device) => device.endpoint), { timeout: 15_000 })
      .toEqual([kept.endpoint]);
    await settle();
    expect(await allPushesTo(elsewhere)).toEqual([]);
  });
});
