import type { ClaimRow } from '@contract/wire';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OrderDetail } from '../../../web/src/features/orders/components/order-detail';
import { switchLocale } from '../../../web/src/lib/i18n';
import { loadServerMessages } from '../../../web/src/lib/server-messages';
import { type Answer, findToast, renderWithShop, stubApi } from '../../support/component';
import { orderRowBase } from '../../support/order-fixtures';

/** A delivered Free Fire top-up by player ID as POST /user/order/{id} answers it, with `changes`. */
const order = (changes: Record<string, unknown> = {}) => ({
  ...orderRowBase('OCLAIM1234', '2026-11-22T03:41:00.000Z'),
  paid_by: 'wallet',
  delivery: { mode: 'manual', state: 'delivered', player_name: '', code: '', checking_minutes: 0 },
  timeline: [],
  claim: null,
  ...changes,
});

/** A report on the order as the server keeps it, with `changes`. */
const claim = (changes: Partial<ClaimRow> = {}): ClaimRow => ({
  claim_id: 'C1',
  order_id: 'OCLAIM1234',
  status: 'open',
  reason: 'not_received',
  player_id: '',
  created_at: '2026-11-22T04:00:00.000Z',
  closed_at: null,
  thread: [{ from: 'shopper', message: 'Nothing came', image: '', at: '2026-11-22T04:00:00.000Z' }],
  ...changes,
});

const settings = { messenger_link: '', whatsapp: '', social: [] };

/** The order page with the order answering `first`, then (once a report is sent) `after`. */
function orderPage(first: object, answers: Record<string, Answer> = {}) {
  const api = stubApi({
    '/user/order/OCLAIM1234': async () => {
      const sent = api.calls.some((call) => call.path.endsWith('/claim'));
      return { data: sent && 'after' in answers ? ((answers.after as { data: unknown }).data ?? first) : first };
    },
    '/user/site_settings': { data: settings },
    ...answers,
  });
  renderWithShop(<OrderDetail id="OCLAIM1234" />, { path: '/profile/userOrder/OCLAIM1234' });
  return api;
}

const posts = (api: ReturnType<typeof stubApi>) =>
  api.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/claim')).map((call) => [call.path, call.body]);

describe("the order page's report of a problem", () => {
  it("says the schema's problems before sending, then sends the report and shows its thread in place of the form", async () => {
    const user = userEvent.setup();
    const api = orderPage(order(), {
      '/user/order/OCLAIM1234/claim': {
        data: { ...claim({ reason: 'wrong_player_id', player_id: '9876543210' }), outcome: 'waiting' },
        message: 'Thanks: we have your report and will answer here',
      },
      after: { data: order({ claim: claim({ reason: 'wrong_player_id', player_id: '9876543210', thread: [] }) }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Report a problem' }));
    const form = await screen.findByRole('form', { name: 'What went wrong?' });
    // A delivered top-up by player ID: no code to report as not working.
    expect(
      within(form)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement?.textContent),
    ).toEqual(['I did not get my top-up', 'I entered the wrong player ID', 'I was charged twice', 'Something else']);
    await user.click(within(form).getByRole('button', { name: 'Send report' }));
    await within(form).findByText('Choose what went wrong');

    await user.click(within(form).getByRole('radio', { name: 'Something else' }));
    await within(form).findByText('Tell us what went wrong');
    expect(within(form).queryByLabelText('The right player ID')).toBeNull();

    await user.click(within(form).getByRole('radio', { name: 'I entered the wrong player ID' }));
    await within(form).findByText('Enter the right player ID');
    expect(posts(api)).toEqual([]);

    await user.type(within(form).getByLabelText('The right player ID'), ' 9876543210 ');
    await user.type(within(form).getByLabelText('What happened? (optional)'), 'I typed one digit wrong');
    await user.click(within(form).getByRole('button', { name: 'Send report' }));
    await findToast('Thanks: we have your report and will answer here');
    expect(posts(api)).toEqual([
      ['/user/order/OCLAIM1234/claim', { reason: 'wrong_player_id', player_id: '9876543210', message: 'I typed one digit wrong' }],
    ]);
    const thread = await screen.findByTestId('order-claim');
    expect(thread.textContent).toContain('Right player ID: 9876543210');
    expect(thread.textContent).toContain('Open');
    expect(screen.queryByRole('form', { name: 'What went wrong?' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Report a problem' })).toBeNull();
  });

  it('shows a closed report with who said what, and lets the shopper report again; in Bengali', async () => {
    await switchLocale('bn');
    await loadServerMessages();
    const closed = claim({
      status: 'closed',
      reason: 'wrong_player_id',
      player_id: '9876543210',
      closed_at: '2026-11-22T05:00:00.000Z',
      thread: [
        { from: 'shopper', message: 'Nothing came', image: '', at: '2026-11-22T04:00:00.000Z' },
        {
          from: 'shop',
          message: 'The top-up had already gone to the player ID you entered, so it cannot be changed here; an operator will answer here.',
          image: '',
          at: '2026-11-22T04:01:00.000Z',
        },
        { from: 'operator', message: 'Sent again, check now', image: '', at: '2026-11-22T04:30:00.000Z' },
      ],
    });
    orderPage(order({ claim: closed }));
    const thread = await screen.findByTestId('order-claim');
    expect(within(thread).getByText('বন্ধ')).toBeTruthy();
    // The player ID as typed, not in Bengali digits.
    expect(thread.textContent).toContain('ভুল প্লেয়ার আইডি দিয়েছি · সঠিক প্লেয়ার আইডি: 9876543210');
    const messages = within(thread).getAllByRole('listitem');
    expect(messages.map((message) => message.querySelector('strong')?.textContent)).toEqual(['আপনি', 'শপ', 'সাপোর্ট টিম']);
    // The shop's own words in the shop's language; an operator's as written.
    expect(messages[1]!.textContent).toContain('টপ আপ আগেই আপনার দেওয়া প্লেয়ার আইডিতে চলে গেছে');
    expect(messages[2]!.textContent).toContain('Sent again, check now');
    expect(screen.getByRole('button', { name: 'সমস্যা জানান' })).toBeTruthy();
  });

  it("shows the open report that another tab sent meanwhile, with the server's refusal", async () => {
    const user = userEvent.setup();
    orderPage(order(), {
      '/user/order/OCLAIM1234/claim': { status: 409, message: 'This order has an open report already' },
      after: { data: order({ claim: claim() }) },
    });
    await user.click(await screen.findByRole('button', { name: 'Report a problem' }));
    const form = await screen.findByRole('form', { name: 'What went wrong?' });
    await user.click(within(form).getByRole('radio', { name: 'I did not get my top-up' }));
    await user.click(within(form).getByRole('button', { name: 'Send report' }));
    await findToast('This order has an open report already');
    expect((await screen.findByTestId('order-claim')).textContent).toContain('Nothing came');
    expect(screen.queryByRole('form', { name: 'What went wrong?' })).toBeNull();
  });

  it('hides the wrong player ID for a login order, and offers a stock code that does not work', async () => {
    const user = userEvent.setup();
    orderPage(
      order({ by_player_id: false, delivery: { mode: 'stock', state: 'delivered', player_name: '', code: '', checking_minutes: 0 } }),
    );
    await user.click(await screen.findByRole('button', { name: 'Report a problem' }));
    const form = await screen.findByRole('form', { name: 'What went wrong?' });
    expect(
      within(form)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement?.textContent),
    ).toEqual(['I did not get my top-up', 'The code does not work', 'I was charged twice', 'Something else']);
  });
});
