import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { VoucherList } from '../../../web/src/features/vouchers/components/voucher-list';
import { type Answer, findToast, location, renderWithShop, stubApi } from '../../support/component';

const bengaliQuantityError = 'অনুগ্রহ করে ১ থেকে ১০ এর মধ্যে অর্ডার করুন';

const itunes = [
  {
    voucher_id: 'itunes-10',
    voucher_name: 'iTunes $10 (US)',
    image: '/images/v10.svg',
    price: 1350,
    stock: 0,
    description: '<p>Sold out</p>',
  },
  {
    voucher_id: 'itunes-25',
    voucher_name: 'iTunes $25 (US)',
    image: '/images/v25.svg',
    price: 3300,
    stock: 4,
    description: '<h3>How to redeem</h3><p>Works for US accounts only.</p>',
  },
];

function renderItunes({
  balance,
  purchaseClosed = false,
  answers = {},
}: {
  balance?: number;
  purchaseClosed?: boolean;
  answers?: Record<string, Answer>;
} = {}) {
  const api = stubApi({
    ...answers,
    '/user/auto_delivery_vouchers_list?mcategory_id=itunes': { data: itunes },
    '/user/redeem_link': { data: { upay: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' } },
    '/user/user_data': { data: { code: 'U1', name: 'Nusrat', email: 'n@example.com', wallet_balance: balance ?? 0, has_password: true } },
  });
  renderWithShop(
    <VoucherList brandId="itunes" brand={{ cname: 'iTunes gift cards.', image: '/i.svg' }} purchaseClosed={purchaseClosed} />,
    {
      path: '/voucher/itunes',
      signedInAs: balance === undefined ? undefined : 'token-of-nusrat',
    },
  );
  return api;
}

const card = async (name: string) => (await screen.findByRole('heading', { name })).closest('article') as HTMLElement;

describe('the voucher page', () => {
  it('shows each voucher with price, Instant Delivery and its stock badge, and disables Buy when out of stock', async () => {
    renderItunes();
    const inStock = within(await card('iTunes $25 (US)'));
    const soldOut = within(await card('iTunes $10 (US)'));
    inStock.getByText('৳3,300');
    inStock.getByText('Instant Delivery');
    inStock.getByText('In Stock', { exact: true });
    soldOut.getByText('Out of Stock', { exact: true });
    expect((soldOut.getByRole('button', { name: 'Buy' }) as HTMLButtonElement).disabled).toBe(true);
    expect((inStock.getByRole('button', { name: 'Buy' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('keeps the quantity between 1 and 10 with the Bengali error outside it, and the stepper at the stock', async () => {
    const user = userEvent.setup();
    renderItunes();
    const item = within(await card('iTunes $25 (US)'));
    const quantity = item.getByLabelText('Quantity') as HTMLInputElement;
    expect(quantity.value).toBe('1');

    await user.click(item.getByRole('button', { name: 'Decrease quantity' }));
    item.getByText(bengaliQuantityError);
    expect(quantity.value).toBe('1');

    // 4 codes in stock: the stepper stops there and says so.
    for (let i = 0; i < 3; i += 1) await user.click(item.getByRole('button', { name: 'Increase quantity' }));
    expect(quantity.value).toBe('4');
    expect(item.queryByText(bengaliQuantityError)).toBeNull();
    item.getByText('× 4 = ৳13,200', { exact: false });
    item.getByText('Only 4 left', { exact: true });
    await user.click(item.getByRole('button', { name: 'Increase quantity' }));
    item.getByText('Only 4 left: you can buy up to 4 now.');
    expect(quantity.value).toBe('4');

    await user.clear(quantity);
    await user.type(quantity, '11');
    item.getByText(bengaliQuantityError);
    await user.clear(quantity);
    await user.type(quantity, '4');
    expect(item.queryByText(bengaliQuantityError)).toBeNull();
    await user.clear(quantity);
    await user.type(quantity, '0');
    await user.click(item.getByRole('button', { name: 'Buy' }));
    expect(item.getByRole('alert').textContent).toBe(bengaliQuantityError);
    expect(item.getByRole('alert').getAttribute('lang')).toBe('bn');
  });

  it('shows the Rules HTML in a modal that closes, and points Watch at the redeem video', async () => {
    const user = userEvent.setup();
    renderItunes();
    const item = within(await card('iTunes $25 (US)'));
    await user.click(item.getByRole('button', { name: 'Rules' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Rules: iTunes $25 (US)' }));
    await dialog.findByText('How to redeem');
    dialog.getByText('Works for US accounts only.', { exact: false });
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    // Escape is the dialog's cancel event: the modal closes on it.
    await user.click(item.getByRole('button', { name: 'Rules' }));
    fireEvent(await screen.findByRole('dialog'), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog')).toBeNull();

    const watch = await item.findByRole('link', { name: 'Watch' });
    expect(watch.getAttribute('href')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(watch.getAttribute('target')).toBe('_blank');
  });
});

describe('buying a voucher', () => {
  it('disables every Buy while the shop is closed', async () => {
    renderItunes({ purchaseClosed: true });
    await card('iTunes $25 (US)');
    const buttons = screen.getAllByRole('button', { name: 'Buy' }) as HTMLButtonElement[];
    expect(buttons.map((button) => button.disabled)).toEqual([true, true]);
  });

  it('offers a visitor, after the Bengali confirmation, to buy without an account, or Log in and Register that come back to the card', async () => {
    const user = userEvent.setup();
    const api = renderItunes();
    const item = within(await card('iTunes $25 (US)'));
    await user.click(item.getByRole('button', { name: 'Increase quantity' }));
    await user.click(item.getByRole('button', { name: 'Buy' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'আপনি কি নিশ্চিত?' }));
    confirm.getByText('আপনি কি iTunes $25 (US) এর 2 টি কোড ৳6,600 দিয়ে কিনতে চান?');
    await user.click(confirm.getByRole('button', { name: 'হ্যাঁ' }));
    item.getByText(
      'Log in, or buy without an account: we send the receipt and your order link to your e-mail or mobile number, and your codes open on that link.',
    );
    item.getByRole('button', { name: 'Buy without an account' });
    expect(location.path).toBe('/voucher/itunes');
    expect(item.getByRole('link', { name: 'Log in' }).getAttribute('href')).toContain(
      encodeURIComponent('/voucher/itunes?voucher=itunes-25&qty=2'),
    );
    expect(api.calls.filter((call) => call.method === 'POST' && call.path.includes('voucher'))).toEqual([]);
  });

  it('opens the insufficient-balance modal on a short wallet, with the shortfall to add and a way back, and buys nothing', async () => {
    const user = userEvent.setup();
    const api = renderItunes({ balance: 50 });
    const item = within(await card('iTunes $25 (US)'));
    await user.click(item.getByRole('button', { name: 'Buy' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'হ্যাঁ' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Insufficient balance' }));
    const add = modal.getByRole('link', { name: 'ADD AMOUNT IN WALLET' });
    const target = new URL(add.getAttribute('href')!, 'http://shop.test');
    expect(target.pathname).toBe('/profile/addMoney');
    expect(target.searchParams.get('amount')).toBe('3250');
    expect(target.searchParams.get('return')).toBe('/voucher/itunes?voucher=itunes-25&qty=1');
    await user.click(add);
    expect(location.path).toMatch(/^\/profile\/addMoney\?amount=3250/);
    expect(api.calls.filter((call) => call.method === 'POST' && call.path.includes('voucher'))).toEqual([]);
  });

  it('prices a promo code in the confirmation, shows its discount and the new total, and buys at that total', async () => {
    const user = userEvent.setup();
    const api = renderItunes({
      balance: 10_000,
      answers: {
        '/user/quote': { data: { price: 6600, discount: 330, total: 6270, coupan_code: 'GIFT5', sale: null } },
        '/user/buy_voucher/': { data: { codes: 'A,B' }, message: 'Codes bought' },
      },
    });
    const item = within(await card('iTunes $25 (US)'));
    await user.click(item.getByRole('button', { name: 'Increase quantity' }));
    await user.click(item.getByRole('button', { name: 'Buy' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Promo code'), ' gift5 ');
    await user.click(dialog.getByRole('button', { name: 'Apply' }));
    await dialog.findByText('−৳330');
    expect(dialog.getByText(/টি কোড ৳6,270 দিয়ে কিনতে চান/)).toBeTruthy();
    expect(api.calls.find((call) => call.path === '/user/quote')?.body).toEqual({
      voucher_id: 'itunes-25',
      qty: '2',
      coupan_code: ' gift5 ',
    });
    await user.click(dialog.getByRole('button', { name: 'হ্যাঁ' }));
    await findToast('Codes bought');
    expect(api.calls.find((call) => call.path === '/user/buy_voucher/')?.body).toEqual({
      voucher_id: 'itunes-25',
      qty: '2',
      coupan_code: 'GIFT5',
      expected_total: '6270',
    });
  });
});
