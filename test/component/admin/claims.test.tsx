import type { AdminClaimRow } from '@contract/admin-wire';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ClaimItem } from '../../../web/src/features/admin/claims/api/get-claims';
import { ClaimCard } from '../../../web/src/features/admin/claims/components/claim-card';
import { orderFromWire } from '../../../web/src/lib/statuses';
import { type AdminOrderChanges, adminOrderRow, minutesAgo } from '../../support/admin-fixtures';
import { findToast, renderWithShop, stubApi } from '../../support/component';

/** An open report as GET /admin/claims answers it, with `changes`, and `order` changes to its order (a completed wallet order by player ID). */
function report({ order = {}, ...changes }: Partial<Omit<AdminClaimRow, 'order'>> & { order?: AdminOrderChanges | null } = {}): ClaimItem {
  const row: AdminClaimRow = {
    claim_id: 'CL1',
    order_id: 'OREPORT123',
    status: 'open',
    reason: 'wrong_player_id',
    player_id: '9876543210',
    created_at: minutesAgo(125),
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
    for (const shown of ['Free Fire', '25 Diamonds', '৳25', '1234567897', 'Order OREPORT123', 'Open 2 h']) expect(text).toContain(shown);
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
