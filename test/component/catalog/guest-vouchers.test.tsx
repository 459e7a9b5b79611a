import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { VoucherList } from '../../../web/src/features/vouchers/components/voucher-list';
import { type Answer, findToast, renderWithShop, stubApi } from '../../support/component';

const vouchers = [
  {
    voucher_id: 'gp-500',
    voucher_name: 'Google Play ৳500',
    image: '/images/gp.svg',
    price: 520,
    stock: 5,
    description: '<p>Redeem in the Play Store.</p>',
  },
];

const checkoutAnswer = {
  status: 1,
  payment_url: 'https://pay.example/checkout/INV7',
  message: '',
  id: 'OCODES1',
  order_link: 'https://shop.example/order/tok_codes_456',
};

/** A visitor on the voucher page who chose 2 codes, pressed Buy, said yes, then "Buy without an account". */
async function guestConfirmation(answers: Record<string, Answer> = {}) {
  const user = userEvent.setup();
  const api = stubApi({
    '/user/auto_delivery_vouchers_list?mcategory_id=google-play': { data: vouchers },
    '/user/redeem_link': { data: { upay: '' } },
    '/guest/buy_voucher_webview': { data: checkoutAnswer },
    ...answers,
  });
  const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
  renderWithShop(<VoucherList brandId="google-play" brand={{ cname: 'Google Play', image: '/g.svg' }} purchaseClosed={false} />, {
    path: '/voucher/google-play',
  });
  const card = within((await screen.findByRole('heading', { name: 'Google Play ৳500' })).closest('article') as HTMLElement);
  await user.click(card.getByRole('button', { name: 'Increase quantity' }));
  await user.click(card.getByRole('button', { name: 'Buy' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'হ্যাঁ' }));
  await user.click(card.getByRole('button', { name: 'Buy without an account' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'আপনি কি নিশ্চিত?' }));
  return { user, api, assign, dialog };
}

describe("a visitor's codes without an account", () => {
  it("asks for the receipt's contact with the endpoint's messages, then reserves the codes and goes to pay with the link kept", async () => {
    const { user, api, assign, dialog } = await guestConfirmation();
    dialog.getByText('Instant Payment (bKash, Nagad, Upay): the payment page opens here');
    const yes = dialog.getByRole('button', { name: 'হ্যাঁ' });

    await user.click(yes);
    await dialog.findByText('Enter your e-mail or mobile number for the receipt');
    const contact = dialog.getByLabelText('E-mail or mobile number for the receipt');
    await user.type(contact, 'nobody');
    await dialog.findByText('Enter an e-mail address or a mobile number like 01XXXXXXXXX');
    await user.click(yes);
    expect(api.calls.some((call) => call.path === '/guest/buy_voucher_webview')).toBe(false);

    await user.clear(contact);
    await user.type(contact, 'rahim@example.com');
    await user.click(yes);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/checkout/INV7'));
    expect(api.calls.find((call) => call.path === '/guest/buy_voucher_webview')?.body).toEqual({
      voucher_id: 'gp-500',
      qty: '2',
      amount: '1040',
      coupan_code: '',
      contact: 'rahim@example.com',
      language: 'en',
    });
    expect(api.calls.some((call) => call.path === '/user/buy_voucher/')).toBe(false);
    expect(JSON.parse(localStorage.getItem('shop.guestOrders') ?? '[]')).toEqual([
      { orderId: 'OCODES1', token: 'tok_codes_456', createdAt: expect.any(String) },
    ]);
  });

  it("says the server's refusal (the last codes went meanwhile) and opens no payment", async () => {
    const { user, assign, dialog } = await guestConfirmation({ '/guest/buy_voucher_webview': { status: 409, message: 'Out of stock' } });
    await user.type(dialog.getByLabelText('E-mail or mobile number for the receipt'), '01712345678');
    await user.click(dialog.getByRole('button', { name: 'হ্যাঁ' }));
    await findToast('Out of stock');
    expect(assign).not.toHaveBeenCalled();
    expect(localStorage.getItem('shop.guestOrders')).toBeNull();
  });
});
