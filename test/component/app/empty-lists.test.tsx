import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderHistory } from '../../../web/src/features/orders/components/order-history';
import { CodeHistory } from '../../../web/src/features/vouchers/components/code-history';
import { WalletHistory } from '../../../web/src/features/wallet/components/wallet-history';
import { WalletStatement } from '../../../web/src/features/wallet/components/wallet-statement';
import { renderWithShop, stubApi } from '../../support/component';

const emptyState = (container: HTMLElement) => within(container.querySelector('.empty-state') as HTMLElement);

describe('every empty list offers a way on', () => {
  it('no orders: Top up a game', () => {
    stubApi({});
    const { container } = renderWithShop(<OrderHistory orders={[]} />);
    screen.getByText('No orders yet. Top up a game to see it here.');
    expect(emptyState(container).getByRole('link', { name: 'Top up a game' }).getAttribute('href')).toBe('/player-id-topup');
  });

  it('no codes: Buy a gift card', () => {
    stubApi({});
    const { container } = renderWithShop(<CodeHistory purchases={[]} />);
    screen.getByText('No codes yet. Buy a gift card and its code appears here.');
    expect(emptyState(container).getByRole('link', { name: 'Buy a gift card' }).getAttribute('href')).toBe('/voucher-code');
  });

  it('no wallet activity and no top-ups: Add money, twice', async () => {
    stubApi({ '/user/wallet_statement': { data: { items: [], next_cursor: null } } });
    renderWithShop(
      <>
        <WalletStatement balance={0} />
        <WalletHistory requests={[]} />
      </>,
    );
    await screen.findByText('No wallet activity yet', { exact: false });
    screen.getByText('No wallet transactions yet', { exact: false });
    const addMoney = screen.getAllByRole('link', { name: 'Add money' });
    expect(addMoney.map((link) => link.getAttribute('href'))).toEqual(['/profile/addMoney', '/profile/addMoney']);
  });
});
