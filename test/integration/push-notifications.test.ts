import { randomInt } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import type { NotificationList, PushKey } from '../../functions/contract/wire';
import { fanOut } from '../../functions/notifications/fan-out';
import { notificationPage, pushSubscriptionsOf } from '../../functions/notifications/repo';
import type { ReceivedPush, TestSubscription } from '../../scripts/local/push-stand-in';
import type { TestAccount } from '../support/accounts';
import { callApi } from '../support/http';
import { fundedAccount, orderOnceStatus } from '../support/money';

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
