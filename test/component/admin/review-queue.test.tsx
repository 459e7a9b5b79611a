import type { ReviewRow } from '@contract/admin-wire';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import type { ReviewItem } from '../../../web/src/features/admin/risk/api/get-holds';
import { ReviewCard } from '../../../web/src/features/admin/risk/components/review-card';
import { AddRuleForm } from '../../../web/src/features/admin/risk/components/velocity-rules';
import { orderFromWire } from '../../../web/src/lib/statuses';
import { type AdminOrderChanges, adminOrderRow, minutesAgo } from '../../support/admin-fixtures';
import { findToast, renderWithShop, stubApi } from '../../support/component';

/** A held order of the review queue as GET /admin/holds answers it, with `changes` to its order and hold. */
function review({
  order = {},
  hold = {},
  ...rest
}: { order?: AdminOrderChanges; hold?: object } & Partial<Omit<ReviewRow, 'order'>> = {}): ReviewItem {
  const row: ReviewRow = {
    order: adminOrderRow({
      order_id: 'OHELD12345',
      created_at: minutesAgo(90),
      status: '0',
      paid_amount: 5200,
      plan_name: '5600 Diamonds',
      plan_id: 'ff-5600',
      game_icon: '/images/free-fire.svg',
      user_id: 'U1',
      delivery: { mode: 'manual', state: 'checking', checking_minutes: 60 },
      hold: {
        state: 'held',
        reasons: [
          { kind: 'first-large-order', text: 'First order of ৳5200 (৳5000 or more) from an account younger than 3 days' },
          { kind: 'velocity', text: 'Velocity: more than 3 checkouts per device in an hour; device d-1' },
        ],
        at: minutesAgo(90),
        decided_at: null,
        review_within_minutes: 60,
        overdue: true,
        ...hold,
      },
      ...order,
    }),
    account: {
      user_id: 'U1',
      name: 'Rahim',
      email: 'rahim@example.com',
      mobile_no: '01712345678',
      mobile_verified: false,
      created_at: minutesAgo(60 * 5),
      orders: 3,
      refunded: 1,
    },
    flags: ['This player ID is topped up by 4 accounts', '3 accounts have bought on one device'],
    ...rest,
  };
  return { ...row, order: orderFromWire(row.order) };
}

const card = () => document.querySelector<HTMLElement>('.review-card')!;
/** The card's decisions, by name. */
const actions = () => [...card().querySelectorAll('.review-actions button')].map((button) => button.textContent);

describe("the review queue's card", () => {
  it('shows the order, why it is held, overdue, the account and the linkage flags', async () => {
    stubApi({});
    renderWithShop(<ReviewCard item={review()} />, { path: '/admin/review' });
    const shown = within(card());
    expect(card().textContent).toContain('5600 Diamonds');
    expect(card().textContent).toContain('৳5,200');
    expect(shown.getByText('1234567897').className).toContain('player-id-text');
    expect(shown.getByText('Wallet')).toBeTruthy();
    expect(shown.getByText('Overdue').className).toContain('badge-danger');
    expect(card().className).toContain('attention-wait');
    const reasons = within(shown.getByRole('region', { name: 'Why it is held' })).getAllByRole('listitem');
    expect(reasons.map((reason) => reason.textContent)).toEqual([
      'First order of ৳5200 (৳5000 or more) from an account younger than 3 days',
      'Velocity: more than 3 checkouts per device in an hour; device d-1',
    ]);
    expect(
      within(shown.getByRole('list', { name: 'Linkage flags' }))
        .getAllByRole('listitem')
        .map((flag) => flag.textContent),
    ).toEqual(['This player ID is topped up by 4 accounts', '3 accounts have bought on one device']);
    expect(card().textContent).toContain('Made 5 h ago');
    expect(shown.getByText('Not verified')).toBeTruthy();
    expect(card().textContent).toContain('3 orders, 1 refunded');
    expect(card().textContent).toContain('Held 1 h ago; the shopper was told within 60 min.');
    // A wallet order has no payment method to refund to.
    expect(actions()).toEqual(['Release', 'Refund to wallet', 'Block player ID', 'Block mobile number']);
  });

  it('is not overdue within the minutes promised, has no flags when none are raised, and refunds a gateway order to its payment method', async () => {
    stubApi({});
    renderWithShop(
      <ReviewCard
        item={review({
          order: { paid_by: 'gateway', account_type: 'Google', saccount_id: 'player@example.com' },
          hold: { overdue: false, at: minutesAgo(10) },
          flags: [],
          account: { ...review().account, mobile_no: '', mobile_verified: false, orders: 1, refunded: 0 },
        })}
      />,
      { path: '/admin/review' },
    );
    const shown = within(card());
    expect(shown.queryByText('Overdue')).toBeNull();
    expect(shown.queryByRole('list', { name: 'Linkage flags' })).toBeNull();
    expect(card().textContent).toContain('1 order, 0 refunded');
    expect(card().textContent).toContain('Google login');
    // A login is no player ID to block, and there is no mobile number.
    expect(actions()).toEqual(['Release', 'Refund to wallet', 'Refund to payment method']);
  });

  it('releases after a confirmation, and refunds only with a remark', async () => {
    // A moved order leaves the other orders lists 1.5 s later (get-orders.ts): timers run in real
    // time here, and the ones still pending are run at the end, while this test's cache still exists.
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const api = stubApi({
      '/admin/orders/OHELD12345/release': { data: { ...review().order, status: '0' }, message: 'Order released: its delivery goes on' },
      '/admin/orders/OHELD12345/refund': { data: { ...review().order, status: '2' }, message: 'Order refunded to the wallet' },
      '/admin/users/U1': { data: { name: 'Rahim' } },
    });
    renderWithShop(<ReviewCard item={review()} />, { path: '/admin/review', signedInAs: 'token-of-an-admin' });
    await user.click(within(card()).getByRole('button', { name: 'Release' }));
    const release = screen.getByRole('dialog', { name: 'Release order' });
    expect(release.textContent).toContain('1234567897');
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(within(release).getByRole('button', { name: 'Release' }));
    await findToast('Order released: its delivery goes on');
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/admin/orders/OHELD12345/release']);

    await user.click(within(card()).getByRole('button', { name: 'Refund to wallet' }));
    const refund = screen.getByRole('dialog', { name: 'Refund to wallet' });
    await user.click(within(refund).getByRole('button', { name: 'Refund ৳5,200' }));
    await within(refund).findByText('A remark is required');
    await user.type(within(refund).getByLabelText('Remark for the shopper'), 'Could not confirm the payer');
    await user.click(within(refund).getByRole('button', { name: 'Refund ৳5,200' }));
    await findToast('Order refunded to the wallet');
    expect(api.calls.find((call) => call.path === '/admin/orders/OHELD12345/refund')?.body).toEqual({
      remark: 'Could not confirm the payer',
      to: 'wallet',
      seen_status: '0',
    });
    await vi.runOnlyPendingTimersAsync();
  });
});

describe('the add-rule form', () => {
  it("says the schema's problems before sending, then sends the rule as the endpoint takes it", async () => {
    const user = userEvent.setup();
    const settings = { young_account_days: 3, first_order_hold_amount: 5000, review_within_minutes: 60, rules: [] };
    const api = stubApi({ '/admin/risk/rules': { data: settings, message: 'Rule added' } });
    renderWithShop(<AddRuleForm />, { path: '/admin/risk', signedInAs: 'token-of-an-admin' });
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    await screen.findByText('Set a number of checkouts, an amount, or both');
    await user.type(screen.getByLabelText('At most (checkouts)'), 'many');
    await screen.findByText('Checkouts must be a whole number from 0 to 100000');
    expect(api.calls).toEqual([]);

    await user.clear(screen.getByLabelText('At most (checkouts)'));
    await user.type(screen.getByLabelText('At most (checkouts)'), '3');
    await user.selectOptions(screen.getByLabelText('Count by'), 'Device');
    await user.selectOptions(screen.getByLabelText('In'), 'an hour');
    await user.selectOptions(screen.getByLabelText('Past the limit'), 'Refuse');
    await user.click(screen.getByRole('switch', { name: 'Young accounts only' }));
    await user.click(screen.getByRole('button', { name: 'Add rule' }));
    await findToast('Rule added');
    expect(api.calls.map((call) => [call.method, call.path, call.body])).toEqual([
      ['POST', '/admin/risk/rules', { key: 'device', window: 'hour', max_count: '3', action: 'refuse', young_only: '1' }],
    ]);
  });
});
