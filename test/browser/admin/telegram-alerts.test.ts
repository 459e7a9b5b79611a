import { randomInt } from 'node:crypto';
import type { AdminAlertSettings } from '@contract/admin-wire';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { logInAdmin, sidewaysOverflow } from '../../support/admin';
import { phone, toast, useBrowser } from '../../support/browser';
import { callApi } from '../../support/http';

let adminToken = '';
beforeAll(async () => {
  adminToken = await logInAdmin();
});

const savedSettings = async () => (await callApi<{ data: AdminAlertSettings }>('/admin/alert_settings', { token: adminToken })).body.data;

describe('the Telegram alerts card of the site settings', () => {
  const browser = useBrowser();

  it('lets an operator on a phone choose the chat, the kinds and the minutes, and send a test message there', async () => {
    const chatId = `-100${randomInt(1e9, 1e10)}`;
    const { page, errors } = await browser.open('/admin/settings', phone, { signedInAs: adminToken });
    const card = page.getByRole('region', { name: 'Telegram alerts' });
    await card.getByLabel('Telegram chat id').waitFor();
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    await card.getByLabel('Minutes before a pending payment is told').fill('2');
    await card.getByRole('button', { name: 'Save alerts' }).click();
    await card.getByText('Minutes must be a whole number from 5 to 1440').waitFor();

    await card.getByLabel('Telegram chat id').fill(chatId);
    await card.getByLabel('Minutes before a pending payment is told').fill('30');
    await card.getByRole('switch', { name: 'A voucher falls to its low-stock mark' }).click();
    await card.getByRole('button', { name: 'Save alerts' }).click();
    await toast(page, 'Saved');
    expect(await savedSettings()).toMatchObject({
      chat_id: chatId,
      payment_pending_minutes: 30,
      kinds: { low_stock: false, order_waiting: true },
    });
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    await card.getByRole('button', { name: 'Send a test message' }).click();
    await toast(page, 'Test message queued');
    const toChat = async () =>
      ((await (await fetch(`${inject('stack').telegramUrl}/messages`)).json()) as { chat_id: number | string; text: string }[]).filter(
        (message) => String(message.chat_id) === chatId,
      );
    await expect.poll(async () => (await toChat()).length, { timeout: 15_000 }).toBe(1);
    expect((await toChat())[0]!.text).toMatch(/^Test message: operator alerts reach this chat\.\nhttp:\/\/localhost:\d+\/admin\/settings$/);
    expect(errors).toEqual([]);
  });
});
