import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FindOrdersPage } from '../../../web/src/app/routes/find-orders';
import { GuestOrderPage } from '../../../web/src/app/routes/guest-order';
import { OrderReturnPage } from '../../../web/src/app/routes/order-return';
import { OrdersPage } from '../../../web/src/app/routes/profile/orders';
import { switchLocale } from '../../../web/src/lib/i18n';
import { loadServerMessages } from '../../../web/src/lib/server-messages';
import { type Answer, findToast, location, renderWithShop, stubApi } from '../../support/component';
import { orderRowBase } from '../../support/order-fixtures';

/** A guest's top-up as POST /guest/order answers it, with `changes`. */
const guestOrder = (changes: Record<string, unknown> = {}) => ({
  ...orderRowBase('OGUEST1', '2026-11-22T03:41:00.000Z'),
  paid_by: 'gateway',
  delivery: { mode: 'manual', state: 'delivered', player_name: 'Player6781', code: '', checking_minutes: 0 },
  timeline: [{ status: 'paid', at: '2026-11-22T03:42:00.000Z', remark: '' }],
  claim: null,
  ...changes,
});

const settings = { messenger_link: '', whatsapp: '', social: [] };

const keep = (...tokens: string[]) =>
  localStorage.setItem(
    'shop.guestOrders',
    JSON.stringify(tokens.map((token, index) => ({ orderId: `O${index}`, token, createdAt: '2026-11-22T03:41:00.000Z' }))),
  );

const posts = (api: ReturnType<typeof stubApi>, path: string) =>
  api.calls.filter((call) => call.method === 'POST' && call.path === path).map((call) => call.body);

describe('the return from the gateway (/order/return)', () => {
  it("settles the payment through the newest link kept on the device, then opens that order's page", async () => {
    keep('tok_newest', 'tok_older');
    const api = stubApi({ '/guest/verify_payment': { data: { kind: 'order', id: 'OGUEST1', status: '1' } } });
    renderWithShop(<OrderReturnPage />, { path: '/order/return?invoice_id=INV77', route: '/order/return' });
    await waitFor(() => expect(location.path).toBe('/order/tok_newest'));
    expect(posts(api, '/guest/verify_payment')).toEqual([{ token: 'tok_newest', invoice_id: 'INV77' }]);
  });

  it('says where the order link is when this device kept none, or the payment is not its order (404)', async () => {
    const api = stubApi({});
    const first = renderWithShop(<OrderReturnPage />, { path: '/order/return?invoice_id=INV77', route: '/order/return' });
    await screen.findByRole('heading', { name: 'Your order link is in your receipt' });
    expect(screen.getByRole('link', { name: 'Find my orders' }).getAttribute('href')).toBe('/find-orders');
    expect(api.calls).toEqual([]);
    first.unmount();

    keep('tok_other');
    await switchLocale('bn');
    await loadServerMessages();
    stubApi({ '/guest/verify_payment': { status: 404, message: 'Payment not found' } });
    renderWithShop(<OrderReturnPage />, { path: '/order/return?invoice_id=INV77', route: '/order/return' });
    await screen.findByRole('heading', { name: 'অর্ডারের লিংক আপনার রসিদে আছে' });
    screen.getByRole('link', { name: 'আমার অর্ডার খুঁজুন' });
    expect(location.path).toBe('/order/return?invoice_id=INV77');
  });
});

describe("a guest's order page (/order/{token})", () => {
  function openOrder(answer: Answer, answers: Record<string, Answer> = {}) {
    const api = stubApi({ '/guest/order': answer, '/user/site_settings': { data: settings }, ...answers });
    renderWithShop(<GuestOrderPage />, { path: '/order/tok_secret_123', route: '/order/:token' });
    return api;
  }

  it('shows the order as a shopper sees theirs, keeps its link on the device, and is not indexed', async () => {
    const api = openOrder({ data: guestOrder() });
    await screen.findByRole('heading', { name: 'Order OGUEST1' });
    expect(screen.getByText('1234567897')).toBeTruthy();
    expect(screen.getByText('Player6781')).toBeTruthy();
    expect(posts(api, '/guest/order')[0]).toEqual({ token: 'tok_secret_123' });
    expect(screen.getByRole('link', { name: '← Find my orders' }).getAttribute('href')).toBe('/find-orders');
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('shop.guestOrders') ?? '[]')).toEqual([
        { orderId: 'OGUEST1', token: 'tok_secret_123', createdAt: expect.any(String) },
      ]),
    );
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow');
  });

  it("shows a voucher order's delivered code", async () => {
    openOrder({
      data: guestOrder({ delivery: { mode: 'stock', state: 'delivered', player_name: '', code: 'GPLAY-1234', checking_minutes: 0 } }),
    });
    expect((await screen.findByTestId('delivered-code')).textContent).toBe('GPLAY-1234');
  });

  it("lists every code of a guest's code order, each with its own copy button", async () => {
    // user-event stands in for the clipboard.
    const user = userEvent.setup();
    openOrder({
      data: guestOrder({
        plan_name: 'Google Play ৳500',
        saccount_id: '',
        game: '',
        delivery: { mode: 'stock', state: 'delivered', player_name: '', code: '', checking_minutes: 0 },
        codes: ['GPLAY-AAAA-1111', 'GPLAY-BBBB-2222'],
      }),
    });
    await screen.findByRole('heading', { name: 'Order OGUEST1' });
    const codes = within(screen.getByRole('region', { name: 'Your codes' }));
    expect(codes.getAllByTestId('delivered-code').map((code) => code.textContent)).toEqual(['GPLAY-AAAA-1111', 'GPLAY-BBBB-2222']);
    expect(screen.queryByText('Player ID / account')).toBeNull();
    await user.click(codes.getByRole('button', { name: 'Copy code 2' }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('GPLAY-BBBB-2222'));
    codes.getByRole('button', { name: 'Copy code 1' });
  });

  it('says "Order not found" in the same words for any unknown token', async () => {
    openOrder({ status: 404, message: 'Order not found' });
    await screen.findByRole('heading', { name: 'Order not found' });
    screen.getByText(
      'This link does not open an order. Check the link in your receipt, or find your orders with your e-mail or mobile number.',
    );
    expect(screen.getByRole('link', { name: 'Find my orders' }).getAttribute('href')).toBe('/find-orders');
    expect(localStorage.getItem('shop.guestOrders')).toBeNull();
  });

  it('sends a report by the link, without a screenshot field', async () => {
    const user = userEvent.setup();
    let reported = false;
    const api = openOrder(
      async () => ({
        data: reported
          ? guestOrder({
              claim: {
                claim_id: 'C1',
                order_id: 'OGUEST1',
                status: 'open',
                reason: 'not_received',
                player_id: '',
                created_at: '2026-11-22T04:00:00.000Z',
                closed_at: null,
                thread: [],
              },
            })
          : guestOrder(),
      }),
      {
        '/guest/claim': async () => {
          reported = true;
          return {
            data: {
              claim_id: 'C1',
              order_id: 'OGUEST1',
              status: 'open',
              reason: 'not_received',
              player_id: '',
              created_at: '',
              closed_at: null,
              thread: [],
              outcome: 'waiting',
            },
            message: 'Thanks: we have your report and will answer here',
          };
        },
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Report a problem' }));
    const form = await screen.findByRole('form', { name: 'What went wrong?' });
    expect(within(form).queryByLabelText('Screenshot (optional)')).toBeNull();
    expect(form.querySelector('input[type="file"]')).toBeNull();
    await user.click(within(form).getByRole('radio', { name: 'I did not get my top-up' }));
    await user.click(within(form).getByRole('button', { name: 'Send report' }));
    await findToast('Thanks: we have your report and will answer here');
    expect(posts(api, '/guest/claim')).toEqual([{ reason: 'not_received', token: 'tok_secret_123' }]);
    // Nothing of an account's: no shopper's order, report or upload route.
    expect(api.calls.filter((call) => /^\/user\/(order|uploads)/.test(call.path))).toEqual([]);
    await screen.findByTestId('order-claim');
  });
});

describe('Find my orders', () => {
  it('sends a code to the contact, then lists its orders, each linking to its page', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      '/guest/find_orders': { data: [], message: 'If this contact has orders, we sent a 6-digit code' },
      '/guest/orders': {
        data: [
          {
            order_link: 'https://shop.example/order/tok_listed_1',
            order_id: 'OGUEST1',
            created_at: '2026-11-22T03:41:00.000Z',
            status: '0',
            paid_amount: 22,
            plan_name: '25 Diamonds',
          },
        ],
      },
    });
    renderWithShop(<FindOrdersPage />, { path: '/find-orders' });
    const step1 = await screen.findByRole('form', { name: 'Your e-mail or mobile number' });
    await user.click(within(step1).getByRole('button', { name: 'Send the code' }));
    await within(step1).findByText('Enter your e-mail or mobile number for the receipt');
    await user.type(within(step1).getByLabelText('E-mail or mobile number'), '017');
    await within(step1).findByText('Enter an e-mail address or a mobile number like 01XXXXXXXXX');
    expect(posts(api, '/guest/find_orders')).toEqual([]);
    await user.clear(within(step1).getByLabelText('E-mail or mobile number'));
    await user.type(within(step1).getByLabelText('E-mail or mobile number'), '01712345678');
    await user.click(within(step1).getByRole('button', { name: 'Send the code' }));

    const step2 = await screen.findByRole('form', { name: 'The code we sent' });
    within(step2).getByText('If this contact has orders, we sent a 6-digit code');
    expect(posts(api, '/guest/find_orders')).toEqual([{ contact: '01712345678', language: 'en' }]);
    await user.type(within(step2).getByLabelText('6-digit code'), '12');
    await user.click(within(step2).getByRole('button', { name: 'Show my orders' }));
    await within(step2).findByText('Enter the 6-digit code we sent you');
    expect(posts(api, '/guest/orders')).toEqual([]);
    await user.clear(within(step2).getByLabelText('6-digit code'));
    // Bengali digits, as a phone's keyboard may type them: the server reads them.
    await user.type(within(step2).getByLabelText('6-digit code'), '১২৩৪৫৬');
    await user.click(within(step2).getByRole('button', { name: 'Show my orders' }));

    const list = await screen.findByRole('list', { name: 'Your orders' });
    expect(posts(api, '/guest/orders')).toEqual([{ contact: '01712345678', otp: '১২৩৪৫৬' }]);
    const link = within(list).getByRole('link');
    expect(link.textContent).toContain('25 Diamonds');
    expect(link.textContent).toContain('৳22');
    within(list).getByText('Pending');
    await user.click(link);
    expect(location.path).toBe('/order/tok_listed_1');
  });

  it("shows the server's refusal of a wrong code and keeps the code step", async () => {
    const user = userEvent.setup();
    stubApi({
      '/guest/find_orders': { data: [], message: '' },
      '/guest/orders': { status: 400, message: 'Wrong or expired code' },
    });
    renderWithShop(<FindOrdersPage />, { path: '/find-orders' });
    await user.type(await screen.findByLabelText('E-mail or mobile number'), 'rahim@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    const step2 = await screen.findByRole('form', { name: 'The code we sent' });
    within(step2).getByText('If this contact has orders, we sent it a 6-digit code.');
    await user.type(within(step2).getByLabelText('6-digit code'), '123456');
    await user.click(within(step2).getByRole('button', { name: 'Show my orders' }));
    await findToast('Wrong or expired code');
    screen.getByRole('form', { name: 'The code we sent' });
  });
});

describe('Add my earlier orders (My Orders)', () => {
  it('asks once, then adds them, says how many and reads My Orders again', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      '/user/get_request_list': { data: [] },
      '/user/claim_guest_orders': { data: { claimed: 2 } },
    });
    renderWithShop(<OrdersPage />, { path: '/profile/userOrder', signedInAs: 'token-of-nusrat' });
    await user.click(await screen.findByRole('button', { name: 'Add my earlier orders to this account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add your earlier orders?' });
    expect(posts(api, '/user/claim_guest_orders')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts(api, '/user/claim_guest_orders')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Add my earlier orders to this account' }));
    const readsBefore = posts(api, '/user/get_request_list').length;
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Add them' }));
    await findToast('Orders added to your account: 2');
    expect(posts(api, '/user/claim_guest_orders')).toHaveLength(1);
    await waitFor(() => expect(posts(api, '/user/get_request_list').length).toBeGreaterThan(readsBefore));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so in Bengali when there were none', async () => {
    await switchLocale('bn');
    const user = userEvent.setup();
    stubApi({ '/user/get_request_list': { data: [] }, '/user/claim_guest_orders': { data: { claimed: 0 } } });
    renderWithShop(<OrdersPage />, { path: '/profile/userOrder', signedInAs: 'token-of-nusrat' });
    await user.click(await screen.findByRole('button', { name: 'আগের অর্ডারগুলো এই অ্যাকাউন্টে যোগ করুন' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'যোগ করুন' }));
    await findToast('আপনার ভেরিফাই করা ই-মেইল বা মোবাইল নম্বরে আগের কোনো অর্ডার পাওয়া যায়নি');
  });
});
