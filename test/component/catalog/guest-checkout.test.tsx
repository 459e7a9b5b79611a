import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CategoryPage } from '../../../web/src/app/routes/category';
import { switchLocale } from '../../../web/src/lib/i18n';
import { loadServerMessages } from '../../../web/src/lib/server-messages';
import { type Answer, findToast, renderWithShop, stubApi } from '../../support/component';

const plan = (plans_id: string, pname: string, price: number) => ({
  plans_id,
  pname,
  image: '/images/plan-diamond.svg',
  price,
  no_of_diamonds: 0,
  status: 1,
});

/** The Free Fire page as a visitor sees it: a player-ID group and a game-account group. */
const freeFire: Record<string, Answer> = {
  '/user/master_category_list': { data: [{ id: 'free-fire', cname: 'Free Fire', image: '/images/ff.svg' }] },
  '/user/category_list?master_category=free-fire': {
    data: [
      {
        id: 'ff-uid',
        cname: 'UID TOPUP',
        image: '/images/uid.svg',
        master_category: 'free-fire',
        player_id_format: { min_digits: 6, max_digits: 12 },
      },
      { id: 'ff-id-password', cname: 'ID-Password Topup', image: '/images/acc.svg', master_category: 'free-fire', player_id_format: null },
    ],
  },
  '/user/plan_list?category_id=ff-uid': { data: [plan('ff-25', '25 Diamonds', 22), plan('ff-50', '50 Diamonds', 40)] },
  '/user/plan_list?category_id=ff-id-password': { data: [plan('ffa-520', '520 Diamonds', 350)] },
  '/user/shop_status': { data: { shopStatus: 1, errorMessage: '' } },
  '/guest/player_lookup': { data: { player_name: 'Player6781', region: 'BD' } },
};

const checkoutAnswer = {
  status: 1,
  payment_url: 'https://pay.example/checkout/INV1',
  message: '',
  id: 'OGUEST1',
  order_link: 'https://shop.example/order/tok_secret_123',
};

/** A visitor on the UID TOPUP form who chose a pack, typed a player ID, pressed Buy Now and then "Buy without an account". */
async function guestConfirmation(answers: Record<string, Answer> = {}) {
  const user = userEvent.setup();
  const api = stubApi({ ...freeFire, '/guest/request_webview': { data: checkoutAnswer }, ...answers });
  const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
  renderWithShop(<CategoryPage />, { path: '/category/free-fire?group=ff-uid', route: '/category/:id' });
  await user.click(await screen.findByText('25 Diamonds', { exact: true }));
  await user.type(screen.getByLabelText('Player ID'), '123456781');
  await user.click(screen.getByRole('button', { name: 'Buy Now' }));
  await user.click(await screen.findByRole('button', { name: 'Buy without an account' }));
  const dialog = await screen.findByRole('dialog', { name: 'Confirm your top-up' });
  return { user, api, assign, dialog };
}

describe("a visitor's checkout without an account", () => {
  it("asks for the receipt's contact with the endpoint's messages, then sends the guest order and goes to pay with its link kept", async () => {
    const { user, api, assign, dialog } = await guestConfirmation();
    // The nickname check goes through the guest's route.
    await waitFor(() => expect(within(dialog).getByTestId('player-nickname').textContent).toBe('Nickname: Player6781 (BD)'));
    expect(api.calls.find((call) => call.path === '/guest/player_lookup')?.body).toEqual({
      master_category: 'free-fire',
      player_id: '123456781',
    });
    expect(api.calls.some((call) => call.path === '/user/player_lookup')).toBe(false);
    // The gateway only: no wallet.
    within(dialog).getByText('Instant Payment (bKash, Nagad, Upay): the payment page opens here');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm and pay ৳22' });

    await user.click(confirm);
    await within(dialog).findByText('Enter your e-mail or mobile number for the receipt');
    const contact = within(dialog).getByLabelText('E-mail or mobile number for the receipt');
    await user.type(contact, 'not a contact');
    await within(dialog).findByText('Enter an e-mail address or a mobile number like 01XXXXXXXXX');
    await user.click(confirm);
    expect(api.calls.some((call) => call.path === '/guest/request_webview')).toBe(false);

    await user.clear(contact);
    await user.type(contact, ' 01712345678 ');
    expect(within(dialog).queryByText('Enter an e-mail address or a mobile number like 01XXXXXXXXX')).toBeNull();
    await user.click(confirm);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://pay.example/checkout/INV1'));
    expect(api.calls.find((call) => call.path === '/guest/request_webview')?.body).toEqual({
      plan_id: 'ff-25',
      paid_amount: '0',
      payment_reference: '0',
      saccount_type: '',
      saccount_id: '123456781',
      saccount_password: '0',
      backup_code: '',
      coupan_code: '',
      amount: '22',
      contact: '01712345678',
      language: 'en',
    });
    const kept = JSON.parse(localStorage.getItem('shop.guestOrders') ?? '[]');
    expect(kept).toEqual([{ orderId: 'OGUEST1', token: 'tok_secret_123', createdAt: expect.any(String) }]);
    // Nothing of the signed-in flow ran.
    expect(api.calls.some((call) => call.path.startsWith('/user/request'))).toBe(false);
  });

  it('keeps the newest link first and at most 20, and sends the receipt in Bengali for a Bengali shopper', async () => {
    localStorage.setItem(
      'shop.guestOrders',
      JSON.stringify(
        Array.from({ length: 20 }, (_, index) => ({ orderId: `O${index}`, token: `t${index}`, createdAt: '2026-11-01T00:00:00Z' })),
      ),
    );
    await switchLocale('bn');
    await loadServerMessages();
    const user = userEvent.setup();
    const api = stubApi({ ...freeFire, '/guest/request_webview': { data: checkoutAnswer } });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    renderWithShop(<CategoryPage />, { path: '/category/free-fire?group=ff-uid&plan=ff-50&player=123456781', route: '/category/:id' });
    await user.click(await screen.findByRole('button', { name: 'এখনই কিনুন' }));
    await user.click(await screen.findByRole('button', { name: 'অ্যাকাউন্ট ছাড়া কিনুন' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('রসিদের জন্য ই-মেইল বা মোবাইল নম্বর'), 'rahim@example.com');
    await user.click(within(dialog).getByRole('button', { name: /নিশ্চিত/ }));
    await waitFor(() => expect(assign).toHaveBeenCalled());
    expect(api.calls.find((call) => call.path === '/guest/request_webview')?.body).toMatchObject({
      plan_id: 'ff-50',
      amount: '40',
      contact: 'rahim@example.com',
      language: 'bn',
    });
    const kept = JSON.parse(localStorage.getItem('shop.guestOrders') ?? '[]') as { token: string }[];
    expect(kept).toHaveLength(20);
    expect(kept[0]?.token).toBe('tok_secret_123');
    expect(kept.at(-1)?.token).toBe('t18');
  });

  it('opens the confirmation again at the price the server names (409), still as a guest', async () => {
    const { user, dialog } = await guestConfirmation({
      '/guest/request_webview': { status: 409, message: 'Price changed, please review your order', errorData: { total: 30 } },
    });
    await user.type(within(dialog).getByLabelText('E-mail or mobile number for the receipt'), 'rahim@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and pay ৳22' }));
    await findToast('Price changed, please review your order');
    const again = await screen.findByRole('dialog', { name: 'Confirm your top-up' });
    await within(again).findByRole('button', { name: 'Confirm and pay ৳30' });
    within(again).getByLabelText('E-mail or mobile number for the receipt');
  });

  it('offers only signing in for a top-up by game-account login', async () => {
    const user = userEvent.setup();
    stubApi(freeFire);
    renderWithShop(<CategoryPage />, { path: '/category/free-fire?group=ff-id-password&plan=ffa-520', route: '/category/:id' });
    await screen.findAllByText('520 Diamonds', { exact: true });
    await user.click(screen.getByRole('button', { name: 'Buy Now' }));
    await findToast('Please login to continue');
    expect(screen.queryByRole('button', { name: 'Buy without an account' })).toBeNull();
    screen.getByRole('link', { name: 'Log in' });
  });
});
