import { describe, expect, it } from 'vitest';
import { desktop, phone, toast, useBrowser } from '../../support/browser';
import { callApi } from '../../support/http';
import { mailedToken, mailsTo } from '../../support/accounts';
import { fundedAccount } from '../../support/money';
import { pushSubscriptionsOf } from '../../../functions/notifications/repo';
import type { TestSubscription } from '../../../scripts/local/push-stand-in';
import { inject } from 'vitest';

describe('notifications in the browser', () => {
  const browser = useBrowser();

  it('counts a delivered order on the account icon, lists it, and clears the count once seen', async () => {
    const account = await fundedAccount(100, 'uinotes');
    const placed = await callApi<{ data: { order_id: string; status: string } }>('/user/request/', {
      token: account.token,
      form: { plan_id: 'ff-100-instant', saccount_id: '123456781', paid_from_wallet: 75 },
    });
    // The dispatcher delivers it within a moment.
    await expect
      .poll(
        async () =>
          (await callApi<{ data: { status: string } }>(`/user/order/${placed.body.data.order_id}`, { token: account.token, form: {} })).body
            .data.status,
        { timeout: 15_000 },
      )
      .toBe('1');

    const { page, errors } = await browser.open('/', desktop, { signedInAs: account.token });
    const accountMenu = page.getByRole('button', { name: /^Account menu/ });
    // The order's receipt and its delivery.
    await expect.poll(() => accountMenu.getAttribute('aria-label')).toBe('Account menu, 2 unread notifications');
    expect(await page.getByTestId('unread-badge').textContent()).toBe('2');

    await page.goto('/profile/notifications');
    const item = page.getByRole('link', { name: /Delivered: 100 Diamonds · instant/ });
    await item.waitFor();
    expect(await item.getAttribute('href')).toBe(`/profile/order/${placed.body.data.order_id}`);
    expect(await item.textContent()).toContain('Unread');
    await expect.poll(() => page.getByTestId('unread-badge').count()).toBe(0);
    expect(await accountMenu.getAttribute('aria-label')).toBe('Account menu');

    await item.click();
    await page.waitForURL((url) => url.pathname === `/profile/order/${placed.body.data.order_id}`);
    expect(errors).toEqual([]);
  });

  it('shows an empty state to a new account, and no count', async () => {
    const account = await fundedAccount(0, 'uinonotes');
    const { page } = await browser.open('/profile/notifications', phone, { signedInAs: account.token });
    await page.getByText("Nothing yet — we'll tell you here when an order is delivered or money reaches your wallet.").waitFor();
    expect(await page.getByTestId('unread-badge').count()).toBe(0);
  });

  it('turns a kind of e-mail off and on from the notifications page, and a mailed unsubscribe link turns it off in one click', async () => {
    const account = await fundedAccount(100, 'uimailset');
    await callApi('/auth/verify_email', { form: { token: await mailedToken(account.email, '/verify-email') } });
    const { page, errors } = await browser.open('/profile/notifications', phone, { signedInAs: account.token });
    const deliveryUpdates = page.getByRole('checkbox', { name: /Delivery updates/ });
    await expect.poll(() => deliveryUpdates.isChecked()).toBe(true);
    await page.getByText('Receipts, refunds and security notices always go to your verified e-mail address.').waitFor();
    await deliveryUpdates.uncheck();
    await expect.poll(() => page.getByRole('group', { name: 'E-mail' }).getAttribute('aria-busy')).toBe('false');
    await page.reload();
    await expect.poll(() => deliveryUpdates.isChecked()).toBe(false);
    await deliveryUpdates.check();
    await expect.poll(() => page.getByRole('group', { name: 'E-mail' }).getAttribute('aria-busy')).toBe('false');

    await callApi('/user/request/', {
      token: account.token,
      form: { plan_id: 'ff-100-instant', saccount_id: '123456783', paid_from_wallet: 75 },
    });
    let link = '';
    await expect
      .poll(
        async () => {
          const mail = (await mailsTo(account.email)).find((candidate) => candidate.subject.startsWith('Delivered'));
          link = /https?:\/\/\S+\/unsubscribe\?token=\S+/.exec(mail?.text ?? '')?.[0] ?? '';
          return link;
        },
        { timeout: 15_000 },
      )
      .not.toBe('');
    await page.goto(`${new URL(link).pathname}${new URL(link).search}`);
    await page.getByText('You will no longer get delivery updates by e-mail. Receipts, refunds and security notices still come.').waitFor();
    await page.getByRole('link', { name: 'All notification settings' }).click();
    await expect.poll(() => deliveryUpdates.isChecked()).toBe(false);
    expect(errors).toEqual([]);
  });

  it("lists the account's devices at 390 px, turns one off from the list, and a logout forgets this browser's own device", async () => {
    const account = await fundedAccount(0, 'uidevices');
    const { pushServiceUrl } = inject('stack');
    const newDevice = async () =>
      (await (await fetch(`${pushServiceUrl}/test/subscriptions`, { method: 'POST' })).json()) as TestSubscription;
    const [phoneDevice, laptop] = [await newDevice(), await newDevice()];
    for (const [device, userAgent] of [
      [phoneDevice, 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'],
      [laptop, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'],
    ] as const) {
      const saved = await callApi('/user/push_subscriptions', {
        token: account.token,
        json: { endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth },
        headers: { 'user-agent': userAgent },
      });
      expect(saved.status).toBe(200);
    }

    const { page, errors } = await browser.open(
      '/',
      { width: 390, height: 844 },
      { signedInAs: account.token, permissions: ['notifications'] },
    );
    // Headless Chromium cannot subscribe (its push service, FCM, is unreachable here): this browser
    // holds the phone's subscription as the Push API would give it, and notes its unsubscribe.
    await page.addInitScript((endpoint) => {
      const subscription = {
        endpoint,
        unsubscribe: async () => {
          localStorage.setItem('test.unsubscribed', endpoint);
          return true;
        },
      };
      const registration = { pushManager: { getSubscription: async () => subscription } };
      Object.defineProperty(navigator.serviceWorker, 'getRegistration', { value: async () => registration });
    }, phoneDevice.endpoint);
    await page.goto('/profile/notifications');
    const devices = page.getByRole('region', { name: 'Devices getting notifications' });
    await devices.getByText('Chrome · Android').waitFor();
    await devices.getByText('Firefox · Windows').waitFor();
    expect(await devices.getByText('This device').count()).toBe(1);
    await expect.poll(() => page.getByRole('switch', { name: 'Notify me on this device' }).isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await devices.getByRole('button', { name: 'Turn off notifications on Firefox · Windows' }).click();
    await toast(page, 'Notifications turned off on that device');
    await expect.poll(() => devices.getByRole('listitem').count()).toBe(1);
    expect((await pushSubscriptionsOf(account.code)).map((device) => device.endpoint)).toEqual([phoneDevice.endpoint]);

    await page.locator('.account-area .menu-button').click();
    await page.getByRole('menu').getByRole('button', { name: 'Logout' }).click();
    await toast(page, 'Logout successfully');
    expect(await pushSubscriptionsOf(account.code)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('test.unsubscribed'))).toBe(phoneDevice.endpoint);
    expect(errors).toEqual([]);
  });
});
