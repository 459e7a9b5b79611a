import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AuditPage } from '../../../web/src/app/routes/admin/audit';
import { type Answer, renderWithShop, stubApi } from '../../support/component';

const adjustment = (reason: string, minute: number) => ({
  at: `2026-11-22T03:${String(minute).padStart(2, '0')}:00.000Z`,
  actor_id: 'U-ADMIN',
  action: 'user.adjust',
  target: 'U-SHOPPER',
  detail: `+5 taka: ${reason}`,
});

describe("the console's lists", () => {
  it('pages a list with Load more, and offers Retry when a page fails', async () => {
    const user = userEvent.setup();
    // The very first answer fails as a busy server would; then pages of two, newest first.
    let failures = 1;
    const firstPage: Answer = () =>
      Promise.resolve(
        failures-- > 0
          ? { status: 503, message: 'Server busy' }
          : { data: { items: [adjustment('fifth', 5), adjustment('fourth', 4)], next_cursor: 'c2' } },
      );
    stubApi({
      '/admin/audit': firstPage,
      '/admin/audit?cursor=c2': { data: { items: [adjustment('third', 3), adjustment('second', 2)], next_cursor: 'c3' } },
    });
    renderWithShop(<AuditPage />, { path: '/admin/audit', signedInAs: 'token-of-an-admin' });
    await screen.findByText('Could not load the audit log: Server busy');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    const rows = () => [...document.querySelectorAll('.admin-table tbody tr')].map((row) => row.textContent);
    await screen.findByText('+5 taka: fourth');
    expect(rows()).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('+5 taka: second');
    expect(rows()).toEqual(['fifth', 'fourth', 'third', 'second'].map((reason) => expect.stringContaining(`+5 taka: ${reason}`)));
  });
});
