import type { AdminClaimRow } from '@contract/admin-wire';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ClaimItem } from '../../../web/src/features/admin/claims/api/get-claims';
import { ClaimCard } from '../../../web/src/features/admin/claims/components/claim-card';
import { orderFromWire } from '../../../web/src/lib/statuses';
import { type AdminOrderChanges, adminOrderRow, minutesAgo } from '../../support/admin-fixtures';
import { type Answer, type StubbedApi, findToast, renderWithShop, stubApi } from '../../support/component';

/** An open report as GET /admin/claims answers it, with `changes`, and `order` changes to its order (a completed wallet order by player ID). */
function report({ order = {}, ...changes }: Partial<Omit<AdminClaimRow, 'order'>> & { order?: AdminOrderChanges | null } = {}): ClaimItem {
  const row: AdminClaimRow = {
    claim_id: 'CL1',
    order_id: 'OREPORT123',
    status: 'open',
    reason: 'wrong_player_id',
    player_id: '9876543210',
    created_at: minutesAgo(125),
    overdue: true,
    closed_at: null,
    thread: [
      { from: 'shopper', message: 'I typed one digit wrong', image: '', at: minutesAgo(125) },
      {
        from: 'shop',
        message: 'The top-up had already gone to the player ID you entered, so it cannot be changed here; an operator will answer here.',
        image: '',
        at: minutesAgo(125),
      },
    ],
    user_id: 'U7',
    age_minutes: 125,
    order: order && adminOrderRow({ order_id: 'OREPORT123', user_id: 'U7', ...order }),
    ...changes,
  };
  return { ...row, order: row.order && orderFromWire(row.order) };
}

const card = () => document.querySelector<HTMLElement>('.claim-card')!;

describe("the claims queue's card", () => {
  it('shows the order, the reason, how long it has been open and the thread', () => {
    stubApi({});
    renderWithShop(<ClaimCard item={report()} />, { path: '/admin/claims' });
    const text = card().textContent;
    for (const shown of ['Free Fire', '25 Diamonds', '৳25', '1234567897', 'Order OREPORT123', 'Open 2 h', 'Overdue'])
      expect(text).toContain(shown);
    expect(within(card()).getByTestId('claim-reason').textContent).toBe('Wrong player ID: the right player ID is 9876543210');
    const thread = within(card()).getByRole('region', { name: 'Thread' });
    expect(
      within(thread)
        .getAllByRole('listitem')
        .map((message) => message.querySelector('.claim-card-author')?.textContent),
    ).toEqual(['Shopper', 'Shop']);
    expect(thread.textContent).toContain('I typed one digit wrong');
  });

  it("sends an answer only once written and confirmed, in the endpoint's words", async () => {
    const user = userEvent.setup();
    const api = stubApi({ '/admin/claims/CL1/reply': { data: report(), message: 'Answer sent' } });
    renderWithShop(<ClaimCard item={report()} />, { path: '/admin/claims', signedInAs: 'token-of-an-admin' });
    await user.click(within(card()).getByRole('button', { name: 'Send answer' }));
    await within(card()).findByText('Write the answer');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.type(within(card()).getByLabelText('Answer to the shopper'), 'Sent again to 9876543210, check now');
    await user.click(within(card()).getByRole('button', { name: 'Send answer' }));
    const dialog = screen.getByRole('dialog', { name: 'Send answer' });
    expect(dialog.textContent).toContain('Sent again to 9876543210, check now');
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    await findToast('Answer sent');
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      ['/admin/claims/CL1/reply', { message: 'Sent again to 9876543210, check now' }],
    ]);
    expect((within(card()).getByLabelText('Answer to the shopper') as HTMLTextAreaElement).value).toBe('');
  });

  it('closes with an optional last word', async () => {
    const user = userEvent.setup();
    const api = stubApi({ '/admin/claims/CL1/close': { data: report({ status: 'closed' }), message: 'Report closed' } });
    renderWithShop(<ClaimCard item={report()} />, { path: '/admin/claims', signedInAs: 'token-of-an-admin' });
    await user.click(within(card()).getByRole('button', { name: 'Close' }));
    const dialog = screen.getByRole('dialog', { name: 'Close report' });
    await user.click(within(dialog).getByRole('button', { name: 'Close report' }));
    await findToast('Report closed');
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body])).toEqual([
      ['/admin/claims/CL1/close', {}],
    ]);
  });

  it('offers no answer on a closed report', () => {
    stubApi({});
    renderWithShop(<ClaimCard item={report({ status: 'closed', closed_at: minutesAgo(5) })} />, { path: '/admin/claims' });
    expect(card().textContent).toContain('Closed');
    expect(within(card()).queryByRole('button', { name: 'Send answer' })).toBeNull();
    expect(within(card()).queryByRole('button', { name: 'Close' })).toBeNull();
  });
});

/** The card's actions on the order, by name; none when it offers none. */
const settles = () => {
  const section = within(card()).queryByRole('region', { name: 'Settle the report' });
  return section
    ? within(section)
        .getAllByRole('button')
        .map((button) => button.textContent)
    : [];
};
const posts = (api: StubbedApi) => api.calls.filter((call) => call.method === 'POST').map((call) => [call.path, call.body]);

describe("the claims card's actions on the order", () => {
  it('offers only the actions that apply to the order', () => {
    stubApi({});
    const cases: [string, ClaimItem, string[]][] = [
      ['a completed wallet order delivered by hand', report(), ['Refund to wallet']],
      [
        'a completed gateway order delivered from stock',
        report({ reason: 'code_invalid', order: { paid_by: 'gateway', delivery: { mode: 'stock', has_code: true } } }),
        ['Replace code', 'Refund to wallet', 'Refund to payment method'],
      ],
      [
        'a stock order not delivered yet',
        report({ order: { status: '0', by_player_id: false, account_type: 'Google', delivery: { mode: 'stock' } } }),
        ['Refund to wallet'],
      ],
      [
        'a pending player-ID order',
        report({ order: { status: '0', delivery: { state: 'waiting' } } }),
        ['Correct player ID', 'Refund to wallet'],
      ],
      [
        'a pending login order',
        report({ order: { status: '0', account_type: 'Google', saccount_id: 'player@example.com' } }),
        ['Refund to wallet'],
      ],
      ['a refunded order', report({ order: { status: '2', paid_by: 'gateway' } }), []],
      ['an order gone', report({ order: null }), []],
      ['a closed report', report({ status: 'closed', closed_at: minutesAgo(5), order: { status: '0' } }), []],
    ];
    for (const [what, item, offered] of cases) {
      const { unmount } = renderWithShop(<ClaimCard item={item} />, { path: '/admin/claims' });
      expect(settles(), what).toEqual(offered);
      unmount();
    }
  });

  it('replaces the code only after a confirmation', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      '/admin/claims/CL1/replace_code': { data: report({ status: 'closed' }), message: 'Code replaced, and the report closed' },
    });
    const item = report({ reason: 'code_invalid', player_id: '', order: { delivery: { mode: 'stock', has_code: true } } });
    renderWithShop(<ClaimCard item={item} />, { path: '/admin/claims', signedInAs: 'token-of-an-admin' });
    await user.click(within(card()).getByRole('button', { name: 'Replace code' }));
    const dialog = screen.getByRole('dialog', { name: 'Replace code' });
    expect(dialog.textContent).toContain('Order OREPORT123');
    expect(posts(api)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Replace code' }));
    await findToast('Code replaced, and the report closed');
    expect(posts(api)).toEqual([['/admin/claims/CL1/replace_code', {}]]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("corrects the player ID only once one is typed, in the endpoint's words", async () => {
    const user = userEvent.setup();
    const api = stubApi({
      '/admin/claims/CL1/correct_player_id': { data: report({ status: 'closed' }), message: 'Player ID corrected, and the report closed' },
    });
    renderWithShop(<ClaimCard item={report({ order: { status: '0', delivery: { state: 'waiting' } } })} />, {
      path: '/admin/claims',
      signedInAs: 'token-of-an-admin',
    });
    await user.click(within(card()).getByRole('button', { name: 'Correct player ID' }));
    const dialog = screen.getByRole('dialog', { name: 'Correct player ID' });
    const field = within(dialog).getByLabelText('Right player ID') as HTMLInputElement;
    // The shopper's own word to begin with.
    expect(field.value).toBe('9876543210');
    await user.clear(field);
    await user.click(within(dialog).getByRole('button', { name: 'Correct player ID' }));
    await within(dialog).findByText('Enter the right player ID');
    expect(posts(api)).toEqual([]);

    await user.type(field, ' 5550001112 ');
    await user.click(within(dialog).getByRole('button', { name: 'Correct player ID' }));
    await findToast('Player ID corrected, and the report closed');
    expect(posts(api)).toEqual([['/admin/claims/CL1/correct_player_id', { player_id: '5550001112' }]]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refunds to the wallet after a confirmation, the button waiting while it sends', async () => {
    const user = userEvent.setup();
    let answer: (value: Answer) => void = () => undefined;
    const api = stubApi({ '/admin/claims/CL1/refund': () => new Promise<Answer>((resolve) => (answer = resolve)) });
    renderWithShop(<ClaimCard item={report({ order: { paid_by: 'gateway' } })} />, {
      path: '/admin/claims',
      signedInAs: 'token-of-an-admin',
    });
    await user.click(within(card()).getByRole('button', { name: 'Refund to wallet' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund to wallet' });
    expect(dialog.textContent).toContain('৳25 goes back to the shopper’s shop wallet at once.');
    expect(within(dialog).queryByLabelText('Remark for the shopper')).toBeNull();
    expect(posts(api)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Refund ৳25' }));
    const waiting = await within(dialog).findByRole('button', { name: 'Refunding…' });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    answer({ data: report({ status: 'closed' }), message: 'Refunded, and the report closed' });
    await findToast('Refunded, and the report closed');
    expect(posts(api)).toEqual([['/admin/claims/CL1/refund', { to: 'wallet' }]]);
  });

  it("refunds a gateway order to its payment method, and a stale view closes the dialog with the server's reason", async () => {
    const user = userEvent.setup();
    const api = stubApi({ '/admin/claims/CL1/refund': { status: 409, message: 'This report is closed already' } });
    renderWithShop(<ClaimCard item={report({ order: { paid_by: 'gateway' } })} />, {
      path: '/admin/claims',
      signedInAs: 'token-of-an-admin',
    });
    await user.click(within(card()).getByRole('button', { name: 'Refund to payment method' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund to payment method' });
    await user.click(within(dialog).getByRole('button', { name: 'Refund ৳25' }));
    await findToast('This report is closed already');
    expect(posts(api)).toEqual([['/admin/claims/CL1/refund', { to: 'gateway' }]]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
