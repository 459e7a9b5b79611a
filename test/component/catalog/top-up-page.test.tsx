import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CategoryPage } from '../../../web/src/app/routes/category';
import { type Answer, findToast, location, renderWithShop, stubApi } from '../../support/component';

const plan = (plans_id: string, pname: string, price: number, status: 0 | 1 = 1) => ({
  plans_id,
  pname,
  image: '/images/plan-diamond.svg',
  price,
  no_of_diamonds: 0,
  status,
});

/** The seeded Free Fire page as the API answers it (scripts/local/seed.ts). */
const freeFire: Record<string, Answer> = {
  '/user/master_category_list': {
    data: [
      { id: 'free-fire', cname: 'Free Fire', image: '/images/ff.svg' },
      { id: 'pubg-mobile', cname: 'PUBG Mobile', image: '/images/pubg.svg' },
      { id: 'google-play', cname: 'Google Play gift cards.', image: '/images/gp.svg' },
    ],
  },
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
  '/user/plan_list?category_id=ff-uid': {
    data: [
      plan('ff-25', '25 Diamonds', 22),
      plan('ff-50', '50 Diamonds', 40),
      plan('ff-115', '115 Diamonds', 80),
      plan('ff-240', '240 Diamonds', 160),
      plan('ff-2530', '2530 Diamonds', 1620, 0),
    ],
  },
  '/user/plan_list?category_id=ff-id-password': { data: [plan('ffa-520', '520 Diamonds', 350)] },
  '/user/shop_status': { data: { shopStatus: 1, errorMessage: '' } },
  '/user/get_request_list': { data: [] },
  '/user/player_ids': { data: [] },
};

function renderFreeFire({ balance, answers = {} }: { balance?: number; answers?: Record<string, Answer> } = {}) {
  const api = stubApi({
    ...freeFire,
    '/user/user_data': { data: { code: 'U1', name: 'Nusrat', email: 'n@example.com', wallet_balance: balance ?? 0, has_password: true } },
    ...answers,
  });
  renderWithShop(<CategoryPage />, {
    path: '/category/free-fire?group=ff-uid',
    route: '/category/:id',
    signedInAs: balance === undefined ? undefined : 'token-of-nusrat',
  });
  return api;
}

const buyNow = () => screen.getByRole('button', { name: 'Buy Now' }) as HTMLButtonElement;
const pick = (user: ReturnType<typeof userEvent.setup>, text: string) => user.click(screen.getByText(text, { exact: true }));

describe('the top-up page', () => {
  it('tells a visitor to log in when pressing Buy Now, once a pack is chosen', async () => {
    const user = userEvent.setup();
    renderFreeFire();
    await screen.findByText('25 Diamonds', { exact: true });
    expect(buyNow().disabled).toBe(true);
    // A visitor's mode starts as Instant Payment: a pack is all Buy Now waits for.
    expect((screen.getByRole('radio', { name: /Instant Payment/ }) as HTMLInputElement).checked).toBe(true);
    await pick(user, '25 Diamonds');
    expect(buyNow().disabled).toBe(false);
    await pick(user, 'Wallet');
    expect(buyNow().disabled).toBe(false);
    await user.click(buyNow());
    await findToast('Please login to continue');
  });

  it('does not let the out-of-stock plan be chosen', async () => {
    const user = userEvent.setup();
    renderFreeFire();
    const outOfStock = (await screen.findByText('2530 Diamonds', { exact: true })).closest('.plan-option') as HTMLElement;
    within(outOfStock).getByText('Out Of Stock');
    const radio = within(outOfStock).getByRole('radio') as HTMLInputElement;
    expect(radio.disabled).toBe(true);
    await user.click(outOfStock);
    expect(radio.checked).toBe(false);
    expect(document.querySelector('.summary-row')?.textContent).toContain('Choose a pack');
    await pick(user, 'Instant Payment');
    expect(buyNow().disabled).toBe(true);
  });

  it("checks the UID TOPUP form's player ID and the account form's fields with the spec's messages", async () => {
    const user = userEvent.setup();
    const api = renderFreeFire({ balance: 0 });
    await screen.findByText('50 Diamonds', { exact: true });
    await pick(user, '50 Diamonds');
    await pick(user, 'Instant Payment');
    await user.click(buyNow());
    screen.getByText('Please fill player ID');
    await user.type(screen.getByLabelText('Player ID'), '123456789');
    expect(screen.queryByText('Please fill player ID')).toBeNull();

    await user.click(within(screen.getByTestId('plan-groups')).getByRole('button', { name: 'ID-Password Topup' }));
    await screen.findByRole('form', { name: 'ID-Password Topup' });
    expect(location.path).toContain('group=ff-id-password');
    await pick(user, await screen.findByText('520 Diamonds', { exact: true }).then(() => '520 Diamonds'));
    await pick(user, 'Instant Payment');
    await user.click(buyNow());
    for (const message of ['Please choose account type', 'Please fill email', 'Please fill password']) screen.getByText(message);
    const accountType = screen.getByLabelText('Account type') as HTMLSelectElement;
    expect([...accountType.options].map((option) => option.textContent)).toEqual(['Choose account type', 'FB', 'Google', 'VK', 'Twitter']);
    await user.selectOptions(accountType, 'VK');
    expect(screen.queryByText('Please choose account type')).toBeNull();
    // Nothing was ordered: the rules are the form's own.
    expect(api.calls.filter((call) => call.method === 'POST' && /request/.test(call.path) && !/get_request_list/.test(call.path))).toEqual(
      [],
    );
  });

  it('disables Buy Now in wallet mode while the price is above the balance', async () => {
    const user = userEvent.setup();
    renderFreeFire({ balance: 100 });
    await screen.findByText('115 Diamonds', { exact: true });
    await pick(user, 'Wallet');
    await screen.findByText('Balance ৳100');
    await pick(user, '115 Diamonds');
    expect(buyNow().disabled).toBe(false);
    await pick(user, '240 Diamonds');
    expect(buyNow().disabled).toBe(true);
    screen.getByText('less than ৳160', { exact: false });
    await pick(user, 'Instant Payment');
    expect(buyNow().disabled).toBe(false);
  });

  it('disables buying while the shop is closed', async () => {
    const user = userEvent.setup();
    renderFreeFire({ answers: { '/user/shop_status': { data: { shopStatus: 0, errorMessage: 'Closed for Eid, back on Sunday' } } } });
    await pick(user, await screen.findByText('25 Diamonds', { exact: true }).then(() => '25 Diamonds'));
    await pick(user, 'Instant Payment');
    expect(buyNow().disabled).toBe(true);
  });

  it("shows a not-found state and the server's toast for an unknown game", async () => {
    stubApi({ ...freeFire, '/user/category_list?master_category=no-such-game': { status: 404, message: 'Category not found' } });
    renderWithShop(<CategoryPage />, { path: '/category/no-such-game', route: '/category/:id' });
    await screen.findByRole('heading', { name: 'Game not found' });
    await findToast('Category not found');
  });

  it('puts a safety note on the ID-password form and labels no game "Top up by player ID" in More games', async () => {
    stubApi(freeFire);
    renderWithShop(<CategoryPage />, { path: '/category/free-fire?group=ff-id-password', route: '/category/:id' });
    await screen.findByText('turn off 2-step login', { exact: false });
    screen.getByText('Change its password once the top-up is delivered', { exact: false });
    const more = await screen.findAllByRole('region', { name: 'More games and gift cards' });
    await within(more[0]!).findAllByText('PUBG Mobile');
    const notes = more.flatMap((region) => [...region.querySelectorAll('.mini-card-note')].map((note) => note.textContent));
    expect(notes).not.toContain('Top up by player ID');
    expect(notes).toContain('Game top-up');
  });
});

describe("the confirm step's player check", () => {
  async function confirmFor(lookup: Answer) {
    const user = userEvent.setup();
    const api = renderFreeFire({ balance: 100, answers: { '/user/player_lookup': lookup } });
    await pick(user, await screen.findByText('25 Diamonds', { exact: true }).then(() => '25 Diamonds'));
    await user.type(screen.getByLabelText('Player ID'), '123456781');
    await pick(user, 'Wallet');
    await user.click(buyNow());
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your top-up' });
    return { dialog, api, confirm: () => within(dialog).getByRole('button', { name: 'Confirm and pay ৳22' }) as HTMLButtonElement };
  }

  it('names the player the game knows, and lets the order be confirmed', async () => {
    const { dialog, api, confirm } = await confirmFor({ data: { player_name: 'Player6781', region: 'BD' } });
    await waitFor(() => expect(within(dialog).getByTestId('player-nickname').textContent).toBe('Nickname: Player6781 (BD)'));
    expect(confirm().disabled).toBe(false);
    expect(api.calls.find((call) => call.path === '/user/player_lookup')?.body).toEqual({
      master_category: 'free-fire',
      player_id: '123456781',
    });
  });

  it("holds Confirm for an ID the game doesn't know", async () => {
    const { dialog, confirm } = await confirmFor({ status: 404, message: 'No player with this ID' });
    await within(dialog).findByText('No player with this ID — check it before paying');
    expect(confirm().disabled).toBe(true);
  });

  it("confirms without a name while the supplier's lookup is down", async () => {
    const { dialog, confirm } = await confirmFor({ status: 503, message: 'Supplier unavailable' });
    await waitFor(() => expect(confirm().disabled).toBe(false));
    expect(within(dialog).getByTestId('player-nickname').textContent).toBe('');
  });
});

describe('a pack on sale', () => {
  const endsAt = new Date(Date.now() + 3_600_000).toISOString();
  const onSale = { ...plan('ff-50', '50 Diamonds', 40), sale_price: 30, sale_ends_at: endsAt, sale_left: 7 };
  const saleList = { '/user/plan_list?category_id=ff-uid': { data: [plan('ff-25', '25 Diamonds', 22), onSale] } };

  async function confirmOnSale(order: Answer) {
    const user = userEvent.setup();
    const api = renderFreeFire({
      balance: 100,
      answers: { ...saleList, '/user/request/': order, '/user/player_lookup': { status: 503, message: 'Down' } },
    });
    const option = (await screen.findByText('50 Diamonds', { exact: true })).closest('label')!;
    await user.click(option);
    await user.type(screen.getByLabelText('Player ID'), '123456781');
    await pick(user, 'Wallet');
    await user.click(buyNow());
    return { user, api, option, dialog: await screen.findByRole('dialog', { name: 'Confirm your top-up' }) };
  }

  it('shows the list price struck through, the sale price, a countdown to its end and the units left, and charges the sale price', async () => {
    const { user, api, option, dialog } = await confirmOnSale({ data: { order_id: 'O1' }, message: 'Order placed' });
    expect(within(option).getByText('Was ৳40')).toBeTruthy();
    expect(option.querySelector('.plan-price')?.textContent).toBe('৳40Was ৳40 ৳30');
    expect(within(option).getByText(/^Ends in 0:59:[0-5]\d$/)).toBeTruthy();
    expect(within(option).getByText('7 left')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and pay ৳30' }));
    await waitFor(() => expect(api.calls.find((call) => call.path === '/user/request/')?.body?.paid_from_wallet).toBe('30'));
  });

  it('opens the confirmation again at the price the server names when the sale ended or sold out meanwhile (409)', async () => {
    const { user, dialog } = await confirmOnSale({
      status: 409,
      message: 'Price changed, please review your order',
      errorData: { total: 40 },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and pay ৳30' }));
    await findToast('Price changed, please review your order');
    const again = await screen.findByRole('dialog', { name: 'Confirm your top-up' });
    await within(again).findByRole('button', { name: 'Confirm and pay ৳40' });
  });
});
